"""Papers to CSL-JSON: the citation data Zotero, Mendeley and pandoc read, valid against
the CSL data schema, and what ``pubs.export.citations`` feeds citeproc-py."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from pubs.bibtex.names import parse_authors
from pubs.bibtex.text import is_chinese
from pubs.export.bibtex import DEFAULT_KEY_PATTERN, THESIS_TYPES, citation_keys
from pubs.export.model import ExportAuthor, ExportPaper

#: Paper kind -> CSL item type.
TYPES = {
    "conference": "paper-conference",
    "journal": "article-journal",
    "preprint": "article",
    "thesis": "thesis",
    "patent": "patent",
    "book": "book",
    "other": "document",
}
STATUSES = {"under_review": "Under review", "accepted": "In press"}
_DASHES = re.compile(r"\s*(?:--?|–|—)\s*")


def csl_type(paper: ExportPaper) -> str:
    if paper.kind == "book" and paper.container:
        return "chapter"
    if paper.kind == "other" and paper.institution:
        return "report"
    return TYPES.get(paper.kind, "document")


def csl_name(author: ExportAuthor) -> dict[str, str]:
    """{"family": "Fang", "given": "Jin"}; a name in Chinese script as a literal."""
    if is_chinese(author.printed) and " " not in author.printed.strip():
        return {"literal": author.printed.strip()}
    given, family, suffix = author.name_parts()
    name = {"family": family, "given": given}
    if suffix:
        name["suffix"] = suffix
    return {part: value for part, value in name.items() if value}


def _editor_names(editor: str) -> list[dict[str, str]]:
    people, _ = parse_authors(editor)
    return [
        {"family": " ".join(p for p in (e.von, e.family) if p), "given": e.given}
        if not e.native
        else {"literal": e.native}
        for e in people
    ]


def csl_item(paper: ExportPaper, key: str) -> dict[str, Any]:
    """One paper as a CSL item (only the variables it has)."""
    kind = csl_type(paper)
    item: dict[str, Any] = {"id": key, "type": kind, "title": paper.title}
    if paper.authors:
        item["author"] = [csl_name(author) for author in paper.authors]
    if paper.editor:
        item["editor"] = _editor_names(paper.editor)
    if paper.year:
        date = [paper.year, paper.month] if paper.month else [paper.year]
        item["issued"] = {"date-parts": [date]}
    if paper.container:
        item["container-title"] = paper.container
    _add_publication(item, paper, kind)
    _add_identifiers(item, paper)
    if paper.tags:
        item["keyword"] = ", ".join(paper.tags)
    if paper.abstract:
        item["abstract"] = paper.abstract
    if paper.awards:
        item["note"] = "; ".join(paper.awards)
    return {name: value for name, value in item.items() if value not in ("", [], None)}


def _add_publication(item: dict[str, Any], paper: ExportPaper, kind: str) -> None:
    """Series, volume, issue or number, pages, publisher, place, genre, status."""
    item["collection-title"] = paper.series
    item["volume"] = paper.volume
    if kind in ("patent", "report"):
        item["number"] = paper.number
    else:
        item["issue"] = paper.number
    item["page"] = _DASHES.sub("-", paper.pages.strip())
    if kind in ("thesis", "report", "patent") and paper.institution:
        item["publisher"] = paper.institution
    else:
        item["publisher"] = paper.publisher
    item["publisher-place"] = paper.address
    if paper.kind == "thesis" and paper.thesis_type:
        item["genre"] = THESIS_TYPES[paper.thesis_type]
    item["status"] = STATUSES.get(paper.status, "")


def _add_identifiers(item: dict[str, Any], paper: ExportPaper) -> None:
    """DOI, URL; an arXiv preprint as Zotero gives it: publisher arXiv, number arXiv:id."""
    item["DOI"] = paper.doi
    url = paper.url or (f"https://arxiv.org/abs/{paper.arxiv_id}" if paper.arxiv_id else "")
    item["URL"] = url
    if paper.arxiv_id and paper.kind == "preprint":
        item["number"] = item.get("number") or f"arXiv:{paper.arxiv_id}"
        item["publisher"] = item.get("publisher") or "arXiv"


def csl_items(
    papers: Sequence[ExportPaper], *, key_pattern: str = DEFAULT_KEY_PATTERN
) -> list[dict[str, Any]]:
    """The papers as CSL items, identified by the BibTeX export's citation keys."""
    keys = citation_keys(papers, key_pattern)
    return [csl_item(paper, key) for paper, key in zip(papers, keys, strict=True)]


def to_csl_json(papers: Sequence[ExportPaper], *, key_pattern: str = DEFAULT_KEY_PATTERN) -> str:
    """The papers as a CSL-JSON document (a JSON array), UTF-8, indented."""
    items = csl_items(papers, key_pattern=key_pattern)
    return json.dumps(items, ensure_ascii=False, indent=2) + "\n"
