"""The Atom feeds (the site's, a person's, a group's) read by feedparser, the parser of most
feed readers: well-formed, and each entry's title, authors, link and dates those of the
stored paper.

An entry carries only what a feed reader shows of a new paper: its other fields have no
place in Atom (they are on the paper's page, the entry's link, and in the exports).
"""

from __future__ import annotations

import calendar

import feedparser
import pytest

from people.models import Group, Person
from pubs.models import Paper

pytestmark = pytest.mark.usefixtures("demo")


def _feeds() -> list[str]:
    person = Person.objects.filter(authorships__isnull=False).order_by("slug").first()
    group = Group.objects.order_by("slug").first()
    return ["/feeds/publications/", f"/people/{person.slug}/feed/", f"/groups/{group.slug}/feed/"]


def _read(client, url: str):
    response = client.get(url)
    assert response.status_code == 200
    return feedparser.parse(response.content)


def _seconds(moment) -> int:
    return int(moment.timestamp())


def test_feedparser_reads_every_feed_without_complaint(client):
    urls = _feeds()
    assert len(urls) == 3
    for url in urls:
        feed = _read(client, url)
        assert not feed.bozo, (url, feed.get("bozo_exception"))
        assert feed.entries, url


def test_every_entry_gives_the_stored_title_link_and_authors(client):
    checked = 0
    for url in _feeds():
        for entry in _read(client, url).entries:
            paper = Paper.objects.get(slug=entry.link.rstrip("/").rsplit("/", 1)[-1])
            names = [
                authorship.display_name for authorship in paper.authorships.order_by("position")
            ]
            assert entry.title == paper.title
            assert entry.link.endswith(paper.get_absolute_url())
            assert [author.name for author in entry.get("authors", [])] == names
            checked += 1
    assert checked


def test_every_entry_gives_the_stored_dates(client):
    entries = _read(client, "/feeds/publications/").entries
    assert entries
    for entry in entries:
        paper = Paper.objects.get(slug=entry.link.rstrip("/").rsplit("/", 1)[-1])
        assert calendar.timegm(entry.published_parsed) == _seconds(paper.created)
        assert calendar.timegm(entry.updated_parsed) == _seconds(paper.modified)


def test_every_entry_has_its_own_id(client):
    entries = _read(client, "/feeds/publications/").entries
    assert len({entry.id for entry in entries}) == len(entries) > 1
