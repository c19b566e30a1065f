"""PubMed by PMID, from NCBI's E-utilities (efetch's XML, Biopython's recorded answers)."""

import pytest

from pubs.sources import pubmed
from pubs.sources.http import BadAnswer, NotFound
from tests.sources.conftest import CONTACT


@pytest.fixture
def two_records(replay):
    replay.recorded(pubmed.EFETCH, "pubmed/pubmed1.xml")
    return replay


def test_ncbi_is_asked_with_the_tool_and_the_sites_contact_address(http, two_records):
    pubmed.article(http, "9997")
    [request] = two_records.requests
    assert request.url.host == "eutils.ncbi.nlm.nih.gov"
    params = request.url.params
    assert (params["db"], params["retmode"], params["id"]) == ("pubmed", "xml", "9997")
    assert (params["tool"], params["email"]) == ("labpubs", CONTACT)


def test_several_pmids_are_asked_in_one_request_and_come_in_the_order_asked(http, two_records):
    found = pubmed.articles(http, ["9997", "12091962"])
    assert [work.pmid for work in found] == ["9997", "12091962"]
    assert len(two_records.requests) == 1


def test_an_authors_orcid_id_is_read_from_the_record(http, replay):
    replay.recorded(pubmed.EFETCH, "pubmed/pubmed7.xml")
    work = pubmed.article(http, "29963580")
    assert [author.orcid for author in work.authors if author.orcid] == [
        "0000-0002-4590-7461",
        "0000-0003-3525-2788",
    ]


def test_medlines_abbreviated_page_range_is_written_whole(http, two_records):
    assert pubmed.article(http, "12091962").pages == "113--125"


def test_a_pmid_pubmed_does_not_have_is_not_found(http, replay):
    replay.route(pubmed.EFETCH, "<?xml version='1.0' ?>\n<PubmedArticleSet></PubmedArticleSet>")
    with pytest.raises(NotFound):
        pubmed.article(http, "1")


def test_a_document_type_other_than_pubmeds_is_refused():
    hostile = '<!DOCTYPE PubmedArticleSet [<!ENTITY a "aaaa">]><PubmedArticleSet/>'
    with pytest.raises(BadAnswer, match="document type"):
        pubmed.read_articles(hostile)


def test_a_book_record_is_read_as_a_chapter_of_its_book():
    xml = (
        "<PubmedArticleSet><PubmedBookArticle><BookDocument><PMID>20301295</PMID>"
        "<Book><Publisher><PublisherName>University of Washington, Seattle</PublisherName>"
        "</Publisher><BookTitle>GeneReviews</BookTitle><PubDate><Year>1993</Year></PubDate>"
        "</Book><ArticleTitle>Alpha-Thalassemia.</ArticleTitle></BookDocument>"
        "</PubmedBookArticle></PubmedArticleSet>"
    )
    work = pubmed.read_articles(xml)["20301295"]
    assert (work.kind, work.title, work.container) == (
        "chapter",
        "Alpha-Thalassemia",
        "GeneReviews",
    )


@pytest.mark.parametrize(
    "text", ["PMID: 31452104", "pmid 31452104", "https://pubmed.ncbi.nlm.nih.gov/31452104/"]
)
def test_a_pmid_is_read_from_its_label_or_link(text):
    assert pubmed.pmid(text) == "31452104"
