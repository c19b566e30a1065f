"""Admin logins: five failures for one username from one address lock it there for a while,
with a message that says so; a success forgets the failures; nobody else is locked."""

import pytest
from django.test import Client

from pubs.web import security

LOGIN = "/admin/login/?next=/admin/"
PASSWORD = "a-right-password"
HOME = "10.0.0.1"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    """Logins dozens of times over: a hasher that takes no time (what is tested is the
    counting, not the hashing)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def editor(django_user_model):
    return django_user_model.objects.create_user("editor", password=PASSWORD, is_staff=True)


def log_in(username: str, password: str, address: str = HOME) -> tuple[Client, str]:
    """A new browser's login: the client (logged in or not) and the page it got."""
    client = Client(REMOTE_ADDR=address)
    response = client.post(LOGIN, {"username": username, "password": password})
    return client, response.content.decode()


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def fail(times: int, username: str = "editor", address: str = HOME) -> None:
    for _ in range(times):
        client, _page = log_in(username, "wrong", address)
        assert not logged_in(client)


def test_the_right_password_logs_in(editor):
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_four_failures_leave_the_account_open(editor):
    fail(4)
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_five_failures_refuse_even_the_right_password_with_a_clear_message(editor):
    fail(5)
    client, page = log_in("editor", PASSWORD)
    assert not logged_in(client)
    assert "Too many failed logins for this account from your address." in page
    assert "Try again in 15 minutes." in page


def test_a_locked_login_is_not_tried_and_does_not_extend_the_lock(editor, monkeypatch):
    fail(5)
    start = security.now()
    fail(10)
    monkeypatch.setattr(security, "now", lambda: start + 15 * 60 + 1)
    client, _page = log_in("editor", PASSWORD)
    assert logged_in(client)


def test_the_lock_ends_and_the_right_password_logs_in_again(editor, monkeypatch):
    fail(5)
    start = security.now()
    monkeypatch.setattr(security, "now", lambda: start + 14 * 60)
    assert "Try again in 1 minute." in log_in("editor", PASSWORD)[1]
    monkeypatch.setattr(security, "now", lambda: start + 15 * 60 + 1)
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


def test_failures_count_whatever_the_case_of_the_username(editor):
    fail(3, "editor")
    fail(2, "EDITOR")
    assert not logged_in(log_in("editor", PASSWORD)[0])


def test_the_lock_is_kept_in_redis_where_every_process_sees_it(editor, redis_cache, settings):
    fail(5)
    assert "Too many failed logins" in log_in("editor", PASSWORD)[1]
    prefix = settings.CACHES["default"]["KEY_PREFIX"]
    locks = redis_cache._cache.get_client().scan_iter(match=f"{prefix}:*:login-lock:*")
    assert len(list(locks)) == 1


def test_the_limits_come_from_the_settings(editor, settings):
    settings.LOGIN_FAILURE_LIMIT = 2
    fail(2)
    assert not logged_in(log_in("editor", PASSWORD)[0])
