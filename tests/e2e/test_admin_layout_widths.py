"""Every admin page a lab uses keeps its content in view on a 390 px phone, in English and
Chinese: the page does not scroll sideways (a wide table scrolls inside its own box), no
box cuts off its text and no control lies outside the window. The same pages are measured
in a 1,280 px laptop's window by the accessibility test, in the visit that runs axe
(tests/e2e/test_accessibility.py). A screenshot of each page goes to
test-results/screenshots/phone-*.png."""

from __future__ import annotations

import pytest

from tests.e2e.admin_crawl import add_admin_and_jobs, log_in, visit_admin
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.layout import layout_problems

pytestmark = pytest.mark.django_db

#: Playwright's locale is the browser's language, which the admin follows.
BROWSERS = {"en": "en-GB", "zh": "zh-CN"}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def site(demo_site, django_db_blocker) -> str:
    with django_db_blocker.unblock():
        add_admin_and_jobs()
    return demo_site


@pytest.mark.parametrize("language", BROWSERS)
def test_admin_pages_hide_nothing_on_a_phone(site, browser, language, tmp_path):
    context = browser.new_context(viewport=PHONE, locale=BROWSERS[language])
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        log_in(page, site)
        hidden, visited = [], 0
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        for name in visit_admin(page, site, tmp_path):
            visited += 1
            hidden += [f"{name}: {problem}" for problem in layout_problems(page)]
            page.screenshot(path=str(SCREENSHOTS / f"phone-admin-{name}-{language}.png"))
        assert visited > 40
        assert not hidden, "\n".join(hidden)
    finally:
        context.close()
