"""Shared steps of the export tests: export, import, empty the database."""

from __future__ import annotations

from people.models import Advising, Group, Membership, Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Authorship, BibtexImport, Link, Paper, Tag, Venue, VenueRank
from pubs.queries.exporting import export_papers, render
from tests.database_state import IMPORTED_MODELS


def export_all(**options) -> str:
    """Every paper in the database as BibTeX."""
    return render(export_papers(Paper.objects.all()), "bib", **options)[0]


def import_text(text: str) -> BibtexImport:
    """Import BibTeX as a lab would import a file of strangers: ambiguous names become new
    people, unknown venues new venues."""
    decisions = Decisions(allow_ambiguous=True, create_venues=True)
    planned = bibtex_import_plan(text=text, decisions=decisions)
    assert not planned.plan.errors, planned.plan.errors[:3]
    return bibtex_import_apply(planned=planned, file_name="export.bib", source="test")


def empty_database() -> None:
    """Delete every person, group, venue and paper (inside the test's transaction)."""
    for model in (Authorship, Link, BibtexImport, Paper, VenueRank, Venue, Tag):
        model.objects.all().delete()
    for model in (Membership, Advising, Person, Group):
        model.objects.all().delete()
    assert not any(model.objects.exists() for model in IMPORTED_MODELS)
