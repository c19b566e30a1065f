"""Papers to CSL-JSON: the citation data Zotero, Mendeley and pandoc read, valid against
the CSL data schema, and what ``pubs.export.citations`` formats.

CSL has no way to say that an author list goes on. The export ends such a list with the
name ``{"literal": "others"}``, as BibTeX ends it with "and others" (``OTHERS``): Zotero
reads it as one more author, named "others" in one field, so the item keeps the mark and
its citations say "and others"; pandoc's citeproc prints a last name "others" as "et al.".
An author the paper does not name (a gap in the positions) has no form either: the export
leaves it out. The citation styles are fed every position, an unnamed one as "…", and no
"others" (``cited=True``): they say "et al." themselves (``pubs.export.citations``).

Each item carries its language: the BibTeX ``language`` field when the paper kept one,
otherwise Chinese (``zh-CN``) for a title in Chinese script and English for the others.
Zotero keeps it as the item's language, and citation processors follow it: titles change
case only in English, and GB/T 7714 says "等" after Chinese author lists, "et al." after
English ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from people.orcid import orcid_url
from pubs.export.bibtex import DEFAULT_KEY_PATTERN, THESIS_TYPES, citation_keys
from pubs.export.fields import csl_name, issued_parts, kept_variables, names
from pubs.export.model import ExportPaper
from pubs.text import is_chinese

STATUSES = {"under_review": "Under review", "accepted": "In press"}
#: The name that ends an author list that goes on (see the module's docstring).
OTHERS = {"literal": "others"}
#: The name a citation prints for an author the paper does not name (a gap in positions).
UNNAMED = {"literal": "\u2026"}
#: BibTeX ``language`` values (babel's names) -> the language tags CSL takes.
LANGUAGES = {
    "english": "en", "american": "en-US", "british": "en-GB", "chinese": "zh-CN",
    "german": "de", "ngerman": "de", "french": "fr", "japanese": "ja", "korean": "ko",
    "spanish": "es", "italian": "it", "russian": "ru", "portuguese": "pt",
}  # fmt: skip
_LANGUAGE_TAG = re.compile(r"^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$")
#: A page range's dash as written ("-", "--", "–", or a run of them: "1957–-1964").
_DASHES = re.compile(r"\s*[-–—]+\s*")


def csl_type(paper: ExportPaper) -> str:
    """The CSL item type of the paper's row of pubs.kinds's table: a book with a container
    is a chapter, other work with an institution a report, an @standard a standard."""
    return paper.row.csl


def csl_language(paper: ExportPaper) -> str:
    """The paper's language as a CSL (BCP 47) tag: its BibTeX ``language`` (or biblatex
    ``langid``) field when kept, else "zh-CN" for a title in Chinese script, "en" for the
    others."""
    extra = paper.extra_fields
    written = str(extra.get("language") or extra.get("langid") or "").strip()
    if written.lower() in LANGUAGES:
        return LANGUAGES[written.lower()]
    if _LANGUAGE_TAG.match(written):
        return written
    return "zh-CN" if is_chinese(paper.title) else "en"


def csl_authors(paper: ExportPaper, *, cited: bool = False) -> list[dict[str, str]]:
    """The paper's authors as CSL names. Exported (``cited=False``): the named authors, then
    ``OTHERS`` when the list goes on. Cited: every position, an unnamed one as ``UNNAMED``
    ("…"), and no mark of a list that goes on (the styles add their "et al.")."""
    names = []
    expected = 1
    for author in paper.authors:
        position = author.position or expected  # 0: not known, taken as the next
        if cited and position > expected:
            names.append(dict(UNNAMED))
        name = csl_name(author)
        if author.orcid and not cited:  # as Crossref's CSL-JSON gives it; styles print none
            name["ORCID"] = orcid_url(author.orcid)
        names.append(name)
        expected = position + 1
    if paper.more_authors and not cited:
        names.append(dict(OTHERS))
    return names


def csl_item(paper: ExportPaper, key: str, *, cited: bool = False) -> dict[str, Any]:
    """One paper as a CSL item (only the variables it has); ``cited``: as the citation
    styles take it (``csl_authors``)."""
    kind = csl_type(paper)
    item: dict[str, Any] = {"id": key, "type": kind}
    if not (cited and paper.known_by_number):  # a citation names it by its number once
        item["title"] = paper.title
    item["author"] = csl_authors(paper, cited=cited)
    if paper.editor:
        item["editor"] = names(paper.editor)
    if paper.year:
        item["issued"] = {"date-parts": [issued_parts(paper.year, paper.month, paper.extra_fields)]}
    item["container-title"] = paper.journal_or_proceedings
    _add_publication(item, paper, kind)
    _add_identifiers(item, paper)
    item.update(kept_variables(paper.extra_fields))  # a type as written wins over ours
    if paper.tags:
        item["keyword"] = ", ".join(paper.tags)
    if paper.abstract:
        item["abstract"] = paper.abstract
    if paper.awards:
        item["note"] = "; ".join(paper.awards)
    item["language"] = csl_language(paper)
    return {name: value for name, value in item.items() if value not in ("", [], None)}


def _add_publication(item: dict[str, Any], paper: ExportPaper, kind: str) -> None:
    """Series, volume, issue or number, pages, publisher, place, genre, status."""
    item["collection-title"] = paper.series
    item["volume"] = paper.volume
    if kind in ("patent", "report", "standard", "dataset", "software"):
        item["number"] = paper.number
    else:
        item["issue"] = paper.number
    item["page"] = _DASHES.sub("-", paper.pages.strip())
    if kind in ("thesis", "report", "patent") and paper.institution:
        item["publisher"] = paper.institution
    else:
        item["publisher"] = paper.publisher
    item["publisher-place"] = paper.address
    if kind == "patent":
        item["jurisdiction"] = paper.address  # the country that granted it (BibTeX address)
    if paper.kind == "thesis" and paper.thesis_type:
        item["genre"] = THESIS_TYPES[paper.thesis_type]
    item["status"] = STATUSES.get(paper.status, "")


def _add_identifiers(item: dict[str, Any], paper: ExportPaper) -> None:
    """DOI, URL; a preprint as Zotero's arXiv translator gives it: the server as publisher,
    "arXiv:id" as number."""
    item["DOI"] = paper.doi
    url = paper.url or (f"https://arxiv.org/abs/{paper.arxiv_id}" if paper.arxiv_id else "")
    item["URL"] = url
    if paper.arxiv_id and paper.kind == "preprint":
        item["number"] = item.get("number") or f"arXiv:{paper.arxiv_id}"
    if paper.repository:
        item["publisher"] = item.get("publisher") or paper.repository


def csl_items(
    papers: Sequence[ExportPaper], *, key_pattern: str = DEFAULT_KEY_PATTERN, cited: bool = False
) -> list[dict[str, Any]]:
    """The papers as CSL items, identified by the BibTeX export's citation keys."""
    keys = citation_keys(papers, key_pattern)
    return [csl_item(paper, key, cited=cited) for paper, key in zip(papers, keys, strict=True)]


def to_csl_json(papers: Sequence[ExportPaper], *, key_pattern: str = DEFAULT_KEY_PATTERN) -> str:
    """The papers as a CSL-JSON document (a JSON array), UTF-8, indented."""
    items = csl_items(papers, key_pattern=key_pattern)
    return json.dumps(items, ensure_ascii=False, indent=2) + "\n"
