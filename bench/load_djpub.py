"""django-publications 1.2.0 on PostgreSQL under gunicorn, for bench/load_bench.py.

Runs in django-publications' own virtualenv (~/.cache/labpubs-bench/djpub-venv); the database
is ``DJPUB_DATABASE_URL`` (postgres://...):

    djpub-venv/bin/python bench/load_djpub.py BIBFILE        # import the file (its admin)
    djpub-venv/bin/gunicorn --chdir bench load_djpub:application   # serve its pages

The import prints the number of publications it holds then.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from djpub_site import configure, load

configure(os.environ["DJPUB_DATABASE_URL"], hosts=["127.0.0.1", "localhost", "testserver"])


if __name__ == "__main__":
    print(load(Path(sys.argv[1])))
else:
    from django.core.wsgi import get_wsgi_application

    application = get_wsgi_application()
