import os
import uuid
from contextlib import contextmanager

import pytest
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from tests.fixture_snapshots import load_fixtures

# Property tests: in CI (CI=true) the same examples on every run, so that a failure found once
# fails every time, with the blob that reproduces it printed; elsewhere new examples each run.
hypothesis_settings.register_profile(
    "ci", derandomize=True, print_blob=True, database=None, deadline=None
)
hypothesis_settings.register_profile("dev", print_blob=True)
hypothesis_settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing():
    """Passwords hashed with a fast hasher: the production one takes a third of a second a
    password by design, and every test of the admin makes a user with one. The production
    hashers stay listed, so a hash they made still checks."""
    hashers = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    with override_settings(PASSWORD_HASHERS=[*hashers, *_production_hashers()]):
        yield


def _production_hashers() -> list[str]:
    from django.conf import settings

    return list(settings.PASSWORD_HASHERS)


@contextmanager
def fixtures_loaded(django_db_blocker, *names: str):
    """Load fixtures inside a transaction that is rolled back afterwards.

    Tests running inside it (pytest-django's ``db`` opens a savepoint for each) see the
    fixtures and cannot leak changes into one another. After the first time in a run, the
    rows are written back directly (tests.fixture_snapshots).
    """
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            load_fixtures(*names)
            yield
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(scope="module")
def demo_module_db(django_db_setup, django_db_blocker):
    """fixtures/demo.json, loaded once per test module."""
    with fixtures_loaded(django_db_blocker, "demo"):
        yield


@pytest.fixture(scope="module")
def catalogue_module_db(django_db_setup, django_db_blocker):
    """fixtures/ccf_venues.json, then fixtures/demo.json on top, loaded once per module."""
    with fixtures_loaded(django_db_blocker, "ccf_venues", "demo"):
        yield


@pytest.fixture
def demo(demo_module_db, db) -> None:
    """The demo data of fixtures/demo.json in the test database."""


@pytest.fixture
def catalogue(catalogue_module_db, db) -> None:
    """The whole CCF catalogue and the demo data in the test database."""


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts in the default language: a request leaves the language it was
    answered in active in the thread (the admin's and the public pages' middleware)."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Every test starts with an empty page cache (the version number is rolled back with
    the database, so a page cached by one test could otherwise be served to the next)."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def no_page_cache(settings) -> None:
    """Render every public page afresh (to count the queries a page costs)."""
    settings.PUBLIC_CACHE_SECONDS = 0


@pytest.fixture
def redis_cache(settings):
    """The page cache in the Redis server on 127.0.0.1:6379 (a database of its own)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15"),
            "KEY_PREFIX": f"labpubs-test-{uuid.uuid4().hex}",
        }
    }
    cache.clear()
    yield cache
    cache.clear()
