"""A list of at most WHOLE_LIST_LIMIT papers may be shown whole, on one page (``?all=1``)."""

import re

import pytest

from pubs.queries import selectors
from tests.factories import bulk_dataset

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

ENTRY = re.compile(r'<li class="paper[^"]*" id="paper-')


@pytest.fixture
def papers_on_two_pages() -> None:
    bulk_dataset(selectors.PAGE_SIZE + 20, prefix="many")


def listed(client, url: str) -> tuple[int, str]:
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    return len(ENTRY.findall(page)), page


@pytest.mark.usefixtures("papers_on_two_pages")
def test_a_list_shows_one_page_of_papers_and_offers_the_whole_list(client):
    shown, page = listed(client, "/publications/")
    assert shown == selectors.PAGE_SIZE
    assert 'href="?all=1" class="show-all"' in page


@pytest.mark.usefixtures("papers_on_two_pages")
def test_all_shows_every_paper_of_the_list_on_one_page(client):
    shown, page = listed(client, "/publications/?all=1")
    assert shown == selectors.PAGE_SIZE + 20
    assert 'class="pagination"' not in page


@pytest.mark.usefixtures("papers_on_two_pages")
def test_all_keeps_the_lists_filters(client):
    year = listed(client, "/publications/?year=2001")[0]
    assert 0 < year < selectors.PAGE_SIZE
    assert listed(client, "/publications/?all=1&year=2001")[0] == year


@pytest.mark.usefixtures("papers_on_two_pages")
def test_a_list_longer_than_the_limit_is_shown_a_page_at_a_time(client, monkeypatch):
    monkeypatch.setattr(selectors, "WHOLE_LIST_LIMIT", selectors.PAGE_SIZE)
    shown, page = listed(client, "/publications/?all=1")
    assert shown == selectors.PAGE_SIZE
    assert "show-all" not in page


def test_a_list_on_one_page_offers_no_whole_list(client):
    bulk_dataset(3, prefix="few")
    assert "show-all" not in listed(client, "/publications/")[1]
