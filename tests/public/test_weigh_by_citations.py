"""The counts by CCF rank and year of a person's and a group's page, weighed by citations
(``?weigh=citations``): each paper counted as often as it is cited."""

import datetime

import pytest
from django.http import QueryDict

from pubs.models import CitationCount
from pubs.web.filters import StatsListQuery
from tests.factories import GroupFactory, PersonFactory, VenueRankFactory, paper_with_authors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

READ = datetime.date(2026, 11, 20)


@pytest.fixture
def person():
    """Two CCF A papers of 2023 (cited 100 and 20 times), a CCF B paper of 2024 (cited 5
    times) and a CCF B paper of 2024 without a count, all in one group."""
    person = PersonFactory()
    group = GroupFactory(slug="systems")
    venue_a = VenueRankFactory(rank="A").venue
    venue_b = VenueRankFactory(rank="B").venue
    for venue, year, count in [
        (venue_a, 2023, 100),
        (venue_a, 2023, 20),
        (venue_b, 2024, 5),
        (venue_b, 2024, None),
    ]:
        paper = paper_with_authors(person, venue=venue, year=year)
        paper.groups.add(group)
        if count is not None:
            CitationCount.objects.create(paper=paper, count=count, source="OpenAlex", date=READ)
    return person


def page(client, url: str):
    response = client.get(url)
    assert response.status_code == 200, response.content
    return response


def test_a_person_page_counts_papers_by_rank_and_year_by_default(client, person):
    response = page(client, person.get_absolute_url())
    assert response.context["weigh"] == "papers"
    assert response.context["rank_counts"] == {"A": 2, "B": 2}
    assert response.context["year_counts_all"] == [(2024, 2), (2023, 2)]


def test_weighed_by_citations_a_person_page_adds_up_their_citations(client, person):
    response = page(client, f"{person.get_absolute_url()}?weigh=citations")
    assert response.context["rank_counts"] == {"A": 120, "B": 5}
    assert response.context["year_counts_all"] == [(2024, 5), (2023, 120)]


def test_the_page_offers_the_switch_between_papers_and_citations(client, person):
    html = page(client, person.get_absolute_url()).content.decode()
    assert '<a href="?weigh=citations" rel="nofollow">citations</a>' in html
    html = page(client, f"{person.get_absolute_url()}?weigh=citations").content.decode()
    assert '<a href="?">papers</a>' in html


def test_no_switch_is_offered_when_no_paper_is_cited(client):
    author = PersonFactory()
    paper_with_authors(author)
    assert 'class="weigh"' not in page(client, author.get_absolute_url()).content.decode()


def test_weighed_by_citations_a_group_page_sums_up_and_charts_citations(client, person):
    response = page(client, "/groups/systems/?weigh=citations")
    html = response.content.decode()
    assert [(row.year, row.counts) for row in response.context["chart"]] == [
        (2023, {"A": 120}),
        (2024, {"B": 5}),
    ]
    assert "120 citations of CCF-A papers, 5 of CCF-B papers" in html
    assert "Citations per year of the papers by CCF rank" in html


def test_a_group_page_counts_papers_by_default(client, person):
    html = page(client, "/groups/systems/").content.decode()
    assert "2 CCF-A, 2 CCF-B papers" in html and "Papers per year by CCF rank" in html


def test_the_list_itself_does_not_change(client, person):
    plain = page(client, person.get_absolute_url()).context["total"]
    assert page(client, f"{person.get_absolute_url()}?weigh=citations").context["total"] == plain


def test_the_exports_of_the_list_do_not_carry_the_weighing(client, person):
    response = page(client, f"{person.get_absolute_url()}?weigh=citations&rank=A")
    assert all(url.endswith("?rank=A") for url in response.context["exports"].values())


@pytest.mark.parametrize("query", ["weigh=likes", "weigh=citations&weigh=papers"])
def test_another_weighing_is_a_bad_request(client, person, query):
    response = client.get(f"{person.get_absolute_url()}?{query}")
    assert response.status_code == 400 and b"weigh" in response.content


def test_weighing_by_papers_is_the_page_s_own_query():
    query = StatsListQuery(QueryDict("weigh=papers"))
    assert query.is_valid() and query.canonical().urlencode() == ""
    query = StatsListQuery(QueryDict("weigh=citations"))
    assert query.is_valid() and query.canonical().urlencode() == "weigh=citations"
