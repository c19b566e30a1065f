"""The BibTeX export as bibtexparser (v2, the import's parser) and pybtex read it: the
fields each gives for an entry, compared with what the export wrote and what is stored."""

from __future__ import annotations

from typing import Any

import bibtexparser
from pybtex.database import parse_string

from pubs.bibtex.latex import to_text
from pubs.export.model import ExportPaper

#: Stored fields and the BibTeX field each is written to, read back through the import's
#: LaTeX decoding (``to_text``).
TEXT_FIELDS = {
    "title": lambda paper: paper.title,
    "year": lambda paper: str(paper.year or ""),
    "volume": lambda paper: paper.volume,
    "number": lambda paper: paper.number,
    "publisher": lambda paper: paper.publisher,
    "address": lambda paper: paper.address,
    "series": lambda paper: paper.series,
    "doi": lambda paper: paper.doi,
}


def _text(value: str) -> str:
    return " ".join(value.split())


def differences(bib: str, papers: dict[str, ExportPaper]) -> dict[str, list[str]]:
    """What differs, by kind ("bibtexparser: title", "pybtex: authors", "failed"), with
    the entries' keys."""
    found: dict[str, list[str]] = {}

    def differ(what: str, key: str) -> None:
        found.setdefault(what, []).append(key)

    library = bibtexparser.parse_string(bib)
    for block in library.failed_blocks:
        differ("bibtexparser: failed", str(block.start_line))
    theirs = parse_string(bib, "bibtex").entries
    for entry in library.entries:
        paper = papers.get(entry.key)
        if paper is None:
            differ("unknown key", entry.key)
            continue
        fields: dict[str, Any] = {
            name.lower(): field.value for name, field in entry.fields_dict.items()
        }
        other = theirs.get(entry.key)
        if other is None:
            differ("pybtex: missing", entry.key)
            continue
        persons = {role.lower(): people for role, people in other.persons.items()}
        pybtex_fields = {name.lower(): value for name, value in other.fields.items()}
        if set(pybtex_fields) | set(persons) != set(fields):
            differ("pybtex: field names", entry.key)
        for name, value in pybtex_fields.items():
            written = _text(fields.get(name, ""))
            if name == "month":  # a macro ("nov"), which pybtex expands ("November")
                value = value[:3].lower()
            if _text(value) != written:
                differ(f"pybtex: {name}", entry.key)
        authors = len(paper.authors) + (1 if paper.more_authors else 0)
        if authors and len(persons.get("author", [])) != authors:
            differ("pybtex: authors", entry.key)
        for name, stored in TEXT_FIELDS.items():
            want = _text(stored(paper))
            if want and _text(to_text(fields.get(name, ""))) != want:
                differ(f"bibtexparser: {name}", entry.key)
    if len(library.entries) != len(papers):
        differ("entries", str(len(library.entries)))
    return found
