"""The admin in a browser, as a lab uses it: on a 1,280 px laptop and a 390 px phone, in
English and, for a zh-CN browser, in Chinese. No change form of the demo data scrolls the page
sideways; a paper's author rows keep their delete column in view on the laptop; the import
preview picks an unmatched venue with the autocomplete."""

import pytest

from people.models import Group, Person
from pubs.models import Paper, Venue
from tests.e2e.conftest import SCREENSHOTS
from tests.fixture_snapshots import load_fixtures

pytestmark = pytest.mark.django_db(transaction=True)

DEVICES = {"laptop": 1280, "phone": 390}
#: Playwright's locale is the browser's language: its Accept-Language.
BROWSERS = {"en": ("en-GB", "en"), "zh": ("zh-CN", "zh-hans")}
PASSWORD = "a-long-pass-phrase"


@pytest.fixture
def site(live_server, django_user_model):
    load_fixtures("ccf_venues", "demo")
    django_user_model.objects.create_superuser("labadmin", "", PASSWORD)
    return live_server.url


def log_in(page, site: str) -> None:
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content-main")


def sticking_out(page) -> list[str]:
    """The elements wider than the window, outermost first (what makes the page scroll)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > innerWidth + 1)
            .slice(0, 5).map(e => e.tagName + (e.id ? '#' + e.id : '') + '.' + e.className)"""
    )


def change_forms() -> dict[str, str]:
    """The admin change form of a paper (the one with most authors), a person, a venue with
    papers and a group of the demo data."""
    paper = max(Paper.objects.all(), key=lambda p: p.authorships.count())
    person = Person.objects.filter(authorships__isnull=False).order_by("pk").first()
    venue = Venue.objects.filter(papers__isnull=False).order_by("pk").first()
    group = Group.objects.order_by("pk").first()
    return {
        "paper": f"/admin/pubs/paper/{paper.pk}/change/",
        "person": f"/admin/people/person/{person.pk}/change/",
        "venue": f"/admin/pubs/venue/{venue.pk}/change/",
        "group": f"/admin/people/group/{group.pk}/change/",
    }


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("language", BROWSERS)
def test_admin_change_forms_fit_the_window(site, browser, device, language):
    locale, html_lang = BROWSERS[language]
    context = browser.new_context(viewport={"width": DEVICES[device], "height": 900}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15000)
    try:
        log_in(page, site)
        forms = change_forms()
        assert forms
        for name, path in forms.items():
            page.goto(f"{site}{path}")  # until the load event: styles and scripts applied
            page.evaluate("document.fonts.ready.then(() => true)")
            assert page.evaluate("document.documentElement.lang") == html_lang, name
            wide = page.evaluate("document.documentElement.scrollWidth")
            width = page.evaluate("innerWidth")
            save(page, f"admin-{name}-{device}-{language}")
            assert wide <= width, f"the {name} form is {wide} px wide: {sticking_out(page)}"
    finally:
        context.close()


def test_a_paper_author_rows_keep_their_delete_column_in_view_on_a_laptop(site, page):
    log_in(page, site)
    page.goto(f"{site}{change_forms()['paper']}")
    delete = page.locator("#authorships-group td.delete").first.bounding_box()
    assert delete["x"] + delete["width"] <= 1280


def test_a_chinese_browser_gets_the_admin_in_chinese_and_may_switch_it(site, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    page = context.new_page()
    try:
        page.goto(f"{site}/admin/login/?next=/admin/")
        assert "用户名" in page.inner_text("#content-main")
        log_in(page, site)
        assert "管理论文、人员与发表渠道" in page.inner_text("#content")
        save(page, "admin-index-zh")

        page.select_option("#language-switch", "en")
        page.click(".language-switch button")
        page.wait_for_selector("#content-main")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert "Manage publications, people and venues" in page.inner_text("#content")
    finally:
        context.close()


BIB = """@inproceedings{odd2025,
  title = {A Paper At An Odd Workshop},
  author = {Jiarui Fang and Ada Lovelace},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""


def test_the_import_preview_picks_an_unmatched_venue_with_the_autocomplete(site, page, tmp_path):
    bib = tmp_path / "odd.bib"
    bib.write_text(BIB, encoding="utf-8")
    log_in(page, site)
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.set_input_files("#id_file", str(bib))
    page.click("input[name=preview]")
    page.wait_for_selector("#import-preview")

    page.click("#import-preview .select2-selection")  # the venue's autocomplete
    page.fill(".select2-search__field", "ICNP")
    page.click(".select2-results__option >> text=ICNP")
    save(page, "import-preview-venue-autocomplete")
    page.click("#confirm-import")

    page.wait_for_selector(".messagelist")
    paper = Paper.objects.get(title="A Paper At An Odd Workshop")
    assert paper.venue.slug == "icnp"


def save(page, name: str) -> None:
    """A screenshot of the whole page under test-results/screenshots/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def import_in_browser(page, site: str, bib_path) -> None:
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.set_input_files("#id_file", str(bib_path))
    page.click("input[name=preview]")
    page.click("#confirm-import")
    page.wait_for_selector(".messagelist")


def test_the_history_of_an_imported_paper_shows_the_imports_and_the_undo(site, page, tmp_path):
    first, filled_in = tmp_path / "first.bib", tmp_path / "filled-in.bib"
    first.write_text(BIB.replace("Workshop on Odd Things", "ICNP'25"), encoding="utf-8")
    filled_in.write_text(
        first.read_text().replace("year = {2025}", "year = {2025},\n  doi = {10.1000/odd.2025}"),
        encoding="utf-8",
    )
    log_in(page, site)
    import_in_browser(page, site, first)
    import_in_browser(page, site, filled_in)
    assert "/admin/pubs/paper/" in page.inner_html("#import-papers")  # the record links it
    page.click("text=Undo this import")
    page.click("#confirm-undo")
    page.wait_for_selector(".messagelist")

    paper = Paper.objects.get(title="A Paper At An Odd Workshop")
    page.goto(f"{site}/admin/pubs/paper/{paper.pk}/history/")
    imports = page.inner_text("#import-history")
    assert "first.bib" in imports and "created by the import" in imports
    assert "filled-in.bib" in imports and "changed by the import" in imports
    assert "import undone" in imports
    save(page, "admin-paper-history-imports")
