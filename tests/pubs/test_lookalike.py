"""Look-alike people, papers that look like versions of one work, and papers filled in from
two entries, from plain rows."""

import pytest

from pubs.bibtex.paper_records import PaperRecord, family_key
from pubs.bibtex.people_match import PersonRecord
from pubs.lookalike import filled_in, lookalikes, paper_lookalikes, relation

HOLTE = PersonRecord(1, "Robert", "Holte")
HOLTE_C = PersonRecord(2, "Robert C.", "Holte")
FELNER = PersonRecord(3, "Ariel", "Felner")
KORF = PersonRecord(4, "Richard E.", "Korf")


def test_two_names_with_a_co_author_in_common_look_like_one_human():
    [pair] = lookalikes([HOLTE, HOLTE_C, FELNER], [{1, 3}, {2, 3}])
    assert {pair.first, pair.second} == {HOLTE, HOLTE_C}
    assert pair.relation == "middle name" and pair.shared == {3} and not pair.together


def test_names_without_a_co_author_in_common_are_not_listed():
    assert lookalikes([HOLTE, HOLTE_C, FELNER, KORF], [{1, 3}, {2, 4}]) == []


def test_another_family_name_or_first_initial_is_not_listed():
    people = [HOLTE, PersonRecord(5, "Robert", "Holt"), PersonRecord(6, "Bob", "Holte"), FELNER]
    assert lookalikes(people, [{1, 3}, {5, 3}, {6, 3}]) == []


def test_two_names_of_one_author_list_are_marked_together():
    [pair] = lookalikes([HOLTE, HOLTE_C, FELNER], [{1, 2, 3}])
    assert pair.together


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("Robert", "ROBERT", "same name"),
        ("Robert", "Robert C.", "middle name"),
        ("Nils", "Nils Christian", "middle name"),
        ("M. Fatih", "Mehmet Fatih", "initials"),
        ("N. R.", "Nasser", "initials"),
        ("Jin", "Jiarui", "other given name"),
        ("Bin", "Bingdong", "other given name"),
    ],
)
def test_how_two_given_names_differ(first, second, expected):
    assert relation(PersonRecord(1, first, "X"), PersonRecord(2, second, "X")) == expected


def test_a_paper_a_later_import_filled_in_has_fields_from_two_entries():
    imports = [
        (1, {"papers": [10, 11]}),
        (2, {"updated": [[10, {"pages": "", "volume": "", "modified": "2026-01-01"}]]}),
        (3, {"updated": [[12, {"modified": "2026-01-02"}]]}),  # nothing but the date
    ]
    [paper] = filled_in(imports)
    assert (paper.paper, paper.created_by, paper.filled_by) == (10, 1, ((2, ("pages", "volume")),))


def test_authors_a_later_import_added_are_filled_in_too():
    imports = [(1, {"papers": [10]}), (2, {"authorships": [501, 502]})]
    [paper] = filled_in(imports, {501: 10, 502: 10})
    assert paper.filled_by == ((2, ("authors",)),)


# -- papers that look like versions of one work ----------------------------------------------


def record(pk: int, title: str, year: int, kind: str, *authors: str, **fields) -> PaperRecord:
    """A paper as the report reads it, its ``authors`` given by family name."""
    names = tuple(frozenset({family_key(name)}) for name in authors)
    return PaperRecord(pk, title, year, kind=kind, authors=names, **fields)


def test_two_papers_of_one_arxiv_id_and_disagreeing_titles_are_a_conflict():
    tutorial = record(
        1, "A Tutorial on Bayesian Things", 2018, "preprint", "Stern", arxiv_id="1807.00001"
    )
    other = record(
        2, "On Evaluating Language Models", 2017, "preprint", "Hein", arxiv_id="1807.00001"
    )
    [pair] = paper_lookalikes([tutorial, other])
    assert (pair.finding, pair.rule, pair.found) == (
        "conflict",
        "identifier_titles_disagree",
        "identifier",
    )


def test_arxivs_own_doi_is_the_arxiv_id_it_names():
    tutorial = record(
        1, "A Tutorial on Bayesian Things", 2018, "preprint", "Stern", arxiv_id="1807.00001"
    )
    other = record(
        2,
        "On Evaluating Language Models",
        2017,
        "preprint",
        "Hein",
        doi="10.48550/arxiv.1807.00001",
    )
    [pair] = paper_lookalikes([tutorial, other])
    assert (pair.finding, pair.rule) == ("conflict", "identifier_titles_disagree")


def test_two_papers_of_one_arxiv_id_and_one_title_are_one_work_listed_twice():
    preprint = record(
        1, "Exact Solvers for Knapsack", 2023, "preprint", "Ruiz", arxiv_id="2301.01234"
    )
    copy = record(
        2, "Exact solvers for knapsack.", 2023, "preprint", "Ruiz", doi="10.48550/arXiv.2301.01234"
    )
    [pair] = paper_lookalikes([preprint, copy])
    assert (pair.finding, pair.rule, pair.found) == ("one work", "shared_arxiv_id", "identifier")


def test_a_preprint_and_its_published_version_of_one_title_are_one_work():
    preprint = record(1, "Exact Solvers for Knapsack", 2023, "preprint", "Ruiz", "Hein")
    journal = record(2, "Exact Solvers for Knapsack", 2026, "journal", "Ruiz", "Hein")
    [pair] = paper_lookalikes([preprint, journal])
    assert (pair.finding, pair.rule, pair.found) == ("one work", "preprint_then_published", "title")


def test_a_report_and_the_paper_it_became_are_versions_to_link():
    report = record(1, "Automatic Design of Heuristics", 2014, "other", "Ruiz")
    journal = record(2, "Automatic Design of Heuristics", 2016, "journal", "Ruiz")
    [pair] = paper_lookalikes([report, journal])
    assert (pair.finding, pair.rule) == ("versions", "report_and_published_version")


def test_a_workshop_version_and_the_full_paper_are_versions_to_link():
    workshop = record(1, "Pattern Databases", 2023, "conference", "Holte", "Felner", minor=True)
    full = record(2, "Pattern Databases", 2024, "conference", "Holte", "Felner")
    [pair] = paper_lookalikes([workshop, full])
    assert (pair.finding, pair.rule) == ("versions", "workshop_and_full_version")


def test_a_conference_paper_and_its_journal_extension_are_versions():
    conference = record(1, "Pattern Databases", 2023, "conference", "Holte", "Felner")
    journal = record(2, "Pattern Databases", 2024, "journal", "Holte", "Felner")
    [pair] = paper_lookalikes([conference, journal])
    assert (pair.finding, pair.rule) == ("versions", "conference_and_journal_version")


def test_a_journal_paper_and_a_later_conference_paper_of_its_title_are_kept_apart():
    journal = record(1, "Pattern Databases", 2023, "journal", "Holte", "Felner")
    conference = record(2, "Pattern Databases", 2024, "conference", "Holte", "Felner")
    [pair] = paper_lookalikes([journal, conference])
    assert (pair.finding, pair.rule) == ("kept apart", "different_kinds")


def test_a_pair_kept_apart_names_the_veto_that_keeps_it_from_being_versions_too():
    report = record(1, "Automatic Design of Heuristics", 2014, "other", "Ruiz", "Hein", "Stern")
    paper = record(2, "Automatic Design of Heuristics", 2016, "conference", "Ruiz", "Korf", "Lee")
    [pair] = paper_lookalikes([report, paper])
    assert (pair.finding, pair.rule) == ("kept apart", "different_kinds")
    assert pair.version_veto == "versions_share_few_authors"


def test_papers_of_one_title_and_no_author_in_common_are_not_listed():
    mine = record(1, "Introduction", 2023, "other", "Holte")
    theirs = record(2, "Introduction", 2023, "other", "Korf")
    assert paper_lookalikes([mine, theirs]) == []


def test_papers_linked_as_versions_are_not_listed():
    report = record(1, "Automatic Design of Heuristics", 2014, "other", "Ruiz")
    journal = record(2, "Automatic Design of Heuristics", 2016, "journal", "Ruiz")
    assert paper_lookalikes([report, journal], linked=[(2, 1)]) == []


def test_similar_titles_by_one_team_that_no_rule_joins_are_not_listed():
    first = record(
        1, "Scheduling Gradients in Network Aggregation", 2023, "conference", "Fang", "Zhao"
    )
    second = record(
        2,
        "Scheduling Gradients for Network Aggregation at Scale",
        2024,
        "conference",
        "Fang",
        "Zhao",
    )
    assert paper_lookalikes([first, second]) == []


def test_findings_are_listed_conflicts_first():
    papers = [
        record(1, "Pattern Databases", 2024, "conference", "Holte"),
        record(2, "Pattern Databases", 2023, "journal", "Holte"),
        record(
            3, "A Tutorial on Bayesian Things", 2018, "preprint", "Stern", arxiv_id="1807.00001"
        ),
        record(4, "On Evaluating Language Models", 2017, "preprint", "Hein", arxiv_id="1807.00001"),
    ]
    assert [pair.finding for pair in paper_lookalikes(papers)] == ["conflict", "kept apart"]


def test_a_preprint_and_its_retitled_published_version_are_one_work_by_the_retitled_rules():
    authors = ("Fang", "Zhu", "Li", "Su", "Yu", "Zhou", "You")
    preprint = record(
        1,
        "PatrickStar: Parallel Training of Pre-trained Models via a Chunk-based Memory Management",
        2021,
        "preprint",
        *authors,
    )
    journal = record(
        2,
        "Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management",
        2022,
        "journal",
        *authors,
    )
    [pair] = paper_lookalikes([preprint, journal])
    assert (pair.finding, pair.found) == ("one work", "retitled")
    assert pair.rule == "retitled_close_titles_same_authors"
