"""DataCite by DOI, from its REST API's JSON (recorded answers, commonmeta-py's cassettes), and a
DOI read from whichever registry knows it (Crossref, then DataCite)."""

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.services.sources import doi_bibtex
from pubs.sources import crossref, datacite
from pubs.sources.http import BadAnswer, NotFound

SOFTWARE = "10.5063/f1m61h5x"
UNKNOWN = "10.5555/unknown"
#: DataCite's answer to a DOI it does not know, as rdatacite's cassette dc_cn_fail.yml has it.
DATACITE_NOT_FOUND = "The resource you are looking for doesn't exist."
#: Crossref's 404 to a DOI it does not know, written by hand: only its status is read.
CROSSREF_NOT_FOUND = "Resource not found."


@pytest.fixture
def software(replay):
    replay.cassette("datacite/test_type_software.yaml")
    return replay


def test_a_doi_is_asked_of_the_rest_api_as_json(http, software):
    datacite.work(http, f"https://doi.org/{SOFTWARE.upper()}")
    [request] = software.requests
    assert (request.url.host, request.url.path) == ("api.datacite.org", f"/dois/{SOFTWARE}")
    assert request.headers["Accept"] == "application/vnd.api+json"


def test_software_is_read_as_software_with_its_version_and_creators_ids(http, software):
    work = datacite.work(http, SOFTWARE)
    assert (work.kind, work.version, work.publisher) == ("software", "2.2.2", "KNB Data Repository")
    assert work.authors[0].orcid == "0000-0003-0077-4738" and all(work.orcids)


def test_a_conference_paper_is_read_in_its_proceedings_with_its_pages(http, replay):
    replay.cassette("datacite/test_date.yaml")
    work = datacite.work(http, "10.4230/lipics.tqc.2013.93")
    assert (work.kind, work.volume, work.pages) == ("conference", "22", "93--105")
    assert work.container.startswith("8th Conference on the Theory of Quantum Computation")


def test_arxivs_doi_is_read_as_the_arxiv_preprint(http, replay):
    replay.cassette("datacite/test_arxiv.yaml")
    work = datacite.work(http, "10.48550/arxiv.2311.16162")
    assert (work.kind, work.arxiv_id, work.doi) == ("preprint", "2311.16162", "")


def test_the_versions_a_record_names_are_kept_and_other_relations_are_not():
    attributes = {
        "doi": "10.5281/zenodo.2",
        "types": {"resourceTypeGeneral": "Software"},
        "relatedIdentifiers": [
            {"relationType": "IsVersionOf", "relatedIdentifierType": "DOI",
             "relatedIdentifier": "10.5281/ZENODO.1"},
            {"relationType": "IsCitedBy", "relatedIdentifierType": "DOI",
             "relatedIdentifier": "10.1371/journal.ppat.1000446"},
        ],
    }  # fmt: skip
    work = datacite.read_attributes(attributes)
    assert [(r.kind, r.identifier) for r in work.relations] == [("IsVersionOf", "10.5281/zenodo.1")]


def test_a_doi_datacite_does_not_know_is_not_found(http, replay):
    replay.route(datacite.work_url(UNKNOWN), DATACITE_NOT_FOUND, status=404)
    with pytest.raises(NotFound):
        datacite.work(http, UNKNOWN)


def test_an_answer_that_holds_no_record_is_a_bad_answer(http, replay):
    replay.route(datacite.work_url(SOFTWARE), '{"errors": [{"status": "500"}]}')
    with pytest.raises(BadAnswer, match="no record"):
        datacite.work(http, SOFTWARE)


def test_a_doi_crossref_does_not_know_is_read_from_datacite_as_bibtex_the_import_reads(
    http, software
):
    software.route(crossref.works_url(SOFTWARE), CROSSREF_NOT_FOUND, status=404)
    text = doi_bibtex(http, SOFTWARE)
    [record] = parse_and_normalize(text)[1]
    assert (record.kind, record.doi, record.year) == ("software", SOFTWARE, 2022)
    assert [author.printed for author in record.authors][:2] == ["Matthew Jones", "Peter Slaughter"]
    assert record.extra["author+an:orcid"].startswith('1="0000-0003-0077-4738"; 2=')
    assert record.extra["version"] == "2.2.2"
    assert [request.url.host for request in software.requests] == [
        "api.crossref.org",
        "api.datacite.org",
    ]


def test_a_doi_crossref_knows_is_not_asked_of_datacite(http, replay):
    replay.cassette("crossref/test_article_with_pages.yaml")
    text = doi_bibtex(http, "10.1371/journal.ppat.1008184")
    assert text.startswith("@article{Twittenhoff2020an,")
    assert [request.url.host for request in replay.requests] == ["api.crossref.org"]


def test_a_doi_neither_registry_knows_is_not_found_naming_both(http, replay):
    replay.route(crossref.works_url(UNKNOWN), CROSSREF_NOT_FOUND, status=404)
    replay.route(datacite.work_url(UNKNOWN), DATACITE_NOT_FOUND, status=404)
    with pytest.raises(NotFound, match=r"^neither Crossref nor DataCite knows this DOI$"):
        doi_bibtex(http, UNKNOWN)
