"""A hand-made admin POST naming rows by ids that are no ids gets a form error or a bad
request, never a server error."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.admin.test_paper_form import paper_form_data
from tests.factories import PersonFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(admin_client):
    admin_client.raise_request_exception = False  # a 500 is what is tested against
    return admin_client


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("venue", "abc"),
        ("tags", "abc"),
        ("groups", "1 OR 1=1"),
        ("authorships-0-person", "abc"),
    ],
)
def test_a_paper_posted_with_an_id_that_is_no_id_is_a_form_error(admin_client, field, value):
    data = paper_form_data(authors=[{"person": PersonFactory().pk}])
    data[field] = value
    response = admin_client.post(reverse("admin:pubs_paper_add"), data)
    assert response.status_code == 200
    assert 'class="errornote"' in response.content.decode()


@pytest.mark.parametrize(
    ("url", "data"),
    [
        ("admin:people_membership_add", {"person": "abc", "group": "x", "role": "phd"}),
        ("admin:people_advising_add", {"student": "abc", "advisor": "1e3", "role": "advisor"}),
    ],
)
def test_a_relation_posted_with_ids_that_are_no_ids_is_a_form_error(admin_client, url, data):
    response = admin_client.post(reverse(url), data)
    assert response.status_code == 200
    assert 'class="errornote"' in response.content.decode()


@pytest.mark.parametrize(
    ("changelist", "action"),
    [
        ("admin:pubs_paper_changelist", "make_public"),
        ("admin:pubs_paper_changelist", "find_versions"),
        ("admin:pubs_venue_changelist", "delete_selected"),
        ("admin:pubs_tag_changelist", "delete_selected"),
        ("admin:people_person_changelist", "merge_people"),
        ("admin:people_membership_changelist", "confirm_requests"),
        ("admin:pubs_bibteximport_changelist", "delete_selected"),
    ],
)
def test_an_action_on_ids_that_are_no_ids_is_a_bad_request(admin_client, changelist, action):
    response = admin_client.post(
        reverse(changelist), {"action": action, "_selected_action": ["1", "abc"]}
    )
    assert response.status_code == 400
