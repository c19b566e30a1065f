"""DBLP by person and by record, against its recorded answers."""

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.sources import dblp
from pubs.sources.http import BadAnswer
from pubs.venues.resolution import entry_dblp_key


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


def test_a_person_gives_every_publication_with_its_venue_key(http, replay):
    replay.recorded("https://dblp.org/pid/l/MichaelLey.bib", "dblp/ley.bib")
    text = dblp.person_bibtex(http, "l/MichaelLey")
    _, records = parse_and_normalize(text)
    assert len(records) == 9
    keys = [entry_dblp_key(record.key) for record in records]
    assert keys[:2] == ["conf/jcdl", "journals/pvldb"]
    assert records[1].doi == "10.14778/1687553.1687577" and records[1].pages == "1493--1500"


def test_an_error_page_instead_of_bibtex_is_a_bad_answer(http, replay):
    replay.route("https://dblp.org/rec/conf/nsdi/Nope24.bib", "<!DOCTYPE html><html>…</html>")
    with pytest.raises(BadAnswer, match="record conf/nsdi/Nope24"):
        dblp.record_bibtex(http, "conf/nsdi/Nope24")
