"""Fixtures of the import tests."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.shared_data import shared_data

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT / "tests" / "data" / "bibtex"
IMPORT_OPTIONS = ("--create-venues", "--allow-ambiguous", "--skip-invalid")
ENTRY_START = re.compile(r"^@(?!string|preamble|comment)\w+\s*\{", re.IGNORECASE | re.MULTILINE)


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


def run_two_imports_at_once(path: Path, database_url: str) -> list[str]:
    """``manage.py import_bibtex path`` in two processes started together; their outputs
    (both must succeed)."""
    processes = [
        subprocess.Popen(
            [sys.executable, "manage.py", "import_bibtex", str(path), *IMPORT_OPTIONS],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": database_url, "PUBLIC_CACHE_SECONDS": "0"},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [process.communicate(timeout=300)[0] for process in processes]
    assert [process.returncode for process in processes] == [0, 0], outputs
    return outputs
