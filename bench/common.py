"""What the benchmarks share: where the data and django-publications' virtualenv are, Django
set up on a given database, and the benchmark database built from a data set."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("SHARED_DATA", ROOT.parent / "shared" / "data"))
DATA = SHARED / "bench"

CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "labpubs-bench"
DJPUB_VENV = CACHE / "djpub-venv"
DJPUB_PYTHON = DJPUB_VENV / "bin" / "python"
# django-publications 1.2.0 declares only Django>=2.1; 4.2 LTS is the newest series whose
# API it was written against (it runs unchanged on it), and psycopg 3 needs Django >= 4.2.
DJPUB_REQUIREMENTS = ("django-publications==1.2.0", "Django>=4.2,<5.0", "psycopg[binary]>=3.1")


def ensure_djpub_venv(report=print) -> Path | None:
    """The virtualenv with django-publications 1.2.0, made once and then reused; None (and a
    message through ``report``) when it cannot be made."""
    check = [str(DJPUB_PYTHON), "-c", "import publications, django, psycopg"]
    if DJPUB_PYTHON.exists() and subprocess.run(check, capture_output=True).returncode == 0:
        return DJPUB_PYTHON
    report(f"setting up {DJPUB_VENV} with {', '.join(DJPUB_REQUIREMENTS)}")
    steps = [[str(DJPUB_PYTHON), "-m", "pip", "install", "--quiet", *DJPUB_REQUIREMENTS]]
    if not DJPUB_PYTHON.exists():
        base = getattr(sys, "_base_executable", sys.executable)
        steps.insert(0, [base, "-m", "venv", str(DJPUB_VENV)])
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            report(f"could not set up django-publications: {done.stderr.strip()[-300:]}")
            return None
    return DJPUB_PYTHON


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def analyze_after_fill(database_url: str = "") -> None:
    """``ANALYZE`` the whole database once a bench has filled it (PostgreSQL; nothing on
    SQLite): the figures after it are those of a database whose planner knows its rows, as
    production's is once autovacuum (or the import's own ANALYZE) has run. ``database_url``
    names the database; without it, the one Django is set up on."""
    if database_url:
        if database_url.startswith(("postgres://", "postgresql://")):
            import psycopg

            with psycopg.connect(database_url, autocommit=True) as connection:
                connection.execute("ANALYZE")
        return
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


README = Path(__file__).resolve().parent / "README.md"


def readme_section(name: str, lines: list[str], readme: Path = README) -> bool:
    """Write ``lines`` into ``readme`` between the markers ``<!-- NAME -->`` and
    ``<!-- /NAME -->`` (a bench writes its own sections only, nothing else of the file).
    False, and nothing written, when the markers are not there."""
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    text = readme.read_text(encoding="utf-8")
    if start not in text or end not in text:
        return False
    head, rest = text.split(start, 1)
    _, tail = rest.split(end, 1)
    readme.write_text(head + start + "\n" + "\n".join(lines) + "\n" + end + tail, encoding="utf-8")
    return True


def setup_django(database_url: str) -> None:
    """Django with the project's settings on ``database_url``, as in production (DEBUG=0)."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = database_url
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["SECURE_SSL"] = "0"  # plain HTTP on loopback, no redirect to HTTPS
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def build(size: int, group: str = "", analyze: bool = True):
    """pubs_<size>.bib imported into the empty database, the venues of venues.csv ranked as
    it says (in both CCF editions); with ``group``, a group of that slug holds every paper;
    then ANALYZE (PostgreSQL), unless ``analyze`` is false (a bench measuring without it).
    Returns the import's record."""
    from django.core.management import call_command

    from people.models import Group
    from pubs.bibtex.plan import Decisions
    from pubs.imports.apply import bibtex_import_apply
    from pubs.imports.plan import bibtex_import_plan
    from pubs.models import Venue, VenueKind, VenueRank

    call_command("migrate", verbosity=0)
    with open(DATA / "venues.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    venues = Venue.objects.bulk_create(
        Venue(
            slug=f"bench-{row['id']}",
            name=row["name"],
            abbreviation=row["abbrev"],
            kind=VenueKind.JOURNAL if row["kind"] == "journal" else VenueKind.CONFERENCE,
            publisher=row["publisher"],
            aliases=[],
        )
        for row in rows
    )
    VenueRank.objects.bulk_create(
        VenueRank(venue=venue, edition=edition, rank=row["ccf_rank"], field="")
        for venue, row in zip(venues, rows, strict=True)
        for edition in (2022, 2026)
        if row["ccf_rank"] in ("A", "B", "C")
    )
    lab = Group.objects.create(name=group.title(), slug=group) if group else None
    text = (DATA / f"pubs_{size}.bib").read_text(encoding="utf-8")
    decisions = Decisions(allow_ambiguous=True, create_venues=True, skip_invalid=True)
    planned = bibtex_import_plan(text=text, decisions=decisions, max_entries=size * 2)
    record = bibtex_import_apply(
        planned=planned, file_name=f"pubs_{size}.bib", source="bench", group=lab
    )
    if analyze:
        analyze_after_fill()
    return record
