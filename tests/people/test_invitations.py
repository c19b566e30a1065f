"""people.invitations: a signed link naming one invitation, usable once, until it expires or
is revoked."""

from __future__ import annotations

import pytest
from django.contrib.auth.forms import UserCreationForm

from people.invitations import (
    InvitationUnusable,
    invitation_accept,
    invitation_create,
    invitation_for_token,
    invitation_revoke,
)
from tests.factories import PersonFactory

pytestmark = pytest.mark.django_db

PASSWORD = "quiet-harbour-lantern-41"


def login_form(username: str = "student") -> UserCreationForm:
    form = UserCreationForm({"username": username, "password1": PASSWORD, "password2": PASSWORD})
    assert form.is_valid(), form.errors
    return form


def unusable_state(token: str) -> str:
    with pytest.raises(InvitationUnusable) as raised:
        invitation_for_token(token)
    return raised.value.state


def test_a_token_names_its_invitation():
    invitation, token = invitation_create(person=PersonFactory(), created_by=None)
    assert invitation_for_token(token) == invitation


def test_a_token_with_another_signature_is_invalid():
    _invitation, token = invitation_create(person=PersonFactory(), created_by=None)
    assert unusable_state(token[:-2] + "xx") == "invalid"


def test_a_new_invitation_revokes_the_persons_usable_one():
    person = PersonFactory()
    _first, first_token = invitation_create(person=person, created_by=None)
    invitation_create(person=person, created_by=None)
    assert unusable_state(first_token) == "revoked"


def test_an_invitation_of_another_person_stays_usable():
    _invitation, token = invitation_create(person=PersonFactory(), created_by=None)
    invitation_create(person=PersonFactory(), created_by=None)
    assert invitation_for_token(token).is_usable


def test_accepting_links_the_login_and_marks_the_invitation_used():
    invitation, token = invitation_create(person=PersonFactory(), created_by=None)
    user = invitation_accept(invitation=invitation, login_form=login_form())
    invitation.refresh_from_db()
    assert invitation.person.user == user
    assert invitation.state == "used"
    assert unusable_state(token) == "used"


def test_an_invitation_is_accepted_once(django_user_model):
    invitation, _token = invitation_create(person=PersonFactory(), created_by=None)
    invitation_accept(invitation=invitation, login_form=login_form())
    with pytest.raises(InvitationUnusable):
        invitation_accept(invitation=invitation, login_form=login_form("another"))
    assert not django_user_model.objects.filter(username="another").exists()


def test_revoking_a_used_invitation_changes_nothing():
    invitation, _token = invitation_create(person=PersonFactory(), created_by=None)
    invitation_accept(invitation=invitation, login_form=login_form())
    assert invitation_revoke(invitation=invitation) is False
    invitation.refresh_from_db()
    assert (invitation.state, invitation.revoked) == ("used", None)
