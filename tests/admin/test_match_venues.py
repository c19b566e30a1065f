"""The admin action that finds a paper's venue from the venue as printed."""

import pytest
from django.urls import reverse

from pubs.models import Paper
from tests.factories import PaperFactory, VenueFactory

pytestmark = pytest.mark.django_db


def run_action(admin_client, papers):
    return admin_client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "match_venues", "_selected_action": [p.pk for p in papers]},
        follow=True,
    )


def test_papers_get_the_venue_their_printed_venue_names(admin_client):
    icnp = VenueFactory(
        abbreviation="ICNP",
        name="IEEE International Conference on Network Protocols",
        dblp_key="conf/icnp",
    )
    paper = PaperFactory(
        venue=None,
        container_title="2024 IEEE 32nd International Conference on Network Protocols (ICNP)",
    )
    response = run_action(admin_client, [paper])
    paper.refresh_from_db()
    assert paper.venue == icnp
    assert "1 papers given a venue." in response.content.decode()


def test_a_miss_is_reported_with_its_reason_and_changes_nothing(admin_client):
    VenueFactory(abbreviation="ICNP", name="IEEE International Conference on Network Protocols")
    paper = PaperFactory(venue=None, container_title="Workshop on Something at ICNP 2024")
    response = run_action(admin_client, [paper])
    paper.refresh_from_db()
    assert paper.venue is None
    assert "No venue for" in response.content.decode()


def test_a_paper_that_has_a_venue_keeps_it(admin_client):
    chosen = VenueFactory()
    VenueFactory(abbreviation="ICNP", name="IEEE International Conference on Network Protocols")
    paper = PaperFactory(venue=chosen, container_title="ICNP 2024")
    run_action(admin_client, [paper])
    assert Paper.objects.get(pk=paper.pk).venue == chosen
