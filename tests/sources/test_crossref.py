"""Crossref by DOI, against its recorded answers."""

import json

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.sources import crossref
from pubs.sources.http import BadAnswer, NotFound
from pubs.sources.works import Relation, Work, to_bibtex
from tests.sources.replay import DATA

DOI = "10.1126/science.169.3946.635"


def acta_record() -> dict:
    """The works API's record of 10.5506/aphyspolb.56.3-a7, whose publisher names its arXiv
    preprint (``has-preprint`` by arXiv id), as the recording keeps it: the ``message``."""
    return json.loads((DATA / "crossref/json_response_content.json").read_text(encoding="utf-8"))


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


def test_an_unknown_doi_is_not_found(http, replay):
    replay.route(crossref.works_url("10.5555/0000"), "Resource not found.", status=404)
    with pytest.raises(NotFound):
        crossref.record(http, "10.5555/0000")


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


# -- The works API's record as the Work a paper is added from ------------------------------

PLOS = "10.1371/journal.ppat.1008184"


def plos_record(http, replay) -> Work:
    """A PLOS Pathogens article: two of its five authors with ORCID iDs, an editor."""
    replay.cassette("crossref/test_article_with_pages.yaml")
    return crossref.record(http, PLOS)


def test_a_record_is_asked_of_the_works_api_in_one_request(http, replay):
    plos_record(http, replay)
    [request] = replay.requests
    assert str(request.url) == f"https://api.crossref.org/works/{PLOS}"


def test_a_record_gives_its_authors_in_order_with_their_orcid_ids(http, replay):
    work = plos_record(http, replay)
    assert [author.family for author in work.authors] == [
        "Twittenhoff",
        "Heroven",
        "Mühlen",
        "Dersch",
        "Narberhaus",
    ]
    assert work.orcids == ("", "", "", "0000-0001-8177-3280", "0000-0002-8552-5310")


def test_a_record_gives_its_editors_full_date_publisher_and_issn(http, replay):
    work = plos_record(http, replay)
    assert [(editor.given, editor.family) for editor in work.editors] == [("Guy", "Tran Van Nhieu")]
    assert (work.year, work.month, work.day) == (2020, 1, 17)
    assert (work.volume, work.number, work.pages) == ("16", "1", "e1008184")
    assert (work.publisher, work.issn) == ("Public Library of Science (PLoS)", "1553-7374")


def test_a_record_reads_as_bibtex_the_import_reads_with_the_orcid_ids(http, replay):
    [record] = parse_and_normalize(to_bibtex([plos_record(http, replay)]))[1]
    assert (record.kind, record.doi, record.year, record.month) == ("journal", PLOS, 2020, 1)
    assert record.journal == "PLOS Pathogens" and not record.problems
    assert record.extra["shortjournal"] == "PLoS Pathog"
    assert record.extra["author+an:orcid"] == '4="0000-0001-8177-3280"; 5="0000-0002-8552-5310"'


def test_an_organisation_author_is_kept_whole_as_an_organisation():
    work = crossref.read_record_message(
        {
            "DOI": "10.5555/org",
            "type": "journal-article",
            "title": ["Genome of a model organism"],
            "author": [
                {"given": "Ann", "family": "Lee", "sequence": "first"},
                {"name": "The Example Genome Consortium", "sequence": "additional"},
            ],
        }
    )
    consortium = work.authors[1]
    assert consortium.organisation and consortium.name == "The Example Genome Consortium"
    [record] = parse_and_normalize(to_bibtex([work]))[1]
    assert [author.organisation for author in record.authors] == [False, True]
    assert record.authors[1].family == "The Example Genome Consortium"


def test_a_suffix_is_kept_apart_from_the_family_name():
    [author] = crossref.read_record_message(
        {"DOI": "10.5555/x", "author": [{"given": "John A.", "family": "Doe", "suffix": "Jr."}]}
    ).authors
    assert (author.family, author.given, author.suffix) == ("Doe", "John A.", "Jr.")
    assert author.bibtex == "Doe, Jr., John A."


def test_an_orcid_id_that_fails_its_check_is_left_out():
    [author] = crossref.read_record_message(
        {
            "DOI": "10.5555/x",
            "author": [
                {"given": "A", "family": "B", "ORCID": "http://orcid.org/0000-0002-1825-0098"}
            ],
        }
    ).authors
    assert author.orcid == ""


def test_a_kind_is_read_from_the_kinds_table_and_an_unknown_type_is_other():
    kinds = {
        work_type: crossref.read_record_message({"DOI": "10.5555/x", "type": work_type}).kind
        for work_type in ("proceedings-article", "posted-content", "monograph", "component")
    }
    assert kinds == {
        "proceedings-article": "conference",
        "posted-content": "preprint",
        "monograph": "book",
        "component": "other",
    }


def test_a_title_keeps_its_subtitle_and_loses_its_markup(http, replay):
    replay.cassette("crossref/test_proceedings_article_with_multiple_funding_references.yaml")
    work = crossref.record(http, "10.1145/3448016.3452841")
    assert (
        work.title
        == "Vector Quotient Filters: Overcoming the Time/Space Trade-Off in Filter Design"
    )
    replay.cassette("crossref/test_write_crossref_xml_posted_content.yaml")
    preprint = crossref.record(http, "10.1101/2020.12.01.406702")
    assert preprint.title.startswith("Identification of a novel cationic glycolipid in Strep")


def test_a_preprint_s_server_is_its_container_and_its_abstract_is_plain_text(http, replay):
    replay.cassette("crossref/test_write_crossref_xml_posted_content.yaml")
    work = crossref.record(http, "10.1101/2020.12.01.406702")
    assert work.container == "bioRxiv" and work.kind == "preprint"
    assert work.abstract.startswith("Bacterial membrane lipids are critical")


def test_a_dissertation_without_a_publication_date_is_dated_by_its_approval(http, replay):
    replay.cassette("crossref/test_phd_thesis.yaml")
    work = crossref.record(http, "10.14264/uql.2020.791")
    assert (work.kind, work.year, work.month, work.day) == ("thesis", 2020, 5, 25)


def test_a_chapter_gives_its_book_s_print_isbn(http, replay):
    replay.cassette("crossref/test_book_chapter.yaml")
    work = crossref.record(http, "10.1007/978-3-662-46370-3_13")
    assert (work.kind, work.container, work.isbn) == (
        "chapter",
        "Shoulder Stiffness",
        "9783662463697",
    )


def test_a_published_work_s_arxiv_preprint_is_its_arxiv_id():
    work = crossref.read_record_message(acta_record())
    assert work.arxiv_id == "2503.12208" and work.relations == ()


def test_a_preprint_relation_that_is_no_arxiv_id_is_kept_as_a_relation():
    work = crossref.read_record_message(
        {
            "DOI": "10.1145/3600006.3613165",
            "relation": {"has-preprint": [{"id-type": "doi", "id": "10.1101/2020.01.01.1"}]},
        }
    )
    assert work.arxiv_id == "" and work.relations == (
        Relation("HasPreprint", "10.1101/2020.01.01.1"),
    )


def test_a_preprint_without_an_arxiv_id_is_imported_as_a_preprint(http, replay):
    replay.cassette("crossref/test_write_crossref_xml_posted_content.yaml")
    [record] = parse_and_normalize(to_bibtex([crossref.record(http, "10.1101/2020.12.01.406702")]))[
        1
    ]
    assert (record.kind, record.status) == ("preprint", "preprint")
