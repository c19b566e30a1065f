"""Saving a paper with its "venue as printed" and no venue chosen gives it the venue that text
names, read as an import reads it; a text naming none saves the paper as it is, and says so."""

import pytest
from django.urls import reverse

from pubs.models import Paper, Venue
from tests.admin.test_paper_form import paper_form_data
from tests.factories import PaperFactory

pytestmark = pytest.mark.usefixtures("catalogue")


def save(client, paper: Paper | None = None, **fields):
    url = (
        reverse("admin:pubs_paper_change", args=[paper.pk])
        if paper
        else reverse("admin:pubs_paper_add")
    )
    response = client.post(url, paper_form_data(paper, **fields), follow=True)
    assert response.redirect_chain, response.context["adminform"].form.errors
    return [str(message) for message in response.context["messages"]]


def test_a_new_paper_takes_the_venue_its_venue_as_printed_names(admin_client):
    messages = save(admin_client, container_title="SC'23")
    assert Paper.objects.get(slug="a-paper").venue.slug == "sc"
    assert any("found from the venue as printed “SC'23”" in m for m in messages)


def test_a_changed_paper_takes_the_venue_too(admin_client):
    paper = PaperFactory(venue=None, kind="journal", container_title="")
    save(
        admin_client, paper, container_title="IEEE Trans. on CAD of Integrated Circuits and Systems"
    )
    paper.refresh_from_db()
    assert paper.venue.slug == "tcad"


def test_a_paper_without_a_year_takes_the_year_the_venue_as_printed_holds(admin_client):
    messages = save(admin_client, container_title="NSDI '24", year="")
    paper = Paper.objects.get(slug="a-paper")
    assert (paper.venue.slug, paper.year) == ("nsdi", 2024)
    assert "Year 2024 taken from the venue as printed." in messages


def test_a_chosen_venue_is_kept(admin_client):
    icnp = Venue.objects.get(slug="icnp")
    save(admin_client, venue=icnp.pk, container_title="SC'23")
    assert Paper.objects.get(slug="a-paper").venue == icnp


def test_a_venue_as_printed_naming_no_venue_saves_the_paper_and_says_so(admin_client):
    messages = save(admin_client, container_title="Workshop on Odd Things")
    paper = Paper.objects.get(slug="a-paper")
    assert (paper.venue, paper.container_title) == (None, "Workshop on Odd Things")
    assert any(
        "No venue matches the venue as printed “Workshop on Odd Things”" in m for m in messages
    )
