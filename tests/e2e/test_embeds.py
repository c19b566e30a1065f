"""Jin Fang's list embedded in a plain page of another origin, with the <script> and the
<iframe> (docs/api.md): both show the entries of the site's own page, in the visitor's
language, on a desktop and on a phone; screenshots are saved."""

import pytest

from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.host_page import host_page

pytestmark = pytest.mark.django_db

#: Playwright's locale is the browser's language: its Accept-Language.
LANGUAGES = {"en": ("en-US", "All publications"), "zh-hans": ("zh-CN", "全部论文")}
WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture
def host(demo_site, tmp_path):
    with host_page(tmp_path, demo_site, "jin-fang") as url:
        yield url


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("device", list(WIDTHS))
def test_jin_fangs_list_embedded_by_script_and_iframe(browser, demo_site, host, language, device):
    locale, more = LANGUAGES[language]
    context = browser.new_context(viewport={"width": WIDTHS[device], "height": 900}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(host)
        page.wait_for_selector(".labpubs-embed li.paper")
        frame = page.frame_locator("iframe")
        frame.locator("li.paper").first.wait_for()

        inserted = page.locator(".labpubs-embed li.paper a.title").all_inner_texts()
        framed = frame.locator("li.paper a.title").all_inner_texts()
        assert len(inserted) == 10
        assert framed == inserted
        assert page.locator(".labpubs-embed").get_attribute("lang") == language
        assert page.locator(".labpubs-embed .labpubs-more").inner_text().startswith(more)
        # Links lead to the site, not to the host.
        href = page.locator(".labpubs-embed a.title").first.get_attribute("href")
        assert href.startswith(demo_site)
        # The host's variable themes the list; the list's stylesheet styles the badges.
        colour = page.eval_on_selector(".labpubs-embed a.title", "e => getComputedStyle(e).color")
        assert colour == "rgb(142, 36, 170)"
        assert page.locator(".labpubs-embed .badge.ccf-a").count() == 3
        assert errors == []

        # A frame of another origin is painted once it is in view.
        page.locator("iframe").scroll_into_view_if_needed()
        page.frames[1].evaluate(
            "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(
            path=SCREENSHOTS / f"embed-jin-fang-{language}-{device}.png", full_page=True
        )
    finally:
        context.close()


def test_a_page_of_another_origin_reads_the_api_and_revalidates_it(page, demo_site, host):
    page.goto(host)
    answers = page.evaluate(
        """async (site) => {
            const url = site + "/api/v1/papers/?person=jin-fang";
            const first = await fetch(url, {cache: "no-store"});
            const body = await first.json();
            const etag = first.headers.get("ETag");
            const again = await fetch(url, {cache: "no-store", headers: {"If-None-Match": etag}});
            return [first.status, body.count, etag, again.status];
        }""",
        demo_site,
    )
    status, count, etag, revalidated = answers
    assert (status, count, revalidated) == (200, 10, 304)
    assert etag.startswith('"')
