"""manage.py lookalike_report: what it lists from the database."""

from io import StringIO

import pytest
from django.core.management import call_command

from pubs.models import BibtexImport, ImportStatus
from tests.factories import AuthorshipFactory, PaperFactory, PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db


def report() -> str:
    out = StringIO()
    call_command("lookalike_report", stdout=out)
    return out.getvalue()


def test_people_who_look_like_one_human_are_listed_with_their_co_authors():
    felner = PersonFactory(given_name="Ariel", family_name="Felner")
    holte = PersonFactory(given_name="Robert", family_name="Holte")
    holte_c = PersonFactory(given_name="Robert C.", family_name="Holte")
    paper_with_authors(holte, felner)
    paper_with_authors(holte_c, felner)
    text = report()
    assert "co-authors in common): 1 (0 same name, 1 middle name," in text
    assert (
        f"Robert Holte (#{holte.pk}) / Robert C. Holte (#{holte_c.pk}): middle name, "
        "1 co-author(s) in common (Ariel Felner)"
    ) in text


def test_papers_an_import_filled_in_are_listed_with_the_fields():
    paper = PaperFactory(title="Compressed Pattern Databases")
    BibtexImport.objects.create(
        file_name="a.bib", sha256="a", status=ImportStatus.APPLIED, changes={"papers": [paper.pk]}
    )
    second = BibtexImport.objects.create(
        file_name="b.bib",
        sha256="b",
        status=ImportStatus.APPLIED,
        changes={"updated": [[paper.pk, {"pages": "", "modified": "2026-01-01T00:00:00"}]]},
    )
    text = report()
    assert "(fields or authors from two entries): 1, 1 of them created by an import" in text
    assert f"filled in by import #{second.pk}: pages" in text


def test_an_undone_import_fills_in_nothing():
    paper = PaperFactory()
    BibtexImport.objects.create(
        file_name="b.bib",
        sha256="b",
        status=ImportStatus.UNDONE,
        changes={"updated": [[paper.pk, {"pages": ""}]]},
    )
    assert "(fields or authors from two entries): 0," in report()


def test_authors_an_import_added_to_a_paper_are_listed():
    holte, felner = PersonFactory(), PersonFactory()
    paper = paper_with_authors(holte)
    added = AuthorshipFactory(paper=paper, person=felner, position=2)
    record = BibtexImport.objects.create(
        file_name="b.bib",
        sha256="b",
        status=ImportStatus.APPLIED,
        changes={"authorships": [added.pk]},
    )
    assert f"created not by an import; filled in by import #{record.pk}: authors" in report()
