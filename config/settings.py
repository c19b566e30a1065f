"""Settings for labpubs, read from the environment.

Every deployment difference is an environment variable; nothing is edited to deploy:

- ``DATABASE_URL``: the database (default: the SQLite file ``db.sqlite3`` beside manage.py),
  e.g. ``postgres://postgres@127.0.0.1:5432/labpubs``.
- ``SECRET_KEY``: required when ``DEBUG`` is off.
- ``DEBUG``: ``1``/``0`` (default on, for running the demo locally).
- ``ALLOWED_HOSTS``: comma-separated host names.
- ``DATABASE_REPLICA_URL``: a replica the public pages read from (unset: none).
- ``REDIS_URL``: a cache shared by the app servers (unset: each process caches in memory).

The other variables are named beside the settings they set (docs/deploy.md).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_colour, env_list

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"

ALLOWED_HOSTS = env_list(
    "ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"] if DEBUG else []
)

# The public pages may read from a replica of the database (config.routers): it adds a
# database, a router and a middleware; the admin and every write use the primary.
database_replica_url = os.environ.get("DATABASE_REPLICA_URL", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    # Widgets' templates found as every template is (templates/admin/widgets/), by FORM_RENDERER.
    "django.forms",
    "django_filters",
    "people",
    "pubs",
    # Every change to papers, authorships, people, venues and memberships is kept with who
    # made it. Roles: pubs.permissions.
    "simple_history",
    # /sitemap.xml lists the public pages only (pubs.web.sitemaps).
    "django.contrib.sitemaps",
    # Failed admin logins, counted in the database: see "HTTPS and logins" below.
    "axes",
    # Background jobs: the queue is a table of the database (see "Background jobs" below).
    "django_tasks",
    "django_tasks_db",
    # The public read API at /api/v1/ (pubs.api; docs/api.md): Django REST framework, its
    # OpenAPI schema by drf-spectacular, Swagger UI's files served by the site (the sidecar).
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A Content-Security-Policy on every page outside the admin.
    "pubs.web.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # The admin in the visitor's language (LocaleMiddleware reads unprefixed paths as English).
    "pubs.admin.locale.AdminLanguageMiddleware",
    # After LocaleMiddleware, which decides the language a public page's path is read in.
    *(["config.routers.PublicReadsMiddleware"] if database_replica_url else []),
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Hands the request's user to the history.
    "simple_history.middleware.HistoryRequestMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # With DEBUG on, a missing page is the site's 404 page too (DEBUG_TECHNICAL_404 for Django's).
    "pubs.web.views.NotFoundPageInDevelopment",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: answers a locked login with its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"
#: With DEBUG on, Django's technical page for a missing page instead of the site's own.
DEBUG_TECHNICAL_404 = env_bool("DEBUG_TECHNICAL_404", default=False)
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "pubs.web.context_processors.languages",
            ],
        },
    },
]

conn_max_age = int(os.environ.get("CONN_MAX_AGE", "60"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=conn_max_age,
        conn_health_checks=True,
    ),
    **(
        {
            "replica": dj_database_url.parse(
                database_replica_url, conn_max_age=conn_max_age, conn_health_checks=True
            )
        }
        if database_replica_url
        else {}
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Readers never wait for a writer (write-ahead log), a writer waits its turn for up to
    # 20 s rather than failing "database is locked", and a transaction takes the write lock
    # when it begins, so that two never deadlock upgrading a read to a write.
    DATABASES["default"]["OPTIONS"] = {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        **DATABASES["default"].get("OPTIONS", {}),
    }
DATABASE_ROUTERS = ["config.routers.PublicReadsToReplica"] if database_replica_url else []
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Each language in its own name, as a language switch shows them.
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

# Static files from a CDN or another host: STATIC_URL=https://cdn.example.org/static/.
STATIC_URL = os.environ.get("STATIC_URL", "static/")
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}
# In development static files come straight from the app and static/ folders; in
# production from STATIC_ROOT, filled by collectstatic.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
# Uploaded files are served by pubs.web.media (who may have them, and how a browser treats
# them); behind nginx it hands the bytes to this internal location (e.g. /internal-media/,
# aliased to MEDIA_ROOT), otherwise the app sends them itself. docs/deploy.md.
MEDIA_URL = "media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_ACCEL_REDIRECT = os.environ.get("MEDIA_ACCEL_REDIRECT", "")

FIXTURE_DIRS = [BASE_DIR / "fixtures"]

# E-mail (invitations to log in): sent through EMAIL_HOST when it is set; unset, the site sends
# none and an editor copies an invitation's link to pass it on (people.invitations).
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", 587))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", default=True)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

# Public pages are cached until anything they show changes (pubs.services.public_version);
# 0 turns it off.
PUBLIC_CACHE_SECONDS = int(os.environ.get("PUBLIC_CACHE_SECONDS", 24 * 3600))
# In memory per process by default; REDIS_URL (e.g. redis://127.0.0.1:6379/0) shares one cache
# between the processes of a deployment.
redis_url = os.environ.get("REDIS_URL", "")
# The cache is an optimisation (pubs.web.cache): a Redis that does not connect or answer within
# REDIS_TIMEOUT_SECONDS is given up for that request, and left alone for CACHE_RETRY_SECONDS
# before it is tried again; the pages are rendered without it meanwhile.
REDIS_TIMEOUT_SECONDS = float(os.environ.get("REDIS_TIMEOUT_SECONDS", 0.25))
CACHE_RETRY_SECONDS = float(os.environ.get("CACHE_RETRY_SECONDS", 5))
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            # Sites sharing one Redis server each need a prefix of their own.
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "labpubs"),
            # Passed to redis-py's connection pool.
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                "socket_timeout": REDIS_TIMEOUT_SECONDS,
            },
        }
        if redis_url
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            # Pages of 10-300 KB; at most about 500 x PUBLIC_CACHE_MAX_BYTES (docs/deploy.md).
            "OPTIONS": {"MAX_ENTRIES": 500},
        }
    )
}
# A response larger than this is rendered for each request rather than kept in the cache.
PUBLIC_CACHE_MAX_BYTES = int(
    os.environ.get("PUBLIC_CACHE_MAX_BYTES", (16 if redis_url else 1) * 1024 * 1024)
)

# BibTeX imports: the largest file and the most entries one import takes.
IMPORT_MAX_BYTES = int(os.environ.get("IMPORT_MAX_BYTES", 20 * 1024 * 1024))
IMPORT_MAX_ENTRIES = int(os.environ.get("IMPORT_MAX_ENTRIES", 50_000))
# How long the admin's preview may take to read and plan a file; a file that takes longer is
# refused with a message (split it, or import it with manage.py import_bibtex).
IMPORT_PREVIEW_SECONDS = float(os.environ.get("IMPORT_PREVIEW_SECONDS", 10))
# How long a job (a large file's preview, its import) or manage.py import_bibtex may take to
# read and plan a file: the largest files the limits allow plan in some 10 s (bench/README.md);
# one that takes longer is refused naming the entry reached.
IMPORT_PLAN_SECONDS = float(os.environ.get("IMPORT_PLAN_SECONDS", 300))
# Pasted BibTeX arrives as form data: let it be as large as a file may be.
DATA_UPLOAD_MAX_MEMORY_SIZE = IMPORT_MAX_BYTES + 1024 * 1024

# Background jobs: django-tasks (Django's tasks API, built into Django 6) with its database
# backend, so a lab runs no service beside the database; `manage.py worker` runs the jobs
# (docs/deploy.md). A BibTeX text of more than IMPORT_JOB_BYTES is planned and applied by a
# job, its preview showing how far it got.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
IMPORT_JOB_BYTES = int(os.environ.get("IMPORT_JOB_BYTES", 256 * 1024))
# A worker writes that it is alive every WORKER_BEAT_SECONDS; one silent for
# WORKER_DEAD_SECONDS is taken for dead: any other worker puts its jobs back in the queue (a
# job whose worker stopped WORKER_ATTEMPTS times while running it fails), and the job pages
# say that no worker is running. One person has at most JOBS_PER_USER jobs waiting or running.
WORKER_BEAT_SECONDS = float(os.environ.get("WORKER_BEAT_SECONDS", 5))
WORKER_DEAD_SECONDS = float(os.environ.get("WORKER_DEAD_SECONDS", 60))
WORKER_ATTEMPTS = int(os.environ.get("WORKER_ATTEMPTS", 3))
JOBS_PER_USER = int(os.environ.get("JOBS_PER_USER", 3))
# A development worker may answer the sources' requests from a file of recorded answers
# (pubs.sources.recorded; DEBUG only): no request then leaves the machine.
SOURCES_RECORDINGS = os.environ.get("SOURCES_RECORDINGS", "")
# Papers from the world (pubs.sources): the address Crossref, arXiv, DBLP and OpenAlex are
# given to write to about the site's requests (their "polite pool" asks for one), how often a
# request is tried, and the transport (None: the network; the tests pass recorded answers).
SOURCES_CONTACT = os.environ.get("SOURCES_CONTACT", "")
SOURCES_ATTEMPTS = int(os.environ.get("SOURCES_ATTEMPTS", 4))
SOURCES_TRANSPORT = None
# The findings of the refreshes (manage.py refresh_sources) that apply without review, by kind:
# citation_counts (how often each paper is cited; not switched on, they are not read),
# published_version (a preprint's published DOI, venue and year), doi (a DOI for a paper
# without one), missing_fields (abstract, pages, volume, issue). Each applied finding is kept
# as an accepted suggestion, undone from the admin; the others wait there for a decision.
LABPUBS_AUTO_APPLY = frozenset(env_list("LABPUBS_AUTO_APPLY", default=["citation_counts"]))
# Whether a person's page lists their software and data sets apart from their publications,
# under a heading of their own (the default), or among them.
LABPUBS_SOFTWARE_APART = env_bool("LABPUBS_SOFTWARE_APART", default=True)

# The public read API (pubs.api): anonymous, JSON only, described by drf-spectacular.
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": [],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Lab publications API",
    "DESCRIPTION": "Read-only: the public groups, people, venues and papers (docs/api.md).",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from the site's own static files: no request to another host (the CSP).
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "PaperKindEnum": "pubs.kinds.CHOICES",
        "VenueKindEnum": "pubs.models.VenueKind",
        "LinkKindEnum": "pubs.models.LinkKind",
    },
}

# The CCF list edition that "current rank" refers to (the 7th edition, March 2026).
CCF_CURRENT_EDITION = int(os.environ.get("CCF_CURRENT_EDITION", "2026"))

# -- The lab's name and look (pubs.web.site; docs/deploy.md) ------------------------------
# The name in every page's header and title, in English and on the Chinese pages (unset:
# "Lab publications", translated); a footer line in each language; the logo and favicon, files
# of SITE_STATIC_DIR (collected with the other static files); the colour of links and of the
# header band.
SITE_NAME = os.environ.get("SITE_NAME", "").strip()
SITE_NAME_ZH = os.environ.get("SITE_NAME_ZH", "").strip()
SITE_FOOTER = os.environ.get("SITE_FOOTER", "").strip()
SITE_FOOTER_ZH = os.environ.get("SITE_FOOTER_ZH", "").strip()
SITE_LOGO = os.environ.get("SITE_LOGO", "").strip()
SITE_FAVICON = os.environ.get("SITE_FAVICON", "").strip() or "favicon.svg"
SITE_ACCENT_COLOUR = env_colour("SITE_ACCENT_COLOUR", "#0b57d0")
SITE_HEADER_COLOUR = env_colour("SITE_HEADER_COLOUR", "#ffffff")
SITE_STATIC_DIR = os.environ.get("SITE_STATIC_DIR", "").strip()
if SITE_STATIC_DIR:
    STATICFILES_DIRS.append(Path(SITE_STATIC_DIR))

# -- HTTPS and logins ----------------------------------------------------------------------
# With DEBUG=0 the site is served over HTTPS by default, behind a proxy (nginx, a load
# balancer) that terminates TLS and says so in X-Forwarded-Proto; `manage.py check --deploy`
# is then clean. SECURE_SSL=0 serves plain HTTP (an intranet without TLS). docs/deploy.md.
SECURE_SSL = env_bool("SECURE_SSL", default=not DEBUG)
if SECURE_SSL:
    SECURE_SSL_REDIRECT = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", 365 * 24 * 3600))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)
# The header the proxy in front sets to "https"; trusted only because the app servers are
# reachable through that proxy alone. Empty: no proxy (or no TLS).
PROXY_SSL_HEADER = os.environ.get("PROXY_SSL_HEADER", "X-Forwarded-Proto" if SECURE_SSL else "")
if PROXY_SSL_HEADER:
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + PROXY_SSL_HEADER.upper().replace("-", "_"), "https")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])
# The address a request comes from (pubs.web.security.client_address): behind
# TRUSTED_PROXY_COUNT proxies that each append the address they saw to X-Forwarded-For (nginx
# alone: 1; a load balancer, then nginx: 2), the one the outermost proxy saw; with 0, the
# connection's own. By default 1 when a proxy says which requests came over HTTPS.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", 1 if PROXY_SSL_HEADER else 0))
# Admin logins (django-axes): after LOGIN_FAILURE_LIMIT failed logins for one username from
# one address, that username is refused from that address, before any password is checked,
# until LOGIN_LOCK_SECONDS after the last failure; a login that succeeds forgets the failures.
# The failures are rows in the database, which every process sees. The same username from
# another address is not locked: nobody can lock a user out from elsewhere. An admin lifts a
# lock early with `manage.py axes_reset_username NAME`.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "pubs.web.security.PasswordUnlessLocked",
]
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_FAILURE_LIMIT = int(os.environ.get("LOGIN_FAILURE_LIMIT", 5))
AXES_COOLOFF_TIME = timedelta(seconds=int(os.environ.get("LOGIN_LOCK_SECONDS", 15 * 60)))
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a refused try does not prolong it
AXES_CLIENT_IP_CALLABLE = "pubs.web.security.client_address"
AXES_LOCKOUT_CALLABLE = "pubs.web.security.login_locked"
AXES_DISABLE_ACCESS_LOG = True  # successful logins are not kept
AXES_ENABLE_ADMIN = False
AXES_VERBOSE = False  # the failures are logged; its banner at start is not

# Logs go to stdout, one line each, for the process manager (systemd, a container) to keep.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"line": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "formatter": "line",
        }
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
