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

pytestmark = [pytest.mark.django_db, pytest.mark.one_database]

#: Playwright's locale is the browser's language, which the admin follows.
BROWSERS = {"en": "en-GB", "zh": "zh-CN"}
PHONE = {"width": 390, "height": 844}
WIDTHS = {"laptop": 1280, "phone": 390}
#: A page with each thing the measure finds: a box cutting its title, a text cut off, a
#: control outside the window (which makes the page scroll sideways too).
HIDING = """<!doctype html><html><body style="margin:0">
<div style="width:80px;overflow:hidden"><h1 id="cut" style="width:200px">Publications</h1></div>
<p id="ellipsis" style="width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">
A long title cut off</p>
<button id="outside" style="margin-left:600px">Save</button>
</body></html>"""
#: A page hiding nothing: a wide table scrolling in its own box, a label for screen readers
#: only, a skip link off the left edge, a picker's value cut with its whole text as title.
HIDING_NOTHING = """<!doctype html><html><body style="margin:0">
<div style="overflow-x:auto"><table style="width:900px"><tr><td><a href="#">Far</a></td>
<td><button style="margin-left:700px">Save</button></td></tr></table></div>
<label style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">
Venue</label>
<a href="#main" style="position:absolute;left:-999px">Skip to main content</a>
<span style="display:block;width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap"
 title="A long venue name">A long venue name</span>
</body></html>"""


@pytest.fixture(scope="module")
def site(demo_site, django_db_blocker) -> str:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with django_db_blocker.unblock():
        add_admin_and_jobs()
    return demo_site


def test_the_measure_finds_what_a_layout_hides(page):
    page.set_viewport_size({"width": 390, "height": 600})
    page.set_content(HIDING)
    found = "\n".join(layout_problems(page))
    assert "the page is" in found and "px wide in a 390 px window" in found
    assert 'cut by div "Publications": h1#cut "Publications"' in found
    assert "text cut off: p#ellipsis" in found
    assert "outside the window" in found and 'button#outside "Save"' in found


def test_the_measure_leaves_what_scrolls_or_is_hidden_on_purpose(page):
    page.set_viewport_size({"width": 390, "height": 600})
    page.set_content(HIDING_NOTHING)
    assert layout_problems(page) == []


@pytest.mark.parametrize("language", BROWSERS)
def test_the_login_page_hides_nothing_on_a_laptop_or_a_phone(site, browser, language):
    """The login box's title once read "b blications" at 1,280 px: the page the crawl
    passes through before the others."""
    context = browser.new_context(viewport=PHONE, locale=BROWSERS[language])
    page = context.new_page()
    try:
        hidden = []
        for device, width in WIDTHS.items():
            page.set_viewport_size({"width": width, "height": 844})
            page.goto(f"{site}/admin/login/?next=/admin/")
            hidden += [f"{device}: {problem}" for problem in layout_problems(page)]
            page.screenshot(path=str(SCREENSHOTS / f"{device}-admin-login-{language}.png"))
        assert hidden == []
    finally:
        context.close()


@pytest.mark.parametrize("language", BROWSERS)
def test_admin_pages_hide_nothing_on_a_phone(site, browser, language, tmp_path):
    context = browser.new_context(viewport=PHONE, locale=BROWSERS[language])
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        log_in(page, site)
        hidden, visited = [], 0
        for name in visit_admin(page, site, tmp_path):
            visited += 1
            hidden += [f"{name}: {problem}" for problem in layout_problems(page)]
            page.screenshot(path=str(SCREENSHOTS / f"phone-admin-{name}-{language}.png"))
        assert visited > 40
        assert not hidden, "\n".join(hidden)
    finally:
        context.close()
