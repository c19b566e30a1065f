"""Versions of one work appear once on the public site: the version that stands lists the
work (its year, kind, venue and rank), the others are named on its entry ("also: …") and
keep their own pages. Two works: a workshop version and its conference paper, a technical
report and its journal paper."""

import json

import pytest

from people.models import Membership, Role
from pubs.models import PaperKind
from pubs.search import search_text_refresh
from tests.factories import (
    GroupFactory,
    PersonFactory,
    VenueFactory,
    VenueRankFactory,
    linked_versions,
    paper_with_authors,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

HEURISTICS = "Automatic Design of Heuristics"
SEARCH = "Bidirectional Search That Meets in the Middle"


@pytest.fixture
def ruiz():
    return PersonFactory(given_name="Ana", family_name="Ruiz", slug="ana-ruiz")


@pytest.fixture
def hein():
    """Piet Hein wrote the technical report only."""
    return PersonFactory(given_name="Piet", family_name="Hein", slug="piet-hein")


@pytest.fixture
def group(ruiz):
    lab = GroupFactory(name="Search Lab", slug="search-lab")
    Membership.objects.create(person=ruiz, group=lab, role=Role.PHD, confirmed=True)
    return lab


@pytest.fixture
def works(ruiz, hein, group):
    """(report, journal), (workshop, conference), each pair linked and folded."""
    tevc = VenueFactory(
        abbreviation="TEVC",
        name="IEEE Transactions on Evolutionary Computation",
        kind="journal",
        slug="tevc",
    )
    VenueRankFactory(venue=tevc, rank="B")
    aaai = VenueFactory(
        abbreviation="AAAI", name="AAAI Conference on Artificial Intelligence", slug="aaai"
    )
    VenueRankFactory(venue=aaai, rank="A")
    report = paper_with_authors(
        ruiz,
        hein,
        title=HEURISTICS,
        slug="heuristics-report",
        kind=PaperKind.OTHER,
        venue=None,
        institution="ULB",
        year=2014,
    )
    journal = paper_with_authors(
        ruiz,
        title=HEURISTICS,
        slug="heuristics-tevc",
        kind=PaperKind.JOURNAL,
        venue=tevc,
        year=2016,
    )
    workshop = paper_with_authors(
        ruiz,
        title=SEARCH,
        slug="search-workshop",
        venue=None,
        year=2019,
        container_title="ICAPS 2019 Workshop on Heuristics and Search",
    )
    conference = paper_with_authors(ruiz, title=SEARCH, slug="search-aaai", venue=aaai, year=2019)
    search_text_refresh(paper.pk for paper in (report, journal, workshop, conference))
    return linked_versions(report, journal), linked_versions(workshop, conference)


def listed(response) -> list[str]:
    return [paper.slug for _, papers in response.context["years"] for paper in papers]


STANDING = ["search-aaai", "heuristics-tevc"]


@pytest.mark.parametrize("url", ["/publications/", "/people/ana-ruiz/", "/groups/search-lab/"])
def test_a_list_shows_each_work_once_by_the_version_that_stands(client, works, url):
    assert listed(client.get(url)) == STANDING


def test_a_person_who_wrote_only_a_folded_version_sees_the_work_by_its_standing_version(
    client, works
):
    assert listed(client.get("/people/piet-hein/")) == ["heuristics-tevc"]


def test_the_entry_names_the_other_versions_each_linked_to_its_page(client, works):
    page = client.get("/publications/").content.decode()
    assert 'also: <a href="/publications/heuristics-report/">report, 2014</a>' in page
    assert (
        '<a href="/publications/search-workshop/">workshop or short version, '
        "ICAPS 2019 Workshop on Heuristics and Search, 2019</a>"
    ) in page


def test_a_folded_version_keeps_its_page_which_names_the_version_that_stands(client, works):
    page = client.get("/publications/heuristics-report/").content.decode()
    assert 'listed as <a href="/publications/heuristics-tevc/">' in page


@pytest.mark.parametrize(
    ("query", "slugs"),
    [
        ("year=2014", []),
        ("year=2016", ["heuristics-tevc"]),
        ("kind=other", []),
        ("kind=journal", ["heuristics-tevc"]),
        ("rank=B", ["heuristics-tevc"]),
        ("rank=none", []),
        ("venue=tevc", ["heuristics-tevc"]),
        ("person=piet-hein", ["heuristics-tevc"]),
        ("group=search-lab", STANDING),
        (f"q={SEARCH}", ["search-aaai"]),
    ],
)
def test_the_filters_read_the_version_that_stands(client, works, query, slugs):
    assert listed(client.get(f"/publications/?{query}")) == slugs


def test_the_counts_count_works(client, works):
    response = client.get("/people/ana-ruiz/")
    assert response.context["total"] == 2
    assert response.context["year_counts"] == [(2019, 1), (2016, 1)]
    assert response.context["rank_counts"] == {"A": 1, "B": 1}


def test_the_group_chart_counts_works(client, works):
    response = client.get("/groups/search-lab/")
    chart = {row.year: row.counts for row in response.context["chart"]}
    assert chart[2019] == {"A": 1} and chart[2016] == {"B": 1}
    assert min(chart) == 2016  # not the report's year


def test_the_indexes_count_works(client, works):
    people = {p.slug: p.paper_count for p in client.get("/people/").context["page"]}
    assert people == {"ana-ruiz": 2, "piet-hein": 1}
    venues = {v.slug: v.paper_count for v in client.get("/venues/").context["page"]}
    assert venues == {"tevc": 1, "aaai": 1}


@pytest.mark.parametrize(
    ("export", "count"),
    [
        ("export.bib", lambda text: text.count("\n@")),
        ("export.ris", lambda text: text.count("TY  -")),
        ("export.json", lambda text: len(json.loads(text))),
        ("export.html", lambda text: text.count('class="csl-entry"')),
        ("cv.md", lambda text: text.count(HEURISTICS) + text.count(SEARCH)),
    ],
)
def test_the_exports_and_cv_lists_write_each_work_once(client, works, export, count):
    text = client.get(f"/people/ana-ruiz/{export}").content.decode()
    assert count("\n" + text) == 2


def test_the_feed_and_the_sitemap_name_the_standing_versions_only(client, works):
    feed = client.get("/feeds/publications/").content.decode()
    assert feed.count("<entry>") == 2 and "heuristics-report" not in feed
    sitemap = client.get("/sitemap.xml").content.decode()
    assert "/publications/heuristics-tevc/" in sitemap
    assert "/publications/heuristics-report/" not in sitemap


def test_the_other_versions_are_named_in_chinese_too(client, works):
    page = client.get("/zh-hans/publications/").content.decode()
    assert "其他版本：" in page and "技术报告, 2014" in page
