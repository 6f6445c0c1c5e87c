"""ASGI entry point (uvicorn serves the Server-Sent Events stream)."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")

application = get_asgi_application()
