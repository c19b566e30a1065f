"""A version's stage and form, one definition for every question of "is this a preprint?"."""

import pytest

from pubs.bibtex.versions import STAGES, UNPUBLISHED_STATUSES, Version, version_of


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
