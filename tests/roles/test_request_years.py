"""A membership request covers the years of its dates and no more: undated, it covers no year
until it has a start, so that a confirmed undated request does not make every paper of the
person the requesting group's. The confirm step shows the years and the papers it reaches."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from people.models import Membership, Role
from pubs.models import Paper
from pubs.permissions import MEMBER, scope_for
from pubs.queries.selectors import in_groups
from tests.roles.conftest import staff_user

MEMBERSHIPS = reverse("admin:people_membership_changelist")


def ask(client, person, group, **dates) -> Membership:
    """An editor asks to add ``person`` to ``group`` as a visitor."""
    client.post(
        reverse("admin:people_membership_add"),
        {"person": person.pk, "group": group.pk, "role": Role.VISITOR, **dates},
    )
    return Membership.objects.get(person=person, group=group)


def confirm(client, membership: Membership, **extra):
    return client.post(
        MEMBERSHIPS,
        {"action": "confirm_requests", "_selected_action": [membership.pk], **extra},
    )


def group_a_papers(lab) -> set[str]:
    return set(Paper.objects.filter(in_groups([lab.group.pk])).values_list("title", flat=True))


@pytest.fixture
def undated_request(lab, login) -> Membership:
    """Group A's editor asks for the stranger of group B, undated; B's editor confirms it."""
    membership = ask(login("editor"), lab.stranger, lab.group)
    login("other editor")
    confirm(login("other editor"), membership, post="yes")
    membership.refresh_from_db()
    return membership


def test_an_editors_request_is_marked_as_a_request(lab, login):
    membership = ask(login("editor"), lab.stranger, lab.group)
    assert (membership.requested, membership.confirmed) == (True, False)


def test_a_confirmed_undated_request_covers_no_year(lab, undated_request):
    assert undated_request.confirmed is True
    assert "Other paper" not in group_a_papers(lab)


def test_a_confirmed_undated_request_gives_its_editor_no_paper_of_the_other_group(
    lab, undated_request
):
    assert scope_for(lab.editor).allows(lab.other_paper) is False


def test_a_confirmed_undated_request_makes_no_current_member(lab, undated_request):
    assert not Membership.objects.current().filter(pk=undated_request.pk).exists()


def test_a_confirmed_request_covers_the_years_of_its_dates(lab, login):
    membership = ask(login("editor"), lab.stranger, lab.group, start="2025")
    confirm(login("other editor"), membership, post="yes")
    assert "Other paper" not in group_a_papers(lab)  # a paper of 2024
    Membership.objects.filter(pk=membership.pk).update(start=date(2024, 1, 1))
    assert "Other paper" in group_a_papers(lab)


def test_an_undated_membership_added_by_an_admin_still_covers_every_year(lab):
    Membership.objects.create(person=lab.stranger, group=lab.group, role=Role.VISITOR)
    assert "Other paper" in group_a_papers(lab)


def test_the_confirm_step_shows_an_undated_request_covers_no_year(lab, login):
    membership = ask(login("editor"), lab.stranger, lab.group)
    page = confirm(login("other editor"), membership).content.decode()
    assert "none until it has a start" in page
    membership.refresh_from_db()
    assert membership.confirmed is False  # shown, not yet confirmed


def test_the_confirm_step_shows_the_years_and_the_papers_a_request_reaches(lab, login):
    membership = ask(login("editor"), lab.stranger, lab.group, start="2023", end="2024")
    page = confirm(login("other editor"), membership).content.decode()
    assert "2023–2024" in page
    assert "Other paper" in page


def test_the_membership_list_shows_the_years_covered(lab, login):
    ask(login("editor"), lab.stranger, lab.group, start="2023")
    page = login("other editor").get(MEMBERSHIPS).content.decode()
    assert "from 2023" in page


def test_redating_a_confirmed_request_asks_again(lab, login):
    membership = ask(login("editor"), lab.stranger, lab.group, start="2025")
    confirm(login("other editor"), membership, post="yes")
    editor = login("editor")
    editor.post(
        reverse("admin:people_membership_change", args=[membership.pk]),
        {"person": lab.stranger.pk, "group": lab.group.pk, "role": Role.VISITOR, "start": "2000"},
    )
    membership.refresh_from_db()
    assert (membership.start, membership.confirmed) == (date(2000, 1, 1), False)
    assert "Other paper" not in group_a_papers(lab)


def test_an_undated_request_the_person_confirms_covers_no_year(lab, login, django_user_model):
    lab.stranger.user = staff_user(django_user_model, "stranger-login", MEMBER)
    lab.stranger.save()
    membership = ask(login("editor"), lab.stranger, lab.group)
    person = Client()
    person.force_login(lab.stranger.user)
    confirm(person, membership, post="yes")
    membership.refresh_from_db()
    assert membership.confirmed is True
    assert scope_for(lab.editor).allows(lab.other_paper) is False


def test_asking_says_the_years_the_request_would_cover(lab, login):
    editor = login("editor")
    response = editor.post(
        reverse("admin:people_membership_add"),
        {"person": lab.stranger.pk, "group": lab.group.pk, "role": Role.VISITOR},
        follow=True,
    )
    assert "Years of papers it covers once confirmed: none until it has a start." in (
        response.content.decode()
    )
