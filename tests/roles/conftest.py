"""Two groups, an editor of each, a member of the first who authored one of its papers, a
colleague of that member, a stranger of the second group and a paper of each: the cast of the
role tests."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import Group as AuthGroup
from django.core.management import call_command

from people.models import Group, Person
from pubs.models import Paper
from pubs.permissions import GROUP_EDITOR, MEMBER
from tests.factories import GroupFactory, MembershipFactory, PersonFactory, paper_with_authors


@dataclass
class Lab:
    group: Group  # group A: the editor's, the member's
    other_group: Group  # group B: the other editor's
    editor: object
    member: object
    member_person: Person
    colleague: Person  # a member of group A without a login
    stranger: Person  # a member of group B without a login
    other_editor: object  # the editor of group B
    own_paper: Paper  # group A, authored by the member
    group_paper: Paper  # group A, not authored by the member
    other_paper: Paper  # group B
    superuser: object


@pytest.fixture
def roles(db) -> None:
    call_command("setup_roles", stdout=io.StringIO())


def staff_user(django_user_model, username: str, role: str | None = None):
    user = django_user_model.objects.create_user(
        username, is_staff=True
    )  # no password: tests log in directly
    if role:
        user.groups.add(AuthGroup.objects.get(name=role))
    return user


@pytest.fixture
def lab(roles, django_user_model) -> Lab:
    group, other_group = GroupFactory(slug="group-a"), GroupFactory(slug="group-b")
    editor = staff_user(django_user_model, "editor", GROUP_EDITOR)
    group.editors.add(editor)
    other_editor = staff_user(django_user_model, "other-editor", GROUP_EDITOR)
    other_group.editors.add(other_editor)
    member = staff_user(django_user_model, "member", MEMBER)
    member_person = PersonFactory(user=member)
    MembershipFactory(person=member_person, group=group)
    colleague, stranger = PersonFactory(), PersonFactory()
    MembershipFactory(person=colleague, group=group)
    MembershipFactory(person=stranger, group=other_group)
    own_paper = paper_with_authors(member_person, colleague, title="Own paper")
    group_paper = paper_with_authors(colleague, title="Group paper")
    other_paper = paper_with_authors(stranger, title="Other paper")
    own_paper.groups.add(group)
    group_paper.groups.add(group)
    other_paper.groups.add(other_group)
    superuser = django_user_model.objects.create_superuser("root")
    return Lab(
        group=group,
        other_group=other_group,
        editor=editor,
        member=member,
        member_person=member_person,
        colleague=colleague,
        stranger=stranger,
        other_editor=other_editor,
        own_paper=own_paper,
        group_paper=group_paper,
        other_paper=other_paper,
        superuser=superuser,
    )


@pytest.fixture
def login(client, lab):
    """Log the test client in as one of the lab's roles ('anonymous': nobody)."""

    def log_in(role: str):
        user = {
            "superuser": lab.superuser,
            "editor": lab.editor,
            "member": lab.member,
            "other editor": lab.other_editor,
            "anonymous": None,
        }[role]
        if user is not None:
            client.force_login(user)
        return client

    return log_in
