"""Two groups, an editor of each, a member of the first who authored one of its papers, a
colleague of that member, a stranger of the second group and a paper of each: the cast of the
role tests."""

from __future__ import annotations

import copy
import io
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AuthGroup
from django.core.management import call_command
from django.db import transaction

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


@pytest.fixture(scope="module")
def lab_module_db(django_db_setup, django_db_blocker) -> Iterator[Lab]:
    """The roles (manage.py setup_roles) and the lab, written once per test module in a
    transaction rolled back after the module's last test (each test runs in a savepoint of
    its own inside it)."""
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("setup_roles", stdout=io.StringIO())
        yield make_lab(get_user_model())
        transaction.set_rollback(True)


@pytest.fixture
def lab(lab_module_db, db) -> Lab:
    """The lab, its objects copied for each test (as ``TestCase.setUpTestData`` does), so
    that a test may change them without the next one seeing it."""
    return copy.deepcopy(lab_module_db)


def staff_user(user_model, username: str, role: str | None = None):
    user = user_model.objects.create_user(
        username, is_staff=True
    )  # no password: tests log in directly
    if role:
        user.groups.add(AuthGroup.objects.get(name=role))
    return user


def make_lab(user_model) -> Lab:
    """The cast: two groups, their editors, a member with a paper, a colleague, a stranger, a
    paper of each group and a superuser."""
    group, other_group = GroupFactory(slug="group-a"), GroupFactory(slug="group-b")
    editor = staff_user(user_model, "editor", GROUP_EDITOR)
    group.editors.add(editor)
    other_editor = staff_user(user_model, "other-editor", GROUP_EDITOR)
    other_group.editors.add(other_editor)
    member = staff_user(user_model, "member", MEMBER)
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
    superuser = user_model.objects.create_superuser("root")
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
