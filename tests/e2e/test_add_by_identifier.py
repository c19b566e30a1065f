"""A lab admin pastes a DOI in the admin, waits for the worker, and confirms the preview: the
paper is imported. Crossref's answer is its recorded one (tests/data/sources)."""

import pytest
from django.core.management import call_command

from pubs.models import BibtexImport, Paper
from tests.sources.replay import Replay

pytestmark = pytest.mark.django_db(transaction=True)

TITLE = "An RNA thermometer dictates production of a secreted bacterial toxin"


@pytest.fixture
def site(live_server, django_user_model, settings):
    replay = Replay()
    replay.cassette("crossref/test_article_with_pages.yaml")
    settings.SOURCES_TRANSPORT = replay
    django_user_model.objects.create_superuser("labadmin", "", "a-long-pass-phrase")
    return live_server.url


def run_worker() -> None:
    call_command("worker", batch=True, worker_id="e2e", interval=0, verbosity=0)


def test_paste_a_doi_wait_for_the_worker_and_confirm_the_preview(site, page, screenshot):
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("input[type=submit]")
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.click("text=Or add papers by DOI, arXiv id or DBLP profile")
    page.fill("#id_identifiers", "https://doi.org/10.1371/journal.ppat.1008184")
    page.click("input[name=fetch]")

    page.wait_for_selector("#job-progress")
    assert "Waiting for the worker" in page.inner_text("#job-progress")
    run_worker()
    page.wait_for_selector("#import-preview", timeout=20000)  # the page looks again by itself
    assert TITLE in page.inner_text("#import-preview")
    assert not Paper.objects.exists()
    page.select_option("select[name='venue-other:PLOS Pathogens']", "new")  # a new venue
    screenshot("identifier-preview")
    page.click("#confirm-import")

    page.wait_for_selector("#job-progress")
    run_worker()
    page.wait_for_selector(".messagelist", timeout=20000)
    assert "The import was applied" in page.inner_text(".messagelist")
    paper = Paper.objects.get()
    assert paper.doi == "10.1371/journal.ppat.1008184" and paper.year == 2020
    assert BibtexImport.objects.get().status == "applied"
