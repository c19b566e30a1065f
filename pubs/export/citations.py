"""Formatted citations: IEEE, ACM, APA, GB/T 7714-2015 (numeric) and Chicago (author-date),
as citeproc-js, the CSL processor of Zotero and Mendeley, prints them with those styles'
CSL files.

Each style is a module of ``pubs.export.styles`` that formats the paper's CSL item
(``pubs.export.csljson``, ``cited=True``); tests/exporting/test_citeproc_reference.py
compares them with citeproc-js on the demo data and edge cases, and lists the differences
kept on purpose. A list is sorted and numbered as the style does it, and an author's works
of one year are told apart (2024a, 2024b) in the author-date styles.
"""

from __future__ import annotations

from collections.abc import Sequence

from pubs.export.csljson import csl_items
from pubs.export.model import ExportPaper
from pubs.export.styles import Item, Style, acm, apa, chicago, gbt7714, ieee, in_order
from pubs.export.styles.text import as_html, as_plain

#: Our name for each style -> the style.
STYLES: dict[str, Style] = {
    style.name: style for style in (ieee.STYLE, acm.STYLE, apa.STYLE, gbt7714.STYLE, chicago.STYLE)
}
STYLE_LABELS = {name: style.label for name, style in STYLES.items()}
DEFAULT_STYLE = "ieee"


class UnknownStyle(ValueError):
    """A style this module does not know; the message lists the ones it does."""


def _style(name: str) -> Style:
    if name not in STYLES:
        raise UnknownStyle(f"unknown citation style {name!r}; known: {', '.join(STYLES)}")
    return STYLES[name]


def cited_items(papers: Sequence[ExportPaper]) -> list[Item]:
    """The papers as the styles read them: their CSL items, and whether each author list
    goes on past the names given."""
    items = csl_items(papers, cited=True)
    return [Item(item, paper.more_authors) for item, paper in zip(items, papers, strict=True)]


def formatted(items: Sequence[Item], style: str) -> list[tuple[str, Item]]:
    """(number label, item) in the style's order: "[1]" ... for numbered styles, "" else."""
    chosen = _style(style)
    ordered = in_order(items, chosen)
    if not chosen.numbered:
        return [("", item) for item in ordered]
    return [(f"[{number}]", item) for number, item in enumerate(ordered, start=1)]


def entries(papers: Sequence[ExportPaper], style: str, *, html: bool = False) -> list[str]:
    """One formatted reference per paper, in the style's order (the papers' order for IEEE
    and GB/T 7714, by author for ACM, APA and Chicago), numbered where the style numbers:
    plain text, or HTML as citeproc-js writes an entry (a ``csl-entry`` block)."""
    return [
        entry(label, item, style, html=html)
        for label, item in formatted(cited_items(papers), style)
    ]


def entry(label: str, item: Item, style: str, *, html: bool = False) -> str:
    """One entry of a list: its number label ("[1]", or "") and its text, as citeproc-js
    writes a bibliography's entry in text ("[1] J. Fang, ...") or HTML (a numbered one in
    two columns)."""
    body = _style(style).layout(item)
    if not html:
        text = as_plain(body)
        return f"{label} {text}" if label else text
    content = as_html(body)
    if not label:
        return f'  <div class="csl-entry">{content}</div>\n'
    trimmed = content.rstrip(" ")
    return (
        '  <div class="csl-entry">\n'
        f'    <div class="csl-left-margin">{label}</div>'
        f'<div class="csl-right-inline">{trimmed}</div>\n'
        f"  {content[len(trimmed) :]}</div>\n"
    )


def bibliography(papers: Sequence[ExportPaper], style: str, *, html: bool = False) -> str:
    """The papers' reference list: one reference per line, or HTML as citeproc-js writes it
    (a ``csl-bib-body`` of ``csl-entry`` blocks)."""
    formatted_entries = entries(papers, style, html=html)
    if not html:
        return "\n".join(formatted_entries) + ("\n" if formatted_entries else "")
    return f'<div class="csl-bib-body {style}">\n{"".join(formatted_entries)}</div>\n'


def cite(paper: ExportPaper, style: str, *, html: bool = False) -> str:
    """One paper's reference, without a list number (the paper page's cite box)."""
    (item,) = cited_items([paper])
    body = _style(style).layout(item)
    return as_html(body) if html else as_plain(body)
