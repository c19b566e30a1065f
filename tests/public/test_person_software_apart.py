"""A person's software and data sets are listed apart from their publications, under a
heading of their own, unless the site lists them among the publications
(LABPUBS_SOFTWARE_APART); one partial renders every entry either way."""

import pytest

from pubs.models import Paper, PaperKind
from tests.factories import PersonFactory, paper_with_authors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]


@pytest.fixture
def ada():
    """Ada Roe: a journal article, a software package and a data set."""
    ada = PersonFactory(given_name="Ada", family_name="Roe", slug="ada-roe")
    for title, kind in (
        ("Routing in Practice", PaperKind.JOURNAL),
        ("roetool", PaperKind.SOFTWARE),
        ("Routes of 2024", PaperKind.DATASET),
    ):
        paper_with_authors(ada, title=title, kind=kind, year=2024, is_public=True)
    return ada


def titles(entries) -> list[str]:
    """The titles of listed entries (stored entries and live ones both name their slug)."""
    by_slug = dict(Paper.objects.values_list("slug", "title"))
    return [by_slug[entry.slug] for entry in entries]


def test_software_and_data_sets_are_listed_apart_under_their_own_heading(client, ada):
    response = client.get(ada.get_absolute_url())
    assert sorted(titles(response.context["listed_apart"])) == ["Routes of 2024", "roetool"]
    assert [titles(rows) for _year, rows in response.context["years"]] == [["Routing in Practice"]]
    html = response.content.decode()
    assert "<h2>Software and data sets</h2>" in html
    assert html.index("Routing in Practice") < html.index("<h2>Software and data sets</h2>")
    assert html.index("<h2>Software and data sets</h2>") < html.index("roetool")


def test_a_site_may_list_them_among_the_publications(client, ada, settings):
    settings.LABPUBS_SOFTWARE_APART = False
    response = client.get(ada.get_absolute_url())
    assert response.context["listed_apart"] == []
    (listed,) = [titles(rows) for _year, rows in response.context["years"]]
    assert sorted(listed) == ["Routes of 2024", "Routing in Practice", "roetool"]
    assert "Software and data sets" not in response.content.decode()


def test_the_counts_are_of_the_publications_listed(client, ada):
    response = client.get(ada.get_absolute_url())
    assert response.context["year_counts_all"] == [(2024, 1)]
