"""Adding someone to a group is not their consent to be edited by it: a membership a group
editor adds for someone outside their care is a request, which gives nothing until the
person, an editor of one of their groups or an admin confirms it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from people.models import Membership, Person, Role
from pubs.permissions import scope_for
from tests.factories import MembershipFactory, PersonFactory, paper_with_authors
from tests.roles.forms import change_url, profile_data

MEMBERSHIPS = reverse("admin:people_membership_changelist")


def add_membership(client, person: Person, group) -> None:
    client.post(
        reverse("admin:people_membership_add"),
        {"person": person.pk, "group": group.pk, "role": Role.PHD},
    )


def group_page_data(group, *memberships: dict) -> dict:
    """POST data of a group's admin page adding ``memberships`` inline."""
    data = {
        "name": group.name,
        "slug": group.slug,
        "memberships-TOTAL_FORMS": str(len(memberships)),
        "memberships-INITIAL_FORMS": "0",
    }
    for i, membership in enumerate(memberships):
        for key, value in membership.items():
            data[f"memberships-{i}-{key}"] = value
    return data


def confirm(client, *memberships: Membership):
    return client.post(
        MEMBERSHIPS,
        {
            "action": "confirm_requests",
            "_selected_action": [m.pk for m in memberships],
            "post": "yes",
        },
        follow=True,
    )


@pytest.fixture
def stranger_private(lab) -> Person:
    """The member of the other group, with an email and a note that are that group's."""
    stranger = lab.stranger
    stranger.email, stranger.internal_note = "stranger@example.org", "Moving to Oxford."
    stranger.save()
    return stranger


@pytest.fixture
def request_for_stranger(login, lab, stranger_private) -> Membership:
    """The editor of group A asks to add the stranger of group B to A."""
    add_membership(login("editor"), stranger_private, lab.group)
    return Membership.objects.get(person=stranger_private, group=lab.group)


def test_adding_another_groups_member_is_a_request(request_for_stranger):
    assert request_for_stranger.confirmed is False


def test_a_request_shows_no_private_field_to_its_editor(login, lab, request_for_stranger):
    page = login("editor").get(change_url(lab.stranger)).content.decode()
    assert "stranger@example.org" not in page
    assert "Moving to Oxford." not in page


def test_a_request_lets_its_editor_change_nothing_of_the_person(login, lab, request_for_stranger):
    data = profile_data(lab.stranger, bio="Edited by group A.")
    response = login("editor").post(change_url(lab.stranger), data)
    assert response.status_code == 403
    lab.stranger.refresh_from_db()
    assert lab.stranger.bio == ""


def test_adding_another_groups_member_on_the_group_page_is_a_request(login, lab, stranger_private):
    data = group_page_data(lab.group, {"person": stranger_private.pk, "role": Role.PHD})
    response = login("editor").post(change_url(lab.group), data)
    assert response.status_code == 302
    assert Membership.objects.get(person=stranger_private, group=lab.group).confirmed is False
    assert (
        "stranger@example.org"
        not in login("editor").get(change_url(stranger_private)).content.decode()
    )


def test_giving_a_membership_to_another_groups_member_makes_it_a_request(login, lab):
    membership = Membership.objects.get(person=lab.colleague, group=lab.group)
    login("editor").post(
        change_url(membership),
        {"person": lab.stranger.pk, "group": lab.group.pk, "role": membership.role},
    )
    membership.refresh_from_db()
    assert membership.person == lab.stranger
    assert membership.confirmed is False


def test_adding_someone_the_editor_looks_after_holds_at_once(login, lab):
    coauthor = PersonFactory()  # of no group, on a paper of group A
    paper_with_authors(coauthor).groups.add(lab.group)
    add_membership(login("editor"), coauthor, lab.group)
    assert Membership.objects.get(person=coauthor, group=lab.group).confirmed is True


def test_adding_someone_nobody_looks_after_holds_at_once(login, lab):
    newcomer = PersonFactory()  # no group, no login, no paper: just added
    add_membership(login("editor"), newcomer, lab.group)
    assert Membership.objects.get(person=newcomer, group=lab.group).confirmed is True


def test_a_person_added_with_their_membership_is_the_editors(login, lab):
    data = {
        **profile_data(PersonFactory.build(slug="newcomer")),
        "memberships-TOTAL_FORMS": "1",
        "memberships-0-group": lab.group.pk,
        "memberships-0-role": Role.PHD,
    }
    client = login("editor")
    assert client.post(reverse("admin:people_person_add"), data).status_code == 302
    newcomer = Person.objects.get(slug="newcomer")
    assert newcomer.memberships.get().confirmed is True
    assert client.post(change_url(newcomer), profile_data(newcomer, bio="New.")).status_code == 302


def test_the_person_confirms_a_request_for_them(
    login, lab, request_for_stranger, django_user_model
):
    user = django_user_model.objects.create_user("stranger", is_staff=True)
    user.groups.set(lab.member.groups.all())  # the Member role
    lab.stranger.user = user
    lab.stranger.save()
    login("anonymous").force_login(user)
    confirm(login("anonymous"), request_for_stranger)
    request_for_stranger.refresh_from_db()
    assert request_for_stranger.confirmed is True


def test_an_editor_of_the_persons_group_confirms_a_request(login, request_for_stranger):
    response = confirm(login("other editor"), request_for_stranger)
    assert "1 request confirmed." in response.content.decode()
    request_for_stranger.refresh_from_db()
    assert request_for_stranger.confirmed is True


def test_an_admin_confirms_a_request(login, request_for_stranger):
    confirm(login("superuser"), request_for_stranger)
    request_for_stranger.refresh_from_db()
    assert request_for_stranger.confirmed is True


def test_the_editor_who_asked_cannot_confirm_their_own_request(login, request_for_stranger):
    response = confirm(login("editor"), request_for_stranger)
    assert "1 selected membership is no request of yours to confirm." in (response.content.decode())
    request_for_stranger.refresh_from_db()
    assert request_for_stranger.confirmed is False


def test_a_confirmed_request_lets_the_editor_edit_the_person(login, lab, request_for_stranger):
    confirm(login("other editor"), request_for_stranger)
    data = profile_data(lab.stranger, bio="Now also in group A.")
    assert login("editor").post(change_url(lab.stranger), data).status_code == 302
    lab.stranger.refresh_from_db()
    assert lab.stranger.bio == "Now also in group A."


def test_an_editor_of_the_persons_group_turns_a_request_down(login, request_for_stranger):
    url = reverse("admin:people_membership_delete", args=[request_for_stranger.pk])
    login("other editor").post(url, {"post": "yes"})
    assert not Membership.objects.filter(pk=request_for_stranger.pk).exists()


def test_the_requests_one_may_confirm_are_listed(login, request_for_stranger):
    response = login("other editor").get(MEMBERSHIPS, {"confirmed__exact": "0"})
    assert list(response.context["cl"].result_list) == [request_for_stranger]


def test_a_member_cannot_confirm_a_request_for_someone_else(login, request_for_stranger):
    confirm(login("member"), request_for_stranger)
    request_for_stranger.refresh_from_db()
    assert request_for_stranger.confirmed is False


def test_public_pages_do_not_show_a_request(client, lab, request_for_stranger):
    page = client.get(lab.group.get_absolute_url()).content.decode()
    assert lab.stranger.name not in page


def test_a_request_does_not_let_its_person_attach_papers_to_the_group(lab, django_user_model):
    user = django_user_model.objects.create_user("stranger")
    lab.stranger.user = user
    lab.stranger.save()
    MembershipFactory(person=lab.stranger, group=lab.group, confirmed=False)
    assert lab.group.pk not in scope_for(user).attachable_group_ids


def test_another_groups_member_who_wrote_with_the_group_stays_theirs(login, lab):
    lab.group_paper.authorships.create(person=lab.stranger, position=2)
    data = profile_data(lab.stranger, bio="Edited by group A.")
    assert login("editor").post(change_url(lab.stranger), data).status_code == 403


def test_an_outside_coauthor_is_edited_by_the_editors_of_their_papers(login, lab):
    coauthor = PersonFactory()
    paper_with_authors(coauthor).groups.add(lab.group)
    data = profile_data(coauthor, bio="A co-author.")
    assert login("editor").post(change_url(coauthor), data).status_code == 302


def test_an_editor_cannot_delete_someone_who_belongs_to_another_group_too(login, lab):
    person = PersonFactory()
    MembershipFactory(person=person, group=lab.group)
    MembershipFactory(person=person, group=lab.other_group)
    url = reverse("admin:people_person_delete", args=[person.pk])
    assert login("editor").post(url, {"post": "yes"}).status_code == 403
    assert Person.objects.filter(pk=person.pk).exists()


def test_an_editor_deletes_a_member_of_their_group_alone(login, lab):
    person = PersonFactory()
    MembershipFactory(person=person, group=lab.group)
    url = reverse("admin:people_person_delete", args=[person.pk])
    assert login("editor").post(url, {"post": "yes"}).status_code == 302
    assert not Person.objects.filter(pk=person.pk).exists()


def test_the_list_of_people_shows_a_request_in_no_group(login, lab, request_for_stranger):
    response = login("superuser").get(reverse("admin:people_person_changelist"))
    row = next(p for p in response.context["cl"].result_list if p.pk == lab.stranger.pk)
    assert response.context["cl"].model_admin.group_list(row) == lab.other_group.name


def test_a_role_given_twice_undated_on_the_group_page_is_an_error_of_the_row(login, lab):
    colleague = {"person": lab.colleague.pk, "role": Role.POSTDOC}
    response = login("superuser").post(
        change_url(lab.group), group_page_data(lab.group, colleague, colleague)
    )
    assert response.status_code == 200
    errors = response.context["inline_admin_formsets"][0].formset.forms[1].non_field_errors()
    assert errors == [
        f"{lab.colleague} is given the role Postdoc in {lab.group} twice, undated: keep one of the rows."
    ]
    assert not Membership.objects.filter(person=lab.colleague, role=Role.POSTDOC).exists()


def test_a_role_the_person_has_undated_already_is_an_error_of_the_row(login, lab):
    colleague = {"person": lab.colleague.pk, "role": Role.PHD}  # theirs, undated, already
    response = login("superuser").post(change_url(lab.group), group_page_data(lab.group, colleague))
    assert response.status_code == 200
    errors = response.context["inline_admin_formsets"][0].formset.forms[0].non_field_errors()
    assert errors == [f"{lab.colleague} already has the role PhD student in {lab.group}, undated."]
    assert Membership.objects.filter(person=lab.colleague, group=lab.group).count() == 1


def test_confirming_requests_counts_the_selected_memberships_that_are_no_requests(
    login, lab, request_for_stranger
):
    in_own_group = Membership.objects.get(person=lab.stranger, group=lab.other_group)
    response = confirm(login("other editor"), request_for_stranger, in_own_group)
    page = response.content.decode()
    assert "1 request confirmed." in page
    assert "1 selected membership is no request of yours to confirm." in page
