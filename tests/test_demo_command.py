"""`manage.py demo` sets up the database, the demo data and the logins it prints."""

import re
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import RequestFactory

from people.models import Person
from pubs.models import Paper, Venue
from pubs.permissions import GROUP_EDITOR, MEMBER

pytestmark = pytest.mark.django_db

#: A login's request (django-axes counts failed logins by where they come from).
LOGIN = RequestFactory().post("/admin/login/")


def run_demo() -> str:
    out = StringIO()
    call_command("demo", "--no-serve", stdout=out)
    return out.getvalue()


def printed_password(output: str) -> str:
    match = re.search(r"user: admin\s+password: (\S+)", output)
    assert match, output
    return match.group(1)


def test_demo_loads_the_catalogue_and_the_demo_data_and_prints_a_working_login():
    output = run_demo()
    assert Paper.objects.filter(title__startswith="GOAT").exists()
    assert Venue.objects.filter(abbreviation="HPDC").get().rank_in(2026) == "A"
    assert "http://127.0.0.1:8000/admin/" in output
    user = authenticate(LOGIN, username="admin", password=printed_password(output))
    assert user is not None and user.is_superuser


def test_running_the_demo_again_gives_a_new_password_and_no_duplicates():
    first = printed_password(run_demo())
    counts = (Paper.objects.count(), Venue.objects.count())
    second = printed_password(run_demo())
    assert first != second
    assert authenticate(LOGIN, username="admin", password=second) is not None
    assert (Paper.objects.count(), Venue.objects.count()) == counts


def test_the_demo_has_a_login_of_each_role_with_the_same_password():
    password = printed_password(run_demo())
    editor = authenticate(LOGIN, username="editor", password=password)
    member = authenticate(LOGIN, username="member", password=password)
    assert [g.name for g in editor.groups.all()] == [GROUP_EDITOR]
    assert editor.edited_groups.exists() and not editor.is_superuser
    assert [g.name for g in member.groups.all()] == [MEMBER]
    assert Person.objects.get(user=member).memberships.exists()
