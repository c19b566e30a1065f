"""End-to-end tests in Debian's chromium, driven by Playwright (no downloaded browser).

They run against pytest-django's live server, or, for modules that only read the demo data,
against one server of it per module (``demo_site``, ``catalogue_site``). Where
/usr/bin/chromium is missing they are skipped, unless REQUIRE_E2E is set (as CI sets it): then
a missing browser fails the run.
"""

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connections
from django.test.utils import modify_settings
from pytest_django.live_server_helper import LiveServer

from tests.fixture_snapshots import load_fixtures

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("REQUIRE_E2E"):
            pytest.fail(
                f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
            )
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium to run the browser tests")
    # Playwright's sync API runs an event loop; the tests' own ORM calls are still synchronous.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    from playwright.sync_api import sync_playwright

    # Code run after Playwright's start sees another context than code run before it, and a
    # database connection is kept per context: each side closes its own, so that none is left
    # open to keep PostgreSQL from dropping the test database at the end of the run.
    _close_connections()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()
        _close_connections()


def _close_connections() -> None:
    """Close the database connections of this context (unless a test's transaction is open)."""
    if not any(connection.in_atomic_block for connection in connections.all()):
        connections.close_all()


@pytest.fixture(scope="module")
def demo_site(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The address of a live server of the demo data (with its venues), for a module whose
    tests only read it (and use ``db``): loaded once, emptied after the module's last test."""
    yield from _serving(django_db_blocker, "demo")


@pytest.fixture(scope="module")
def catalogue_site(django_db_setup, django_db_blocker) -> Iterator[str]:
    """The same, with the whole CCF catalogue under the demo data."""
    yield from _serving(django_db_blocker, "ccf_venues", "demo")


def _serving(django_db_blocker, *fixtures: str) -> Iterator[str]:
    """pytest-django's ``live_server`` makes each test that uses it a transactional one, which
    empties the database after it: a module whose tests read the same data has one server and
    one load of the rows instead (committed, so that the server's own connection sees them on
    PostgreSQL), and the database is emptied as a flush after a transactional test does."""
    try:
        with django_db_blocker.unblock():
            load_fixtures(*fixtures)
        server = LiveServer("localhost")
        try:
            with modify_settings(ALLOWED_HOSTS={"append": "localhost"}):
                yield server.url
        finally:
            _wait_for_open_requests()
            server.stop()
    finally:
        with django_db_blocker.unblock():
            call_command("flush", interactive=False, verbosity=0)


def _wait_for_open_requests() -> None:
    """Let the server's request threads end before it stops: a browser window closed by the
    last test closes its connections a moment later, and a thread ending after the server
    has stopped would close the SQLite connection it no longer shares."""
    for thread in threading.enumerate():
        if thread.name.endswith("(process_request_thread)"):
            thread.join(timeout=10)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


@pytest.fixture
def screenshot(page):
    """Save a screenshot of the page under test-results/screenshots/NAME.png."""

    def save(name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return save
