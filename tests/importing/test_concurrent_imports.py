"""Two imports of one file at the same time, in two processes, create each paper and each
person once (PostgreSQL: the imports take turns, and the second plans again against what the
first wrote)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.db.models import Count

from people.models import Person
from pubs.models import BibtexImport, Paper
from tests.shared_data import shared_data

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "tests" / "data" / "bibtex"
OPTIONS = ("--create-venues", "--allow-ambiguous", "--skip-invalid")
ENTRY_START = re.compile(r"^@(?!string|preamble|comment)\w+\s*\{", re.IGNORECASE | re.MULTILINE)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="concurrent writers need PostgreSQL"
    ),
]


def first_entries(text: str, count: int) -> str:
    """The text up to the start of entry number ``count + 1``, the @string macros before it
    kept."""
    entries = [match.start() for match in ENTRY_START.finditer(text)]
    return text[: entries[count]] if len(entries) > count else text


@pytest.fixture
def bib_file(tmp_path) -> Path:
    """The seeds' DBLP file and 200 real entries of the IRIDIA bibliography."""
    text = (SEEDS / "dblp.bib").read_text(encoding="utf-8")
    iridia = shared_data("iridia-references.bib").read_text(encoding="utf-8")
    text += first_entries(iridia, 200)
    path = tmp_path / "refs.bib"
    path.write_text(text, encoding="utf-8")
    return path


def database_url() -> str:
    settings = connection.settings_dict
    user = settings["USER"] or "postgres"
    host = settings["HOST"] or "127.0.0.1"
    return f"postgres://{user}@{host}:{settings['PORT'] or 5432}/{settings['NAME']}"


def start_import(path: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", "import_bibtex", str(path), *OPTIONS],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url(), "PUBLIC_CACHE_SECONDS": "0"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


@pytest.fixture
def two_imports_at_once(bib_file) -> list[str]:
    processes = [start_import(bib_file), start_import(bib_file)]
    outputs = [process.communicate(timeout=300)[0] for process in processes]
    assert [process.returncode for process in processes] == [0, 0], outputs
    return outputs


def test_two_imports_at_once_create_each_paper_once(two_imports_at_once):
    assert Paper.objects.count() > 200
    twice = Paper.objects.values("title", "year").annotate(n=Count("pk")).filter(n__gt=1)
    assert list(twice) == []


def test_two_imports_at_once_create_each_person_once(two_imports_at_once):
    twice = (
        Person.objects.values("given_name", "family_name").annotate(n=Count("pk")).filter(n__gt=1)
    )
    assert list(twice) == []


def test_the_second_of_two_imports_at_once_finds_the_first_one_s_papers(two_imports_at_once):
    created = sorted(record.counts["created"] for record in BibtexImport.objects.all())
    assert created[0] == 0 and created[1] == Paper.objects.count()
