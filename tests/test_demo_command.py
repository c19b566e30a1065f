"""`manage.py demo` sets up the database, the demo data and an admin login it prints."""

import re
from io import StringIO

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from pubs.models import Paper

pytestmark = pytest.mark.django_db


def run_demo() -> str:
    out = StringIO()
    call_command("demo", "--no-serve", stdout=out)
    return out.getvalue()


def printed_password(output: str) -> str:
    match = re.search(r"user: admin\s+password: (\S+)", output)
    assert match, output
    return match.group(1)


def test_demo_loads_the_demo_data():
    run_demo()
    assert Paper.objects.filter(title__startswith="GOAT").exists()


def test_demo_prints_an_admin_login_that_works():
    password = printed_password(run_demo())
    user = authenticate(username="admin", password=password)
    assert user is not None and user.is_superuser


def test_running_the_demo_again_gives_a_new_password_and_no_duplicates():
    first = printed_password(run_demo())
    count = Paper.objects.count()
    second = printed_password(run_demo())
    assert first != second
    assert authenticate(username="admin", password=second) is not None
    assert Paper.objects.count() == count


def test_demo_prints_the_site_address():
    assert "http://127.0.0.1:8000/admin/" in run_demo()
