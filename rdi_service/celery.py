"""The Celery app: AI seats, timeouts and the overdue sweeper run here (DESIGN.md §4).

Workers decide and then go through games.services like any browser; they never write events
themselves. Settings follow §4: late acks, reject on worker lost, prefetch 1, and a Redis
visibility timeout longer than any countdown we schedule.
"""
import os

from celery import Celery
from celery.signals import celeryd_after_setup, task_postrun, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")

app = Celery("rdi_service")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

#: How long a worker keeps its database connection (CONN_MAX_AGE overrides): a new
#: connection per task costs more than an AI decision. Celery's Django fix-up would close it
#: around every task (settings.CELERY_DB_REUSE_MAX turns that off); instead, after each
#: task, Django's own check closes it when it is broken or older than this.
WORKER_CONN_MAX_AGE = 300


@worker_init.connect
def _keep_database_connections(**_):
    if "CONN_MAX_AGE" not in os.environ:
        from django.conf import settings

        for database in settings.DATABASES.values():     # the read replica's too
            database["CONN_MAX_AGE"] = WORKER_CONN_MAX_AGE


@task_postrun.connect
def _drop_broken_or_old_connections(**_):
    from django.db import close_old_connections

    close_old_connections()


@celeryd_after_setup.connect
def _home_of_the_ai_clock(sender, **_):
    """Bot turns this worker commits are ticked on its own queue (games/clock.py "Homes")."""
    from games import clock

    clock.set_home(sender)
