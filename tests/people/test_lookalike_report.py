"""manage.py lookalike_report: what it lists from the database."""

from io import StringIO

import pytest
from django.core.management import call_command

from pubs.models import BibtexImport, ImportStatus, PaperKind
from pubs.queries.lookalikes import linked_versions, paper_records
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


@pytest.fixture
def ruiz():
    return PersonFactory(given_name="Ana", family_name="Ruiz")


def test_a_preprint_and_its_published_version_listed_twice_are_one_work(ruiz):
    preprint = paper_with_authors(
        ruiz, title="Exact Solvers for Knapsack", year=2023, kind=PaperKind.PREPRINT, venue=None
    )
    journal = paper_with_authors(
        ruiz, title="Exact Solvers for Knapsack", year=2026, kind=PaperKind.JOURNAL
    )
    text = report()
    assert "(0 conflict, 1 one work, 0 versions, 0 kept apart)" in text
    assert "By rule: preprint_then_published 1." in text
    assert "  one work listed twice: 1" in text
    assert (
        f"#{preprint.pk} “Exact Solvers for Knapsack” (2023, preprint) / "
        f"#{journal.pk} “Exact Solvers for Knapsack” (2026, journal): "
        "preprint_then_published (one title)"
    ) in text


@pytest.fixture
def report_and_journal(ruiz):
    """A technical report (2014) and the journal paper it became (2016), not linked."""
    return tuple(
        paper_with_authors(ruiz, title="Automatic Design of Heuristics", **fields)
        for fields in (
            {"year": 2014, "kind": PaperKind.OTHER, "venue": None},
            {"year": 2016, "kind": PaperKind.JOURNAL},
        )
    )


def test_a_report_and_its_published_version_not_linked_are_listed_as_versions(
    report_and_journal,
):
    text = report()
    assert "  versions of one work, not linked: 1" in text
    assert "(2016, journal): report_and_published_version (one title)" in text


def test_versions_already_linked_are_not_listed(report_and_journal):
    report_paper, journal = report_and_journal
    journal.versions.add(report_paper)
    assert "retitled, one first author): 0 (0 conflict, 0 one work, 0 versions" in report()


def test_an_arxiv_id_on_two_titles_that_disagree_is_reported_as_a_conflict():
    tutorial, other = (
        paper_with_authors(PersonFactory(), title=title, year=year, kind=PaperKind.PREPRINT, **ids)
        for title, year, ids in (
            ("A Tutorial on Bayesian Things", 2018, {"arxiv_id": "1807.00001"}),
            ("On Evaluating Language Models", 2017, {"doi": "10.48550/arxiv.1807.00001"}),
        )
    )
    text = report()
    assert "  one identifier on two works (titles that disagree): a conflict: 1" in text
    assert f"#{tutorial.pk} “A Tutorial on Bayesian Things”" in text
    assert (
        f"#{other.pk} “On Evaluating Language Models” (2017, preprint): "
        "identifier_titles_disagree (one identifier)"
    ) in text


def test_a_conference_paper_and_a_journal_paper_of_its_title_years_later_are_listed_with_the_veto(
    ruiz,
):
    for year, kind in ((2010, PaperKind.CONFERENCE), (2016, PaperKind.JOURNAL)):
        paper_with_authors(ruiz, title="Ablation Analysis", year=year, kind=kind)
    text = report()
    assert "  alike, kept apart by a veto: 1" in text
    assert (
        "(2016, journal): different_kinds (one title; not versions: versions_years_apart)" in text
    )


def test_the_papers_compared_are_read_in_three_queries_whatever_their_number(
    ruiz, django_assert_num_queries
):
    for number in range(5):
        paper_with_authors(ruiz, PersonFactory(), title=f"Pattern Databases {number}")
    with django_assert_num_queries(3):  # authorships with people, papers, linked versions
        papers, linked = paper_records(), linked_versions()
    assert len(papers) == 5 and linked == []
    assert all(len(paper.authors) == 2 for paper in papers)


def test_a_preprint_and_its_retitled_published_version_are_listed_with_the_retitled_rule():
    authors = [PersonFactory(family_name=name) for name in ("Fang", "Zhu", "Li", "You")]
    paper_with_authors(
        *authors,
        title="PatrickStar: Parallel Training of Pre-trained Models via a Chunk-based Memory "
        "Management",
        year=2021,
        kind=PaperKind.PREPRINT,
        venue=None,
    )
    paper_with_authors(
        *authors,
        title="Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management",
        year=2022,
        kind=PaperKind.JOURNAL,
    )
    text = report()
    assert "  one work listed twice: 1" in text
    assert (
        "(2022, journal): retitled_close_titles_same_authors (retitled, one first author)" in text
    )
