"""arXiv by identifier or URL, against its recorded answers."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


# Journal references as arXiv's authors write them. The real ones: 1111.2011's
# (arxiv/id_list=1111.2011v2.xml); 0704.0001's "Phys.Rev.D76:013009,2007", the first record of
# arXiv's metadata (CC0); supr-con/9609004's "J. Phys. Soc. Jpn. 66, 204 (1997)." and
# 2101.11408's "Software: Practice and Experience 51 (8), 2021", as arXiv's metadata gives them;
# the "J. Algebraic Combin. 6 (1997), no. 3, 253--257". The others are the forms of
# conference papers written out.
JOURNAL_REFS = [
    # (form, text, (venue, volume, number, pages, year))
    (
        "volume (year) pages",
        "J. Algebraic Combin. 6 (1997), no. 3, 253--257",
        ("J. Algebraic Combin", "6", "3", "253--257", 1997),
    ),
    (
        "volume (year) pages",
        "Journal of Reliable Systems 12 (2025) 1-9",
        ("Journal of Reliable Systems", "12", "", "1--9", 2025),
    ),
    (
        "labelled",
        "IEEE Trans. X, vol. 12, no. 3, pp. 45-67, 2020",
        ("IEEE Trans. X", "12", "3", "45--67", 2020),
    ),
    (
        "labelled",
        "Proceedings of ICML 2019, pp. 1-10",
        ("Proceedings of ICML 2019", "", "", "1--10", 2019),
    ),
    (
        "labelled",
        "Journal of Applied Physics, vol 104, 073536 (2008)",
        ("Journal of Applied Physics", "104", "", "073536", 2008),
    ),
    (
        "volume, pages, year",
        "Phys. Rev. D 76, 044016 (2007)",
        ("Phys. Rev. D", "76", "", "044016", 2007),
    ),
    (
        "volume, pages, year",
        "Phys.Rev.D76:013009,2007",
        ("Phys.Rev.D", "76", "", "013009", 2007),
    ),
    (
        "volume, pages, year",
        "Nature 123:456-460, 2019",
        ("Nature", "123", "", "456--460", 2019),
    ),
    (
        "volume, pages, year",
        "J. Phys. Soc. Jpn. 66, 204 (1997).",
        ("J. Phys. Soc. Jpn", "66", "", "204", 1997),
    ),
    (
        "volume, pages, year",
        "Software: Practice and Experience 51 (8), 2021",
        ("Software: Practice and Experience", "51", "8", "", 2021),
    ),
    (
        "volume, pages, year",
        "Phys. Rev. B 85, 115117 (2012)",
        ("Phys. Rev. B", "85", "", "115117", 2012),
    ),
    (
        "volume, pages, year",
        "JETP Lett.86:559-561,2008",
        ("JETP Lett", "86", "", "559--561", 2008),
    ),
    ("name and year", "NeurIPS 2020", ("NeurIPS 2020", "", "", "", 2020)),
    ("name and year", "Accepted to CVPR 2024", ("CVPR 2024", "", "", "", 2024)),
    ("name and year", "Proc. ICML 2019, 1-10", ("Proc. ICML 2019, 1-10", "", "", "", 2019)),
    ("", "Proceedings of ICNP'24", ("Proceedings of ICNP'24", "", "", "", None)),
]


def read(text: str) -> tuple:
    ref = arxiv.read_journal_ref(text)
    return ref.form, (ref.venue, ref.volume, ref.number, ref.pages, ref.year)


def examples_of(form: str) -> list[tuple[str, tuple]]:
    examples = [(text, expected) for name, text, expected in JOURNAL_REFS if name == form]
    assert examples
    return examples


def test_every_form_of_journal_reference_has_examples():
    assert {name for name, _ in arxiv.JOURNAL_REF_FORMS} == {
        form for form, _, _ in JOURNAL_REFS if form
    }


@pytest.mark.parametrize("text, expected", examples_of("volume (year) pages"))
def test_a_volume_then_its_year_in_brackets_then_number_and_pages(text, expected):
    assert read(text) == ("volume (year) pages", expected)


@pytest.mark.parametrize("text, expected", examples_of("labelled"))
def test_a_volume_number_and_pages_labelled_vol_no_pp(text, expected):
    assert read(text) == ("labelled", expected)


@pytest.mark.parametrize("text, expected", examples_of("volume, pages, year"))
def test_a_volume_then_pages_then_year_as_physics_journals_write_them(text, expected):
    assert read(text) == ("volume, pages, year", expected)


@pytest.mark.parametrize("text, expected", examples_of("name and year"))
def test_a_venue_named_with_its_year_has_no_volume(text, expected):
    assert read(text) == ("name and year", expected)


def test_a_reference_of_no_form_is_the_venue_as_written():
    assert read("Proceedings of ICNP'24") == ("", ("Proceedings of ICNP'24", "", "", "", None))


@pytest.mark.parametrize("lead_in", ["Published in ", "Accepted to ", "To appear in ", "In: "])
def test_a_lead_in_is_no_part_of_the_venue(lead_in):
    _, (venue, volume, _, pages, year) = read(f"{lead_in}Phys. Rev. D 76, 044016 (2007)")
    assert (venue, volume, pages, year) == ("Phys. Rev. D", "76", "044016", 2007)


DANGLING = re.compile(r"(?:\b(?:no|vol)\.?|,)$", re.IGNORECASE)


@given(
    st.lists(
        st.one_of(
            st.sampled_from(["vol.", "no.", "pp.", "Vol", "no", ",", "(", ")", ":", "--", "-"]),
            st.from_regex(r"\A(?:19|20)\d\d\Z"),
            st.integers(min_value=0, max_value=9999).map(str),
            st.text(min_size=1, max_size=8),
        ),
        max_size=12,
    ).map(" ".join)
)
def test_a_journal_reference_never_fails_nor_leaves_a_dangling_label(text):
    ref = arxiv.read_journal_ref(text)
    assert not DANGLING.search(ref.venue), ref
