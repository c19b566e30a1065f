"""A member cannot get script to run in an admin's browser through a paper's files: an HTML or
SVG file uploaded as the paper's PDF is refused, and a file that slipped past the check (put
straight into storage) runs nothing when an admin opens it."""

from __future__ import annotations

import contextlib
import io

import pytest
from django.contrib.auth.models import Group as AuthGroup
from django.core.files.base import ContentFile
from django.core.management import call_command
from django.test.testcases import _MediaFilesHandler
from playwright.sync_api import Error as PlaywrightError

from pubs.models import Link, Paper
from pubs.permissions import MEMBER
from tests import sample_files
from tests.factories import PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "a-long-pass-phrase"


@pytest.fixture(autouse=True)
def files_through_the_app(monkeypatch):
    """Django's live server answers MEDIA_URL from the disk itself, before the app; the site's
    servers (runserver, gunicorn behind nginx) send every file through the app's view."""
    monkeypatch.setattr(_MediaFilesHandler, "_should_handle", lambda self, path: False)


@pytest.fixture
def site(live_server, settings, tmp_path, django_user_model):
    settings.MEDIA_ROOT = tmp_path
    settings.MEDIA_ACCEL_REDIRECT = ""
    call_command("setup_roles", stdout=io.StringIO())
    member = django_user_model.objects.create_user("member", password=PASSWORD, is_staff=True)
    member.groups.add(AuthGroup.objects.get(name=MEMBER))
    django_user_model.objects.create_superuser("labadmin", "", PASSWORD)
    paper_with_authors(PersonFactory(user=member), title="A member's paper", slug="members-paper")
    return live_server.url


def log_in(page, site: str, username: str) -> None:
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content")


def script_requests(page) -> list[str]:
    """The URLs of the requests the hostile files' script would make, as they are made."""
    seen: list[str] = []
    page.context.on("request", lambda request: seen.append(request.url))
    return seen


@pytest.mark.parametrize(
    ("name", "content"),
    [("paper.pdf", sample_files.HTML), ("figure.svg", sample_files.SVG)],
    ids=["html-named-pdf", "svg"],
)
def test_a_member_uploading_html_or_svg_as_a_papers_pdf_is_refused(
    site, page, screenshot, tmp_path, name, content
):
    upload = tmp_path / "upload" / name
    upload.parent.mkdir()
    upload.write_bytes(content)
    log_in(page, site, "member")
    page.click("text=Papers")
    page.click("text=A member's paper")
    page.click("text=Add another Link")
    page.select_option("#id_links-0-kind", "pdf")
    page.set_input_files("#id_links-0-file", str(upload))
    page.click("input[name=_continue]")

    page.wait_for_selector(".errornote")
    assert f"“{name}” is not a PDF" in page.inner_text("#links-group")
    screenshot(f"upload-refused-{name}")
    assert not Link.objects.exists()
    assert not (tmp_path / "papers").exists()


def slipped_through(name: str, content: bytes) -> Link:
    """A link to a hostile file written straight into storage, past the upload check."""
    link = Link(paper=Paper.objects.get(slug="members-paper"), kind="pdf")
    link.file.save(name, ContentFile(content), save=True)
    return link


def test_the_hostile_page_runs_its_script_when_a_browser_shows_it_as_a_page(site, page):
    # The control: served as a page of the site, the file's script runs and is seen to.
    requests = script_requests(page)
    page.route(
        f"{site}/control.html",
        lambda route: route.fulfill(body=sample_files.HTML, content_type="text/html"),
    )
    page.goto(f"{site}/control.html")
    page.wait_for_function("window.ranScript === true")
    page.wait_for_timeout(500)
    assert [url for url in requests if "ran-script" in url]


@pytest.mark.parametrize(
    ("name", "content"),
    [("slides.html", sample_files.HTML), ("poster.svg", sample_files.SVG)],
    ids=["html", "svg"],
)
def test_a_hostile_file_that_slipped_through_is_a_download_for_the_admin(site, page, name, content):
    slipped_through(name, content)
    log_in(page, site, "labadmin")
    requests = script_requests(page)
    page.click("text=Papers")
    page.click("text=A member's paper")
    # The navigation is aborted where the download starts.
    with page.expect_download() as download, contextlib.suppress(PlaywrightError):
        page.click(f"#links-group a[href$='{name}']")
    assert download.value.suggested_filename == name
    page.wait_for_timeout(500)
    assert page.evaluate("window.ranScript") is None
    assert page.title() != "ran"
    assert not [url for url in requests if "ran-script" in url]


def test_html_that_slipped_through_under_a_pdf_name_runs_nothing_when_opened(site, page):
    link = slipped_through("paper.pdf", sample_files.HTML)
    log_in(page, site, "labadmin")
    requests = script_requests(page)
    response = page.goto(site + link.file.url)
    page.wait_for_timeout(1000)
    headers = response.all_headers()
    assert headers["content-type"] == "application/pdf"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["content-security-policy"] == "default-src 'none'; sandbox"
    assert page.evaluate("window.ranScript") is None
    assert page.title() != "ran"
    assert not [url for url in requests if "ran-script" in url]
