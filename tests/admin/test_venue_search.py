"""The admin's venue picker (the paper form's and the import preview's autocomplete, and the
venue list's search) reads a typed venue as the import reads a printed one and ranks the venue
it names first: an exact abbreviation, then an exact name or alias, then a prefix, the rest."""

import json

import pytest
from django.urls import reverse

from pubs.models import Venue
from tests.factories import VenueFactory

pytestmark = pytest.mark.usefixtures("catalogue")


def picked(client, term: str) -> list[str]:
    """The slugs the paper form's venue autocomplete offers for ``term``, in order."""
    params = {"app_label": "pubs", "model_name": "paper", "field_name": "venue", "term": term}
    results = json.loads(client.get(reverse("admin:autocomplete"), params).content)["results"]
    slugs = dict(Venue.objects.values_list("pk", "slug"))
    return [slugs[int(result["id"])] for result in results]


@pytest.mark.parametrize(
    ("term", "slug"),
    [
        ("SC'23", "sc"),
        ("SC", "sc"),
        ("NSDI '24", "nsdi"),
        ("ICML 2024", "icml"),
        ("Proc. of NSDI", "nsdi"),
        ("Proc. of the International Conference on Machine Learning", "icml"),
        (
            "Proceedings of the 14th International Joint Conference on Artificial Intelligence "
            "(IJCAI-95)",
            "ijcai",
        ),
        ("PPSN-X, Tenth International Conference on Parallel Problem Solving from Nature", "ppsn"),
    ],
)
def test_a_typed_venue_finds_the_venue_it_names_first(admin_client, term, slug):
    assert picked(admin_client, term)[0] == slug


def test_an_abbreviation_lists_the_venue_before_names_that_contain_it(admin_client):
    found = picked(admin_client, "SC")
    assert found[0] == "sc"
    assert "connection-science" in found


def test_an_exact_name_comes_before_a_prefix_and_the_rest(admin_client):
    VenueFactory(name="Computer Networks Workshop", abbreviation="", slug="cnw")
    VenueFactory(name="Advances in Computer Networks", abbreviation="", slug="acn")
    found = picked(admin_client, "Computer Networks")
    assert found.index("cn") < found.index("cnw") < found.index("acn")


def test_an_exact_alias_comes_before_a_prefix(admin_client):
    VenueFactory(name="Lab Retreat", abbreviation="", slug="retreat", aliases=["Summer Meeting"])
    VenueFactory(name="Summer Meeting on Things", abbreviation="", slug="summer")
    found = picked(admin_client, "Summer Meeting")
    assert found.index("retreat") < found.index("summer")


def test_a_venue_renamed_since_the_index_was_built_is_found_by_its_new_name_only(admin_client):
    VenueFactory(name="Foo Symposium", abbreviation="FOOS", slug="meeting-one")
    assert picked(admin_client, "FOOS'24") == ["meeting-one"]
    # Renamed without a signal: the index, built before, still knows the old name.
    Venue.objects.filter(slug="meeting-one").update(name="Bar Meeting", abbreviation="BARM")
    assert picked(admin_client, "FOOS'24") == []
    assert picked(admin_client, "BARM'24") == ["meeting-one"]


def test_the_venue_list_ranks_its_search_unless_a_column_orders_it(admin_client):
    url = reverse("admin:pubs_venue_changelist")
    ranked = admin_client.get(url, {"q": "SC'23"}).context["cl"].result_list
    assert ranked[0].slug == "sc"
    by_name = admin_client.get(url, {"q": "SC", "o": "2"}).context["cl"].result_list
    names = [venue.name for venue in by_name]
    assert names == sorted(names)


def test_a_keystroke_costs_a_bounded_number_of_queries(admin_client, django_assert_max_num_queries):
    picked(admin_client, "SC'23")  # the index is built once
    # The request's own (session, user), 2 to see that no venue changed, the search, its count.
    with django_assert_max_num_queries(8):
        picked(admin_client, "NSDI '24")
