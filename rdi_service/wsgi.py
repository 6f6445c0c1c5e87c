"""WSGI entry point (gunicorn serves pages, API and admin)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")

application = get_wsgi_application()
