"""Papers to RIS, the tagged format Zotero, Mendeley and EndNote import.

Tags follow Zotero's RIS translator, the de facto reference: TY for the type, AU
"Family, Given" per author, T2 for the journal or proceedings, SN for a patent's number,
M3 for a thesis type, L1 for a PDF, N1 for notes; every line "XX  - value", CRLF-terminated,
each record closed by "ER  - ".

RIS has no mark for an author list that goes on: a last "AU  - others" says it, as BibTeX's
"and others" and the CSL-JSON export's name "others" do (Zotero reads one more author named
"others"). A preprint gives its server as publisher (PB), and its number ("arXiv:2405.07719") in a
note, rather than a journal (T2) that only names the server.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pubs.export.bibtex import DEFAULT_KEY_PATTERN, THESIS_TYPES, citation_keys
from pubs.export.fields import issued_parts, kept_variables, names
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.text import is_chinese

#: The last author of a list that goes on (see the module's docstring).
OTHERS = "others"
STATUS_NOTES = {"under_review": "Under review", "accepted": "Accepted", "preprint": "Preprint"}
_PAGES = re.compile(r"\s*[-–—]+\s*")
EOL = "\r\n"


def ris_type(paper: ExportPaper) -> str:
    """The RIS type of the paper's row of pubs.kinds's table: a book with a container is a
    chapter, other work with an institution a report, an @standard a standard."""
    return paper.row.ris


def ris_name(author: ExportAuthor) -> str:
    """ "Fang, Jin", "Doe, John A., Jr." (Zotero splits at the commas); an organisation
    and a name in Chinese script as written, one name."""
    if author.organisation or (is_chinese(author.printed) and " " not in author.printed.strip()):
        return " ".join(author.printed.split())
    given, family, suffix = author.name_parts()
    return ", ".join(part for part in (family, given, suffix) if part)


def record(paper: ExportPaper, key: str) -> list[tuple[str, str]]:
    """The (tag, value) lines of one paper, TY first, ER last."""
    kind = ris_type(paper)
    lines = [("TY", kind), ("ID", key)]
    lines += [("AU", ris_name(author)) for author in paper.authors]
    if paper.more_authors:
        lines.append(("AU", OTHERS))
    lines.append(("TI", paper.title))
    if paper.journal_or_proceedings:
        lines.append(("T2", paper.journal_or_proceedings))
        if kind == "CONF":
            # Zotero reads a conference paper's T2 as the conference's name, C3 as the
            # proceedings' title; other readers take T2 as the proceedings.
            lines.append(("C3", paper.journal_or_proceedings))
    lines += _editors(paper.editor, kind)
    lines += _kept(paper)
    lines += _publication(paper, kind)
    lines += _identifiers(paper)
    lines += [("KW", tag) for tag in paper.tags]
    if paper.abstract:
        lines.append(("AB", paper.abstract))
    lines += [("N1", note) for note in _notes(paper)]
    lines.append(("ER", ""))
    return lines


#: The tag of a book's editors in a chapter and a conference paper: the RIS
#: specification's secondary author, which Zotero and citation-js read as the editor (ED
#: elsewhere, which Zotero reads and citation-js does not).
_EDITOR_TAGS = {"CHAP": "A2", "CONF": "A2"}


def _editors(editor: str, kind: str) -> list[tuple[str, str]]:
    """One line an editor, "Family, Given" as for authors (RIS readers split names at the
    comma; "Charles G. Häberl" would be read as one family name)."""
    tag = _EDITOR_TAGS.get(kind, "ED")
    return [(tag, _ris_csl_name(name)) for name in names(editor)] if editor else []


def _kept(paper: ExportPaper) -> list[tuple[str, str]]:
    """Translators (A4, as Zotero writes them), edition, date accessed and a type of work
    the paper's kept fields give (pubs.export.fields)."""
    kept = kept_variables(paper.extra_fields)
    lines = [("A4", _ris_csl_name(name)) for name in kept.get("translator", [])]
    if "edition" in kept:
        lines.append(("ET", kept["edition"]))
    if "accessed" in kept:
        lines.append(("Y2", _ris_date(kept["accessed"]["date-parts"][0])))
    if "genre" in kept:
        lines.append(("M3", kept["genre"]))
    return lines


def _ris_csl_name(name: dict[str, str]) -> str:
    """A CSL name as RIS writes one: "Family, Given, Suffix", particles with the part
    they belong to ("van Beethoven, Ludwig")."""
    if "literal" in name:
        return name["literal"]
    family = " ".join(
        p for p in (name.get("non-dropping-particle", ""), name.get("family", "")) if p
    )
    given = " ".join(p for p in (name.get("given", ""), name.get("dropping-particle", "")) if p)
    suffix = name.get("suffix", "")
    return (
        ", ".join(part for part in (family, given, suffix) if part) if given or suffix else family
    )


def _ris_date(parts: list[int]) -> str:
    """RIS's date: "2020/07/26/", "2020/07//", "2020///"."""
    year, month, day = (*parts, None, None)[:3]
    return f"{year}/{f'{month:02d}' if month else ''}/{f'{day:02d}' if day else ''}/"


def _publication(paper: ExportPaper, kind: str) -> list[tuple[str, str]]:
    """Series, year and date, volume, issue or number, pages, publisher and place."""
    lines = []
    if paper.series:
        lines.append(("T3", paper.series))
    if paper.year:
        lines.append(("PY", str(paper.year)))
        parts = issued_parts(paper.year, paper.month, paper.extra_fields)
        if len(parts) > 1 or kind == "CONF":
            # A conference paper's PY is the conference's year for the RIS specification
            # (and citation-js); its DA the date of publication.
            lines.append(("DA", _ris_date(parts)))
    if paper.volume:
        lines.append(("VL", paper.volume))
    if paper.number:
        lines.append(("SN" if kind in ("PAT", "RPRT") else "IS", paper.number))
    lines += _pages(paper.pages)
    if paper.kind == "thesis" and paper.thesis_type and "type" not in paper.extra_fields:
        lines.append(("M3", THESIS_TYPES[paper.thesis_type]))
    if paper.institution and kind in ("THES", "RPRT", "PAT"):
        lines.append(("PB", paper.institution))
    elif paper.publisher or paper.repository:
        lines.append(("PB", paper.publisher or paper.repository))
    if paper.address:
        lines.append(("C1" if kind == "CONF" else "CY", paper.address))
    return lines


def _pages(pages: str) -> list[tuple[str, str]]:
    parts = [part for part in _PAGES.split(pages.strip()) if part]
    if not parts:
        return []
    if len(parts) == 1:
        return [("SP", parts[0])]
    return [("SP", parts[0]), ("EP", parts[-1])]


def _identifiers(paper: ExportPaper) -> list[tuple[str, str]]:
    lines = []
    if paper.doi:
        lines.append(("DO", paper.doi))
    url = paper.url or (f"https://arxiv.org/abs/{paper.arxiv_id}" if paper.arxiv_id else "")
    if url:
        lines.append(("UR", url))
    if paper.links.get("pdf"):
        lines.append(("L1", paper.links["pdf"]))
    return lines


def _notes(paper: ExportPaper) -> list[str]:
    notes = []
    if paper.status in STATUS_NOTES:
        notes.append(STATUS_NOTES[paper.status])
    if paper.arxiv_id:
        notes.append(f"arXiv:{paper.arxiv_id}")
    notes += paper.awards
    return notes


def format_line(tag: str, value: str) -> str:
    """ "TI  - A title": the value on one line (RIS has no continuation lines)."""
    text = " ".join(value.split())
    return f"{tag}  - {text}" if text else f"{tag}  - "


def to_ris(papers: Sequence[ExportPaper], *, key_pattern: str = DEFAULT_KEY_PATTERN) -> str:
    """The papers as an RIS file (UTF-8 text, CRLF line ends), with the BibTeX export's keys
    as IDs."""
    keys = citation_keys(papers, key_pattern)
    out = []
    for paper, key in zip(papers, keys, strict=True):
        out += [format_line(tag, value) for tag, value in record(paper, key)]
        out.append("")
    return EOL.join(out)
