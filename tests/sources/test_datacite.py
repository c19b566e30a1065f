"""DataCite by DOI, against its recorded answers, and a DOI read from whichever registry knows
it (Crossref, then DataCite)."""

import pytest

from pubs.services.sources import doi_bibtex
from pubs.sources import crossref, datacite
from pubs.sources.http import BadAnswer, NotFound

ZENODO = "10.5281/zenodo.13750"
RECORDED = "datacite/10.5281_zenodo.13750.bib"
UNKNOWN = "10.5555/unknown"
#: DataCite's answer to a DOI it does not know, as rdatacite's cassette dc_cn_fail.yml has it.
DATACITE_NOT_FOUND = "The resource you are looking for doesn't exist."
#: Crossref's 404 to a DOI it does not know, written by hand: only its status is read.
CROSSREF_NOT_FOUND = "Resource not found."


@pytest.fixture
def zenodo(replay):
    replay.recorded(datacite.bibtex_url(ZENODO), RECORDED)
    return replay


def test_a_zenodo_doi_gives_the_bibtex_datacite_writes(http, zenodo):
    text = datacite.bibtex(http, f"https://doi.org/{ZENODO.upper()}")
    assert text.startswith("@misc{https://doi.org/10.5281/zenodo.13750,")
    assert "title = {Application Skeleton V1.2}" in text


def test_the_bibtex_of_a_doi_is_asked_of_datacite_s_api(http, zenodo):
    datacite.bibtex(http, ZENODO)
    [request] = zenodo.requests
    assert request.url.host == "api.datacite.org"
    assert request.url.path == f"/dois/application/x-bibtex/{ZENODO}"


def test_a_doi_datacite_does_not_know_is_not_found(http, replay):
    replay.route(datacite.bibtex_url(UNKNOWN), DATACITE_NOT_FOUND, status=404)
    with pytest.raises(NotFound):
        datacite.bibtex(http, UNKNOWN)


def test_an_answer_that_is_not_bibtex_is_a_bad_answer(http, replay):
    replay.route(datacite.bibtex_url(ZENODO), "<html><body>DataCite</body></html>")
    with pytest.raises(BadAnswer, match="DataCite did not answer BibTeX"):
        datacite.bibtex(http, ZENODO)


def test_a_doi_crossref_does_not_know_is_read_from_datacite(http, zenodo):
    zenodo.route(crossref.bibtex_url(ZENODO), CROSSREF_NOT_FOUND, status=404)
    text = doi_bibtex(http, ZENODO)
    assert text.startswith("@misc{https://doi.org/10.5281/zenodo.13750,")
    assert [request.url.host for request in zenodo.requests] == [
        "api.crossref.org",
        "api.datacite.org",
    ]


def test_a_doi_crossref_knows_is_not_asked_of_datacite(http, replay):
    replay.recorded(
        crossref.bibtex_url("10.1126/science.169.3946.635"),
        "crossref/transform_10.1126_science.169.3946.635.bib",
    )
    assert doi_bibtex(http, "10.1126/science.169.3946.635").startswith("@article{Frank_1970,")
    assert [request.url.host for request in replay.requests] == ["api.crossref.org"]


def test_a_doi_neither_registry_knows_is_not_found_naming_both(http, replay):
    replay.route(crossref.bibtex_url(UNKNOWN), CROSSREF_NOT_FOUND, status=404)
    replay.route(datacite.bibtex_url(UNKNOWN), DATACITE_NOT_FOUND, status=404)
    with pytest.raises(NotFound, match=r"^neither Crossref nor DataCite knows this DOI$"):
        doi_bibtex(http, UNKNOWN)
