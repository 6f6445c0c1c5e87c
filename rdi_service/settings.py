"""Django settings for RDI Service.

All configuration comes from the environment (django-environ); the defaults are the
development and CI machine: Postgres and Redis on 127.0.0.1, trust auth.

| variable | default |
|---|---|
| DATABASE_URL | postgres://rdi_service@127.0.0.1:5432/rdi (the service role) |
| DATABASE_OWNER_URL | postgres://rdi_owner@127.0.0.1:5432/rdi (`migrate`); DATABASE_URL if only that is set |
| DATABASE_REPLICA_URL | none: a hot standby that reads of the event log may use (the service role) |
| CONN_MAX_AGE / CONN_HEALTH_CHECKS | 60 / true |
| REDIS_URL | redis://127.0.0.1:6379/0 |
| SECRET_KEY | an insecure development key |
| DEBUG | false |
| ALLOWED_HOSTS | 127.0.0.1,localhost (any host when DEBUG) |

Accounts, tokens, throttles, cookies and proxies: RDI_TOKEN_MAX_AGE, RDI_THROTTLE_*,
RDI_NUM_PROXIES, RDI_SECURE_PROXY_SSL_HEADER, RDI_CACHE_URL (README, docs/api.md).
"""
from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()

SECRET_KEY = env.str("SECRET_KEY", default="dev-insecure-rdi-service-key-change-me-in-production")
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["*"] if DEBUG else ["127.0.0.1", "localhost"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",     # Swagger UI's files from our own static: /api/docs/ works offline
    "accounts",
    "games",
    "replay",
    "disputes",
]

MIDDLEWARE = [
    # outermost, so its time covers every other middleware; does nothing unless RDI_SERVER_TIMING
    "rdi_service.server_timing.ServerTiming",
    "django.middleware.security.SecurityMiddleware",
    # before the session and CSRF middleware, so it sees the cookies they set
    "accounts.middleware.SecureCookiesOverHttps",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "disputes.middleware.StaffOnlyAdmin",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "rdi_service.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "rdi_service.wsgi.application"
ASGI_APPLICATION = "rdi_service.asgi.application"

# Two roles (rdi_service/db_roles.py, docs/security.md): every process connects as the service
# role of DATABASE_URL, which owns nothing and can append events but never change one;
# `migrate` runs as the owner of DATABASE_OWNER_URL (the same role as DATABASE_URL when only
# that is set). With neither set: rdi_service / rdi_owner on 127.0.0.1, database rdi.
from rdi_service import db_roles  # noqa: E402

_SERVICE_URL, _OWNER_URL = db_roles.urls()
DATABASES = {"default": env.db_url_config(_SERVICE_URL)}
RDI_DATABASE_OWNER = env.db_url_config(_OWNER_URL)
# A read replica (docs/operations.md "Running with a read replica"): the service role on a hot
# standby of the primary. Only reads of the event log go there, when a view asks for it and the
# replica has caught up with the game (games/log_reads.py); without it, everything is
# read from `default`.
if env.str("DATABASE_REPLICA_URL", default=""):
    DATABASES["replica"] = env.db_url_config(env.str("DATABASE_REPLICA_URL"))
DATABASE_ROUTERS = ["games.log_reads.LogReplicaRouter"]
# Persistent connections with a health check before reuse: a connection per request cost the
# web tier more than half its decisions/s under load. Celery workers keep theirs longer
# (rdi_service/celery.py); ASGI (uvicorn) turns them off (rdi_service/asgi.py).
for _database in DATABASES.values():
    _database.setdefault("CONN_MAX_AGE", env.int("CONN_MAX_AGE", default=60))
    _database.setdefault("CONN_HEALTH_CHECKS", env.bool("CONN_HEALTH_CHECKS", default=True))

REDIS_URL = env.str("REDIS_URL", default="redis://127.0.0.1:6379/0")

# Log-in looks accounts up by their normalised name (accounts/backends.py).
AUTHENTICATION_BACKENDS = ["accounts.backends.NormalisedUsernameBackend"]

# Django's default hashers unless RDI_PASSWORD_HASHERS names others (comma-separated dotted
# paths, the first hashes new passwords). The tests name a fast one (tests/conftest.py): PBKDF2's
# 0.85 s a user here was half the database tests' time; it must never be set in production.
if env.str("RDI_PASSWORD_HASHERS", default=""):
    PASSWORD_HASHERS = env.list("RDI_PASSWORD_HASHERS")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
LOGIN_URL = "/login/"
# Where the browser opens the live-update stream (docs/web.md): empty = the page's own origin
# (rdi_service.asgi routes /stream/); docker-compose serves it from uvicorn on :8001.
RDI_STREAM_URL = env.str("RDI_STREAM_URL", default="")
# The deployment's name in its Redis pub/sub channels (games/live_channels.py): empty = the
# database's name. Set it when deployments with databases of one name share a Redis server.
RDI_DEPLOYMENT = env.str("RDI_DEPLOYMENT", default="")
# Seats at a "Play now against bots" table (you + AI seats).
RDI_PLAY_NOW_SEATS = env.int("RDI_PLAY_NOW_SEATS", default=3)
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # Compressed but not manifest-hashed: a template's {% static %} works without collectstatic
    # having run (tests, bin/run); `collectstatic` in the Dockerfile still gzips/brotlis files.
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: an API client without credentials gets 401 + WWW-Authenticate, not 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.tokens.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": None,
    # Log-in and sign-up, per account (the normalised name) and per address (accounts/throttles.py).
    "DEFAULT_THROTTLE_RATES": {
        "login_account": env.str("RDI_THROTTLE_LOGIN_ACCOUNT", default="10/min"),
        "login_address": env.str("RDI_THROTTLE_LOGIN_ADDRESS", default="30/min"),
        "signup_account": env.str("RDI_THROTTLE_SIGNUP_ACCOUNT", default="10/min"),
        "signup_address": env.str("RDI_THROTTLE_SIGNUP_ADDRESS", default="20/hour"),
        # Expensive reads (verify, export, replay timeline) and replay frames: per address
        # without an account, per account with one (accounts/throttles.py, docs/api.md).
        "reads_anon": env.str("RDI_THROTTLE_READS_ANON", default="30/min"),
        "reads_user": env.str("RDI_THROTTLE_READS_USER", default="120/min"),
        "frames_anon": env.str("RDI_THROTTLE_FRAMES_ANON", default="120/min"),
        "frames_user": env.str("RDI_THROTTLE_FRAMES_USER", default="600/min"),
    },
    # How many proxies in front of the app append to X-Forwarded-For: the throttles' client
    # address is the one the outermost trusted proxy saw. 0: REMOTE_ADDR only, since a
    # client could write any X-Forwarded-For itself.
    "NUM_PROXIES": env.int("RDI_NUM_PROXIES", default=0),
}

# API tokens expire this many seconds after they were issued (accounts/tokens.py); every
# log-in issues a new one and log-out revokes it.
RDI_TOKEN_MAX_AGE = env.int("RDI_TOKEN_MAX_AGE", default=7 * 24 * 3600)

# One cache every process shares (the throttles' counts): Redis.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": env.str("RDI_CACHE_URL", default=REDIS_URL),
        # its own prefix per deployment or test run, so throttle counts never carry over
        "KEY_PREFIX": env.str("RDI_CACHE_PREFIX", default="rdi"),
    },
}

# HTTPS. Session and CSRF cookies get `Secure` whenever the request came over HTTPS
# (accounts.middleware.SecureCookiesOverHttps), so plain-HTTP development still works.
# Behind a proxy that ends TLS, name the header it sets, e.g.
# RDI_SECURE_PROXY_SSL_HEADER=HTTP_X_FORWARDED_PROTO (with the value https); only set this
# when that proxy always sets or strips the header, or a client could claim HTTPS.
if env.str("RDI_SECURE_PROXY_SSL_HEADER", default=""):
    SECURE_PROXY_SSL_HEADER = (env.str("RDI_SECURE_PROXY_SSL_HEADER"), "https")
# Force `Secure` on both cookies whatever the request (a site served only over HTTPS).
SESSION_COOKIE_SECURE = env.bool("SESSION_COOKIE_SECURE", default=False)
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=False)

# Event store (docs/event-store.md): a snapshot every N events; hot game states kept in
# each worker's memory (at most this many games).
RDI_SNAPSHOT_EVERY = env.int("RDI_SNAPSHOT_EVERY", default=50)
RDI_STATE_CACHE_SIZE = env.int("RDI_STATE_CACHE_SIZE", default=512)
# The append statement is prepared once per connection and run on libpq (docs/event-store.md);
# off only behind a pooler in transaction mode that cannot keep prepared statements.
RDI_PREPARE_APPEND = env.bool("RDI_PREPARE_APPEND", default=True)
# Group commit: consecutive automatic decisions of one table gathered into one statement, at
# most this many decisions and this many seconds of deciding before they are written.
RDI_GROUP_COMMIT_MAX = env.int("RDI_GROUP_COMMIT_MAX", default=32)
RDI_GROUP_COMMIT_SECONDS = env.float("RDI_GROUP_COMMIT_SECONDS", default=0.05)
# Content packs (docs/packs.md): the folder of installed pack files; staff uploads live in the
# database beside them.
RDI_PACKS_DIR = env.str("RDI_PACKS_DIR", default=str(BASE_DIR / "packs"))
# How big a pack may be, however it comes in (games/packs/limits.py, docs/packs.md "Limits"):
# bytes of the file, nesting depth, cards, characters, decks, characters of any text.
RDI_PACK_MAX_BYTES = env.int("RDI_PACK_MAX_BYTES", default=1_000_000)
RDI_PACK_MAX_DEPTH = env.int("RDI_PACK_MAX_DEPTH", default=20)
RDI_PACK_MAX_CARDS = env.int("RDI_PACK_MAX_CARDS", default=1000)
RDI_PACK_MAX_CHARACTERS = env.int("RDI_PACK_MAX_CHARACTERS", default=20)
RDI_PACK_MAX_DECKS = env.int("RDI_PACK_MAX_DECKS", default=100)
RDI_PACK_MAX_STRING = env.int("RDI_PACK_MAX_STRING", default=2000)
RDI_PACK_MAX_VALUES = env.int("RDI_PACK_MAX_VALUES", default=200_000)
# The largest decision body the API accepts, in bytes of JSON.
RDI_MAX_DECISION_BYTES = env.int("RDI_MAX_DECISION_BYTES", default=4096)
# How long GET /api/games/{id}/verify/ keeps a verification in the shared cache, keyed by a
# digest of everything it checks (replay/verify_cache.py); 0: never cached.
RDI_VERIFY_CACHE_SECONDS = env.int("RDI_VERIFY_CACHE_SECONDS", default=24 * 3600)

SPECTACULAR_SETTINGS = {
    "TITLE": "RDI Service API",
    "DESCRIPTION": "Play, replay and verify games of The Red Dragon Inn.",
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Served from the project (drf-spectacular-sidecar), never a CDN: the docs open offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums", "games.api.schema_links.add_links",
                            "games.api.schema_answers.add_unsupported_media_type"],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

# --- Celery (DESIGN.md §4). Eager mode is never used: it would fire timers at once. ---
CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL)
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # Longer than any countdown we schedule; shorter ones make Redis redeliver tasks.
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=6 * 3600),
    # Priority lists per queue, polled highest first: a bot reply a person waits for (priority 0)
    # is taken before the turns of games no person plays (games/tasks.py send_advance).
    "priority_steps": [0, 3, 6, 9],
    "queue_order_strategy": "priority",
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Workers keep their DB connection across tasks (rdi_service/celery.py closes old or broken ones).
CELERY_DB_REUSE_MAX = 1_000_000
# Each worker also consumes its own queue: the AI clock sends a table's ticks to the worker
# holding its state (games/clock.py "Homes").
CELERY_WORKER_DIRECT = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_DEFAULT_QUEUE = env.str("RDI_CELERY_QUEUE", default="rdi")
CELERY_WORKER_HIJACK_ROOT_LOGGER = False

# --- AI seats and timers (docs/ai.md, docs/operations.md "Timers") ---
# After-commit scheduling of AI turns and timeouts (tests of the store turn it off).
RDI_SCHEDULE_TASKS = env.bool("RDI_SCHEDULE_TASKS", default=True)
# Default timers of a new table: a turn decision (phases, Mead) and a response window or
# gambling turn, in seconds.
RDI_TURN_SECONDS = env.int("RDI_TURN_SECONDS", default=90)
RDI_WINDOW_SECONDS = env.int("RDI_WINDOW_SECONDS", default=20)
# Timeouts in a row after which a bot takes the seat until its player acts again.
RDI_TIMEOUTS_BEFORE_HANDOVER = env.int("RDI_TIMEOUTS_BEFORE_HANDOVER", default=3)
# How long a bot standing in for a player (their seat handed over after timeouts) waits before
# each decision: a human pace, so the table can follow it and the player has time to press
# "I'm back" (issue 43: at bot speed a stand-in played a whole game in 88 ms). Bots of AI
# seats and of resigned players keep RDI_AI_THINK_SECONDS.
RDI_STAND_IN_SECONDS = env.float("RDI_STAND_IN_SECONDS", default=8.0)
# An untimed game nobody has decided in for this many days is resigned for its players by the
# sweeper (reason "abandoned"), so the bots finish it instead of it waiting forever; 0: never.
RDI_ABANDONED_AFTER_DAYS = env.float("RDI_ABANDONED_AFTER_DAYS", default=7)
# The beat sweeper: how often it runs, and how long an AI turn may wait before it re-sends it.
RDI_SWEEP_SECONDS = env.float("RDI_SWEEP_SECONDS", default=3.0)
RDI_SWEEP_STALE_SECONDS = env.float("RDI_SWEEP_STALE_SECONDS", default=5.0)
# One AI task plays consecutive AI turns of a table for at most this long before re-queueing.
RDI_AI_BATCH_SECONDS = env.float("RDI_AI_BATCH_SECONDS", default=1.0)
# How long a bot thinks before each decision (0: at once, a table's bot turns batched in one
# task). Above 0 the turns wait on the AI clock (games/clock.py), grouped into tick tasks of
# RDI_AI_TICK_SECONDS each.
RDI_AI_THINK_SECONDS = env.float("RDI_AI_THINK_SECONDS", default=0.0)
RDI_AI_TICK_SECONDS = env.float("RDI_AI_TICK_SECONDS", default=0.02)
# A `Server-Timing: app;dur=<ms>` header on every response (rdi_service/server_timing.py);
# off by default, for benchmarks (bin/bench-hosts) and diagnosis.
RDI_SERVER_TIMING = env.bool("RDI_SERVER_TIMING", default=False)
# A pause before each AI decision (0 in production; demos and tests may slow bots down).
RDI_AI_PAUSE = env.float("RDI_AI_PAUSE", default=0.0)
# Per-user limits (games/quotas.py): open tables, and running games no person plays; 0: none.
RDI_MAX_OPEN_TABLES_PER_USER = env.int("RDI_MAX_OPEN_TABLES_PER_USER", default=20)
RDI_MAX_AI_GAMES_PER_USER = env.int("RDI_MAX_AI_GAMES_PER_USER", default=2)
# A game no person plays: how long one task plays its bot turns before queueing behind others.
RDI_AI_BACKGROUND_BATCH_SECONDS = env.float("RDI_AI_BACKGROUND_BATCH_SECONDS", default=0.1)
# Their broker priority (0 first ... 9 last; 0 queues them with people's work, as before issue 37).
RDI_AI_BACKGROUND_PRIORITY = env.int("RDI_AI_BACKGROUND_PRIORITY", default=9)
CELERY_BEAT_SCHEDULE = {
    "sweep-overdue": {"task": "games.tasks.sweep", "schedule": RDI_SWEEP_SECONDS},
}
WHITENOISE_USE_FINDERS = True   # serve static/ without collectstatic (bin/run, tests)
