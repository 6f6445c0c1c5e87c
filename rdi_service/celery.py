"""The Celery app: AI seats, timeouts and the overdue sweeper run here (DESIGN.md §4).

Workers decide and then go through games.services like any browser; they never write events
themselves. Settings follow §4: late acks, reject on worker lost, prefetch 1, and a Redis
visibility timeout longer than any countdown we schedule.
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")

app = Celery("rdi_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
