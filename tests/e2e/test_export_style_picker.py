"""A visitor exports a filtered list's citations in the style they pick, from the list's
export links, on a 1,280 px laptop and a 390 px phone, in English and in Chinese: the page
that opens is a page of the site, says its style and keeps the list's filters."""

import pytest

from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.django_db

WIDTHS = {"desktop": 1280, "phone": 390}
LABELS = {
    "en": {"style": "Citations in the style", "button": "Citations (HTML)", "says": "APA style"},
    "zh-hans": {"style": "引文样式", "button": "引文（HTML）", "says": "引文格式为 APA"},
}


@pytest.fixture
def site(demo_site):
    return demo_site


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("language", LABELS)
def test_the_list_is_exported_in_the_picked_style(site, browser, width, language):
    context = browser.new_context(viewport={"width": WIDTHS[width], "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    prefix = "" if language == "en" else f"/{language}"
    labels = LABELS[language]
    try:
        page.goto(f"{site}{prefix}/people/jin-fang/?rank=A")
        picker = page.get_by_label(labels["style"])
        picker.scroll_into_view_if_needed()
        assert picker.is_visible()
        picker.select_option("apa")
        page.get_by_role("button", name=labels["button"]).click()
        page.wait_for_url("**/people/jin-fang/export.html?*")
        assert "rank=A" in page.url and "style=apa" in page.url
        assert page.locator("header.site-header").is_visible()
        assert labels["says"] in page.locator("p.citation-style").inner_text()
        assert page.locator(".csl-bib-body.apa .csl-entry").count() > 0
        width_px = page.evaluate("document.documentElement.scrollWidth")
        assert width_px <= WIDTHS[width]
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"export-apa-{language}-{width}.png"))
    finally:
        context.close()
