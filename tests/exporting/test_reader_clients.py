"""The exports of the corpus (tests/data/corpus/README.md) and of the demo data read back
by the clients researchers feed them to, the corpus imported once for all of them:

- RIS and CSL-JSON by citation-js, RIS by rispy. Each reads every paper without an error,
  and every stored field arrives whole (tests/exporting/clients/stored.py compares them
  field by field), but for the fields ``LOST`` lists, per client, with the reason its
  format or its reading has no place for them. The CSL-JSON is valid against the CSL data
  schema.
- BibTeX by bibtexparser (v2, what the import uses) and by pybtex: every entry parsed by
  both, both read the same fields with the same values, and those values decode (with the
  import's LaTeX decoding) to what is stored (tests/exporting/clients/bibtex_readers.py),
  but for the titles ``MISREAD`` lists.
"""

from __future__ import annotations

import pytest
import rispy

from tests.exporting.clients import bibtex_readers, citation_js, stored
from tests.exporting.clients.exports import corpus_exports, demo_exports
from tests.pubs.export.formats import csl_items

pytestmark = [pytest.mark.django_db, pytest.mark.one_database]

DATA = ("corpus", "demo")
#: Client -> field -> why it does not arrive whole.
LOST: dict[str, dict[str, str]] = {
    "citation-js CSL-JSON": {},
    "citation-js RIS": {
        "publisher": "citation-js reads PB for no article (RIS's journal article has no "
        "publisher); its journal is kept",
        "publisher-place": "citation-js reads CY for no article",
        "number": "a book's series number, a conference paper's issue and a patent's number "
        "(SN) have no tag citation-js reads for those types; BibTeX and CSL-JSON keep them",
        "collection-title": "a book's series: Zotero reads it from T3, citation-js from T2 "
        "(where Zotero reads another thing); we write Zotero's",
        "editor": "a book's editors: Zotero reads ED, citation-js only A3, which Zotero "
        "reads as the series editor; we write Zotero's (a chapter's and a conference "
        "paper's editors are A2, which both read)",
        "edition": "an article's edition (a record's own, as written), which citation-js "
        "reads for no article",
        "translator": "an article's translator: A4 is read for books and chapters only",
        "accessed": "a web page's date accessed (Y2), which citation-js reads for no ELEC",
        "volume": "a preprint's volume and container (UNPB), which citation-js reads as "
        "no variable",
        "container-title": "a preprint's volume and container (UNPB), which citation-js "
        "reads as no variable",
        "page": 'pages that are no range ("046118-1-046118-20", "A-2551-", "-"): RIS '
        "writes a first and a last page (SP, EP)",
        "author": 'an organisation with a comma in its name ("Schrödinger, LLC"): RIS '
        "readers split an AU name at its comma",
    },
    "rispy": {
        "page": 'pages that are no range ("046118-1-046118-20", "A-2551-", "-"): RIS '
        "writes a first and a last page (SP, EP)",
        "author": 'an organisation with a comma in its name ("Schrödinger, LLC"): RIS '
        "readers split an AU name at its comma",
    },
}

#: Papers of the corpus whose title the export writes in a form that decodes otherwise.
MISREAD = {
    "Ding1933": "the source's title holds a C1 control character (U+0092, a Windows-1252 "
    "quote read as Latin-1) and a combining accent after a space",
    "Guichard1606": 'the source\'s title is mojibake ("HebraiÌ\\x88que"): a C1 control '
    "character under a combining mark",
    "Jakobson1960": 'a combining acute accent after a space and after "?", which no LaTeX '
    "accent writes (the source's apostrophes)",
    "Radin2017": "a combining accent after a space (the source's apostrophe)",
    "Zhang2001": "a combining accent after a space (the source's apostrophe)",
}


@pytest.fixture(scope="module")
def exports(django_db_setup, django_db_blocker):
    return {
        "corpus": corpus_exports(django_db_blocker),
        "demo": demo_exports(django_db_blocker),
    }


@pytest.fixture(scope="module")
def citation_js_read(exports):
    return {name: citation_js.read(ris=data.ris, csl=data.csl) for name, data in exports.items()}


def _by_id(items: list[dict]) -> dict[str, dict]:
    return {str(item.get("id")): item for item in items}


@pytest.mark.parametrize("data", DATA)
def test_the_csl_json_is_valid_against_the_csl_data_schema(exports, data):
    assert len(csl_items(exports[data].csl)) == len(exports[data].papers)


@pytest.mark.parametrize("data", DATA)
@pytest.mark.parametrize("fmt", ["ris", "csl"])
def test_citation_js_reads_every_item_without_complaint(citation_js_read, exports, data, fmt):
    read = citation_js_read[data][fmt]
    assert [entry for entry in read["log"] if entry[0] in ("warn", "error")] == []
    assert len(read["items"]) == len(exports[data].papers)


@pytest.mark.parametrize("data", DATA)
def test_citation_js_reads_every_stored_field_from_the_csl_json(citation_js_read, exports, data):
    read = _by_id(citation_js_read[data]["csl"]["items"])
    lost = stored.differences(exports[data].by_key, read, stored.from_csl)
    assert _unlisted(lost, "citation-js CSL-JSON") == {}


@pytest.mark.parametrize("data", DATA)
def test_citation_js_reads_every_stored_field_from_the_ris(citation_js_read, exports, data):
    read = _by_id(citation_js_read[data]["ris"]["items"])
    lost = stored.differences(exports[data].by_key, read, stored.from_csl)
    assert _unlisted(lost, "citation-js RIS") == {}


@pytest.mark.parametrize("data", DATA)
def test_rispy_reads_every_stored_field_from_the_ris(exports, data):
    entries = rispy.loads(exports[data].ris)
    assert len(entries) == len(exports[data].papers)
    read = {entry["id"]: entry for entry in entries}
    lost = stored.differences(exports[data].by_key, read, stored.from_rispy)
    assert _unlisted(lost, "rispy") == {}


def _unlisted(lost: dict[str, list[str]], client: str) -> dict[str, str]:
    """The fields lost that LOST does not list for the client: field -> count and examples."""
    return {
        field: f"{len(keys)} papers, e.g. {keys[:4]}"
        for field, keys in lost.items()
        if field not in LOST[client]
    }


def test_bibtexparser_and_pybtex_read_every_field_of_the_demo_as_stored(exports):
    demo = exports["demo"]
    assert bibtex_readers.differences(demo.bib, demo.by_key) == {}


def test_bibtexparser_and_pybtex_read_every_field_of_the_corpus_as_stored_but_listed_titles(
    exports,
):
    corpus = exports["corpus"]
    found = bibtex_readers.differences(corpus.bib, corpus.by_key)
    titles = set(found.pop("bibtexparser: title", []))
    assert found == {}
    assert titles == set(MISREAD)


def test_the_utf8_export_of_the_corpus_reads_as_stored_but_listed_titles(exports):
    corpus = exports["corpus"]
    found = bibtex_readers.differences(corpus.bib_utf8, corpus.by_key)
    assert set(found.pop("bibtexparser: title", [])) <= set(MISREAD)
    assert found == {}
