"""paper_versions_plan: the identity rules over the stored papers, one outcome per pair with
the name of the rule that decided it."""

from __future__ import annotations

import pytest

from pubs.models import PaperKind
from pubs.services.version_links import paper_versions_plan
from tests.factories import PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db


def outcomes(plan) -> dict[str, list[tuple[tuple[int, int], str]]]:
    return {
        name: [(pair.ids, pair.rule) for pair in getattr(plan, name)]
        for name in ("links", "suggestions", "conflicts")
    }


def ids(first, second) -> tuple[int, int]:
    return tuple(sorted((first.pk, second.pk)))


def test_a_preprint_and_its_retitled_published_version_are_a_link(patrickstar):
    assert outcomes(paper_versions_plan()) == {
        "links": [(ids(*patrickstar), "retitled_close_titles_same_authors")],
        "suggestions": [],
        "conflicts": [],
    }


def test_a_report_and_the_journal_paper_of_its_title_are_a_link(report_and_journal):
    plan = paper_versions_plan()
    assert outcomes(plan)["links"] == [(ids(*report_and_journal), "report_and_published_version")]


def test_a_conference_paper_and_its_journal_extension_are_a_link(conference_and_extension):
    assert outcomes(paper_versions_plan())["links"] == [
        (ids(*conference_and_extension), "conference_and_journal_version")
    ]


def test_a_journal_paper_and_a_later_conference_paper_of_its_title_are_a_suggestion(
    journal_then_conference,
):
    assert outcomes(paper_versions_plan()) == {
        "links": [],
        "suggestions": [(ids(*journal_then_conference), "different_kinds")],
        "conflicts": [],
    }


def test_one_arxiv_id_on_two_unrelated_papers_is_a_conflict(wrong_arxiv_id):
    assert outcomes(paper_versions_plan()) == {
        "links": [],
        "suggestions": [],
        "conflicts": [(ids(*wrong_arxiv_id), "identifier_titles_disagree")],
    }


def test_unrelated_papers_and_papers_kept_apart_are_nothing(ruiz):
    paper_with_authors(ruiz, title="Exact Solvers for Knapsack", year=2020)
    paper_with_authors(PersonFactory(), title="Iterated Local Search", year=2020)
    # One title, years too far apart to be versions: a veto keeps them apart.
    for year, kind in ((2010, PaperKind.CONFERENCE), (2016, PaperKind.JOURNAL)):
        paper_with_authors(ruiz, title="Ablation Analysis", year=year, kind=kind)
    plan = paper_versions_plan()
    assert not plan
    assert outcomes(plan) == {"links": [], "suggestions": [], "conflicts": []}


def test_pairs_linked_already_are_not_found_again(report_and_journal):
    report, journal = report_and_journal
    journal.versions.add(report)
    assert not paper_versions_plan()


def test_only_pairs_with_a_paper_asked_about_are_planned(patrickstar, wrong_arxiv_id):
    plan = paper_versions_plan(paper_ids=[patrickstar[1].pk])
    assert [pair.ids for pair in plan.links] == [ids(*patrickstar)]
    assert plan.conflicts == []


@pytest.mark.parametrize("works", [2, 8])
def test_the_plan_reads_the_papers_in_a_fixed_number_of_queries(works, django_assert_num_queries):
    for number in range(works):
        author = PersonFactory()
        for year, kind in ((2014, PaperKind.OTHER), (2016, PaperKind.JOURNAL)):
            paper_with_authors(author, title=f"Design of Heuristics {number}", year=year, kind=kind)
    with django_assert_num_queries(3):  # authorships with people, papers, linked versions
        plan = paper_versions_plan()
    assert len(plan.links) == works
