"""A version's stage and form, one definition for every question of "is this a preprint?"."""

from typing import get_args

import pytest

from pubs.bibtex.versions import (
    FORM_ORDER,
    STAGES,
    UNPUBLISHED_STATUSES,
    Form,
    LinkedVersion,
    Version,
    folded_into,
    linked_groups,
    standing_version,
    version_of,
)


@pytest.mark.parametrize(
    ("kind", "status", "stage"),
    [
        ("preprint", "published", "preprint"),
        ("preprint", "accepted", "preprint"),
        ("preprint", "under_review", "submitted"),
        ("conference", "under_review", "submitted"),
        ("journal", "accepted", "accepted"),
        ("journal", "published", "published"),
    ],
)
def test_the_stage_is_the_status_s_and_a_preprint_s_unless_under_review(kind, status, stage):
    assert version_of(kind, status).stage == stage


@pytest.mark.parametrize(
    ("kind", "container", "form"),
    [
        ("conference", "Proceedings of the AAAI Conference on Artificial Intelligence", "full"),
        ("conference", "ICAPS 2019 Workshop on Heuristics and Search", "minor"),
        ("conference", "Proceedings of SIGCOMM, Short Papers", "minor"),
        ("other", "", "report"),
        ("thesis", "", "thesis"),
        ("book", "Automated Machine Learning", "book"),
    ],
)
def test_the_form_is_the_kind_s_or_for_a_paper_its_venue_s(kind, container, form):
    assert version_of(kind, "published", container).form == form


def test_a_preprint_and_a_submission_are_not_published_yet():
    assert version_of("preprint").is_preprint and version_of("journal", "under_review").is_preprint
    assert not version_of("journal", "accepted").is_preprint


def test_the_unpublished_statuses_are_those_of_a_preprint_or_a_submission():
    assert {"preprint", "under_review"} == UNPUBLISHED_STATUSES
    assert Version("submitted", "full").is_preprint


@pytest.mark.parametrize("status", ["published", "accepted", "preprint"])
def test_a_paper_at_a_preprint_server_is_a_preprint_whatever_its_kind(status):
    assert version_of("conference", status, "arXiv", "preprint_server").stage == "preprint"
    assert version_of("journal", status, "ToN", "journal").stage == STAGES[status]


def test_a_submission_at_a_preprint_server_is_under_review():
    assert version_of("journal", "under_review", "arXiv", "preprint_server").stage == "submitted"


# -- the version that stands for a work ---------------------------------------------------------


def linked(pk: int, kind: str = "conference", **fields) -> LinkedVersion:
    return LinkedVersion(pk, kind, **{"year": 2020, **fields})


def test_a_public_version_stands_before_a_hidden_one():
    hidden_journal = linked(1, "journal", public=False)
    assert standing_version([hidden_journal, linked(2, "preprint")]) == 2


@pytest.mark.parametrize(
    ("most", "less"),
    [
        (linked(2, "journal"), linked(1, "journal", status="accepted")),
        (linked(2, "journal", status="accepted"), linked(1, "journal", status="under_review")),
        (linked(2, "journal", status="under_review"), linked(1, "preprint")),
        # A report or a workshop version, published, before the preprint of the work.
        (
            linked(2, "other"),
            linked(1, "conference", container="arXiv", venue_kind="preprint_server"),
        ),
    ],
)
def test_the_most_published_stage_stands(most, less):
    assert standing_version([less, most]) == standing_version([most, less]) == 2


@pytest.mark.parametrize(
    ("fuller", "lesser"),
    [
        (linked(2, "journal"), linked(1, "book", container="Automated Machine Learning")),
        (
            linked(2, "book"),
            linked(1, "conference", container="ICAPS 2019 Workshop on Heuristics and Search"),
        ),
        (linked(2, "conference", container="SIGCOMM Posters and Demos"), linked(1, "other")),
        (linked(2, "thesis", status="preprint"), linked(1, "preprint")),
    ],
)
def test_at_one_stage_the_fuller_form_stands(fuller, lesser):
    assert standing_version([lesser, fuller]) == 2


def test_at_one_stage_and_form_the_later_year_stands():
    assert standing_version([linked(1, "journal", year=2016), linked(2, "journal", year=2014)]) == 1
    assert standing_version([linked(1, "journal", year=None), linked(2, "journal", year=2014)]) == 2


def test_otherwise_the_lowest_id_stands_whatever_the_order():
    one, two = linked(7, "journal"), linked(3, "journal")
    assert standing_version([one, two]) == standing_version([two, one]) == 3


def test_the_order_of_forms_names_every_form():
    assert set(FORM_ORDER) == set(get_args(Form))
    assert FORM_ORDER["full"] < FORM_ORDER["book"] < FORM_ORDER["minor"] < FORM_ORDER["report"]
    assert FORM_ORDER["report"] < FORM_ORDER["preprint"]


def test_linked_papers_make_one_group_through_any_path():
    groups = linked_groups([1, 2, 3, 4, 5], [(1, 2), (3, 2), (4, 5)])
    assert groups == [{1, 2, 3}, {4, 5}]


def test_a_paper_linked_to_none_is_a_group_of_its_own_and_links_outside_are_left_out():
    assert linked_groups([1, 2], [(2, 9)]) == [{1}, {2}]


def test_every_version_is_folded_into_the_one_that_stands_and_that_one_into_none():
    papers = [
        linked(1, "other", year=2014),  # a technical report
        linked(2, "journal", year=2016),
        linked(3, "conference", container="ICAPS 2019 Workshop on Heuristics and Search"),
        linked(4, "conference", year=2019),
        linked(5, "journal"),
    ]
    links = [(1, 2), (3, 4)]
    assert folded_into(papers, links) == {1: 2, 2: None, 3: 4, 4: None, 5: None}
