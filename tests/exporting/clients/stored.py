"""What is stored of a paper, field by field, and what a client read back of it, in one
vocabulary (CSL's variable names), so that a field lost or changed on the way shows as a
difference (``differences``).

``expected`` reads the stored paper (``pubs.export.model.ExportPaper``, as the exports
read the database). Each reader of a client's output (``from_csl``, ``from_rispy``) gives
the same fields from what the client made of our file. Fields the formats have no place
for are in ``NOT_EXPORTED``, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pubs.export.csljson import csl_type
from pubs.export.fields import csl_name, date_parts, kept_variables, names
from pubs.export.model import ExportPaper

#: Stored fields no citation format carries, and why (the site's pages show them).
NOT_EXPORTED = {
    "slug, citation key": "the site's own identifiers; the key is each item's id",
    "selected, CCF rank, venue's short name": "the lab's own marks, shown on its pages and "
    "CV lists, not bibliographic data",
    "equal contribution, corresponding author": "RIS and CSL have no mark for them; BibTeX "
    "writes them",
    "links (pdf, code, slides ...)": "a URL field each format has holds the paper's own "
    "address; the PDF goes to RIS's L1, the rest only to BibTeX's al-folio fields",
    "awards": "no field: CSL-JSON gives them as a note, RIS as N1, among other notes",
    "other versions": "each version is an item of its own in the same export",
}
_SPACE = re.compile(r"\s+")
_DASH = re.compile(r"\s*[-–—]+\s*")


def _text(value: Any) -> str:
    return _SPACE.sub(" ", str(value)).strip() if value not in (None, "") else ""


def _name(name: dict[str, str]) -> str:
    """A CSL name as one string, "family|given|suffix", the particles with the part they
    are written with ("von Adelung|F."; RIS and BibTeX have no field of their own for
    them), a name of one part (an organisation) as that part."""
    if "literal" in name:
        return _text(name["literal"])
    family = _text(f"{name.get('non-dropping-particle', '')} {name.get('family', '')}")
    given = _text(f"{name.get('given', '')} {name.get('dropping-particle', '')}")
    suffix = _text(name.get("suffix", ""))
    if not given and not suffix:
        return family
    return "|".join((family, given, suffix))


def expected(paper: ExportPaper) -> dict[str, Any]:
    """The stored paper's fields, as CSL names them (only those it has)."""
    kind = csl_type(paper)
    kept = kept_variables(paper.extra_fields)
    authors = [_name(csl_name(author)) for author in paper.authors]
    if paper.more_authors:
        authors.append("others")
    publisher = (
        paper.institution
        if kind in ("thesis", "report", "patent") and paper.institution
        else paper.publisher or paper.repository
    )
    fields = {
        "title": _text(paper.title),
        "author": authors,
        "year": paper.year,
        "container-title": _text(paper.journal_or_proceedings),
        "volume": _text(paper.volume),
        "number": _text(paper.number),
        "page": _DASH.sub("-", paper.pages.strip()),
        "publisher": _text(publisher),
        "publisher-place": _text(paper.address),
        "editor": [_name(name) for name in names(paper.editor)] if paper.editor else [],
        "collection-title": _text(paper.series),
        "DOI": _text(paper.doi),
        "URL": _text(
            paper.url or (f"https://arxiv.org/abs/{paper.arxiv_id}" if paper.arxiv_id else "")
        ),
        "abstract": _text(paper.abstract),
        "keyword": sorted(_text(tag) for tag in paper.tags),
        "edition": _text(kept.get("edition", "")),
        "translator": [_name(name) for name in kept.get("translator", [])],
        "accessed": (kept.get("accessed") or {}).get("date-parts", [[]])[0],
    }
    return {name: value for name, value in fields.items() if value not in ("", [], None)}


def _year(date: Any) -> int | None:
    parts = (date or {}).get("date-parts") if isinstance(date, dict) else None
    if parts and parts[0] and parts[0][0] not in (None, ""):
        return int(parts[0][0])
    return None


def from_csl(item: dict[str, Any]) -> dict[str, Any]:
    """The fields of a CSL item a client made (citation-js from our CSL-JSON or RIS)."""
    number = item.get("issue") or item.get("number") or ""
    accessed = (
        (item.get("accessed") or {}).get("date-parts", [[]])[0] if item.get("accessed") else []
    )
    keyword = item.get("keyword", "")
    fields = {
        "title": _text(item.get("title", "")),
        "author": [_name(name) for name in item.get("author", [])],
        "year": _year(item.get("issued")),
        "container-title": _text(item.get("container-title", "")),
        "volume": _text(item.get("volume", "")),
        "number": _text(number),
        "page": _DASH.sub("-", _text(item.get("page", ""))),
        "publisher": _text(item.get("publisher", "")),
        "publisher-place": _text(item.get("publisher-place", "")),
        "editor": [_name(name) for name in item.get("editor", [])],
        "collection-title": _text(item.get("collection-title", "")),
        "DOI": _text(item.get("DOI", "")),
        "URL": _text(item.get("URL", "")),
        "abstract": _text(item.get("abstract", "")),
        "keyword": sorted(_text(word) for word in keyword.split(",")) if keyword else [],
        "edition": _text(item.get("edition", "")),
        "translator": [_name(name) for name in item.get("translator", [])],
        "accessed": [int(part) for part in accessed],
    }
    return {name: value for name, value in fields.items() if value not in ("", [], None)}


def _ris_name(written: str) -> str:
    """An RIS name ("Family, Given, Suffix") as ``_name`` writes a CSL name."""
    parts = [part.strip() for part in written.split(",")]
    if len(parts) == 1:
        return parts[0]
    return _name(csl_name_of(parts[0], parts[1], parts[2] if len(parts) > 2 else ""))


def csl_name_of(family: str, given: str, suffix: str) -> dict[str, str]:
    from pubs.export.model import ExportAuthor

    printed = " ".join(part for part in (given, family) if part)
    if suffix:
        printed = f"{family}, {suffix}, {given}"
    return csl_name(ExportAuthor(printed, given, family))


def from_rispy(entry: dict[str, Any]) -> dict[str, Any]:
    """The fields of a record as rispy reads it (its own names for RIS's tags)."""
    unknown = entry.get("unknown_tag", {})
    start, end = entry.get("start_page", ""), entry.get("end_page", "")
    number = entry.get("number") or (
        entry.get("issn") if entry.get("type_of_reference") in ("PAT", "RPRT") else ""
    )
    accessed = date_parts(entry.get("access_date", "").replace("/", "-").strip("-")) or []
    fields = {
        "title": _text(entry.get("title", "")),
        "author": [_ris_name(name) for name in entry.get("authors", [])],
        "year": int(entry["year"]) if entry.get("year", "").isdigit() else None,
        "container-title": _text(entry.get("secondary_title", "")),
        "volume": _text(entry.get("volume", "")),
        "number": _text(number),
        "page": "-".join(part for part in (start, end) if part),
        "publisher": _text(entry.get("publisher", "")),
        "publisher-place": _text(entry.get("place_published", "") or entry.get("custom1", "")),
        "editor": [
            _ris_name(name)
            for name in [*entry.get("secondary_authors", []), *unknown.get("ED", [])]
        ],
        "collection-title": _text(entry.get("tertiary_title", "")),
        "DOI": _text(entry.get("doi", "")),
        "URL": _text((entry.get("urls") or [""])[0]),
        "abstract": _text(entry.get("abstract", "")),
        "keyword": sorted(_text(word) for word in entry.get("keywords", [])),
        "edition": _text(entry.get("edition", "")),
        "translator": [_ris_name(name) for name in entry.get("subsidiary_authors", [])],
        "accessed": accessed,
    }
    return {name: value for name, value in fields.items() if value not in ("", [], None)}


def differences(
    papers: dict[str, ExportPaper],
    read: dict[str, dict[str, Any]],
    reader: Callable[[dict[str, Any]], dict[str, Any]],
) -> dict[str, list[str]]:
    """Field -> the keys of the papers whose stored value the client read otherwise (or
    not at all); "missing" for papers the client did not read."""
    found: dict[str, list[str]] = {}
    for key, paper in papers.items():
        if key not in read:
            found.setdefault("missing", []).append(key)
            continue
        got = reader(read[key])
        for name, value in expected(paper).items():
            if got.get(name) != value:
                found.setdefault(name, []).append(key)
    return found
