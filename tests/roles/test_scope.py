"""Each user's scope: which groups they edit, which person they are, what stays editable."""

import pytest
from django.contrib.auth.models import AnonymousUser

from pubs.permissions import (
    EVERYTHING,
    NOBODY,
    Scope,
    paper_editable_after,
    request_scope,
    scope_for,
    without_fields,
)
from tests.factories import MembershipFactory


def test_an_anonymous_user_may_edit_nothing():
    assert scope_for(AnonymousUser()) is NOBODY


@pytest.mark.django_db
def test_a_superuser_may_edit_everything(django_user_model):
    assert scope_for(django_user_model(username="root", is_superuser=True)) is EVERYTHING


@pytest.mark.django_db
def test_a_member_is_their_person_in_their_current_groups(lab, django_user_model):
    old = MembershipFactory(person=lab.member_person, end="2000-01-01")
    scope = scope_for(django_user_model.objects.get(username="member"))
    assert scope.person_id == lab.member_person.pk
    assert scope.member_group_ids == {lab.group.pk}
    assert old.group_id not in scope.attachable_group_ids
    assert not scope.edited_group_ids


@pytest.mark.django_db
def test_a_group_editor_edits_the_groups_naming_them(lab, django_user_model):
    scope = scope_for(django_user_model.objects.get(username="editor"))
    assert scope.edited_group_ids == {lab.group.pk}
    assert scope.edited_group_slugs == {lab.group.slug}
    assert scope.person_id is None


@pytest.mark.django_db
def test_a_request_reads_its_users_scope_once(lab, rf, django_assert_num_queries):
    request = rf.get("/admin/")
    request.user = lab.editor
    with django_assert_num_queries(2):  # no person: no memberships to read
        scope = request_scope(request)
    with django_assert_num_queries(0):
        assert request_scope(request) is scope


@pytest.mark.django_db
def test_the_next_request_sees_the_groups_as_they_are_then(lab, rf):
    first = rf.get("/admin/")
    first.user = lab.editor
    assert request_scope(first).edited_group_ids == {lab.group.pk}
    lab.other_group.editors.add(lab.editor)
    second = rf.get("/admin/")
    second.user = lab.editor
    assert request_scope(second).edited_group_ids == {lab.group.pk, lab.other_group.pk}


@pytest.mark.parametrize(
    ("scope", "authors", "groups", "editable"),
    [
        (Scope(person_id=1), {1, 2}, set(), True),
        (Scope(person_id=1), {2}, {5}, False),
        (Scope(edited_group_ids=frozenset({5})), {2}, {5}, True),
        (Scope(edited_group_ids=frozenset({5})), {2}, {6}, False),
        (Scope(member_group_ids=frozenset({5})), {2}, {5}, False),
        (EVERYTHING, set(), set(), True),
    ],
)
@pytest.mark.django_db
def test_a_paper_stays_editable_through_authorship_or_an_edited_group(
    scope, authors, groups, editable
):
    assert paper_editable_after(scope, author_ids=authors, group_ids=groups) is editable


@pytest.mark.django_db
@pytest.mark.parametrize(("year", "editable"), [(2021, True), (2019, False), (None, True)])
def test_a_paper_stays_editable_through_an_author_who_was_a_member_that_year(lab, year, editable):
    MembershipFactory(person=lab.stranger, group=lab.group, start="2020-01-01")
    scope = Scope(edited_group_ids=frozenset({lab.group.pk}))
    authors = {lab.stranger.pk}
    assert paper_editable_after(scope, author_ids=authors, group_ids=(), year=year) is editable


def test_hidden_fields_leave_their_fieldsets():
    fieldsets = [
        (None, {"fields": ["name", ("email", "email_public")]}),
        ("Login", {"fields": ["user"]}),
    ]
    assert without_fields(fieldsets, {"email_public", "user"}) == [
        (None, {"fields": ["name", "email"]}),
    ]
