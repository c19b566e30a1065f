"""The public site of the demo data in Debian's chromium, at 1,280 px and on a 390 px phone, in
English and Chinese: no page scrolls sideways, a search for a person finds that person, a
person's page tells them from their namesakes. Screenshots go to test-results/screenshots/."""

import pytest

from people.models import Group, Person
from pubs.models import Paper, Venue
from pubs.queries import selectors

pytestmark = pytest.mark.django_db

WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}
LANGUAGES = {"en": "", "zh": "/zh-hans"}
#: Nothing when the page is no wider than the window; else the element that sticks out.
WIDEST = """() => {
  const width = innerWidth;
  if (document.documentElement.scrollWidth <= width) return null;
  const wide = [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 1);
  const e = wide[wide.length - 1];
  return e ? `${e.tagName.toLowerCase()}.${e.className} ${e.getBoundingClientRect().right}` : '';
}"""
#: WIDEST at the given width, measured once the page reports it (a resized window lays the
#: page out again at its next frame): one call to the browser instead of a wait and a call.
WIDEST_AT = f"""async width => {{
  const end = performance.now() + 15000;
  while (innerWidth !== width) {{
    if (performance.now() > end) throw new Error(`still ${{innerWidth}} px wide, not ${{width}}`);
    await new Promise(requestAnimationFrame);
  }}
  return ({WIDEST})();
}}"""


@pytest.fixture
def site(demo_site):
    """The demo data with its venues (not the whole catalogue) on a live server."""
    return demo_site


def combinations():
    """(language prefix, width, height) of each language on each device."""
    for prefix in LANGUAGES.values():
        for width, height in WIDTHS.values():
            yield prefix, width, height


def public_pages() -> list[str]:
    """Every public page of the demo data: lists, indexes, and each person, group, venue with
    papers and paper; a search and a missing page."""
    people = selectors.public_people().values_list("slug", flat=True)
    venues = Venue.objects.filter(papers__is_public=True).distinct().values_list("slug", flat=True)
    papers = Paper.objects.filter(is_public=True).values_list("slug", flat=True)
    return [
        "/",
        "/publications/",
        "/publications/?q=Jin+Fang",
        "/publications/?q=serving",
        "/publications/?person=jiarui-fang&rank=A",
        "/people/",
        "/venues/",
        "/venues/?all=1&sort=name",
        "/no/such/page/",
        *(f"/people/{slug}/" for slug in people),
        *(f"/groups/{slug}/" for slug in Group.objects.values_list("slug", flat=True)),
        *(f"/venues/{slug}/" for slug in venues),
        *(f"/publications/{slug}/" for slug in papers),
    ]


@pytest.mark.one_database  # a measure of the layout: no query decides it
def test_no_public_page_scrolls_sideways(site, page):
    """Each page opened in each language and measured in a desktop window and a phone's: the
    window is resized rather than the page opened again, and each page is measured first at
    the width the one before it was measured at last."""
    pages = public_pages()
    assert len(pages) > 150
    too_wide = []
    sizes = list(WIDTHS.values())
    for prefix in LANGUAGES.values():
        for path in pages:
            page.goto(f"{site}{prefix}{path}", wait_until="domcontentloaded")
            for width, height in sizes:
                if page.viewport_size["width"] != width:
                    page.set_viewport_size({"width": width, "height": height})
                # measured once the page is laid out at its new width, not before
                widest = page.evaluate(WIDEST_AT, width)
                if widest is not None:
                    too_wide.append(f"{prefix}{path} at {width}px: {widest}")
            sizes.reverse()
    assert too_wide == []


def test_screenshots_of_the_public_pages(site, page, screenshot):
    assert list(combinations())
    for prefix, width, height in combinations():
        page.set_viewport_size({"width": width, "height": height})
        for name, path in [
            ("home", "/"),
            ("publications", "/publications/"),
            ("search", "/publications/?q=Jin+Fang"),
            ("person", "/people/jin-fang/"),
            ("group", "/groups/ustc-int/"),
            ("venues", "/venues/"),
            ("not-found", "/no/such/page/"),
        ]:
            page.goto(f"{site}{prefix}{path}")
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
            screenshot(f"public-{name}-{prefix.strip('/') or 'en'}-{width}")


def test_searching_jin_fang_finds_jin_fang(site, page):
    jin = Person.objects.get(slug="jin-fang")
    expected = set(selectors.person_papers(jin).values_list("title", flat=True))
    assert expected and list(combinations())
    for prefix, width, height in combinations():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site}{prefix}/publications/")
        page.fill("input[name=q]", "Jin Fang")
        page.press("input[name=q]", "Enter")
        page.wait_for_url("**q=Jin+Fang**")
        offers = page.locator("a.person-offer")
        assert offers.count() == 1
        assert offers.first.get_attribute("href").endswith("/people/jin-fang/")
        assert offers.first.is_visible()
        # Only his papers, though "Jin" and "Fang" begin words of Jiarui Fang's.
        titles = page.locator("li.paper a.title").all_inner_texts()
        assert len(titles) == len(expected) and set(titles) == expected

        offers.first.click()
        page.wait_for_url("**/people/jin-fang/")
        assert page.locator("h1").inner_text().startswith("Jin Fang")


def test_searching_initials_offers_both_people(site, page):
    page.goto(f"{site}/publications/?q=J.+Fang")
    hrefs = page.locator("a.person-offer").evaluate_all("links => links.map(a => a.pathname)")
    assert hrefs == ["/people/jiarui-fang/", "/people/jin-fang/"]


def test_a_person_page_tells_namesakes_apart_and_links_advisors_and_feed(site, page, screenshot):
    assert WIDTHS
    for width, height in WIDTHS.values():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{site}/people/jin-fang/")
        assert page.title() == "Jin Fang · Lab publications"
        namesake = page.locator(".namesakes a")
        assert namesake.inner_text() == "Jiarui Fang"
        assert "J. Fang" in page.locator(".namesakes").inner_text()
        assert page.locator(".advisors a").all_inner_texts() == ["Hongli Xu", "Gongming Zhao"]
        assert page.locator('footer a[href="/people/jin-fang/feed/"]').is_visible()
        screenshot(f"person-namesakes-{width}")

        namesake.click()
        page.wait_for_url("**/people/jiarui-fang/")
        assert page.locator(".namesakes a").inner_text() == "Jin Fang"

        page.goto(f"{site}/people/hongli-xu/")
        assert "Jin Fang" in page.locator(".advisees").inner_text()


def test_a_filter_chip_shows_the_person_s_name(site, page):
    page.goto(f"{site}/zh-hans/publications/?person=jiarui-fang")
    chip = page.locator(".active-filters a.filter-person")
    assert "Jiarui Fang" in chip.inner_text()
    assert "jiarui-fang" not in chip.inner_text()


def test_the_chart_and_the_award_mark_read_on_a_phone(site, page, screenshot):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{site}/groups/ustc-int/")
    year = page.locator("svg.rank-chart .years text").first
    assert year.bounding_box()["height"] >= 10, "the chart's years are too small to read"
    legend = page.locator(".chart-legend li").first
    assert legend.bounding_box()["height"] >= 12
    screenshot("group-chart-phone")

    awarded = Paper.objects.filter(is_public=True).exclude(awards="").first()
    page.goto(f"{site}{awarded.get_absolute_url()}")
    badge = page.locator(".badge.award").first
    assert badge.locator("svg.award-mark").is_visible()
    assert "\U0001f3c6" not in badge.inner_text()
    box = badge.locator("svg.award-mark").bounding_box()
    assert box["width"] >= 10 and box["height"] >= 10
