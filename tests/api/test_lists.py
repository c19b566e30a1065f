"""The API's lists: filtered as the public lists are (the one FilterSet, on the one read of
public papers), a page at a time, at most 500 items a page."""

import pytest

from pubs.queries import selectors
from pubs.web.filters import PaperFilter
from tests.privacy.crawl import FILTERS

pytestmark = pytest.mark.usefixtures("demo")


def slugs(client, url: str) -> list[str]:
    response = client.get(url)
    assert response.status_code == 200, response.content
    return [paper["slug"] for paper in response.json()["results"]]


@pytest.mark.parametrize(
    "query", [*FILTERS, "?person=jin-fang", "?group=ustc-int&rank=A", "?venue=icnp", "?year=2024"]
)
def test_a_filter_gives_the_papers_of_the_public_list(client, query):
    data = dict(pair.split("=") for pair in query.lstrip("?").split("&"))
    listed = PaperFilter(data, queryset=selectors.public_papers()).qs
    expected = [paper.slug for paper in listed[:500]]
    assert expected
    assert slugs(client, f"/api/v1/papers/{query}&page_size=500") == expected


def test_a_page_links_to_the_next_with_the_canonical_query(client):
    body = client.get("/api/v1/papers/?utm_source=x&page_size=2&rank=A").json()
    assert body["next"] == "http://testserver/api/v1/papers/?page_size=2&rank=A&page=2"
    assert body["previous"] is None
    second = client.get(body["next"]).json()
    assert second["previous"] == "http://testserver/api/v1/papers/?page_size=2&rank=A"


def test_pages_together_give_the_whole_list(client):
    whole = slugs(client, "/api/v1/papers/?page_size=500")
    pages = slugs(client, "/api/v1/papers/?page_size=7") + slugs(
        client, "/api/v1/papers/?page_size=7&page=2"
    )
    assert pages == whole[:14]


@pytest.mark.parametrize("size", ["0", "501", "many"])
def test_a_page_size_beyond_the_bounds_is_refused(client, size):
    response = client.get(f"/api/v1/papers/?page_size={size}")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["page_size"]


def test_a_page_past_the_last_is_not_found(client):
    assert client.get("/api/v1/papers/?page=9999").status_code == 404


def test_a_paper_gives_its_venues_rank_in_each_ccf_edition(client):
    paper = client.get("/api/v1/papers/?venue=icnp&page_size=1").json()["results"][0]
    assert paper["venue"]["slug"] == "icnp"
    assert paper["ccf"]["current"] == "B"
    assert {row["edition"] for row in paper["ccf"]["editions"]} == {2022, 2026}


def test_a_venue_gives_its_rank_in_each_edition_and_field(client):
    venue = client.get("/api/v1/venues/icnp/").json()
    assert [(r["edition"], r["rank"]) for r in venue["ranks"]] == [(2026, "B"), (2022, "B")]
    assert venue["papers_url"] == "http://testserver/api/v1/papers/?venue=icnp"


def test_a_group_gives_its_members_by_role(client):
    group = client.get("/api/v1/groups/ustc-int/").json()
    roles = {role["role"]: role for role in group["members"]}
    assert [m["person"]["slug"] for m in roles["pi"]["current"]] == ["hongli-xu"]
    assert "jin-fang" in [m["person"]["slug"] for m in roles["phd"]["current"]]


def test_a_group_gives_the_counts_of_its_page(client):
    counts = client.get("/api/v1/groups/ustc-int/").json()["counts"]
    years = [row["year"] for row in counts["by_year_and_rank"]]
    assert years == list(range(years[0], years[-1] + 1))
    total = sum(sum(row["by_rank"].values()) for row in counts["by_year_and_rank"])
    dated = sum(row["papers"] for row in counts["by_year"] if row["year"])
    assert (
        total
        == dated
        == sum(counts["by_rank"].values())
        - sum(row["papers"] for row in counts["by_year"] if row["year"] is None)
    )
