"""An import killed (SIGKILL) while it writes leaves no trace: it applies in one transaction,
and PostgreSQL rolls back the transaction of a client that is gone.

The test holds a lock on the authorships table, so the import, in a process of its own, stops
after writing its venues, people and papers, waiting to write its authors; then the test
kills it and releases the lock.
"""

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.db import connection, transaction

from people.models import Person
from pubs.models import Authorship, BibtexImport, Paper, PublicVersion, Venue
from tests.production.conftest import ROOT, database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the import runs in another process"
    ),
]

BIBTEX = ROOT / "tests" / "data" / "bibtex" / "dblp.bib"
OPTIONS = ("--create-venues", "--allow-ambiguous", "--skip-invalid")
TIMEOUT = 120  # seconds


def table_counts() -> dict[str, int]:
    counted = (Paper, Authorship, Person, Venue, BibtexImport, PublicVersion)
    counts = {model.__name__: model.objects.count() for model in counted}
    counts["searchable papers"] = Paper.objects.exclude(search_text="").count()
    return counts


def start_import(output: Path) -> subprocess.Popen:
    with output.open("w") as out:
        return subprocess.Popen(
            [sys.executable, "manage.py", "import_bibtex", str(BIBTEX), *OPTIONS],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": database_url()},
            stdout=out,
            stderr=subprocess.STDOUT,
        )


def backend_waiting_for_authorships(process: subprocess.Popen, output: Path) -> int:
    """The server process of the import once it has written papers and waits to write
    authors."""
    deadline = time.monotonic() + TIMEOUT
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            assert process.poll() is None, output.read_text()
            cursor.execute(
                """
                SELECT waiting.pid FROM pg_locks waiting
                JOIN pg_locks written ON written.pid = waiting.pid
                WHERE waiting.database = (SELECT oid FROM pg_database
                                          WHERE datname = current_database())
                  AND waiting.relation = 'pubs_authorship'::regclass AND NOT waiting.granted
                  AND written.relation = 'pubs_paper'::regclass
                  AND written.mode = 'RowExclusiveLock' AND written.granted
                """
            )
            row = cursor.fetchone()
            if row:
                return row[0]
            time.sleep(0.02)
    raise AssertionError(f"the import never reached its authors:\n{output.read_text()}")


def kill_while_locked(
    table: str, start: Callable[[], subprocess.Popen], waiting: Callable[[subprocess.Popen], int]
) -> None:
    """Hold a lock on ``table`` against writes, start the process, kill it once ``waiting``
    finds its server process waiting for the lock, release the lock and wait for the server
    process to find its client gone and roll back."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {table} IN SHARE MODE")
        process = start()
        try:
            backend = waiting(process)
        finally:  # found waiting or not, it is killed: none is left holding the database
            process.kill()
        assert process.wait(TIMEOUT) == -9
    wait_until_gone(backend)


def wait_until_gone(pid: int) -> None:
    """Wait for the server process of a client that is gone to end (and roll back)."""
    deadline = time.monotonic() + TIMEOUT
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = %s", [pid])
            if cursor.fetchone()[0] == 0:
                return
            time.sleep(0.02)
    raise AssertionError(f"server process {pid} is still there")


@pytest.fixture
def killed_import(tmp_path) -> dict[str, int]:
    """Kill an import half-way through its writes; the table counts from before it."""
    before = table_counts()
    output = tmp_path / "import.txt"
    kill_while_locked(
        "pubs_authorship",
        lambda: start_import(output),
        lambda process: backend_waiting_for_authorships(process, output),
    )
    return before


def test_an_import_killed_while_writing_leaves_no_partial_data(killed_import):
    assert table_counts() == killed_import


def test_the_import_runs_again_after_one_was_killed(killed_import, tmp_path):
    output = tmp_path / "again.txt"
    process = start_import(output)
    assert process.wait(TIMEOUT) == 0, output.read_text()
    after = table_counts()
    assert after["Paper"] == killed_import["Paper"] + 29
    assert after["BibtexImport"] == killed_import["BibtexImport"] + 1
    assert after["searchable papers"] == after["Paper"]
