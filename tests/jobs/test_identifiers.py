"""Papers by identifier: the worker fetches their BibTeX from the sources, and the import's
preview shows them; nothing is written before the preview is confirmed."""

import httpx
import pytest
from django.urls import reverse

from pubs.models import BibtexImport, ImportJob, JobStage, Paper
from pubs.sources import datacite
from pubs.sources.crossref import works_url
from tests.factories import PersonFactory
from tests.sources.orcid_answers import DELPEUCH, serve_delpeuch

pytestmark = pytest.mark.django_db(transaction=True)

ARXIV_API = "https://export.arxiv.org/api/query"
#: A PLOS Pathogens article whose last two authors carry their ORCID iDs in Crossref's record.
DOI = "10.1371/journal.ppat.1008184"
TITLE = "An RNA thermometer dictates production of a secreted bacterial toxin"
NARBERHAUS = "0000-0002-8552-5310"


@pytest.fixture
def crossref(sources):
    sources.cassette("crossref/test_article_with_pages.yaml")
    return sources


def paste(client, identifiers: str) -> str:
    response = client.post(
        reverse("admin:pubs_bibteximport_identifiers"), {"identifiers": identifiers}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def test_the_upload_page_links_to_adding_by_identifier(admin_client):
    page = admin_client.get(reverse("admin:pubs_bibteximport_upload")).content.decode()
    assert reverse("admin:pubs_bibteximport_identifiers") in page


def test_a_pasted_doi_waits_for_the_worker_with_nothing_fetched(admin_client, crossref):
    progress = paste(admin_client, DOI)
    page = admin_client.get(progress).content.decode()
    assert "Waiting for the worker" in page
    assert crossref.requests == [] and ImportJob.objects.get().stage == JobStage.QUEUED


def test_a_doi_becomes_a_preview_of_its_paper_with_nothing_written(
    admin_client, crossref, run_worker
):
    progress = paste(admin_client, f"https://doi.org/{DOI}")
    run_worker()
    preview = admin_client.get(progress)["Location"]
    html = admin_client.get(preview).content.decode()
    assert TITLE in html
    assert not Paper.objects.exists()
    record = BibtexImport.objects.get()
    assert record.text.startswith("@article{Twittenhoff2020an,") and record.source == "identifiers"


def test_confirming_the_preview_of_a_doi_imports_the_paper_and_undo_removes_it(
    admin_client, crossref, run_worker
):
    progress = paste(admin_client, DOI)
    run_worker()
    preview = admin_client.get(progress)["Location"]
    admin_client.get(preview)
    admin_client.post(preview, {"venue:PLOS Pathogens": "new", "confirm": "Import"})
    run_worker()
    paper = Paper.objects.get()
    assert paper.doi == DOI and (paper.year, paper.month) == (2020, 1)
    assert paper.title == TITLE
    record = BibtexImport.objects.get()
    admin_client.post(reverse("admin:pubs_bibteximport_undo", args=[record.pk]))
    assert not Paper.objects.exists()


def test_an_identifier_no_source_knows_is_a_warning_of_the_preview(
    admin_client, crossref, run_worker
):
    crossref.route(works_url("10.5555/unknown"), "Resource not found.", status=404)
    crossref.route(
        datacite.work_url("10.5555/unknown"),
        "The resource you are looking for doesn't exist.",
        status=404,
    )
    progress = paste(admin_client, f"{DOI} 10.5555/unknown")
    run_worker()
    html = admin_client.get(admin_client.get(progress)["Location"]).content.decode()
    assert "10.5555/unknown: neither Crossref nor DataCite knows this DOI" in html
    assert TITLE in html


def test_an_author_whose_orcid_id_crossref_gives_is_linked_to_the_person_with_that_id(
    admin_client, crossref, run_worker
):
    narberhaus = PersonFactory(given_name="F.", family_name="Narberhaus-Lab", orcid=NARBERHAUS)
    progress = paste(admin_client, DOI)
    run_worker()
    preview = admin_client.get(progress)["Location"]
    admin_client.get(preview)
    admin_client.post(preview, {"venue:PLOS Pathogens": "new", "confirm": "Import"})
    run_worker()
    authorship = Paper.objects.get().authorships.get(position=5)
    assert authorship.person == narberhaus and authorship.printed_name == "Franz Narberhaus"


def test_the_orcid_ids_crossref_gives_are_kept_on_the_new_people(
    admin_client, crossref, run_worker
):
    progress = paste(admin_client, DOI)
    run_worker()
    preview = admin_client.get(progress)["Location"]
    admin_client.get(preview)
    admin_client.post(preview, {"venue:PLOS Pathogens": "new", "confirm": "Import"})
    run_worker()
    orcids = [a.person.orcid for a in Paper.objects.get().authorships.order_by("position")]
    assert orcids == ["", "", "", "0000-0001-8177-3280", NARBERHAUS]


def test_when_no_identifier_can_be_fetched_the_job_fails_saying_why(
    admin_client, sources, run_worker
):
    sources.fail_with(lambda request: httpx.Response(503))
    progress = paste(admin_client, DOI)
    run_worker()
    job = ImportJob.objects.get()
    assert job.stage == JobStage.FAILED
    assert "Crossref answered 503; try again later" in job.message
    assert job.message in admin_client.get(progress).content.decode()


def test_arxiv_ids_are_fetched_in_one_request_as_preprints(admin_client, sources, run_worker):
    sources.recorded(ARXIV_API, "arxiv/id_list=1111.2011v2.xml", id_list="1111.2011")
    progress = paste(admin_client, "https://arxiv.org/abs/1111.2011v2")
    run_worker()
    html = admin_client.get(admin_client.get(progress)["Location"]).content.decode()
    assert "Quantum Criticality for Extended Nodes" in html
    assert len(sources.requests) == 1


def test_a_dblp_record_gives_its_publication(admin_client, sources, run_worker):
    sources.recorded("https://dblp.org/rec/conf/osdi/ZhuangZXQB0S24.bib", "dblp/ZhuangZXQB0S24.bib")
    progress = paste(admin_client, "https://dblp.org/rec/conf/osdi/ZhuangZXQB0S24.html")
    run_worker()
    html = admin_client.get(admin_client.get(progress)["Location"]).content.decode()
    assert "MonoNN: Enabling a New Monolithic Optimization Space" in html
    assert [str(request.url) for request in sources.requests] == [
        "https://dblp.org/rec/conf/osdi/ZhuangZXQB0S24.bib"
    ]


def test_text_that_names_no_paper_is_refused_on_the_form(admin_client):
    response = admin_client.post(
        reverse("admin:pubs_bibteximport_identifiers"), {"identifiers": "10.1145/1 Parcae"}
    )
    assert response.status_code == 200
    assert (
        "Not a DOI, an arXiv id, an ISBN, a PMID, a DBLP profile or record or an ORCID iD: "
        "Parcae" in response.content.decode()
    )
    assert not BibtexImport.objects.exists()


def test_an_orcid_id_becomes_a_preview_of_the_persons_works(admin_client, sources, run_worker):
    serve_delpeuch(sources)
    progress = paste(admin_client, f"https://orcid.org/{DELPEUCH}")
    run_worker()
    html = admin_client.get(admin_client.get(progress)["Location"]).content.decode()
    assert "Normal forms for planar connected string diagrams" in html
    assert "From Natural Language to RDF Graphs with Pregroups" in html
    assert not Paper.objects.exists()


def test_a_persons_page_link_gives_the_form_their_orcid_id(admin_client):
    page = admin_client.get(
        reverse("admin:pubs_bibteximport_identifiers"), {"identifiers": DELPEUCH}
    ).content.decode()
    assert f"{DELPEUCH}</textarea>" in page


def test_a_person_with_an_orcid_id_has_a_button_importing_their_works(admin_client):
    person = PersonFactory(orcid=DELPEUCH)
    page = admin_client.get(reverse("admin:people_person_change", args=[person.pk]))
    link = reverse("admin:pubs_bibteximport_identifiers") + f"?identifiers={DELPEUCH}"
    assert f'href="{link}" id="orcid-import"' in page.content.decode()


def test_a_person_without_an_orcid_id_has_no_such_button(admin_client):
    person = PersonFactory(orcid="")
    page = admin_client.get(reverse("admin:people_person_change", args=[person.pk]))
    assert 'id="orcid-import"' not in page.content.decode()
