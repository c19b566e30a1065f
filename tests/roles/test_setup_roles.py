"""manage.py setup_roles makes the role groups with exactly their permissions, idempotently."""

import io

import pytest
from django.contrib.auth.models import Group as AuthGroup
from django.contrib.auth.models import Permission
from django.core.management import call_command

from pubs.permissions import GROUP_EDITOR, MEMBER, ROLE_PERMISSIONS

pytestmark = pytest.mark.django_db


def permission_names(role: str) -> set[str]:
    group = AuthGroup.objects.get(name=role)
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}


def expected_names(role: str) -> set[str]:
    return {
        f"{label.split('.')[0]}.{action}_{label.split('.')[1]}"
        for label, actions in ROLE_PERMISSIONS[role].items()
        for action in actions
    }


def setup_roles() -> str:
    out = io.StringIO()
    call_command("setup_roles", stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("role", [GROUP_EDITOR, MEMBER])
def test_each_role_gets_exactly_its_permissions(role):
    setup_roles()
    assert permission_names(role) == expected_names(role)


def test_running_it_twice_changes_nothing():
    setup_roles()
    before = {role: permission_names(role) for role in ROLE_PERMISSIONS}
    setup_roles()
    assert AuthGroup.objects.count() == 2
    assert {role: permission_names(role) for role in ROLE_PERMISSIONS} == before


def test_a_permission_added_by_hand_is_taken_away_again():
    setup_roles()
    extra = Permission.objects.get(codename="delete_venue")
    AuthGroup.objects.get(name=MEMBER).permissions.add(extra)
    setup_roles()
    assert "pubs.delete_venue" not in permission_names(MEMBER)


def test_it_reports_each_role():
    assert f"{GROUP_EDITOR}: 36 permissions." in setup_roles()


def test_members_cannot_delete_papers():
    setup_roles()
    assert "pubs.delete_paper" not in permission_names(MEMBER)


def test_members_import_their_own_papers_but_add_no_venue():
    setup_roles()
    assert "pubs.add_bibteximport" in permission_names(MEMBER)
    assert "pubs.add_venue" not in permission_names(MEMBER)
