"""django-publications 1.2.0's BibTeX import, for bench/import_bench.py.

Runs in django-publications' own virtualenv (~/.cache/labpubs-bench/djpub-venv, Django 4.2);
DATABASE is an SQLite file or a postgres:// URL:

    djpub-venv/bin/python bench/djpub_import.py setup DATABASE        # migrate, a superuser
    djpub-venv/bin/python bench/djpub_import.py import DATABASE FILE  # the import (timed)

The import posts the file to its admin's "Import BibTeX" view, as a lab would, and prints one
JSON line: {"imported": publications in the database, "error": "" or what the view said
when it refused the file (it takes a file whole or not at all) or failed to save part of it}.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from djpub_site import configure


def main() -> None:
    action, database = sys.argv[1], sys.argv[2]
    configure(database)
    from django.contrib.auth.models import User
    from django.contrib.messages import get_messages
    from django.core.management import call_command
    from django.test import Client
    from publications.models import Publication

    if action == "setup":
        call_command("migrate", verbosity=0)
        User.objects.create_superuser("bench", "bench@example.org", "bench")
        return
    client = Client()
    client.force_login(User.objects.get(username="bench"))
    response = client.post(
        "/admin/publications/publication/import_bibtex/",
        {"bibliography": Path(sys.argv[3]).read_text(encoding="utf-8")},
    )
    error = ""
    if response.status_code == 302:
        said = [str(m) for m in get_messages(response.wsgi_request)]
        error = "; ".join(m for m in said if not m.startswith("Successfully"))
    else:
        found = re.search(r'class="errorlist[^"]*"><li>(.*?)</li>', response.content.decode())
        error = found.group(1) if found else f"HTTP {response.status_code}"
    print(json.dumps({"imported": Publication.objects.count(), "error": error}))


if __name__ == "__main__":
    main()
