"""arXiv by identifier or URL, against its recorded answers."""

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.sources import arxiv
from pubs.sources.http import BadAnswer, NotFound

API = "https://export.arxiv.org/api/query"


@pytest.fixture
def published(replay):
    """1111.2011v2: its authors gave the published version's DOI and journal reference."""
    replay.recorded(API, "arxiv/id_list=1111.2011v2.xml", id_list="1111.2011")


def test_an_entry_gives_its_published_doi_and_journal_reference(http, published):
    entry = arxiv.entry(http, "https://arxiv.org/abs/1111.2011v2")
    assert entry.arxiv_id == "1111.2011" and entry.version == 2
    assert entry.doi == "10.1103/physrevb.85.115117"
    assert entry.journal_ref == "Phys. Rev. B 85, 115117 (2012)"
    assert entry.authors == ("James M. Murray", "Adrian Del Maestro", "Zlatko Tesanovic")
    assert entry.title.startswith("Quantum Criticality for Extended Nodes on a Bethe Lattice")
    assert entry.published == "2011-11-08" and entry.year == 2011
    assert entry.primary_category == "cond-mat.str-el"


def test_the_feed_of_today_reads_as_the_feed_of_before(http, replay):
    replay.recorded(API, "arxiv/id_1605.08386_s0_m100_199195aa31ad.json", id_list="1605.08386")
    entry = arxiv.entry(http, "1605.08386")
    assert entry.title == "Heat-bath random walks with Markov bases"
    assert entry.authors == ("Caprice Stanley", "Tobias Windisch")
    assert entry.doi == "" and entry.journal_ref == ""
    assert entry.primary_category == "math.CO" and entry.version == 1


def test_an_entry_as_bibtex_imports_as_an_arxiv_preprint_with_its_published_doi(http, published):
    text = arxiv.to_bibtex([arxiv.entry(http, "1111.2011")])
    _, [record] = parse_and_normalize(text)
    assert record.arxiv_id == "1111.2011" and record.kind == "preprint"
    assert record.doi == "10.1103/physrevb.85.115117"
    assert record.title.startswith("Quantum Criticality for Extended Nodes")
    assert record.authors[0].family == "Murray"


def test_the_client_asks_the_api_for_the_ids_it_was_given(http, published, replay):
    arxiv.entries(http, ["arXiv:1111.2011"])
    [request] = replay.requests
    assert request.url.params["id_list"] == "1111.2011"


def test_an_id_naming_its_version_asks_the_api_for_that_version(http, published, replay):
    [entry] = arxiv.entries(http, ["https://arxiv.org/pdf/1111.2011v2.pdf"])
    [request] = replay.requests
    assert request.url.params["id_list"] == "1111.2011v2"
    assert (entry.arxiv_id, entry.version) == ("1111.2011", 2)


def test_an_id_arxiv_does_not_know_is_not_found(http, replay):
    feed = (
        '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_9999.99999</id>'
        "<title>Error</title><summary>incorrect id format for 9999.99999</summary></entry></feed>"
    )
    replay.route(API, feed)
    with pytest.raises(NotFound):
        arxiv.entry(http, "9999.99999")


def test_an_answer_that_is_no_feed_is_a_bad_answer(http, replay):
    replay.route(API, "<html>Rate exceeded.</html>")
    with pytest.raises(BadAnswer):
        arxiv.entry(http, "1111.2011")


def test_requests_to_arxiv_keep_three_seconds_apart(http, published, replay, clock):
    replay.recorded(API, "arxiv/id_1605.08386_s0_m100_199195aa31ad.json", id_list="1605.08386")
    arxiv.entries(http, ["1111.2011"])
    arxiv.entries(http, ["1605.08386"])
    assert clock.naps == [3.0]


@pytest.mark.parametrize(
    "text, venue, volume, pages, year",
    [
        ("Phys. Rev. B 85, 115117 (2012)", "Phys. Rev. B", "85", "115117", 2012),
        ("JETP Lett.86:559-561,2008", "JETP Lett", "86", "559--561", 2008),
        ("J. Chem. Phys. 115, 1626 (2001)", "J. Chem. Phys", "115", "1626", 2001),
        ("NSDI 2024", "NSDI 2024", "", "", 2024),
        ("Proceedings of ICNP'24", "Proceedings of ICNP'24", "", "", None),
    ],
)
def test_a_journal_reference_names_venue_volume_pages_and_year(text, venue, volume, pages, year):
    ref = arxiv.read_journal_ref(text)
    assert (ref.venue, ref.volume, ref.pages, ref.year) == (venue, volume, pages, year)
