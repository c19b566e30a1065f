"""django-publications 1.2.0's BibTeX export, timed (run by bench/export_bench.py).

Runs in django-publications' own virtualenv (~/.cache/labpubs-bench/djpub-venv, Django 4.2):

    djpub-venv/bin/python bench/djpub_export.py BIBFILE DATABASE OUTPUT [RUNS]

It imports BIBFILE through django-publications' admin import page (untimed), then times its
BibTeX export, the list page with ``?bibtex`` (every publication, newest first), with Django's
test client, and writes the last export to OUTPUT. Prints one JSON line: papers imported,
seconds of the first export and the median of RUNS, bytes written.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

urlpatterns: list = []  # filled once Django is set up (this module is the URLconf)


def configure(database: Path) -> None:
    import django
    from django.conf import settings

    settings.configure(
        DEBUG=False,
        SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        ALLOWED_HOSTS=["testserver"],
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
        ROOT_URLCONF="__main__",
        DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(database)}},
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


def export(runs: int, output: Path) -> list[float]:
    from django.test import Client

    client = Client()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get("/?bibtex")
        content = response.content
        times.append(time.perf_counter() - start)
        assert response.status_code == 200
    output.write_bytes(content)
    return times


def main() -> None:
    bibfile, database, output = (Path(arg) for arg in sys.argv[1:4])
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    configure(database)
    papers = load(bibfile)
    times = export(runs, output)
    result = {
        "papers": papers,
        "first_s": times[0],
        "median_s": statistics.median(times),
        "bytes": output.stat().st_size,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
