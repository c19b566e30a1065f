"""axe-core in Debian's chromium on every public page and every admin page a lab uses, in
English and Chinese: no critical and no serious finding, with every rule axe has and no part of
a page left out. Each page's result is printed; a screenshot of it goes to
test-results/screenshots/a11y-*.png.

axe-core comes with the PyPI package axe-playwright-python (the test extra), which ships
axe.min.js: nothing is fetched while the tests run.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib import admin
from django.contrib.auth import get_user_model

from people.models import Consent, Person
from pubs.models import Authorship, BibtexImport, ImportJob, JobStage, Paper, Venue
from tests.e2e.conftest import SCREENSHOTS

pytestmark = pytest.mark.django_db

AXE = Axe()
#: The findings a page may not have.
BLOCKING = {"critical", "serious"}
#: Playwright's locale is the browser's language, which the admin follows; the public pages
#: are in Chinese under /zh-hans/.
BROWSERS = {"en": "en-GB", "zh": "zh-CN"}
PREFIXES = {"en": "", "zh": "/zh-hans"}
PASSWORD = "a-long-pass-phrase"
#: The stages of a job whose progress page shows (a planned job's page is the import preview,
#: a done one's the import's record).
PROGRESS_STAGES = [
    JobStage.QUEUED,
    JobStage.FETCHING,
    JobStage.PLANNING,
    JobStage.APPLYING,
    JobStage.FAILED,
    JobStage.CANCELLED,
]
BIB = """@inproceedings{odd2025,
  title = {A Paper At An Odd Workshop},
  author = {Jiarui Fang and Ada Lovelace},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""


@pytest.fixture(scope="module")
def site(demo_site, django_db_blocker) -> str:
    """The demo data (with its venues) on a live server, with a superuser and an import
    job in each stage (committed, emptied with the rest after the module)."""
    with django_db_blocker.unblock():
        get_user_model().objects.create_superuser("labadmin", "", PASSWORD)
        for stage in PROGRESS_STAGES:
            record = BibtexImport.objects.create(
                file_name=f"{stage}.bib", sha256="0" * 64, status="pending"
            )
            ImportJob.objects.create(
                record=record,
                stage=stage,
                action="plan",
                progress={"done": 3, "total": 10},
                message="Crossref did not answer" if stage == JobStage.FAILED else "",
            )
        # A paper's author waiting for acceptance: the index and "Waiting for you" list it.
        first = Authorship.objects.order_by("pk").values("pk")[:1]
        Authorship.objects.filter(pk__in=first).update(consent=Consent.REQUESTED)
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


def log_in(page, site: str) -> None:
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content-main")


def admin_pages() -> dict[str, str]:
    """The admin's index, and the list, the add form and the first record's change form of
    every model it registers (where there is a record); each job's progress page."""
    pages = {"index": "/admin/"}
    for model in admin.site._registry:
        meta = model._meta
        base = f"/admin/{meta.app_label}/{meta.model_name}/"
        pages[f"{meta.model_name}-list"] = base
        pages[f"{meta.model_name}-add"] = f"{base}add/"
        record = model._default_manager.order_by("pk").first()
        if record is not None:
            pages[f"{meta.model_name}-change"] = f"{base}{record.pk}/change/"
    for job in ImportJob.objects.filter(stage__in=PROGRESS_STAGES):
        pages[f"job-{job.stage}"] = f"/admin/pubs/importjob/{job.pk}/progress/"
    pages["waiting-for-you"] = "/admin/pubs/paper/consent/"
    return pages


@pytest.mark.parametrize("language", BROWSERS)
def test_admin_pages_have_no_serious_accessibility_finding(
    site, session, language, capsys, tmp_path
):
    page = session
    log_in(page, site)
    findings = []
    pages = admin_pages()
    for name, path in pages.items():
        page.goto(f"{site}{path}")
        findings += audit(page, f"admin-{name}-{language}", capsys)

    # A picker open for typing: the venue's on a paper's form.
    page.goto(f"{site}{pages['paper-change']}")
    page.click(".field-venue .select2-selection")
    page.wait_for_selector(".select2-dropdown .select2-search__field")
    findings += audit(page, f"admin-paper-venue-picker-{language}", capsys)

    # A form showing its errors: a paper saved without a title.
    page.goto(f"{site}/admin/pubs/paper/add/")
    page.click("input[name=_save]")
    page.wait_for_selector(".errornote")
    findings += audit(page, f"admin-paper-errors-{language}", capsys)

    # The import preview of a file.
    bib = tmp_path / "odd.bib"
    bib.write_text(BIB, encoding="utf-8")
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.set_input_files("#id_file", str(bib))
    page.click("input[name=preview]")
    page.wait_for_selector("#import-preview")
    findings += audit(page, f"admin-import-preview-{language}", capsys)

    assert {"paper-change", "person-change", "job-failed"} <= set(pages)
    assert not findings, "\n".join(findings)
