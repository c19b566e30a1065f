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


#: Test files handed out first, in this order, when the suite runs on several processes
#: (pytest-xdist, a file a worker at a time: ``--dist loadfile``): the longest files, few
#: tests each (the browser tests, the crawls of every public page and export). xdist hands out
#: the files with the most tests first, and the browser test of every public page, handed out
#: last, kept one worker busy for minutes after the other had run out of work.
LONGEST_FIRST = (
    "tests/e2e/test_public_site.py",
    "tests/exporting/test_latex_clients.py",
    "tests/exporting/test_shortened_author_lists.py",
    "tests/privacy/test_public_responses.py",
    "tests/e2e/",
    "tests/importing/test_reimport_law.py",
    "tests/importing/test_apply.py",
)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """``--dist loadfile``, the files of LONGEST_FIRST first."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    def rank(scope: str) -> int:
        starts = (i for i, prefix in enumerate(LONGEST_FIRST) if scope.startswith(prefix))
        return next(starts, len(LONGEST_FIRST))

    class LongestFirst(LoadFileScheduling):
        def _assign_work_unit(self, node) -> None:
            if not getattr(self, "_ordered", False):
                for scope in sorted(self.workqueue, key=rank):
                    self.workqueue.move_to_end(scope)
                self._ordered = True
            super()._assign_work_unit(node)

    return LongestFirst(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``one_database`` check what no query decides (exports read back by
    other programs, the browser's measure of the layout): they run where the suite runs on
    SQLite, and are skipped, saying so, on the other databases CI runs it on."""
    from django.conf import settings

    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        return
    skip = pytest.mark.skip(reason="checks what does not depend on the database: run on SQLite")
    for item in items:
        if item.get_closest_marker("one_database"):
            item.add_marker(skip)


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


def worker_redis_url() -> str:
    """The Redis database of this test process: TEST_REDIS_URL (by default database 15 of the
    server on 127.0.0.1:6379) in a run on one process; with pytest-xdist, worker gwN takes the
    Nth database below it (gw0 15, gw1 14, ...), since clearing the cache empties the whole
    database and the workers' tests run at the same time."""
    base = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        return base
    address, _, number = base.rstrip("/").rpartition("/")
    if not number.isdigit():
        address, number = base.rstrip("/"), "15"
    database = int(number) - int(worker[2:])
    if database < 0:
        raise RuntimeError(f"{base}: too few Redis databases below it for worker {worker}")
    return f"{address}/{database}"


@pytest.fixture
def redis_cache(settings):
    """The page cache in the Redis server on 127.0.0.1:6379 (a database of its own, one a
    pytest-xdist worker)."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": worker_redis_url(),
            "KEY_PREFIX": f"labpubs-test-{uuid.uuid4().hex}",
        }
    }
    cache.clear()
    yield cache
    cache.clear()
