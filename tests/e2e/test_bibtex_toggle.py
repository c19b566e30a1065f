"""An entry's BibTeX on a list page in Debian's chromium: opened with the keyboard or the
mouse, it is fetched from the paper's export.bib and shown once, under the
Content-Security-Policy without a violation; without script the toggle holds a link to the
same export. Open, the entry has no critical or serious accessibility finding (axe)."""

import pytest

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_accessibility import audit
from tests.e2e.test_content_security_policy import RECORD_VIOLATIONS

pytestmark = pytest.mark.django_db

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
TOGGLE = f"#paper-{NON_IDLE} details.bibtex"


@pytest.fixture
def site(demo_site):
    return demo_site


@pytest.fixture
def open_list(browser):
    """A new browser window on the list of all publications (with its options)."""
    contexts = []

    def open_at(site: str, **options):
        context = browser.new_context(viewport={"width": 1280, "height": 900}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.add_init_script(RECORD_VIOLATIONS)
        page.goto(f"{site}/publications/")
        return page

    yield open_at
    for context in contexts:
        context.close()


def test_opening_an_entry_s_bibtex_shows_its_export_once(site, open_list, capsys):
    page = open_list(site)
    exports = []
    page.on(
        "request",
        lambda request: exports.append(request.url) if "export.bib" in request.url else None,
    )
    assert page.locator(f"{TOGGLE} pre").count() == 0, "not in the page until asked for"

    page.focus(f"{TOGGLE} summary")
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{TOGGLE} pre")
    text = page.inner_text(f"{TOGGLE} pre")
    assert text.startswith("@inproceedings{")
    assert "Non-Idle Machine-Aware Worker Placement" in text
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "list-bibtex-open.png"))

    page.click(f"{TOGGLE} summary")  # closed
    page.click(f"{TOGGLE} summary")  # and opened again
    assert page.evaluate(f"document.querySelector('{TOGGLE}').open")
    assert page.locator(f"{TOGGLE} pre").count() == 1
    assert exports == [f"{site}/publications/{NON_IDLE}/export.bib"]
    assert page.evaluate("window.violations") == []
    assert audit(page, "publications-bibtex-open", capsys) == []


def test_without_script_the_toggle_links_to_the_export(site, open_list):
    page = open_list(site, java_script_enabled=False)
    page.click(f"{TOGGLE} summary")
    link = page.locator(f"{TOGGLE} a.bibtex-source")
    assert link.is_visible()
    assert link.get_attribute("href") == f"/publications/{NON_IDLE}/export.bib"
    assert page.locator(f"{TOGGLE} pre").count() == 0
