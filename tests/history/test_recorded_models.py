"""People, venues and memberships edited in the admin are kept with who and when."""

import pytest
from django.urls import reverse

from people.models import Role
from tests.factories import MembershipFactory, PersonFactory, VenueFactory
from tests.roles.test_tampering import profile_data

pytestmark = pytest.mark.django_db


def post_change(client, obj, data) -> None:
    url = reverse(f"admin:{obj._meta.app_label}_{obj._meta.model_name}_change", args=[obj.pk])
    response = client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors


def test_a_person_edit_is_kept_with_the_user(admin_client, admin_user):
    person = PersonFactory(bio="Before")
    post_change(admin_client, person, profile_data(person, bio="After"))
    before, after = person.history.order_by("history_date")
    assert (before.bio, after.bio) == ("Before", "After")
    assert after.history_user == admin_user


def test_a_venue_edit_is_kept_with_the_user(admin_client, admin_user):
    venue = VenueFactory(name="Old name")
    data = {
        "abbreviation": venue.abbreviation,
        "name": "New name",
        "kind": venue.kind,
        "slug": venue.slug,
        "aliases": "",
        "ranks-TOTAL_FORMS": 0,
        "ranks-INITIAL_FORMS": 0,
    }
    post_change(admin_client, venue, data)
    assert venue.history.latest().name == "New name"
    assert venue.history.latest().history_user == admin_user


def test_a_membership_edit_is_kept_with_the_user(admin_client, admin_user):
    membership = MembershipFactory()
    data = {
        "person": membership.person_id,
        "group": membership.group_id,
        "role": Role.POSTDOC,
        "note": "Promoted",
    }
    post_change(admin_client, membership, data)
    latest = membership.history.latest()
    assert (latest.role, latest.note, latest.history_user) == (Role.POSTDOC, "Promoted", admin_user)


def test_a_deleted_person_stays_in_the_history(admin_client):
    person = PersonFactory(family_name="Gone")
    pk = person.pk
    admin_client.post(reverse("admin:people_person_delete", args=[pk]), {"post": "yes"})
    assert person.history.model.objects.filter(id=pk, history_type="-").exists()
