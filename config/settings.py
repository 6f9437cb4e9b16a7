"""Django settings for Duplicada, driven entirely by environment variables.

With no environment set, the app runs embedded: SQLite under ``var/`` and Celery tasks
executed in-process. Set ``DATABASE_URL`` and ``CELERY_BROKER_URL`` to run on PostgreSQL
and Redis with Celery workers. docs/operations.md lists every variable.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.database import database_from_url, sqlite_database

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        # Only for development: a fixed key so sessions survive restarts of the demo.
        SECRET_KEY = "duplicada-development-only-key-never-use-in-production"
    else:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. Set the SECRET_KEY environment variable "
            "(or DEBUG=1 for development)."
        )

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# The public address used on printed team cards (QR codes). Without it, links are built
# from the request that asked for the PDF.
PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "axes",
    "drf_spectacular_sidecar",
    "tournaments",
    "scoring",
    "formats",
    "formats.duplicate_pairs",
    "formats.free_deal",
    "formats.abarrotada",
    "formats.groups_knockout",
    "series",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "config.middleware.DatabaseUnavailableMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "config.security_headers.SecurityHeadersMiddleware",
    # Last, as its documentation asks: turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

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
                "django.template.context_processors.i18n",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"


DATABASE_URL = os.environ.get("DATABASE_URL", "")
# Where the embedded installation keeps its SQLite database (manage.py venue --data-dir).
DATA_DIR = Path(os.environ.get("DUPLICADA_DATA_DIR") or BASE_DIR / "var")
# PostgreSQL through a pool in each process (config/database.py says why and its sizes).
DATABASES = {
    "default": database_from_url(DATABASE_URL, BASE_DIR / "var/duplicada.sqlite3")
    if DATABASE_URL
    else sqlite_database(DATA_DIR / "duplicada.sqlite3")
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
     "OPTIONS": {"min_length": 10}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes, docs/operations.md, "Security"): 5 wrong passwords for one user name, or
# from one address, lock logins for that name or address for 15 minutes. The attempts are
# kept in the database, so every web process sees them; a right password resets the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "axes.handlers.database.AxesDatabaseHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournaments.login_audit.lockout_response"
# The same client address as everywhere else (TRUSTED_PROXY_HOPS), not a header a client wrote.
AXES_CLIENT_IP_CALLABLE = "tournaments.audit.client_ip"
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:director_home"
LOGOUT_REDIRECT_URL = "home"

# Languages: Catalan first.
LANGUAGE_CODE = "ca"
LANGUAGES = [
    ("ca", _("Catalan")),
    ("es", _("Spanish")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates as d/m/Y in every language (config/formats/).
FORMAT_MODULE_PATH = ["config.formats"]
USE_I18N = True
TIME_ZONE = "Europe/Madrid"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Serve files straight from the apps' static folders too, so the app works before (or
# without) collectstatic; production still runs collectstatic for compressed copies.
WHITENOISE_USE_FINDERS = True
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # WhiteNoise's, compressing again only the files that changed (its docstring).
        "BACKEND": "config.static_storage.CompressedStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Security headers and cookies (explicit, whatever Django's defaults become). The
# Referrer-Policy keeps the team link out of the Referer header sent to other sites.
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"

# Request size limits, explicit (docs/operations.md, "Security"): form bodies up to 2.5 MB, uploads over
# 2.5 MB go to a temporary file instead of memory (team lists are refused past 2 MB without
# being read whole), and at most 1000 fields and 10 files per request. The proxy in front
# must also cap the body size.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000
DATA_UPLOAD_MAX_NUMBER_FILES = 10

# Behind a reverse proxy that terminates TLS: secure cookies, HTTP redirected to HTTPS and
# HSTS. Only here: HSTS sent over a plain-HTTP deployment would lock browsers out.
if env_bool("BEHIND_HTTPS_PROXY"):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)

# How many reverse proxies in front of the app append to X-Forwarded-For (0: none, use the
# connection's address). Results record the address of the phone that sent them.
TRUSTED_PROXY_HOPS = int(os.environ.get("TRUSTED_PROXY_HOPS", "0"))

# Celery: without a broker, tasks run eagerly in the calling process.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_TASK_DEFAULT_QUEUE", "duplicada")
CELERY_TIMEZONE = TIME_ZONE

# Seconds between a confirmation and the background rebuild of the deal's stored scores
# (scoring/refresh.py). Pages never wait for it: they score a changed deal themselves.
SCORING_REBUILD_DELAY = float(os.environ.get("SCORING_REBUILD_DELAY", "2"))

# Export files made in the background (scoring/exports/jobs.py), kept this many hours. With
# workers on other machines, EXPORTS_DIR must be storage that web processes share with them.
# By default beside the database (DATA_DIR), so the demo's files never mix with the club's.
EXPORTS_DIR = Path(os.environ.get("EXPORTS_DIR", DATA_DIR / "exports"))
EXPORTS_KEEP_HOURS = float(os.environ.get("EXPORTS_KEEP_HOURS", "24"))
# The projector shows each page of the standings this long before turning to the next.
PROJECTOR_PAGE_SECONDS = int(os.environ.get("PROJECTOR_PAGE_SECONDS", "12"))

# The REST API (scoring/api/): director API tokens or the browser session (with DRF's CSRF
# check), one JSON shape for errors, size-capped parsers, throttles counted in the database.
# Live updates (live/): through this Redis between web processes; in-process without it.
LIVE_REDIS_URL = os.environ.get("LIVE_REDIS_URL", CELERY_BROKER_URL)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "scoring.api.schema.ApiSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "scoring.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [
        "scoring.api.parsers.LimitedJSONParser",
        "scoring.api.parsers.LimitedFormParser",
        "scoring.api.parsers.LimitedMultiPartParser",
    ],
    "EXCEPTION_HANDLER": "scoring.api.errors.handle",
}
API_MAX_JSON_BYTES = int(os.environ.get("API_MAX_JSON_BYTES", str(256 * 1024)))
API_MAX_UPLOAD_BYTES = int(os.environ.get("API_MAX_UPLOAD_BYTES", str(2 * 1024 * 1024)))
API_CAPTAIN_WRITES = int(os.environ.get("API_CAPTAIN_WRITES", "60"))  # per team link a minute
API_TOKEN_FAILURES = int(os.environ.get("API_TOKEN_FAILURES", "20"))  # per address, 10 minutes
SPECTACULAR_SETTINGS = {
    "TITLE": "Duplicada API",
    "DESCRIPTION": "Duplicate Botifarra championships.",
    "VERSION": "1.0.0",
    # The interactive docs are served from this installation (venues are often offline).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # One language for the schema's names and texts, whoever asks (scoring/api/schema.py).
    "DEFAULT_GENERATOR_CLASS": "scoring.api.schema.SchemaGenerator",
    "PREPROCESSING_HOOKS": ["scoring.api.schema.only_versioned"],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "scoring.api.schema.no_login_is_no_security",
    ],
    # Request bodies are JSON (an upload declares its multipart body itself): a generated
    # client then sends JSON, a null as null.
    "PARSER_WHITELIST": ["scoring.api.parsers.LimitedJSONParser"],
    # Ids in paths are numbers, as in the answers.
    "PATH_CONVERTER_OVERRIDES": {"id": int},
    # Three "side" fields with different choices: named here, so that the names do not
    # depend on the language the schema is generated in.
    "ENUM_NAME_OVERRIDES": {
        # Every closed set of values is named (scoring/api/enums.py).
        "CellStatusEnum": "scoring.api.enums.CELL_STATUSES",
        "GameStateEnum": "scoring.api.enums.GAME_STATES",
        "RoundStatusEnum": "scoring.api.enums.ROUND_STATUSES",
        "ScorecardSideEnum": "scoring.api.enums.SCORECARD_SIDES",
        "LanguageEnum": "scoring.api.enums.LANGUAGES",
        "ExportKindEnum": "scoring.api.enums.EXPORT_KINDS",
        "PairEnum": "scoring.api.enums.PAIRS",
        "ContractEnum": "scoring.models.ResultEntry.Contract",
        "AdjustKindEnum": "scoring.models.Adjustment.Kind",
        "HistoryItemKindEnum": ["entry", "review", "adjustment", "pin"],
        "SideEnum": "scoring.models.Adjustment.Side",
        "AdjustedSidesEnum": [("NS", "NS"), ("EW", "EW"), ("both", "both")],
        "SeatEnum": "formats.abarrotada.models.SEATS",
        "EntryStateEnum": "formats.abarrotada.serializers.ENTRY_STATES",
    },
}

# Team links carry their secret in the path: every handler redacts it.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact_links": {"()": "config.logging_filters.RedactLinkSecrets"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact_links"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["redact_links"],
        },
    },
    "loggers": {
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
        # Replaces Django's own "django" handlers (a console one with DEBUG on, mail to the
        # admins with it off), which would log request paths unredacted.
        "django": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING"),
                   "propagate": False},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
