"""On SQLite (a file, as the demo and a small lab run it), reading never fails "database is
locked" while a job applies an import: 25 reads from another connection while the import's
transaction is open and holds the write lock."""

import os
import subprocess
import sys

from tests.production.conftest import ROOT

READS_DURING_AN_IMPORT = """
import threading

import django

django.setup()
from django.core.management import call_command
from django.db import connection, transaction

from pubs.models import Paper

call_command("migrate", verbosity=0)
written, read = threading.Event(), threading.Event()


def apply():
    with transaction.atomic():  # the import written, not yet committed
        call_command("import_bibtex", BIBTEX, "--create-venues", "--allow-ambiguous",
                     "--skip-invalid", stdout=open(os.devnull, "w"))
        written.set()
        read.wait(60)
    connection.close()


writer = threading.Thread(target=apply)
writer.start()
assert written.wait(120)
with connection.cursor() as cursor:
    cursor.execute("PRAGMA journal_mode")
    print("journal", cursor.fetchone()[0])
counts = [Paper.objects.count() for _ in range(25)]
read.set()
writer.join()
print("reads", len(counts), "papers seen", max(counts), "after", Paper.objects.count())
"""


def test_reads_during_an_import_s_transaction_do_not_fail(tmp_path):
    bibtex = ROOT / "tests" / "data" / "bibtex" / "dblp.bib"
    code = f"import os\nBIBTEX = {str(bibtex)!r}\n" + READS_DURING_AN_IMPORT
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'lab.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert "journal wal" in lines
    reads = next(line for line in lines if line.startswith("reads"))
    assert reads.startswith("reads 25 papers seen 0 after ") and not reads.endswith(" 0")
