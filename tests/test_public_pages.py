"""The public pages open on the demo data and show only public data."""

import pytest
from django.urls import reverse

from people.models import Person
from pubs.models import Paper, Venue, VenueRank

pytestmark = pytest.mark.usefixtures("demo")


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/publications/",
        "/people/",
        "/people/jin-fang/",
        "/groups/ustc-int/",
        "/venues/",
        "/venues/ton/",
    ],
)
def test_page_opens(client, url):
    assert client.get(url).status_code == 200


def test_every_paper_page_opens(client):
    for paper in Paper.objects.all():
        assert client.get(paper.get_absolute_url()).status_code == 200, paper.slug


def test_person_page_lists_their_papers_with_their_name_in_bold(client):
    html = client.get("/people/jiangfei-duan/").content.decode()
    assert "<strong>Jiangfei Duan</strong>" in html
    assert "SpotServe" in html
    assert "GOAT" not in html


def test_hidden_paper_is_not_shown(client):
    paper = Paper.objects.get(title__startswith="GOAT")
    paper.is_public = False
    paper.save()
    assert client.get(paper.get_absolute_url()).status_code == 404
    assert "GOAT" not in client.get(reverse("pubs:paper-list")).content.decode()


def test_private_email_is_not_shown(client):
    Person.objects.filter(slug="jin-fang").update(email="private-marker@example.org")
    assert "private-marker" not in client.get("/people/jin-fang/").content.decode()


def test_unknown_slug_is_404(client):
    assert client.get("/people/nobody/").status_code == 404


def test_a_patent_whose_first_inventor_is_unknown_does_not_show_him_first(client):
    paper = Paper.objects.get(number="CN115687232A")
    html = client.get(paper.get_absolute_url()).content.decode()
    assert '…, <a href="/people/jiarui-fang/">Jiarui Fang</a>, et al.' in html


def test_an_entry_shows_the_rank_then_when_it_differs_from_now(client):
    ijcai = Venue.objects.create(
        abbreviation="IJCAI", name="IJCAI", kind="conference", slug="ijcai"
    )
    VenueRank.objects.create(venue=ijcai, edition=2022, rank="A", field="ai")
    VenueRank.objects.create(venue=ijcai, edition=2026, rank="B", field="ai")
    Paper.objects.filter(title__startswith="RoCBert").update(venue=ijcai)
    html = client.get("/publications/").content.decode()
    assert "CCF B (A in 2022)" in html
