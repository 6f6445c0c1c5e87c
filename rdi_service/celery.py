"""The Celery app: AI seats, timeouts and the overdue sweeper run here (DESIGN.md §4).

Workers decide and then go through games.services like any browser; they never write events
themselves. Settings follow §4: late acks, reject on worker lost, prefetch 1, and a Redis
visibility timeout longer than any countdown we schedule.
"""
import os

from celery import Celery
from celery.signals import worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")

app = Celery("rdi_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

#: How long a worker keeps its database connection (CONN_MAX_AGE overrides). Celery's
#: Django fix-up closes it after every task otherwise, and a new connection per AI decision
#: costs more than the decision.
WORKER_CONN_MAX_AGE = 300


@worker_init.connect
def _keep_database_connections(**_):
    if "CONN_MAX_AGE" not in os.environ:
        from django.conf import settings

        settings.DATABASES["default"]["CONN_MAX_AGE"] = WORKER_CONN_MAX_AGE
