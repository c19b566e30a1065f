"""A group editor runs the logins of their group's people without an admin: they invite a
person with a one-time link (the person sets their own password), and give or take the member
role and the editor role of their groups; never for another group's people, never rights
beyond those roles."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth.models import Group as AuthGroup
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from people.invitations import LIFETIME
from people.models import Invitation, Person
from pubs.permissions import (
    GROUP_EDITOR,
    MEMBER,
    invitation_decision,
    login_decision,
    scope_for,
)
from tests.factories import GroupFactory, MembershipFactory, PersonFactory
from tests.roles.conftest import staff_user

PASSWORD = "quiet-harbour-lantern-41"


def login_page(person: Person) -> str:
    return reverse("admin:people_person_login", args=[person.pk])


def invite(client, person: Person, email: str = "") -> str:
    """Invite ``person`` on their "Login and roles" page; the link shown to copy ('' if none)."""
    response = client.post(login_page(person), {"do": "invite", "email": email})
    assert response.status_code == 200
    return response.context["new_link"]


def use_link(link: str, **data) -> tuple[Client, object]:
    """The invited person, in a browser of their own, fills in the link's form."""
    invitee = Client()
    fields = {"username": "new-student", "password1": PASSWORD, "password2": PASSWORD}
    response = invitee.post(link, {**fields, **data})
    return invitee, response


def roles_of(user) -> set[str]:
    return set(user.groups.values_list("name", flat=True))


# -- who may invite whom -----------------------------------------------------------------


def test_an_editor_runs_the_login_of_a_member_of_their_group(lab):
    assert login_decision(scope_for(lab.editor), lab.colleague).rule == "editor_of_their_group"


def test_an_editor_may_not_run_the_login_of_another_groups_member(lab):
    decision = login_decision(scope_for(lab.editor), lab.stranger)
    assert (decision.allowed, decision.rule) == (False, "not_of_your_groups")


def test_an_editor_may_not_run_the_login_of_a_member_also_in_another_group(lab):
    MembershipFactory(person=lab.colleague, group=lab.other_group)
    decision = login_decision(scope_for(lab.editor), lab.colleague)
    assert (decision.allowed, decision.rule) == (False, "of_another_group")


def test_an_editor_may_not_run_a_login_with_rights_beyond_the_roles(lab, django_user_model):
    lab.colleague.user = django_user_model.objects.create_superuser("colleague-root")
    lab.colleague.save()
    assert login_decision(scope_for(lab.editor), lab.colleague).rule == "rights_beyond_roles"


def test_an_editor_may_not_run_the_login_of_another_groups_editor(lab):
    lab.colleague.user = lab.other_editor
    lab.colleague.save()
    assert login_decision(scope_for(lab.editor), lab.colleague).rule == "edits_another_group"


def test_an_editor_may_not_run_their_own_login(lab):
    lab.colleague.user = lab.editor
    lab.colleague.save()
    assert login_decision(scope_for(lab.editor), lab.colleague).rule == "own_login"


def test_a_member_may_not_invite(lab, login):
    response = login("member").post(login_page(lab.colleague), {"do": "invite"})
    assert response.status_code == 403
    assert not Invitation.objects.exists()


def test_another_groups_editor_may_not_invite_through_a_hand_made_post(lab, login):
    response = login("other editor").post(login_page(lab.colleague), {"do": "invite"})
    assert response.status_code == 403
    assert not Invitation.objects.exists()


def test_the_person_page_offers_login_and_roles_to_their_groups_editor_only(lab, login):
    url = reverse("admin:people_person_change", args=[lab.colleague.pk])
    assert login_page(lab.colleague) in login("editor").get(url).content.decode()
    assert login_page(lab.colleague) not in login("other editor").get(url).content.decode()


# -- the link ----------------------------------------------------------------------------


def test_the_link_makes_a_member_login_for_the_person_and_logs_them_in(lab, login):
    link = invite(login("editor"), lab.colleague)
    invitee, response = use_link(link)
    lab.colleague.refresh_from_db()
    user = lab.colleague.user
    assert response.url == reverse("admin:people_person_change", args=[lab.colleague.pk])
    assert (user.username, user.is_staff, user.is_superuser) == ("new-student", True, False)
    assert roles_of(user) == {MEMBER}
    assert user.check_password(PASSWORD)
    assert invitee.get(response.url).status_code == 200


def test_the_editor_never_sets_the_password(lab, login):
    invite(login("editor"), lab.colleague)
    assert lab.colleague.user is None
    assert Invitation.objects.get().used is None


def test_the_link_works_once(lab, login):
    link = invite(login("editor"), lab.colleague)
    use_link(link)
    _again, response = use_link(link, username="someone-else")
    assert response.status_code == 410
    assert not Person.objects.filter(user__username="someone-else").exists()


def test_a_link_expires_with_its_invitation(lab, login):
    link = invite(login("editor"), lab.colleague)
    Invitation.objects.update(expires=timezone.now())
    _invitee, response = use_link(link)
    assert response.status_code == 410
    lab.colleague.refresh_from_db()
    assert lab.colleague.user is None


def test_a_link_older_than_its_lifetime_does_not_work(lab, login, monkeypatch):
    link = invite(login("editor"), lab.colleague)
    later = time.time() + LIFETIME.total_seconds() + 60
    monkeypatch.setattr("django.core.signing.time.time", lambda: later)
    _invitee, response = use_link(link)
    assert response.status_code == 410


def test_a_tampered_link_does_not_work(lab, login):
    link = invite(login("editor"), lab.colleague)
    _invitee, response = use_link(link.replace("/invitation/", "/invitation/x"))
    assert response.status_code == 410


def test_a_revoked_link_does_not_work(lab, login):
    editor = login("editor")
    link = invite(editor, lab.colleague)
    editor.post(login_page(lab.colleague), {"do": f"revoke:{Invitation.objects.get().pk}"})
    _invitee, response = use_link(link)
    assert response.status_code == 410
    assert Invitation.objects.get().state == "revoked"


def test_a_new_invitation_revokes_the_earlier_one(lab, login):
    editor = login("editor")
    first = invite(editor, lab.colleague)
    second = invite(editor, lab.colleague)
    assert use_link(first)[1].status_code == 410
    assert use_link(second)[1].status_code == 302


def test_a_link_stops_working_when_the_login_gains_rights_beyond_the_roles(
    lab, login, django_user_model
):
    user = staff_user(django_user_model, "colleague-login", MEMBER)
    lab.colleague.user = user
    lab.colleague.save()
    link = invite(login("editor"), lab.colleague)
    django_user_model.objects.filter(pk=user.pk).update(is_superuser=True)
    _invitee, response = use_link(link, new_password1=PASSWORD, new_password2=PASSWORD)
    assert response.status_code == 410
    user.refresh_from_db()
    assert not user.has_usable_password()


def test_the_link_of_a_person_with_a_login_without_password_reuses_it(
    lab, login, django_user_model
):
    user = staff_user(django_user_model, "colleague-login")
    lab.colleague.user = user
    lab.colleague.save()
    link = invite(login("editor"), lab.colleague)
    _invitee, response = use_link(link, new_password1=PASSWORD, new_password2=PASSWORD)
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(PASSWORD)
    assert roles_of(user) == {MEMBER}
    assert django_user_model.objects.filter(username="new-student").count() == 0


def test_without_email_settings_the_editor_copies_the_link(lab, login, settings):
    settings.EMAIL_HOST = ""
    link = invite(login("editor"), lab.colleague, email="colleague@example.org")
    assert "/admin/invitation/" in link
    assert mail.outbox == []


def test_with_email_settings_the_link_is_sent_and_not_shown(lab, login, settings):
    settings.EMAIL_HOST = "smtp.example.org"
    link = invite(login("editor"), lab.colleague, email="colleague@example.org")
    assert link == ""
    assert [message.to for message in mail.outbox] == [["colleague@example.org"]]
    sent = mail.outbox[0].body.split("http://testserver")[1].split()[0]
    assert use_link(f"http://testserver{sent}")[1].status_code == 302


def test_invitations_are_listed_to_the_editors_of_the_persons_group_only(lab, login):
    invite(login("editor"), lab.colleague)
    invitations = reverse("admin:people_invitation_changelist")
    assert str(lab.colleague) in login("editor").get(invitations).content.decode()
    other = Client()
    other.force_login(lab.other_editor)
    assert str(lab.colleague) not in other.get(invitations).content.decode()


def test_the_list_revokes_an_invitation(lab, login):
    editor = login("editor")
    link = invite(editor, lab.colleague)
    editor.post(
        reverse("admin:people_invitation_changelist"),
        {"action": "revoke", "_selected_action": [Invitation.objects.get().pk]},
    )
    assert use_link(link)[1].status_code == 410


# -- roles -------------------------------------------------------------------------------


@pytest.fixture
def colleague_login(lab, django_user_model):
    """The colleague of group A, with a login of the member role."""
    user = staff_user(django_user_model, "colleague-login", MEMBER)
    lab.colleague.user = user
    lab.colleague.save()
    return user


def test_an_editor_takes_and_gives_the_member_role(lab, login, colleague_login):
    editor = login("editor")
    editor.post(login_page(lab.colleague), {"do": "member_take"})
    colleague_login.refresh_from_db()
    assert (roles_of(colleague_login), colleague_login.is_staff) == (set(), False)
    editor.post(login_page(lab.colleague), {"do": "member_give"})
    colleague_login.refresh_from_db()
    assert (roles_of(colleague_login), colleague_login.is_staff) == ({MEMBER}, True)


def test_an_editor_makes_a_member_an_editor_of_their_group_and_stops_it(
    lab, login, colleague_login
):
    editor = login("editor")
    editor.post(login_page(lab.colleague), {"do": f"editor_give:{lab.group.pk}"})
    assert lab.group.editors.filter(pk=colleague_login.pk).exists()
    assert roles_of(colleague_login) == {MEMBER, GROUP_EDITOR}
    editor.post(login_page(lab.colleague), {"do": f"editor_take:{lab.group.pk}"})
    assert not lab.group.editors.filter(pk=colleague_login.pk).exists()
    assert roles_of(colleague_login) == {MEMBER}


def test_an_editor_may_not_give_the_editor_role_of_a_group_they_do_not_edit(
    lab, login, colleague_login
):
    third = GroupFactory()
    MembershipFactory(person=lab.colleague, group=third)  # also a member there: refused
    response = login("editor").post(login_page(lab.colleague), {"do": f"editor_give:{third.pk}"})
    assert response.status_code == 403
    assert not third.editors.exists()


def test_an_editor_may_not_give_roles_to_another_groups_member(lab, login, django_user_model):
    lab.stranger.user = staff_user(django_user_model, "stranger-login")
    lab.stranger.save()
    response = login("editor").post(login_page(lab.stranger), {"do": "member_give"})
    assert response.status_code == 403
    assert roles_of(lab.stranger.user) == set()


def test_an_editor_may_not_take_the_roles_of_another_groups_editor(lab, login):
    lab.colleague.user = lab.other_editor
    lab.colleague.save()
    editor = login("editor")
    response = editor.post(login_page(lab.colleague), {"do": f"editor_take:{lab.group.pk}"})
    assert response.status_code == 403
    assert roles_of(lab.other_editor) == {GROUP_EDITOR}


def test_the_roles_exist_for_the_invitations(lab):
    assert (
        AuthGroup.objects.get(name=GROUP_EDITOR)
        .permissions.filter(codename="add_invitation")
        .exists()
    )


def test_the_invitation_list_costs_as_many_queries_for_many_invitations(lab, login):
    editor = login("editor")
    url = reverse("admin:people_invitation_changelist")
    invite(editor, lab.colleague)
    with CaptureQueriesContext(connection) as few:
        editor.get(url)
    for person in PersonFactory.create_batch(12):
        MembershipFactory(person=person, group=lab.group)
        invite(editor, person)
    with CaptureQueriesContext(connection) as many:
        response = editor.get(url)
    assert response.context["cl"].result_count == 13
    assert len(many) == len(few)


def test_the_groups_page_leads_to_each_members_login_and_roles(lab, login):
    page = login("editor").get(reverse("admin:people_group_change", args=[lab.group.pk]))
    assert login_page(lab.colleague) in page.content.decode()


def test_an_admin_runs_every_login(lab):
    assert login_decision(scope_for(lab.superuser), lab.stranger).rule == "admin"


def test_an_editor_may_not_run_a_disabled_login(lab, django_user_model):
    user = staff_user(django_user_model, "colleague-login", MEMBER)
    user.is_active = False
    user.save()
    lab.colleague.user = user
    lab.colleague.save()
    assert login_decision(scope_for(lab.editor), lab.colleague).rule == "login_disabled"


def test_a_member_runs_no_login(lab):
    assert login_decision(scope_for(lab.member), lab.colleague).rule == "edits_no_group"


def test_an_editor_may_not_invite_a_person_who_logs_in_already(lab, login, django_user_model):
    user = django_user_model.objects.create_user("colleague-login", password=PASSWORD)
    lab.colleague.user = user
    lab.colleague.save()
    assert invitation_decision(scope_for(lab.editor), lab.colleague).rule == "logs_in_already"
    response = login("editor").post(login_page(lab.colleague), {"do": "invite"})
    assert response.status_code == 403
    assert not Invitation.objects.exists()


def test_a_link_stops_working_when_the_person_sets_a_password_otherwise(
    lab, login, django_user_model
):
    user = staff_user(django_user_model, "colleague-login", MEMBER)
    lab.colleague.user = user
    lab.colleague.save()
    link = invite(login("editor"), lab.colleague)
    user.set_password("set-by-an-admin-7")
    user.save()
    _invitee, response = use_link(link, new_password1=PASSWORD, new_password2=PASSWORD)
    assert response.status_code == 410
