"""No private value reaches the public: every public URL of every object, in every format,
language and citation style, is read and searched for the markers of tests.privacy.markers."""

from xml.etree import ElementTree

import pytest

from people.models import Group, Person
from pubs.models import Paper, Venue
from pubs.queries import selectors
from tests.privacy import crawl
from tests.privacy.markers import (
    HIDDEN_PAPER,
    HIDDEN_PERSON,
    HIDDEN_TAG,
    MARKER,
    PUBLISHED_EMAIL,
    shows_marker,
)

pytestmark = pytest.mark.usefixtures("private")

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def problems(client, urls: list[str], status: int = 200) -> list[str]:
    """The URLs that answer other than ``status`` or show a marker, each with why."""
    found = []
    for url in urls:
        response = client.get(url)
        if response.status_code != status:
            found.append(f"{url}: status {response.status_code}")
        elif shows_marker(response.content.decode()):
            found.append(f"{url}: shows a private value")
    return found


def test_the_private_values_are_in_the_database():
    assert Paper.objects.filter(is_public=False, slug=HIDDEN_PAPER).exists()
    assert Paper.objects.filter(internal_note__startswith=MARKER).count() > 50
    assert Person.objects.filter(internal_note__startswith=MARKER).count() > 100


def test_no_index_list_filter_export_feed_or_sitemap_shows_a_private_value(client):
    assert problems(client, crawl.site_urls()) == []


def test_no_page_or_export_of_a_public_paper_shows_a_private_value(client):
    papers = selectors.public_papers()
    assert problems(client, crawl.object_urls(papers=papers, people=[], groups=[], venues=[])) == []


def test_no_page_export_or_cv_of_a_public_person_shows_a_private_value(client):
    people = selectors.public_people()
    assert problems(client, crawl.object_urls(papers=[], people=people, groups=[], venues=[])) == []


def test_no_page_export_or_cv_of_a_group_or_a_venue_shows_a_private_value(client):
    urls = crawl.object_urls(papers=[], people=[], groups=Group.objects.all())
    urls += crawl.object_urls(papers=[], people=[], groups=[], venues=Venue.objects.all())
    assert problems(client, urls) == []


def test_a_hidden_paper_has_no_page_and_no_export(client):
    assert problems(client, crawl.paper_urls(HIDDEN_PAPER), status=404) == []


def test_an_outside_author_of_hidden_papers_only_has_no_page_and_no_export(client):
    assert problems(client, crawl.person_urls(HIDDEN_PERSON), status=404) == []


def test_people_of_hidden_papers_only_are_the_only_people_not_shown():
    hidden = Person.objects.exclude(pk__in=selectors.public_people())
    assert list(hidden.values_list("slug", flat=True)) == [HIDDEN_PERSON]


@pytest.mark.parametrize(
    "url", [f"/publications/?tag={HIDDEN_TAG}", f"/publications/?person={HIDDEN_PERSON}"]
)
def test_a_filter_naming_what_only_a_hidden_paper_has_finds_nothing(client, url):
    assert "No publications." in client.get(url).content.decode()


def test_a_published_email_is_shown(client):
    assert PUBLISHED_EMAIL in client.get("/people/jin-fang/").content.decode()


def test_the_sitemap_lists_every_public_page_and_nothing_else(client):
    sitemap = ElementTree.fromstring(client.get("/sitemap.xml").content)
    locations = {
        loc.text.removeprefix("http://testserver") for loc in sitemap.iter(f"{SITEMAP}loc")
    }
    objects = [
        *selectors.public_papers(),
        *selectors.public_people(),
        *Group.objects.all(),
        *selectors.venues(with_papers_only=True),
    ]
    pages = {"/", "/publications/", "/people/", "/venues/"}
    pages |= {o.get_absolute_url() for o in objects}
    assert locations == pages | {crawl.CHINESE + page for page in pages}


def test_robots_txt_names_the_sitemap_and_keeps_crawlers_out_of_the_admin(client):
    text = client.get("/robots.txt").content.decode()
    assert "Disallow: /admin/" in text.splitlines()
    assert "Sitemap: http://testserver/sitemap.xml" in text.splitlines()
