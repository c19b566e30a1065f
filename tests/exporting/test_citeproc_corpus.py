"""The five citation styles on the corpus (tests/data/corpus/README.md: three public
bibliographies of other fields, taken whole) print what citeproc-js prints for the same CSL
items: every paper the import made of them, each alone, as text.

The reference is tests/data/csl/corpus.json.gz, written by
``scripts/citeproc_reference/refresh.py --corpus`` (which imports the corpus into a fresh
database, exports each paper's CSL item, renders it with citeproc-js and prints each
style's share of exact matches); this test needs no Node.js.

Not every paper is printed as citeproc-js prints it yet. ``DIFFERENCES`` in
tests/data/csl/corpus_differences.json lists, per style, every paper that differs, under
the reason it differs (``REASONS``). A paper printed as citeproc-js prints it that is on the
list, or one that differs and is not on it, fails the test: the list is kept exact, so that
a fix shows as a shorter list and a regression as a failure. ``KEPT`` names the listed
papers we print otherwise on purpose, with the reason.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from pubs.export import citations
from pubs.export.styles import Item

DATA = Path(__file__).resolve().parents[1] / "data" / "csl"
REFERENCE = json.loads(gzip.decompress((DATA / "corpus.json.gz").read_bytes()))
DIFFERENCES = json.loads((DATA / "corpus_differences.json").read_text(encoding="utf-8"))
#: Why a paper's entry differs from citeproc-js's, by the names the differences file uses.
REASONS = {
    "names": "a name printed otherwise: particles, suffixes, initials of hyphenated or "
    "dotted given names, Cyrillic and Chinese names written family-first, organisations "
    "(the names' parsing and the styles' name forms, pubs.bibtex.names and "
    "pubs.export.styles.names)",
    "quotes": "quotation marks inside a title: citeproc-js turns straight quotes into "
    "curly single quotes inside the style's double ones",
    "pages": 'a page range citeproc-js reads otherwise ("295A-302A", "271--297", '
    '"pp. 101-102" in the value, a hyphen inside an identifier)',
    "volume-title": "a volume that is no number printed as part of the title (APA, "
    "Chicago) or after the container",
    "title-case": "title case (Chicago, APA's series) of titles in other languages that "
    'say they are English, and of words citeproc-js leaves as written ("v2")',
    "other": "another variable the style prints otherwise: a genre, status, number, "
    "issue, container or date form not yet ported from the CSL file",
}
STYLES = tuple(citations.STYLES)
#: Listed differences kept on purpose, in every style: the paper and why we print it
#: otherwise than citeproc-js.
KEPT = {
    "utterance-selection-model-of-language-change-2006": "The article's pages are an "
    'article number range, "046118-1-046118-20". citeproc-js reads only its tail '
    '"046118-20" as a range and rewrites that part ("046118-1-046118–20"; APA, which '
    'expands ranges, "046118-1-046118–046120", a page that does not exist); we print '
    "the value as written.",
    "us-handelsminister-zolldeal-fur-ausgewogene-2025": "The title opens a quotation "
    'with two commas and closes it with a straight double quotation mark (",,ausgewogene"'
    '"), which citeproc-js, finding no opening mark, leaves straight; we print it as the '
    "closing mark it is (”, ’ inside a quoted title).",
}


def differing(style: str) -> set[str]:
    """The papers of the corpus our style prints otherwise than citeproc-js."""
    label = "[1]" if citations.STYLES[style].numbered else ""
    printed = REFERENCE["styles"][style]
    found = set()
    for slug, case in REFERENCE["items"].items():
        ours = citations.entry(label, Item(case["item"], case["shortened"]), style)
        ours = f"{ours}\n" if ours else ""  # an item the style lists no entry for (APA 8.9)
        if ours != printed[slug]:
            found.add(slug)
    return found


def test_the_reference_holds_the_whole_corpus():
    assert len(REFERENCE["items"]) > 7000
    assert set(REFERENCE["styles"]) == set(STYLES)
    assert all(set(printed) == set(REFERENCE["items"]) for printed in REFERENCE["styles"].values())


def test_every_kept_difference_is_listed_in_every_style():
    assert all(set(KEPT) <= set(DIFFERENCES[style]) for style in STYLES)


def test_every_listed_difference_has_a_known_reason():
    reasons = {reason for listed in DIFFERENCES.values() for reason in listed.values()}
    assert reasons <= set(REASONS)
    assert set(DIFFERENCES) == set(STYLES)


@pytest.mark.parametrize("style", STYLES)
def test_the_corpus_reads_as_citeproc_js_prints_it_but_for_the_listed_papers(style):
    found = differing(style)
    listed = set(DIFFERENCES[style])
    fixed = sorted(listed - found)
    broken = sorted(found - listed)
    assert not fixed, f"{len(fixed)} listed papers now print as citeproc-js: {fixed[:5]}"
    assert not broken, f"{len(broken)} papers differ from citeproc-js: {broken[:5]}"
