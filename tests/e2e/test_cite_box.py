"""The paper page's cite box in Debian's chromium, on a 1,280 px laptop and a 390 px phone: a
visitor picks a citation style with the mouse or the keyboard and copies it, the clipboard
then holding the text shown, and the style stays picked on the next paper; the page runs
under the Content-Security-Policy without a violation. Where the clipboard is out of reach the
text is selected instead; without script the picker still works."""

import pytest

from pubs.models import Paper
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.test_content_security_policy import RECORD_VIOLATIONS

pytestmark = pytest.mark.django_db

WIDTHS = {"desktop": 1280, "phone": 390}
PAPER = "/publications/non-idle-machine-aware-worker-placement-for-2024/"
SHOWN = "() => [...document.querySelectorAll('.cite .citation')].filter(e => e.offsetParent)"
NO_CLIPBOARD = "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});"


@pytest.fixture
def site(demo_site):
    return demo_site


@pytest.fixture
def open_page(browser):
    """A new browser window (its width, its options) on a path of the site."""
    contexts = []

    def open_at(url: str, width: int, **options):
        context = browser.new_context(viewport={"width": width, "height": 900}, **options)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.add_init_script(RECORD_VIOLATIONS)
        page.goto(url)
        return page

    yield open_at
    for context in contexts:
        context.close()


def shown_ids(page) -> list[str]:
    return page.evaluate(f"({SHOWN})().map(e => e.id)")


def shown_text(page) -> str:
    return page.evaluate(f"({SHOWN})()[0].querySelector('pre').textContent")


def test_a_visitor_picks_a_style_copies_it_and_finds_it_picked_on_the_next_paper(site, open_page):
    other = Paper.objects.filter(is_public=True).exclude(slug__in=PAPER.split("/")).first()
    assert WIDTHS
    for device, width in WIDTHS.items():
        page = open_page(site + PAPER, width, permissions=["clipboard-read", "clipboard-write"])
        assert shown_ids(page) == ["citation-bibtex"]

        page.click("label[for=cite-style-apa]")
        assert shown_ids(page) == ["citation-apa"]
        page.keyboard.press("ArrowRight")  # the radio buttons take the arrows: APA to GB/T 7714
        assert page.is_checked("#cite-style-gbt7714")
        assert shown_ids(page) == ["citation-gbt7714"]
        page.keyboard.press("Tab")  # on to the Copy button
        assert page.evaluate("document.activeElement.className") == "copy-citation"
        page.keyboard.press("Enter")

        page.wait_for_function("document.querySelector('.copy-status').textContent !== ''")
        assert page.inner_text(".copy-status") == "Copied to the clipboard."
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == shown_text(page)
        assert copied.startswith("FANG J, ZHAO G") and "Non-Idle Machine-Aware" in copied
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert page.evaluate("window.violations") == []
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"paper-cite-copied-{device}.png"), full_page=True)

        page.goto(f"{site}{other.get_absolute_url()}")
        assert shown_ids(page) == ["citation-gbt7714"], "the style picked is remembered"


def test_without_a_clipboard_or_script_the_citation_is_still_at_hand(site, open_page):
    for device, width in WIDTHS.items():
        page = open_page(f"{site}/zh-hans{PAPER}", width)
        page.add_init_script(NO_CLIPBOARD)
        page.reload()
        page.click("label[for=cite-style-chicago]")
        page.click("button.copy-citation")

        page.wait_for_function("document.querySelector('.copy-status').textContent !== ''")
        assert page.inner_text(".copy-status") == "引用已选中：按 Ctrl+C（Mac 上按 ⌘C）复制。"
        assert page.evaluate("getSelection().toString()") == shown_text(page)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"paper-cite-selected-zh-{device}.png"))

    page = open_page(site + PAPER, 390, java_script_enabled=False)
    assert not page.is_visible("button.copy-citation")
    page.click("label[for=cite-style-acm]")
    assert shown_ids(page) == ["citation-acm"]
