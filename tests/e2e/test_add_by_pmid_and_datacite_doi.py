"""A lab admin pastes a PMID and a software's DataCite DOI, waits for the worker and confirms
the preview: a journal article and a piece of software are imported, with the authors in
order. PubMed's and DataCite's answers are recorded ones (tests/data/sources); Crossref's
404 to the DataCite DOI is written by hand (only its status is read). Then the person page
of an author whose ORCID iD is known shows the iD mark."""

import pytest
from django.core.management import call_command

from people.models import Person
from pubs.models import Paper
from pubs.sources import crossref, pubmed
from tests.sources.replay import Replay

pytestmark = pytest.mark.django_db(transaction=True)

SOFTWARE = "10.5063/f1m61h5x"


@pytest.fixture
def site(live_server, django_user_model, settings):
    replay = Replay()
    replay.recorded(pubmed.EFETCH, "pubmed/pubmed7.xml", id="29963580")
    replay.route(crossref.works_url(SOFTWARE), "Resource not found.", status=404)
    replay.cassette("datacite/test_type_software.yaml")
    settings.SOURCES_TRANSPORT = replay
    django_user_model.objects.create_superuser("labadmin", "", "a-long-pass-phrase")
    return live_server.url


def run_worker() -> None:
    call_command("worker", batch=True, worker_id="e2e", interval=0, verbosity=0)


def test_paste_a_pmid_and_a_datacite_doi_and_confirm_the_preview(site, page, screenshot):
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", "a-long-pass-phrase")
    page.click("input[type=submit]")
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.click("text=Or add papers by DOI, arXiv id or DBLP profile")
    page.fill("#id_identifiers", f"PMID: 29963580\nhttps://doi.org/{SOFTWARE}")
    page.click("input[name=fetch]")

    page.wait_for_selector("#job-progress")
    run_worker()
    page.wait_for_selector("#import-preview", timeout=20000)
    preview = page.inner_text("#import-preview")
    assert "Development of a pulmonary imaging biomarker pipeline" in preview
    assert "dataone: R interface to the DataONE network" in preview
    # The journal is in no catalogue here: a new venue.
    page.select_option("select[name='venue-other:Journal of medical imaging']", "new")
    screenshot("pmid-datacite-preview")
    page.click("#confirm-import")

    page.wait_for_selector("#job-progress")
    run_worker()
    page.wait_for_selector(".messagelist", timeout=20000)
    assert "The import was applied" in page.inner_text(".messagelist")
    article = Paper.objects.get(kind="journal")
    software = Paper.objects.get(kind="software")
    assert article.doi == "10.1117/1.jmi.5.2.026002" and article.year == 2018
    assert software.doi == SOFTWARE and software.year == 2022
    assert [a.printed_name for a in software.authorships.order_by("position")][:2] == [
        "Matthew Jones",
        "Peter Slaughter",
    ]

    capaldi = Person.objects.get(family_name="Capaldi")
    capaldi.orcid = "https://orcid.org/0000-0002-4590-7461"
    capaldi.full_clean()
    capaldi.save()
    page.goto(f"{site}{capaldi.get_absolute_url()}")
    mark = page.locator("a.orcid")
    assert mark.get_attribute("href") == "https://orcid.org/0000-0002-4590-7461"
    assert mark.locator("svg[aria-label='ORCID iD']").is_visible()
    assert mark.inner_text().strip() == "https://orcid.org/0000-0002-4590-7461"
    screenshot("person-orcid-mark")
