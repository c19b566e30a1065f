"""Every page of the URL contract opens on the demo data and shows only public data."""

import pytest
from django.urls import reverse

from people.models import Person
from pubs.models import Paper, Venue, VenueRank

pytestmark = pytest.mark.usefixtures("demo")

CONTRACT = [
    "/",
    "/publications/",
    "/people/",
    "/people/jin-fang/",
    "/groups/ustc-int/",
    "/groups/cuhk-mmlab/",
    "/venues/",
    "/venues/?sort=name",
    "/venues/?sort=papers",
    "/venues/?all=1",
    "/venues/ton/",
    "/publications/non-idle-machine-aware-worker-placement-for-2024/",
    "/feeds/publications/",
]


@pytest.mark.parametrize("url", CONTRACT)
def test_page_opens(client, url):
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", CONTRACT)
def test_page_opens_in_chinese(client, url):
    assert client.get(f"/zh-hans{url}").status_code == 200


def test_every_paper_page_opens(client):
    papers = list(Paper.objects.all())
    assert papers
    for paper in papers:
        assert client.get(paper.get_absolute_url()).status_code == 200, paper.slug


def test_every_person_page_opens(client):
    persons = list(Person.objects.all())
    assert persons
    for person in persons:
        assert client.get(person.get_absolute_url()).status_code == 200, person.slug


def test_every_venue_page_opens(client):
    venues = list(Venue.objects.all())
    assert venues
    for venue in venues:
        assert client.get(venue.get_absolute_url()).status_code == 200, venue.slug


def test_hidden_paper_is_not_shown(client):
    paper = Paper.objects.get(title__startswith="GOAT")
    paper.is_public = False
    paper.save()
    assert client.get(paper.get_absolute_url()).status_code == 404
    for url in ("/publications/", "/people/jin-fang/", "/groups/ustc-int/", "/feeds/publications/"):
        assert "GOAT" not in client.get(url).content.decode(), url


def test_private_email_is_not_shown(client):
    Person.objects.filter(slug="jin-fang").update(email="private-marker@example.org")
    assert "private-marker" not in client.get("/people/jin-fang/").content.decode()


def test_public_email_is_shown(client):
    Person.objects.filter(slug="jin-fang").update(email="jin@example.org", email_public=True)
    assert 'href="mailto:jin@example.org"' in client.get("/people/jin-fang/").content.decode()


@pytest.mark.parametrize(
    "url", ["/people/nobody/", "/groups/nobody/", "/venues/nobody/", "/publications/nothing/"]
)
def test_unknown_slug_is_404(client, url):
    assert client.get(url).status_code == 404


def test_a_patent_whose_first_inventor_is_unknown_does_not_show_him_first(client):
    paper = Paper.objects.get(number="CN115687232A")
    html = client.get(paper.get_absolute_url()).content.decode()
    assert '<li>…</li><li><a href="/people/jiarui-fang/">Jiarui Fang</a>' in html


def test_an_entry_shows_the_rank_then_when_it_differs_from_now(client):
    ijcai = Venue.objects.create(
        abbreviation="IJCAI", name="IJCAI", kind="conference", slug="ijcai"
    )
    VenueRank.objects.create(venue=ijcai, edition=2022, rank="A", field="ai")
    VenueRank.objects.create(venue=ijcai, edition=2026, rank="B", field="ai")
    Paper.objects.filter(title__startswith="RoCBert").update(venue=ijcai)
    html = client.get(reverse("pubs:paper-list")).content.decode()
    assert "CCF B (A in 2022)" in html
