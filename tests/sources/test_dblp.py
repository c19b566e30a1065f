"""DBLP by person and by record, against its recorded answers: a record's BibTeX (OSDI'24's
MonoNN) and a person's XML (Di Xu 0001, pid 95/7448-1)."""

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.services.papers import venue_index
from pubs.sources import dblp
from pubs.sources.http import BadAnswer
from pubs.venues.resolution import entry_dblp_key

PERSON = "https://dblp.org/pid/95/7448-1.xml"


@pytest.fixture
def person(http, replay) -> dblp.DblpPerson:
    replay.recorded(PERSON, "dblp/95-7448-1.xml")
    return dblp.person_xml(http, "95/7448-1")


@pytest.mark.parametrize(
    "text, pid",
    [
        ("https://dblp.org/pid/74/10201.html", "74/10201"),
        ("dblp.org/pid/74/10201", "74/10201"),
        ("https://dblp.uni-trier.de/pid/l/MichaelLey.html", "l/MichaelLey"),
        ("https://dblp.org/pid/183/0983-2.xml", "183/0983-2"),
        ("74/10201", "74/10201"),
        ("Michael Ley", ""),
        ("https://example.org/pid/1/2", ""),
    ],
)
def test_a_person_is_named_by_profile_url_or_pid(text, pid):
    assert dblp.person_pid(text) == pid


@pytest.mark.parametrize(
    "text, key",
    [
        ("DBLP:conf/nsdi/ZhangLW24", "conf/nsdi/ZhangLW24"),
        ("https://dblp.org/rec/conf/nsdi/ZhangLW24.html", "conf/nsdi/ZhangLW24"),
        ("https://dblp.org/rec/bib/journals/pvldb/Ley09", "journals/pvldb/Ley09"),
        ("journals/corr/abs-2404-02015", "journals/corr/abs-2404-02015"),
        ("10.1145/3600006.3613165", ""),
    ],
)
def test_a_record_is_named_by_key_or_url(text, key):
    assert dblp.record_key(text) == key


def test_a_record_gives_its_bibtex_with_its_venue_key(http, replay):
    replay.recorded("https://dblp.org/rec/conf/osdi/ZhuangZXQB0S24.bib", "dblp/ZhuangZXQB0S24.bib")
    text = dblp.record_bibtex(http, "conf/osdi/ZhuangZXQB0S24")
    _, [record] = parse_and_normalize(text)
    assert entry_dblp_key(record.key) == "conf/osdi"
    assert record.title.startswith("MonoNN: Enabling a New Monolithic Optimization Space")
    assert (record.year, record.pages) == (2024, "989--1005")
    assert [author.family for author in record.authors][-1] == "Song"


def test_a_person_s_xml_gives_every_publication_with_its_venue_key(person):
    assert (person.pid, person.name, len(person.records)) == ("95/7448-1", "Di Xu", 8)
    assert [record.venue_key for record in person.records] == [
        "conf/3dtv", "conf/iccel", "conf/ictai", "journals/tvcg",
        "conf/icecsys", "conf/icip", "conf/iscas", "conf/icip",
    ]  # fmt: skip


def test_a_record_of_the_xml_gives_its_doi_pages_volume_and_number(person):
    tvcg = person.records[3]
    assert (tvcg.key, tvcg.kind, tvcg.title) == (
        "journals/tvcg/XuDN11",
        "article",
        "Correction of Clipped Pixels in Color Images",
    )
    assert (tvcg.venue, tvcg.year, tvcg.volume, tvcg.number, tvcg.pages) == (
        "IEEE Trans. Vis. Comput. Graph.",
        2011,
        "17",
        "3",
        "333--344",
    )
    assert tvcg.doi == "10.1109/tvcg.2010.63"  # the doi.org link, of the three links
    assert not tvcg.informal and tvcg.arxiv_id == ""


def test_the_xml_names_each_author_by_pid_without_the_homonym_number(person):
    authors = person.records[0].authors
    assert [(a.name, a.pid) for a in authors] == [
        ("Lino Coria-Mendoza", "32/5783"),
        ("Di Xu", "95/7448-1"),
        ("Panos Nasiopoulos", "55/3871"),
    ]
    assert authors[1].family == "Xu"


@pytest.mark.usefixtures("catalogue")
def test_the_venue_keys_the_catalogue_has_resolve_to_its_venues_exactly(person):
    index = venue_index()
    found = {
        record.venue_key: [venue.abbreviation for venue in index.by_dblp.get(record.venue_key, ())]
        for record in person.records
    }
    assert found == {
        "journals/tvcg": ["TVCG"],
        "conf/icip": ["ICIP"],
        "conf/ictai": ["ICTAI"],
        "conf/iscas": ["ISCAS"],
        "conf/3dtv": [],  # not in the CCF list
        "conf/iccel": [],
        "conf/icecsys": [],
    }


def test_an_html_page_instead_of_the_xml_is_a_bad_answer(http, replay):
    replay.route(PERSON, "<!DOCTYPE html><html><body>Error 500</body></html>")
    with pytest.raises(BadAnswer, match="DBLP's answer for a person"):
        dblp.person_xml(http, "95/7448-1")


def test_an_answer_declaring_entities_is_refused_unexpanded():
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE dblpperson [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><dblpperson name="&b;"/>'
    )
    with pytest.raises(BadAnswer, match="document type declaration"):
        dblp.read_person_xml(laughs)


def test_an_answer_cut_short_is_a_bad_answer():
    with pytest.raises(BadAnswer, match="not well-formed XML"):
        dblp.read_person_xml('<?xml version="1.0"?><dblpperson name="Di Xu 0001"><r><article')


def test_other_xml_than_a_person_s_is_a_bad_answer():
    with pytest.raises(BadAnswer):
        dblp.read_person_xml('<?xml version="1.0"?><dblp><article key="a/b/c"/></dblp>')


def test_an_error_page_instead_of_bibtex_is_a_bad_answer(http, replay):
    replay.route("https://dblp.org/rec/conf/nsdi/Nope24.bib", "<!DOCTYPE html><html>…</html>")
    with pytest.raises(BadAnswer, match="record conf/nsdi/Nope24"):
        dblp.record_bibtex(http, "conf/nsdi/Nope24")
