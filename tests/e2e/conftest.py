"""End-to-end tests in Debian's chromium, driven by Playwright (no downloaded browser).

They run against pytest-django's live server. Where /usr/bin/chromium is missing they are
skipped, unless REQUIRE_E2E is set (as CI sets it): then a missing browser fails the run.
"""

import os
from pathlib import Path

import pytest

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

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()


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
