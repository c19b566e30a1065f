"""paper_versions_refold: the version that stands for each work, kept after every write that
links papers or changes a linked paper, in a few queries."""

import pytest

from pubs.models import Paper, PaperKind, Status
from pubs.services import public_version
from pubs.services.papers import papers_match_venues
from pubs.services.versions import paper_versions_refold
from tests.factories import PaperFactory, linked_versions

pytestmark = pytest.mark.django_db

WORKSHOP = "ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning"


@pytest.fixture
def pair():
    """A workshop version and the conference paper, linked and folded."""
    return linked_versions(
        PaperFactory(title="Bidirectional Search", container_title=WORKSHOP, venue=None),
        PaperFactory(title="Bidirectional Search", year=2016),
    )


def folded(*papers: Paper) -> list[int | None]:
    return [Paper.objects.get(pk=paper.pk).folded_into_id for paper in papers]


def test_a_workshop_version_is_folded_into_the_conference_paper(pair):
    workshop, conference = pair
    assert folded(workshop, conference) == [conference.pk, None]


def test_a_paper_linked_to_none_stands_for_itself():
    paper = PaperFactory()
    assert paper_versions_refold(paper_ids=[paper.pk]) == 0
    assert folded(paper) == [None]


def test_papers_linked_through_a_third_are_folded_into_one():
    report, journal, conference = (
        PaperFactory(kind=PaperKind.OTHER, venue=None, year=2014),
        PaperFactory(kind=PaperKind.JOURNAL, year=2016),
        PaperFactory(year=2015),
    )
    journal.versions.add(report)
    conference.versions.add(report)
    paper_versions_refold(paper_ids=[report.pk])
    assert folded(report, journal, conference) == [journal.pk, None, journal.pk]


def test_a_link_that_goes_unfolds_the_paper_it_folded(pair):
    workshop, conference = pair
    conference.versions.remove(workshop)
    paper_versions_refold(paper_ids=[conference.pk])
    assert folded(workshop, conference) == [None, None]


def test_a_version_published_later_stands_once_its_status_says_so():
    submitted = PaperFactory(kind=PaperKind.JOURNAL, status=Status.UNDER_REVIEW, year=2025)
    conference = PaperFactory(year=2023)
    linked_versions(conference, submitted)
    assert folded(submitted, conference) == [conference.pk, None]
    Paper.objects.filter(pk=submitted.pk).update(status=Status.PUBLISHED)
    paper_versions_refold(paper_ids=[submitted.pk])
    assert folded(submitted, conference) == [None, submitted.pk]


def test_a_hidden_version_stands_for_no_public_one(pair):
    workshop, conference = pair
    Paper.objects.filter(pk=conference.pk).update(is_public=False)
    paper_versions_refold(paper_ids=[conference.pk])
    assert folded(workshop, conference) == [None, workshop.pk]


def test_a_change_makes_the_public_pages_stale_and_none_leaves_them(pair):
    workshop, _ = pair
    before = public_version.version()
    assert paper_versions_refold(paper_ids=[workshop.pk]) == 0
    assert public_version.version() == before
    Paper.objects.filter(pk=workshop.pk).update(folded_into=None)
    assert paper_versions_refold(paper_ids=[workshop.pk]) == 1
    assert public_version.version() > before


def test_the_queries_do_not_grow_with_the_number_of_works(django_assert_max_num_queries):
    papers = []
    for _ in range(20):
        preprint = PaperFactory(kind=PaperKind.PREPRINT, venue=None)
        published = PaperFactory(kind=PaperKind.JOURNAL)
        published.versions.add(preprint)
        papers += [preprint, published]
    # Two steps along the links (two queries each), the papers read, one update; the search
    # text of the papers that stand: folded titles, authors, papers read, one update.
    with django_assert_max_num_queries(11):
        assert paper_versions_refold(paper_ids=[paper.pk for paper in papers]) == 20


@pytest.mark.usefixtures("catalogue")
def test_a_venue_found_for_a_printed_preprint_server_lets_the_published_version_stand():
    printed_arxiv = PaperFactory(venue=None, container_title="arXiv", year=2022)
    journal = PaperFactory(kind=PaperKind.JOURNAL, year=2020)
    linked_versions(printed_arxiv, journal)
    assert folded(printed_arxiv, journal) == [None, printed_arxiv.pk]
    papers_match_venues(papers=[printed_arxiv])
    assert folded(printed_arxiv, journal) == [journal.pk, None]
