"""A membership's dates in the admin: a day, or a month ("2025-03") or a year ("2025"), a start
read as its first day and an end as its last."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from people.models import Membership, Role
from tests.factories import GroupFactory, PersonFactory

ADD = reverse("admin:people_membership_add")


@pytest.fixture
def membership_data(db) -> dict:
    """The add form's data of a PhD student's membership, its dates left to each test."""
    return {"person": PersonFactory().pk, "group": GroupFactory().pk, "role": Role.PHD}


def test_a_bare_year_is_the_first_day_of_a_start_and_the_last_of_an_end(
    admin_client, membership_data
):
    response = admin_client.post(ADD, {**membership_data, "start": "2021", "end": "2025"})
    assert response.status_code == 302
    membership = Membership.objects.get()
    assert (membership.start, membership.end) == (
        datetime.date(2021, 1, 1),
        datetime.date(2025, 12, 31),
    )


def test_a_month_is_its_first_day_for_a_start_and_its_last_for_an_end(
    admin_client, membership_data
):
    response = admin_client.post(ADD, {**membership_data, "start": "2024-09", "end": "2028-02"})
    assert response.status_code == 302
    membership = Membership.objects.get()
    assert (membership.start, membership.end) == (
        datetime.date(2024, 9, 1),
        datetime.date(2028, 2, 29),
    )


def test_a_full_date_is_kept_as_it_is(admin_client, membership_data):
    admin_client.post(ADD, {**membership_data, "start": "2024-09-15"})
    assert Membership.objects.get().start == datetime.date(2024, 9, 15)


@pytest.mark.parametrize("text", ["spring 2025", "2025-13", "25", "2025-02-30"])
def test_other_dates_are_an_error_of_the_field_saying_what_it_takes(
    admin_client, membership_data, text
):
    response = admin_client.post(ADD, {**membership_data, "start": text})
    assert response.status_code == 200
    assert response.context["adminform"].form.errors["start"] == [
        "Enter a date (2025-03-14), a month (2025-03) or a year (2025)."
    ]
    assert not Membership.objects.exists()


def test_the_date_fields_say_a_month_or_a_year_will_do(admin_client, db):
    page = admin_client.get(ADD).content.decode()
    assert "a month (2025-03) or a year (2025), from its first day" in page
    assert "a month (2025-03) or a year (2025), to its last day" in page


def test_the_group_pages_membership_rows_take_a_year(admin_client, membership_data):
    group = GroupFactory()
    data = {
        "name": group.name,
        "slug": group.slug,
        "memberships-TOTAL_FORMS": "1",
        "memberships-INITIAL_FORMS": "0",
        "memberships-0-person": membership_data["person"],
        "memberships-0-role": Role.PHD,
        "memberships-0-start": "2023",
    }
    response = admin_client.post(reverse("admin:people_group_change", args=[group.pk]), data)
    assert response.status_code == 302
    assert Membership.objects.get(group=group).start == datetime.date(2023, 1, 1)
