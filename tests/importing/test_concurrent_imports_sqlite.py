"""Two imports of one file at the same time on SQLite, in two processes: SQLite has one
writer, and the second import waits for the first to be written (it does not fail with
"database is locked"), then finds its papers."""

import os
import sqlite3
import subprocess
import sys

import pytest
from django.db import connection

from tests.importing.conftest import ROOT, run_two_imports_at_once

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL: test_concurrent_imports"
)


@pytest.fixture
def database(tmp_path):
    """A migrated SQLite file, as a lab's database (the tests' own is in memory)."""
    path = tmp_path / "lab.sqlite3"
    url = f"sqlite:///{path}"
    migrate = [sys.executable, "manage.py", "migrate", "--verbosity", "0"]
    subprocess.run(migrate, cwd=ROOT, env={**os.environ, "DATABASE_URL": url}, check=True)
    return path


@pytest.fixture
def imported(bib_file, database) -> sqlite3.Connection:
    run_two_imports_at_once(bib_file, f"sqlite:///{database}")
    return sqlite3.connect(database)


def test_two_imports_at_once_create_each_paper_once(imported):
    twice = "SELECT title, year FROM pubs_paper GROUP BY title, year HAVING count(*) > 1"
    assert imported.execute("SELECT count(*) FROM pubs_paper").fetchone()[0] > 200
    assert imported.execute(twice).fetchall() == []


def test_the_second_of_two_imports_at_once_finds_the_first_one_s_papers(imported):
    counts = "SELECT json_extract(counts, '$.created') FROM pubs_bibteximport ORDER BY 1"
    created = [row[0] for row in imported.execute(counts)]
    papers = imported.execute("SELECT count(*) FROM pubs_paper").fetchone()[0]
    assert created == [0, papers]
