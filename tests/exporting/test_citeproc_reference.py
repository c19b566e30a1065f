"""The five citation styles print what citeproc-js, the CSL processor of Zotero and Mendeley,
prints with the same CSL styles and locales: every demo paper and every edge case of
tests/exporting/citation_cases.py, alone (the paper page's cite box) and in lists (sorted,
numbered, with year suffixes), as text and as HTML.

The reference is tests/data/csl/reference/, written by scripts/citeproc_reference/refresh.py
(citeproc-js from the npm registry, run with Node.js); this test needs neither. When the
papers' CSL items change, the first test fails until the reference is refreshed.

Differences kept on purpose are listed below with their reasons (``KEPT``, and
``NOT_COMPARED`` for titles that hold HTML tags).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pubs.export import citations
from pubs.export.csljson import csl_items
from pubs.export.styles import Item, in_order, year_suffix
from pubs.models import Paper
from pubs.queries.exporting import export_papers
from tests.exporting.citation_cases import CASES

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "csl" / "reference"
ITEMS = json.loads((REFERENCE / "items.json").read_text(encoding="utf-8"))
STYLES = tuple(citations.STYLES)
REFRESH = "refresh it: .venv/bin/python scripts/citeproc_reference/refresh.py"


@dataclass(frozen=True)
class Kept:
    """A difference from citeproc-js kept on purpose: where, why, and what we print instead
    (``expected`` turns citeproc-js's text or HTML of the entry into ours)."""

    style: str
    applies: Callable[[dict[str, Any]], bool]
    why: str
    expected: Callable[[str, dict[str, Any]], str]


def _conference_without_details(item: dict[str, Any]) -> bool:
    return item["type"] == "paper-conference" and not (
        {"publisher", "publisher-place", "page", "collection-title"} & item.keys()
    )


def _acm_single_stop(text: str, item: dict[str, Any]) -> str:
    text = re.sub(r"(\S)\. \.(?=$|\n| |</div>)", r"\1.", text)
    return re.sub(r", \.(?=$|\n| |</div>)", ".", text)


def _ieee_stop_for_comma(text: str, item: dict[str, Any]) -> str:
    text = re.sub(r", \n$", ".\n", text)
    return text.replace(",</div>\n   </div>", ".</div>\n  </div>")


def _acm_patent_number(text: str, item: dict[str, Any]) -> str:
    text = re.sub(r"et al\. \n$", f"et al. {item['number']}. \n", text)
    return text.replace("et al.</div>", f"et al. {item['number']}.</div>")


KEPT = (
    Kept(
        "acm",
        lambda item: _conference_without_details(item) and "issued" in item,
        "A paper in proceedings with no publisher, place or pages ends with one full stop "
        'after its year; citeproc-js prints the style\'s two ("2023. .").',
        _acm_single_stop,
    ),
    Kept(
        "acm",
        lambda item: _conference_without_details(item) and "issued" not in item,
        'The same with no year either: "Systems.", where citeproc-js prints "Systems, .".',
        _acm_single_stop,
    ),
    Kept(
        "ieee",
        lambda item: _conference_without_details(item) and "issued" not in item,
        "A paper in proceedings with no year, publisher or pages ends with a full stop; "
        "citeproc-js ends it with the comma that would come before them.",
        _ieee_stop_for_comma,
    ),
    Kept(
        "acm",
        lambda item: item["type"] == "patent" and "title" not in item,
        "A patent known only by its number (the seeds name some so) is named by its number "
        "where the title goes: the style prints no patent number, so citeproc-js leaves "
        "such a patent unnamed.",
        _acm_patent_number,
    ),
    Kept(
        "gbt7714",
        lambda item: any(name.get("suffix", "").endswith(".") for name in item.get("author", ())),
        'A suffix keeps its full stop ("DOE J A Jr."); citeproc-js drops it before the comma'
        ' of GB/T 7714\'s names ("DOE J A Jr, VAN BEETHOVEN L").',
        lambda text, item: text.replace(" Jr, ", " Jr., "),
    ),
)
#: Cases compared elsewhere: citeproc-js reads HTML tags in a value as markup (Zotero's
#: rich-text titles); our titles are plain text, printed as written (escaped in HTML).
#: test_markup_in_a_title_is_printed_as_text checks them.
NOT_COMPARED = frozenset({"markup"})


def reference(style: str) -> dict[str, Any]:
    return json.loads((REFERENCE / f"{style}.json").read_text(encoding="utf-8"))


def expected(style: str, slug: str, text: str) -> str:
    """citeproc-js's text or HTML of a case, with the kept differences applied."""
    case = ITEMS["items"][slug]["item"]
    for kept in KEPT:
        if kept.style == style and kept.applies(case):
            text = kept.expected(text, case)
    return text


def item(slug: str) -> Item:
    case = ITEMS["items"][slug]
    return Item(case["item"], case["shortened"])


def cited(papers: list) -> dict[str, dict[str, Any]]:
    """The papers' CSL items as the styles are given them, by slug, as refresh.py writes."""
    items = csl_items(papers, cited=True)
    found = {}
    for paper, csl in zip(papers, items, strict=True):
        found[paper.slug] = {"item": {**csl, "id": paper.slug}, "shortened": paper.more_authors}
    return found


@pytest.mark.usefixtures("catalogue")
def test_the_reference_formats_the_demo_papers_as_they_are_now():
    papers = export_papers(Paper.objects.all())
    assert [paper.slug for paper in papers] == ITEMS["demo"], REFRESH
    now = cited(papers)
    stale = [slug for slug in ITEMS["demo"] if now[slug] != ITEMS["items"][slug]]
    assert not stale, f"the CSL items of {stale[:5]} changed: {REFRESH}"


def test_the_reference_formats_the_edge_cases_as_they_are_now():
    assert [paper.slug for paper in CASES] == ITEMS["edge"], REFRESH
    now = cited(list(CASES))
    stale = [slug for slug in ITEMS["edge"] if now[slug] != ITEMS["items"][slug]]
    assert not stale, f"the CSL items of {stale[:5]} changed: {REFRESH}"


@pytest.mark.parametrize("html", [False, True], ids=["text", "html"])
@pytest.mark.parametrize("style", STYLES)
def test_each_paper_alone_reads_as_citeproc_js_prints_it(style, html):
    entries = reference(style)["entries"]
    form = "html" if html else "text"
    label = "[1]" if citations.STYLES[style].numbered else ""
    wrong = []
    for slug in ITEMS["items"]:
        if slug in NOT_COMPARED:
            continue
        want = expected(style, slug, entries[slug][form])
        ours = citations.entry(label, item(slug), style, html=html) + ("" if html else "\n")
        if ours != want:
            wrong.append(f"{slug}\n  citeproc-js: {want!r}\n  ours:        {ours!r}")
    assert not wrong, f"{len(wrong)} differ:\n" + "\n".join(wrong[:5])


@pytest.mark.parametrize("name", ["demo", "edge"])
@pytest.mark.parametrize("style", STYLES)
def test_a_list_is_in_citeproc_js_order_with_its_year_suffixes(style, name):
    listed = reference(style)["lists"][name]
    items = {slug: item(slug) for slug in ITEMS[name]}
    ordered = in_order([items[slug] for slug in ITEMS[name]], citations.STYLES[style])
    slugs = {id(found): slug for slug, found in items.items()}
    assert [slugs[id(found)] for found in ordered] == listed["ids"]
    suffixes = [
        year_suffix(int(number)) if number is not None else "" for number in listed["year_suffixes"]
    ]
    assert [found.year_suffix for found in ordered] == suffixes


@pytest.mark.parametrize("html", [False, True], ids=["text", "html"])
@pytest.mark.parametrize("style", STYLES)
def test_a_list_reads_as_citeproc_js_prints_it(style, html):
    """Every entry of the lists, numbered and suffixed, except the shortened author lists:
    citeproc-js formats those alone (refresh.py gives them their "et al." one at a time)."""
    form = "html" if html else "text"
    wrong = []
    for name in ("demo", "edge"):
        listed = reference(style)["lists"][name]
        items = [item(slug) for slug in ITEMS[name]]
        formatted = citations.formatted(items, style)
        for (label, found), slug, shortened, want in zip(
            formatted, listed["ids"], listed["shortened"], listed[form], strict=True
        ):
            if shortened or slug in NOT_COMPARED:
                continue
            ours = citations.entry(label, found, style, html=html) + ("" if html else "\n")
            if ours != expected(style, slug, want):
                wrong.append(f"{slug}\n  citeproc-js: {want!r}\n  ours:        {ours!r}")
    assert not wrong, f"{len(wrong)} differ:\n" + "\n".join(wrong[:5])


@pytest.mark.parametrize("style", STYLES)
def test_markup_in_a_title_is_printed_as_text(style):
    markup = item("markup")
    text = citations.entry("", markup, style).lower()
    html = citations.entry("", markup, style, html=True).lower()
    assert "<b>bold</b> & <script>alert(1)</script>" in text
    assert "&#60;b&#62;bold&#60;/b&#62; &#38; &#60;script&#62;alert(1)&#60;/script&#62;" in html
    assert "<script" not in html and "<b>" not in html
