"""Which source a pasted identifier goes to."""

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.services.sources import identifiers_bibtex
from pubs.sources import openlibrary, pubmed
from pubs.sources.identifiers import (
    ARXIV,
    DBLP_PERSON,
    DBLP_RECORD,
    DOI,
    ISBN,
    ORCID,
    PMID,
    read_identifier,
    read_identifiers,
)
from tests.sources.recorded_records import books_api_answer

API = "https://export.arxiv.org/api/query"


@pytest.mark.parametrize(
    "text, kind, value",
    [
        ("10.1145/3600006.3613165", DOI, "10.1145/3600006.3613165"),
        ("https://doi.org/10.1109/TNET.2024.3387948", DOI, "10.1109/tnet.2024.3387948"),
        ("doi:10.1126/science.169.3946.635", DOI, "10.1126/science.169.3946.635"),
        ("2405.07719", ARXIV, "2405.07719"),
        ("arXiv:2405.07719v2", ARXIV, "2405.07719"),
        ("arXiv: 2405.07719", ARXIV, "2405.07719"),
        ("DOI: 10.1145/3600006.3613165", DOI, "10.1145/3600006.3613165"),
        ("https://doi.org/10.1145%2F3600006.3613165", DOI, "10.1145/3600006.3613165"),
        ("https://www.doi.org/10.1145/3600006.3613165.", DOI, "10.1145/3600006.3613165"),
        ("https://arxiv.org/abs/1111.2011v2", ARXIV, "1111.2011"),
        ("https://arxiv.org/pdf/2405.07719.pdf", ARXIV, "2405.07719"),
        ("10.48550/arXiv.2405.07719", ARXIV, "2405.07719"),
        ("hep-th/9901001", ARXIV, "hep-th/9901001"),
        ("https://dblp.org/pid/74/10201.html", DBLP_PERSON, "74/10201"),
        ("https://dblp.org/rec/conf/nsdi/ZhangLW24.html", DBLP_RECORD, "conf/nsdi/ZhangLW24"),
        ("DBLP:journals/ton/FangZXYSX24", DBLP_RECORD, "journals/ton/FangZXYSX24"),
        ("74/10201", DBLP_PERSON, "74/10201"),
        ("978-0-262-03384-8", ISBN, "9780262033848"),
        ("ISBN 0262033844", ISBN, "9780262033848"),
        ("ISBN-13: 978-0262033848", ISBN, "9780262033848"),
        ("0-316-03057-0", ISBN, "9780316030571"),
        ("PMID: 31452104", PMID, "31452104"),
        ("pmid:31452104", PMID, "31452104"),
        ("https://pubmed.ncbi.nlm.nih.gov/31452104/", PMID, "31452104"),
        ("https://www.ncbi.nlm.nih.gov/pubmed/31452104", PMID, "31452104"),
        ("0000-0002-1825-0097", ORCID, "0000-0002-1825-0097"),
        ("https://orcid.org/0000-0002-1825-0097", ORCID, "0000-0002-1825-0097"),
        ("ORCID: 0000-0002-1694-233x", ORCID, "0000-0002-1694-233X"),
    ],
)
def test_an_identifier_names_its_source(text, kind, value):
    identifier = read_identifier(text)
    assert (identifier.kind, identifier.value) == (kind, value)


def test_a_paste_gives_each_identifier_once_and_what_is_none():
    found, unknown = read_identifiers(
        "10.1145/3600006.3613165, https://doi.org/10.1145/3600006.3613165\n"
        "arXiv:2405.07719; Parcae https://dblp.org/pid/74/10201.html"
    )
    assert [(i.kind, i.value) for i in found] == [
        (DOI, "10.1145/3600006.3613165"),
        (ARXIV, "2405.07719"),
        (DBLP_PERSON, "74/10201"),
    ]
    assert unknown == ["Parcae"]


def test_a_paste_reads_labels_written_before_an_identifier_with_a_space():
    found, unknown = read_identifiers(
        "DOI: 10.1145/3600006.3613165\narXiv: 2405.07719, DOI 10.1109/TNET.2024.3387948"
    )
    assert [(i.kind, i.value) for i in found] == [
        (DOI, "10.1145/3600006.3613165"),
        (ARXIV, "2405.07719"),
        (DOI, "10.1109/tnet.2024.3387948"),
    ]
    assert unknown == []


def test_a_paste_reads_isbn_pmid_and_orcid_labels_written_with_a_space():
    found, unknown = read_identifiers(
        "ISBN 0262033844, PMID: 31452104\nORCID iD 0000-0002-1825-0097"
    )
    assert [(i.kind, i.value) for i in found] == [
        (ISBN, "9780262033848"),
        (PMID, "31452104"),
        (ORCID, "0000-0002-1825-0097"),
    ]
    assert unknown == []


@pytest.mark.parametrize(
    "text",
    [
        "978-0-262-03384-9",  # an ISBN-13 whose check digit is wrong
        "0262033845",  # an ISBN-10 whose check digit is wrong
        "0000-0002-1825-0098",  # an ORCID iD whose check character is wrong
        "31452104",  # a bare number: no PMID without its label or link
    ],
)
def test_a_mistyped_isbn_or_orcid_and_a_bare_number_are_no_identifier(text):
    assert read_identifier(text) is None


def test_a_piece_that_is_no_identifier_takes_nothing_from_the_others():
    found, unknown = read_identifiers("DOI: 10.1145/3600006.3613165 DOI: nonsense 2405.07719")
    assert [i.value for i in found] == ["10.1145/3600006.3613165", "2405.07719"]
    assert unknown == ["DOI: nonsense"]


def test_an_identifier_keeps_the_arxiv_version_pasted():
    identifier = read_identifier("https://arxiv.org/abs/2405.07719v2")
    assert (identifier.value, identifier.version, identifier.versioned) == (
        "2405.07719",
        2,
        "2405.07719v2",
    )
    assert read_identifier("2405.07719").version is None


def test_two_versions_of_one_arxiv_paper_are_one_identifier_the_first_pasted():
    found, _ = read_identifiers("2405.07719v2 arXiv:2405.07719v1 2405.07719")
    assert [(i.value, i.version) for i in found] == [("2405.07719", 2)]


def test_a_pasted_arxiv_version_is_the_version_asked_for(http, replay):
    replay.recorded(API, "arxiv/id_list=1111.2011v2.xml", id_list="1111.2011v2")
    text, problems = identifiers_bibtex(
        identifiers=[read_identifier("arXiv:1111.2011v2")], http=http
    )
    [request] = replay.requests
    assert request.url.params["id_list"] == "1111.2011v2"
    assert "eprint = {1111.2011}" in text and problems == []


def test_pasted_pmids_are_asked_of_pubmed_in_one_request_and_isbns_of_open_library(http, replay):
    replay.recorded(pubmed.EFETCH, "pubmed/pubmed1.xml")
    replay.route(
        openlibrary.BOOKS_API, books_api_answer("openlibrary/fixtures.rb", "9780316030571")
    )
    found, _ = read_identifiers("PMID: 9997 PMID: 12091962 ISBN 0-316-03057-0 PMID: 1")
    text, problems = identifiers_bibtex(identifiers=found, http=http)
    records = parse_and_normalize(text)[1]
    assert [(record.kind, record.title) for record in records] == [
        ("journal", "Magnetic studies of Chromatium flavocytochrome C552. A mechanism for "
         "heme-flavin interaction"),
        ("journal", "The treatment of AIDS behind the walls of correctional facilities"),
        ("book", "Use of Weapons"),
    ]  # fmt: skip
    assert problems == ["PMID: 1: PubMed has no such record"]
    assert [request.url.host for request in replay.requests] == [
        "eutils.ncbi.nlm.nih.gov",
        "openlibrary.org",
    ]
