"""Crossref by DOI, against its recorded answers."""

import json

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.sources import crossref
from pubs.sources.http import BadAnswer, NotFound
from tests.sources.replay import DATA

DOI = "10.1126/science.169.3946.635"
#: Crossref's BibTeX of DOI, from its transform (where doi.org's content negotiation leads).
TRANSFORM = "crossref/transform_10.1126_science.169.3946.635.bib"


def acta_record() -> dict:
    """The works API's record of 10.5506/aphyspolb.56.3-a7, whose publisher names its arXiv
    preprint (``has-preprint`` by arXiv id), as the recording keeps it: the ``message``."""
    return json.loads((DATA / "crossref/json_response_content.json").read_text(encoding="utf-8"))


def test_a_doi_gives_the_bibtex_crossref_writes(http, replay):
    replay.recorded(crossref.bibtex_url(DOI), TRANSFORM)
    text = crossref.bibtex(http, "https://doi.org/10.1126/SCIENCE.169.3946.635")
    assert text.startswith("@article{Frank_1970,")


def test_the_bibtex_of_a_doi_is_asked_of_crossref_s_api_not_of_doi_org(http, replay):
    replay.recorded(crossref.bibtex_url(DOI), TRANSFORM)
    crossref.bibtex(http, DOI)
    [request] = replay.requests
    assert request.url.host == "api.crossref.org"
    assert request.url.path == f"/works/{DOI}/transform/application/x-bibtex"
    assert request.headers["Accept"] == "application/x-bibtex"


def test_the_bibtex_of_a_doi_reads_as_one_entry_with_its_doi_and_pages(http, replay):
    replay.recorded(crossref.bibtex_url(DOI), TRANSFORM)
    _, records = parse_and_normalize(crossref.bibtex(http, DOI))
    [record] = records
    assert record.doi == "10.1126/science.169.3946.635"
    assert record.pages.startswith("635") and record.year == 1970 and record.month == 8
    assert record.journal == "Science" and not record.problems


def test_the_works_api_gives_licence_pages_and_citation_count(http, replay):
    replay.cassette("crossref/test_works_with_one_id.yaml")
    work = crossref.work(http, "10.1371/journal.pone.0033693")
    assert work.doi == "10.1371/journal.pone.0033693"
    assert work.title.startswith("Methylphenidate Exposure Induces Dopamine Neuron Loss")
    assert work.container == "PLoS ONE" and work.kind == "journal-article"
    assert work.pages == "e33693" and work.volume == "7" and work.issue == "3"
    assert work.year == 2012
    assert work.licences == ("http://creativecommons.org/licenses/by/4.0/",)
    assert work.cited_by == 67
    assert work.preprint_of == () and work.has_preprint == ()


def test_a_doi_gives_its_csl_json_from_crossref_s_transform(http, replay):
    replay.cassette("crossref/test_content_negotiation_citeproc_json.yaml")
    data = crossref.csl_json(http, "https://doi.org/10.1126/science.169.3946.635")
    assert data["title"] == "The Structure of Ordinary Water"
    assert data["author"][0]["family"] == "Frank" and data["type"] == "journal-article"
    assert data["container-title"] == "Science" and data["page"] == "635-641"
    [request] = replay.requests
    assert request.headers["Accept"] == "application/vnd.citationstyles.csl+json"
    assert request.url.path.endswith("/transform/application/vnd.citationstyles.csl+json")


def test_an_answer_that_is_no_csl_json_is_a_bad_answer(http, replay):
    replay.route(crossref.csl_url("10.5555/12345678"), "<html><body>Not found</body></html>")
    with pytest.raises(BadAnswer, match="did not answer CSL-JSON"):
        crossref.csl_json(http, "10.5555/12345678")


def test_the_works_api_gives_the_reference_list(http, replay):
    replay.cassette("crossref/test_works_with_one_id.yaml")
    work = crossref.work(http, "10.1371/journal.pone.0033693")
    assert work.reference_count == len(work.references) == 70
    first = work.references[0]
    assert (first.doi, first.author, first.year, first.container) == (
        "10.1038/sj.npp.1301164",
        "AF Arnsten",
        "2006",
        "Neuropsychopharmacology",
    )
    assert first.title == "Stimulants: Therapeutic actions in ADHD."
    assert sum(1 for reference in work.references if reference.doi) == 63


def test_a_reference_without_a_doi_keeps_what_the_publisher_wrote():
    reference = crossref.read_reference(
        {"key": "e_1_2_1_75_1", "unstructured": "WHITING H THESIS HARVARD U (1884)."}
    )
    assert (reference.doi, reference.unstructured) == ("", "WHITING H THESIS HARVARD U (1884).")


def test_a_published_work_names_its_arxiv_preprint_by_arxiv_s_doi():
    work = crossref.read_work({"status": "ok", "message": acta_record()})
    assert work.has_preprint == ("10.48550/arxiv.2503.12208",)
    assert (work.title, work.container, work.kind) == (
        "Gluonic Structure from Instantons",
        "Acta Physica Polonica B",
        "journal-article",
    )
    assert (work.year, work.volume, work.issue) == (2025, "56", "3")
    assert work.reference_count == 0 and work.references == ()


def test_a_work_s_month_is_of_the_date_its_year_is_read_from():
    work = crossref.read_work({"status": "ok", "message": acta_record()})
    assert (work.year, work.month) == (2025, 4)  # published online on 16 April 2025


def test_a_date_of_a_year_alone_gives_no_month():
    work = crossref.read_message({"DOI": "10.1103/x", "issued": {"date-parts": [[2012]]}})
    assert (work.year, work.month) == (2012, None)


def test_the_works_naming_a_preprint_are_asked_for_by_its_arxiv_id_and_doi(http, replay):
    answer = {"status": "ok", "message-type": "work-list", "message": {"items": [acta_record()]}}
    replay.route("https://api.crossref.org/works", json.dumps(answer), filter="has-preprint")
    [work] = crossref.works_with_preprint(http, "2503.12208")
    assert work.doi == "10.5506/aphyspolb.56.3-a7"
    [request] = replay.requests
    assert request.url.params["filter"] == (
        "relation.type:has-preprint,relation.object:2503.12208,"
        "relation.object:10.48550/arxiv.2503.12208"
    )


def test_a_work_that_does_not_name_the_preprint_is_left_out(http, replay):
    answer = {"status": "ok", "message-type": "work-list", "message": {"items": [acta_record()]}}
    replay.route("https://api.crossref.org/works", json.dumps(answer))
    assert crossref.works_with_preprint(http, "1111.2011") == []


def test_a_works_record_names_its_preprint_relations():
    message = {
        "DOI": "10.1145/3600006.3613165",
        "relation": {
            "has-preprint": [
                {"id-type": "doi", "id": "10.48550/arXiv.2309.01", "asserted-by": "object"}
            ],
            "is-preprint-of": [{"id-type": "uri", "id": "https://example.org/x"}],
        },
    }
    work = crossref.read_work({"status": "ok", "message": message})
    assert work.has_preprint == ("10.48550/arxiv.2309.01",)
    assert work.preprint_of == ()


def test_a_jats_abstract_reads_as_plain_text():
    jats = "<jats:title>Abstract</jats:title><jats:p>We present <jats:italic>Parcae</jats:italic>.</jats:p>"
    assert crossref.abstract_text(jats) == "We present Parcae ."


def test_an_html_page_instead_of_bibtex_is_a_bad_answer(http, replay):
    replay.route(crossref.bibtex_url("10.5555/12345678"), "<html><body>Not found</body></html>")
    with pytest.raises(BadAnswer, match="did not answer BibTeX"):
        crossref.bibtex(http, "10.5555/12345678")


def test_an_unknown_doi_is_not_found(http, replay):
    replay.route(crossref.bibtex_url("10.5555/0000"), "Resource not found.", status=404)
    with pytest.raises(NotFound):
        crossref.bibtex(http, "10.5555/0000")


def test_the_works_api_answering_an_error_is_a_bad_answer():
    with pytest.raises(BadAnswer):
        crossref.read_work({"status": "failed", "message-type": "validation-failure"})


@pytest.mark.parametrize("count", [2**31, -5, True, "67", 67.0, None])
def test_a_citation_count_that_is_not_one_is_unknown(count):
    work = crossref.read_work(
        {"status": "ok", "message": {"DOI": DOI, "is-referenced-by-count": count}}
    )
    assert work.cited_by is None


def test_a_plausible_citation_count_is_kept():
    work = crossref.read_work(
        {"status": "ok", "message": {"DOI": DOI, "is-referenced-by-count": 0}}
    )
    assert work.cited_by == 0
