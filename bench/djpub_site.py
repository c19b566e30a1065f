"""django-publications 1.2.0 as a lab would run it, for the benchmarks that compare with it.

Imported by the scripts that run in django-publications' own virtualenv
(~/.cache/labpubs-bench/djpub-venv, Django 4.2): ``configure`` sets up a minimal project on an
SQLite file or a PostgreSQL database (this module is its URLconf), ``load`` imports a .bib
through its admin.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from urllib.parse import urlsplit

urlpatterns: list = []  # filled once Django is set up (this module is the URLconf)


def database_settings(database: Path | str) -> dict:
    """An SQLite file, or a postgres:// URL (with persistent connections, as ours has)."""
    if not str(database).startswith(("postgres://", "postgresql://")):
        return {"ENGINE": "django.db.backends.sqlite3", "NAME": str(database)}
    url = urlsplit(str(database))
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": url.path.lstrip("/"),
        "USER": url.username or "",
        "PASSWORD": url.password or "",
        "HOST": url.hostname or "",
        "PORT": str(url.port or ""),
        "CONN_MAX_AGE": 60,
    }


def configure(database: Path | str, hosts: Sequence[str] = ("testserver",)) -> None:
    import django
    from django.conf import settings

    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        ALLOWED_HOSTS=list(hosts),
        INSTALLED_APPS=[
            "django.contrib.admin",
            "django.contrib.auth",
            "django.contrib.contenttypes",
            "django.contrib.sessions",
            "django.contrib.messages",
            "publications",
        ],
        MIDDLEWARE=[
            "django.contrib.sessions.middleware.SessionMiddleware",
            "django.middleware.common.CommonMiddleware",
            "django.contrib.auth.middleware.AuthenticationMiddleware",
            "django.contrib.messages.middleware.MessageMiddleware",
        ],
        ROOT_URLCONF="djpub_site",
        DATABASES={"default": database_settings(database)},
        TEMPLATES=[
            {
                "BACKEND": "django.template.backends.django.DjangoTemplates",
                "APP_DIRS": True,
                "OPTIONS": {
                    "context_processors": [
                        "django.template.context_processors.request",
                        "django.contrib.auth.context_processors.auth",
                        "django.contrib.messages.context_processors.messages",
                    ]
                },
            }
        ],
        USE_TZ=True,
        DEFAULT_AUTO_FIELD="django.db.models.AutoField",
        DATA_UPLOAD_MAX_MEMORY_SIZE=None,  # the file is pasted into a form field
    )
    django.setup()
    from django.contrib import admin
    from django.urls import include, path

    urlpatterns.extend([path("admin/", admin.site.urls), path("", include("publications.urls"))])


def load(bibfile: Path) -> int:
    """Import the file as a lab would: the admin's "Import BibTeX" form."""
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from publications.models import Publication

    call_command("migrate", verbosity=0)
    admin = User.objects.create_superuser("bench", "bench@example.org", "bench")
    client = Client()
    client.force_login(admin)
    response = client.post(
        "/admin/publications/publication/import_bibtex/",
        {"bibliography": bibfile.read_text(encoding="utf-8")},
    )
    if response.status_code != 302:
        raise SystemExit(f"django-publications refused the import ({response.status_code})")
    return Publication.objects.count()
