"""axe-core in Debian's chromium on every public page and every admin page a lab uses, in
English and Chinese: no critical and no serious finding, with every rule axe has and no part of
a page left out. Each page's result is printed; a screenshot of it goes to
test-results/screenshots/a11y-*.png. The admin's pages (tests/e2e/admin_crawl.py) are measured
in the same visit for what their layout hides in the 1,280 px window (tests/e2e/layout.py).

axe-core comes with the PyPI package axe-playwright-python (the test extra), which ships
axe.min.js: nothing is fetched while the tests run.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe

from people.models import Person
from pubs.models import Paper, Venue
from tests.e2e.admin_crawl import add_admin_and_jobs, log_in, visit_admin
from tests.e2e.conftest import SCREENSHOTS
from tests.e2e.layout import layout_problems

pytestmark = [pytest.mark.django_db, pytest.mark.one_database]

AXE = Axe()
#: The findings a page may not have.
BLOCKING = {"critical", "serious"}
#: Playwright's locale is the browser's language, which the admin follows; the public pages
#: are in Chinese under /zh-hans/.
BROWSERS = {"en": "en-GB", "zh": "zh-CN"}
PREFIXES = {"en": "", "zh": "/zh-hans"}


@pytest.fixture(scope="module")
def site(demo_site, django_db_blocker) -> str:
    """The demo data (with its venues) on a live server, with a superuser and an import
    job in each stage (committed, emptied with the rest after the module)."""
    with django_db_blocker.unblock():
        add_admin_and_jobs()
    return demo_site


@pytest.fixture
def session(browser, request) -> Iterator:
    """One browser window in the language of the test's ``language`` parameter."""
    language = request.node.callspec.params["language"]
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale=BROWSERS[language]
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    yield page
    context.close()


def audit(page, name: str, capsys) -> list[str]:
    """Run axe on the page as it is, print its result, save a screenshot; the critical and
    serious findings, one line each."""
    started = time.perf_counter()
    results = AXE.run(page).response
    seconds = time.perf_counter() - started
    violations = results["violations"]
    impacts = Counter(v["impact"] for v in violations)
    found = ", ".join(f"{v['id']} ({v['impact']}, {len(v['nodes'])})" for v in violations)
    with capsys.disabled():
        print(
            f"\naxe {name} ({seconds:.1f} s): {len(results['passes'])} rules passed, "
            f"{len(violations)} failed {dict(impacts)}{': ' + found if found else ''}"
        )
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"a11y-{name}.png"), full_page=True)
    return [
        f"{name}: {v['id']} ({v['impact']}) {v['help']}: "
        + "; ".join(" ".join(node["target"]) for node in v["nodes"][:5])
        for v in violations
        if v["impact"] in BLOCKING
    ]


def public_pages() -> dict[str, str]:
    """A page of each kind the public sees, named."""
    paper = max(Paper.objects.filter(is_public=True), key=lambda p: p.authorships.count())
    patent = Paper.objects.get(title="一种边缘云系统中的VNF部署调度方法")
    venue = Venue.objects.filter(papers__is_public=True).order_by("pk").first()
    person = Person.objects.get(slug="jin-fang")
    return {
        "home": "/",
        "publications": "/publications/",
        "publications-filtered": "/publications/?year=2024&rank=A",
        "search": "/publications/?q=serving",
        "search-person": "/publications/?q=Jin+Fang",
        "bad-filter": "/publications/?year=abc",
        "people": "/people/",
        "person": person.get_absolute_url(),
        "group": "/groups/ustc-int/",
        "group-filtered": "/groups/ustc-int/?rank=A&year_min=2022",
        "group-citations": "/groups/ustc-int/?weigh=citations",
        "venues": "/venues/",
        "venue": venue.get_absolute_url(),
        "paper": paper.get_absolute_url(),
        "paper-in-chinese": patent.get_absolute_url(),
        "missing": "/no-such-page/",
    }


@pytest.mark.parametrize("language", BROWSERS)
def test_public_pages_have_no_serious_accessibility_finding(site, session, language, capsys):
    page = session
    findings = []
    pages = public_pages()
    for name, path in pages.items():
        page.goto(f"{site}{PREFIXES[language]}{path}")
        findings += audit(page, f"public-{name}-{language}", capsys)
    assert len(pages) == 16
    assert not findings, "\n".join(findings)


@pytest.mark.parametrize("language", BROWSERS)
def test_admin_pages_have_no_serious_accessibility_finding_and_hide_nothing_on_a_laptop(
    site, session, language, capsys, tmp_path
):
    """Each page is also measured for what its layout hides in the laptop's window (the
    phone's is tests/e2e/test_admin_layout_widths.py): one visit for both."""
    page = session
    log_in(page, site)
    findings, hidden = [], []
    for name in visit_admin(page, site, tmp_path):
        findings += audit(page, f"admin-{name}-{language}", capsys)
        hidden += [f"{name}: {problem}" for problem in layout_problems(page)]
    assert not findings, "\n".join(findings)
    assert not hidden, "\n".join(hidden)
