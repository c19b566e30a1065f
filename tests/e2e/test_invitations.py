"""A group's editor invites a PhD student to log in, without an admin: the student opens the
link, chooses a password, lands on their profile ("My profile"), edits it and imports their
BibTeX. In English and Chinese, at 1280 and 390 px."""

import pytest
from django.contrib.auth.models import Group as AuthGroup

from people.models import Group, Person
from pubs.models import Paper
from pubs.permissions import GROUP_EDITOR, MEMBER, roles_install
from tests.e2e.conftest import SCREENSHOTS
from tests.fixture_snapshots import load_fixtures

PASSWORD = "a-long-pass-phrase"
STUDENT_PASSWORD = "quiet-harbour-lantern-41"

STUDENTS_FILE = """@inproceedings{fang2025invited,
  title = {Telemetry Imported by an Invited Student},
  author = {Jin Fang and Hongli Xu},
  booktitle = {ICNP'25},
  year = {2025}
}
"""

pytestmark = pytest.mark.django_db(transaction=True)

LANGUAGES = {"en": "Login and roles", "zh-hans": "登录账号与角色"}
WIDTHS = [1280, 390]


@pytest.fixture
def site(live_server, django_user_model):
    """The demo data; "editor" edits USTC INT, whose PhD student Jin Fang has no login."""
    load_fixtures("ccf_venues", "demo")
    roles_install()
    editor = django_user_model.objects.create_user("editor", "", PASSWORD, is_staff=True)
    editor.groups.add(AuthGroup.objects.get(name=GROUP_EDITOR))
    Group.objects.get(slug="ustc-int").editors.add(editor)
    return live_server.url


def browse(browser, site: str, language: str, width: int):
    """A browser window of its own, at ``width`` px, in ``language``."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    page = context.new_page()
    page.set_default_timeout(15000)
    return context, page


def overflow(page) -> int:
    """How many px the page is wider than the window (0: no sideways scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_an_editor_invites_a_student_who_logs_in_edits_and_imports(
    site, browser, language, width, tmp_path
):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = f"invitation-{language}-{width}"
    student = Person.objects.get(slug="jin-fang")

    # The editor: from the student's page, two clicks make the link.
    editor_context, page = browse(browser, site, language, width)
    page.goto(f"{site}/admin/login/?next=/admin/people/person/{student.pk}/change/")
    page.fill("#id_username", "editor")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.click(f"text={LANGUAGES[language]}")
    page.click("button[name=do][value=invite]")
    link = page.input_value("#invitation-link")
    assert "/admin/invitation/" in link
    assert overflow(page) == 0
    page.screenshot(path=str(SCREENSHOTS / f"{name}-editor.png"), full_page=True)
    editor_context.close()

    # The student: the link, a password of their own, and their profile.
    context, page = browse(browser, site, language, width)
    page.goto(link)
    assert overflow(page) == 0
    page.screenshot(path=str(SCREENSHOTS / f"{name}-accept.png"), full_page=True)
    page.fill("#id_username", "jin")
    page.fill("#id_password1", STUDENT_PASSWORD)
    page.fill("#id_password2", STUDENT_PASSWORD)
    page.click("#invitation-form input[type=submit]")
    page.wait_for_url(f"**/admin/people/person/{student.pk}/change/")
    assert page.locator("#user-tools a.my-profile").count() == 1
    page.fill("#id_bio", "PhD student working on network telemetry.")
    page.click("input[name=_continue]")
    page.wait_for_selector(".messagelist")
    student.refresh_from_db()
    assert student.bio == "PhD student working on network telemetry."
    assert set(student.user.groups.values_list("name", flat=True)) == {MEMBER}
    page.screenshot(path=str(SCREENSHOTS / f"{name}-profile.png"), full_page=True)

    bib = tmp_path / "mine.bib"
    bib.write_text(STUDENTS_FILE, encoding="utf-8")
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.set_input_files("#id_file", str(bib))
    page.click("input[name=preview]")
    page.wait_for_selector("#import-preview")
    page.click("#confirm-import")
    page.wait_for_selector(".messagelist")
    paper = Paper.objects.get(title="Telemetry Imported by an Invited Student")
    assert paper.authorships.filter(person=student).exists()
    assert paper.is_public is False  # until the group's editor reviews it

    page.goto(f"{site}/admin/")
    page.click("#content-main a.my-profile")
    page.wait_for_url(f"**/admin/people/person/{student.pk}/change/")
    assert "Telemetry Imported by an Invited Student" in page.inner_text("#content")
    page.screenshot(path=str(SCREENSHOTS / f"{name}-after-import.png"), full_page=True)
    context.close()

    # The link worked once.
    context, page = browse(browser, site, language, width)
    assert page.goto(link).status == 410
    context.close()
