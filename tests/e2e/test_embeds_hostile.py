"""Hostile titles, authors, venues, awards and links in a list embedded in another origin's
page (tests.security.hostile's markup and script payloads): with the <script> and the
<iframe>, nothing runs on the host page, and each string is shown as text."""

import pytest

from people.models import Person
from pubs.models import Authorship, Link, Paper, PaperKind
from tests.e2e.host_page import host_page
from tests.security.hostile import PAYLOADS

pytestmark = pytest.mark.django_db

#: The payloads that are markup or script (the others are about exports and queries).
MARKUP = [payload for payload in PAYLOADS if "<" in payload or "javascript" in payload.lower()]


@pytest.fixture(scope="module")
def hostile_papers(demo_site, django_db_blocker) -> list[str]:
    """Jin Fang's papers with a payload in every text field, committed for the live server
    (the demo site empties the database after the module)."""
    with django_db_blocker.unblock():
        jin = Person.objects.get(slug="jin-fang")
        for i, payload in enumerate(MARKUP):
            paper = Paper.objects.create(
                slug=f"hostile-{i}",
                title=payload,
                year=2026,
                kind=PaperKind.CONFERENCE,
                container_title=payload,
                awards=payload,
                extra_fields={},
            )
            Authorship.objects.create(paper=paper, person=jin, position=1, printed_name=payload)
            Link.objects.create(paper=paper, kind="code", url=payload[:500], label=payload[:100])
    return MARKUP


def test_nothing_hostile_runs_on_the_host_page(browser, demo_site, hostile_papers, tmp_path):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        with host_page(tmp_path, demo_site, "jin-fang") as url:
            page.goto(url)
            page.wait_for_selector(".labpubs-embed li.paper")
            page.frame_locator("iframe").locator("li.paper").first.wait_for()
            titles = page.locator(".labpubs-embed li.paper a.title").all_inner_texts()
            framed = page.frame_locator("iframe").locator("li.paper a.title").all_inner_texts()
            inserted = page.evaluate(
                """() => [...document.querySelectorAll('.labpubs-embed *')]
                   .filter(e => ['SCRIPT', 'IFRAME', 'IMG', 'STYLE', 'BASE', 'META'].includes(e.tagName)
                                || [...e.attributes].some(a => /^on/i.test(a.name)))
                   .map(e => e.outerHTML)"""
            )
            schemes = page.evaluate(
                """() => [...document.querySelectorAll('.labpubs-embed a[href]')]
                   .map(a => new URL(a.href).protocol)"""
            )
            page.mouse.move(400, 400)
            page.wait_for_timeout(200)
    finally:
        context.close()
    assert dialogs == []
    assert inserted == []
    assert set(schemes) <= {"http:", "https:"}
    written = {" ".join(payload.split()) for payload in hostile_papers}
    assert written <= {" ".join(title.split()) for title in titles}
    assert written <= {" ".join(title.split()) for title in framed}
