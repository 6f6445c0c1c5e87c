"""ASGI entry point. uvicorn serves the Server-Sent Events stream (`/stream/...`,
games.web.stream); every other path goes to Django (pages, API, admin) so that one uvicorn
can also serve the whole site in development. Production serves pages from gunicorn."""
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rdi_service.settings")


def _no_persistent_connections():
    """Django keeps a connection per thread, and under ASGI each request's sync code runs in a
    thread of its own, so kept connections would pile up until Postgres refuses more (Django's
    docs say to turn them off under ASGI). gunicorn (WSGI) keeps them (CONN_MAX_AGE)."""
    if "CONN_MAX_AGE" not in os.environ:
        from django.conf import settings

        for database in settings.DATABASES.values():     # the read replica's too
            database["CONN_MAX_AGE"] = 0


_no_persistent_connections()
django_application = get_asgi_application()

from games.web.stream import app as stream_application  # noqa: E402  (needs settings)


async def application(scope, receive, send):
    if scope["type"] == "lifespan" or (scope["type"] == "http" and scope["path"].startswith("/stream/")):
        await stream_application(scope, receive, send)
    else:
        await django_application(scope, receive, send)
