"""The BibTeX export of the corpus (tests/data/corpus/README.md) and of the demo data read
back by bibtexparser (v2, what the import uses) and by pybtex: every entry parsed by both,
both read the same fields with the same values, and those values decode (with the
import's LaTeX decoding) to what is stored (tests/exporting/clients/bibtex_readers.py).

``MISREAD`` lists the corpus's papers whose title does not come back, with the reason.
"""

from __future__ import annotations

import pytest

from tests.exporting.clients.bibtex_readers import differences
from tests.exporting.clients.exports import corpus_exports, demo_exports

pytestmark = pytest.mark.django_db

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
def corpus(django_db_setup, django_db_blocker):
    return corpus_exports(django_db_blocker)


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    return demo_exports(django_db_blocker)


def test_bibtexparser_and_pybtex_read_every_field_of_the_demo_as_stored(demo):
    assert differences(demo.bib, demo.by_key) == {}


def test_bibtexparser_and_pybtex_read_every_field_of_the_corpus_as_stored_but_listed_titles(
    corpus,
):
    found = differences(corpus.bib, corpus.by_key)
    titles = set(found.pop("bibtexparser: title", []))
    assert found == {}
    assert titles == set(MISREAD)


def test_the_utf8_export_of_the_corpus_reads_as_stored_but_listed_titles(corpus):
    found = differences(corpus.bib_utf8, corpus.by_key)
    assert set(found.pop("bibtexparser: title", [])) <= set(MISREAD)
    assert found == {}
