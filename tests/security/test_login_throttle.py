"""Admin logins: five failures for one username from one address lock it there for a while,
with a message that says so; a success forgets the failures; nobody else is locked, and
nobody can lock a user out from another address. The failures are rows of the database:
every process counts them, and a burst of logins tells right from wrong no more often than
logins one after another."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import MD5PasswordHasher
from django.db import connection
from django.test import Client, RequestFactory

from pubs.web.security import client_address
from tests.production.conftest import ROOT, database_url

LOGIN = "/admin/login/?next=/admin/"
PASSWORD = "a-right-password"
HOME = "10.0.0.1"
LOCKED = "Too many failed logins for this account from your address."


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Logins dozens of times over: a hasher that takes no time (what is tested is the
    counting, not the hashing)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def editor(django_user_model):
    return django_user_model.objects.create_user("editor", password=PASSWORD, is_staff=True)


def log_in(username: str, password: str, address: str = HOME, **headers) -> tuple[Client, str]:
    """A new browser's login: the client (logged in or not) and the page it got."""
    client = Client(REMOTE_ADDR=address, **headers)
    response = client.post(LOGIN, {"username": username, "password": password})
    return client, response.content.decode()


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def fail(times: int, username: str = "editor", address: str = HOME, **headers) -> None:
    for _ in range(times):
        client, _page = log_in(username, "wrong", address, **headers)
        assert not logged_in(client)


def minutes_ago(minutes: float) -> None:
    """Move the failures counted so far back in time."""
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(minutes=minutes)
        attempt.save()


def test_the_right_password_logs_in(editor):
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_four_failures_leave_the_account_open(editor):
    fail(4)
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_five_failures_refuse_even_the_right_password_with_a_clear_message(editor):
    fail(5)
    client = Client(REMOTE_ADDR=HOME)
    response = client.post(LOGIN, {"username": "editor", "password": PASSWORD})
    assert not logged_in(client)
    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert "Try again in 15 minutes." in response.content.decode()


def test_a_locked_login_does_not_prolong_the_lock(editor):
    fail(5)
    minutes_ago(10)
    fail(10)
    minutes_ago(5.1)
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_the_lock_ends_and_the_right_password_logs_in_again(editor):
    fail(5)
    minutes_ago(14)
    assert "Try again in 1 minute." in log_in("editor", PASSWORD)[1]
    minutes_ago(1.1)
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_a_success_forgets_the_failures(editor):
    fail(4)
    assert logged_in(log_in("editor", PASSWORD)[0])
    fail(4)
    assert logged_in(log_in("editor", PASSWORD)[0])


def test_other_users_are_not_locked(editor, django_user_model):
    django_user_model.objects.create_user("colleague", password=PASSWORD, is_staff=True)
    fail(5)
    client, _page = log_in("colleague", PASSWORD)
    assert logged_in(client)


def test_the_same_user_from_another_address_is_not_locked(editor):
    fail(5)
    client, _page = log_in("editor", PASSWORD, address="10.0.0.2")
    assert logged_in(client)


def test_the_limits_come_from_the_settings(editor, settings):
    settings.AXES_FAILURE_LIMIT = 2
    fail(2)
    assert not logged_in(log_in("editor", PASSWORD)[0])


# -- behind a proxy ------------------------------------------------------------------------


def forwarded(chain: str) -> dict:
    """The headers of a request that came through nginx on this machine."""
    return {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": chain}


@pytest.mark.parametrize(
    ("proxies", "meta", "address"),
    [
        (0, {"REMOTE_ADDR": "10.0.0.1"}, "10.0.0.1"),
        (0, forwarded("203.0.113.7"), "127.0.0.1"),  # no proxy trusted: the header is not
        (1, forwarded("203.0.113.7"), "203.0.113.7"),
        (1, forwarded("198.51.100.1, 203.0.113.7"), "203.0.113.7"),  # the first one: forged
        (2, forwarded("203.0.113.7, 192.0.2.10"), "203.0.113.7"),  # a load balancer, nginx
        (1, {"REMOTE_ADDR": "127.0.0.1"}, "127.0.0.1"),  # no header: the connection's
    ],
)
def test_the_address_is_the_one_the_outermost_trusted_proxy_saw(settings, proxies, meta, address):
    settings.TRUSTED_PROXY_COUNT = proxies
    assert client_address(RequestFactory().get("/", **meta)) == address


def test_behind_a_proxy_nobody_locks_a_user_out_from_elsewhere(editor, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    fail(5, HTTP_X_FORWARDED_FOR="198.51.100.1", address="127.0.0.1")
    client, _page = log_in(
        "editor", PASSWORD, address="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7"
    )
    assert logged_in(client)


def test_behind_a_proxy_a_forged_address_does_not_escape_the_lock(editor, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    for forged in ("192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4", "192.0.2.5"):
        fail(1, HTTP_X_FORWARDED_FOR=f"{forged}, 198.51.100.1", address="127.0.0.1")
    _client, page = log_in(
        "editor", PASSWORD, address="127.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.9, 198.51.100.1"
    )
    assert LOCKED in page


# -- bursts and processes --------------------------------------------------------------------


class RacingHasher(MD5PasswordHasher):
    """Checks a password while another browser's wrong login ends: a burst, made exact."""

    algorithm = "md5"
    racing = 0

    def verify(self, password: str, encoded: str) -> bool:
        if RacingHasher.racing:
            RacingHasher.racing -= 1
            fail(1)
        return super().verify(password, encoded)


def test_a_login_locked_while_its_password_was_checked_is_refused(editor, settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.RacingHasher"]
    fail(4)
    RacingHasher.racing = 1  # the fifth failure ends while the right password is checked
    client, page = log_in("editor", PASSWORD)
    assert not logged_in(client)
    assert LOCKED in page


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="two processes share a PostgreSQL database"
)
def test_failures_in_another_process_count_here(editor):
    fail(3)
    other = "from tests.security.test_login_throttle import fail; fail(2)"
    env = {**os.environ, "DATABASE_URL": database_url(), "ALLOWED_HOSTS": "testserver"}
    subprocess.run(
        [sys.executable, "-c", f"import django; django.setup(); {other}"],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        check=True,
        capture_output=True,
    )
    assert LOCKED in log_in("editor", PASSWORD)[1]
