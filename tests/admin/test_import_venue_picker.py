"""The import preview picks the venue no known venue matched with the admin's autocomplete
(as the paper form does), or makes it a new venue, or none."""

import json

import pytest
from django.urls import reverse

from pubs.models import Paper, Venue
from tests.importing.test_admin_import import preview_url, upload

pytestmark = pytest.mark.usefixtures("catalogue")

UNMATCHED = """@inproceedings{odd2025,
  title = {A Paper At An Odd Workshop},
  author = {Ada Lovelace},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""
FIELD = "venue:Workshop on Odd Things"


def test_an_unmatched_venue_is_picked_with_the_autocomplete(admin_client):
    response = admin_client.get(preview_url(upload(admin_client, UNMATCHED)))
    html = response.content.decode()
    assert f'name="{FIELD}"' in html
    assert "admin-autocomplete" in html
    assert 'data-model-name="paper"' in html and 'data-field-name="venue"' in html
    assert "admin/js/autocomplete.js" in html  # the widget's script is on the page


def test_the_autocomplete_finds_a_venue_by_its_abbreviation(admin_client):
    params = {"app_label": "pubs", "model_name": "paper", "field_name": "venue", "term": "ICNP"}
    response = admin_client.get(reverse("admin:autocomplete"), params)
    icnp = Venue.objects.get(slug="icnp")
    assert str(icnp.pk) in [r["id"] for r in json.loads(response.content)["results"]]


def test_the_venue_picked_is_the_paper_venue(admin_client):
    url = preview_url(upload(admin_client, UNMATCHED))
    icnp = Venue.objects.get(slug="icnp")
    response = admin_client.post(url, {FIELD: icnp.pk, "venue-other:Workshop on Odd Things": ""})
    assert f'<option value="{icnp.pk}" selected>' in response.content.decode()

    admin_client.post(url, {FIELD: icnp.pk, "confirm": "Import"})
    assert Paper.objects.get(title="A Paper At An Odd Workshop").venue == icnp


@pytest.mark.parametrize(("other", "venue_name"), [("new", "Workshop on Odd Things"), ("-", None)])
def test_a_new_venue_or_none_may_be_chosen_instead(admin_client, other, venue_name):
    url = preview_url(upload(admin_client, UNMATCHED))
    admin_client.post(url, {FIELD: "", "venue-other:Workshop on Odd Things": other, "confirm": "1"})
    paper = Paper.objects.get(title="A Paper At An Odd Workshop")
    assert (paper.venue.name if paper.venue else None) == venue_name


def test_the_group_of_an_import_is_picked_with_the_autocomplete(admin_client):
    html = admin_client.get(reverse("admin:pubs_bibteximport_upload")).content.decode()
    assert 'name="group"' in html and "admin-autocomplete" in html
    assert 'data-field-name="groups"' in html
