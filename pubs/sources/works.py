"""A work as a structured source describes it (DataCite's JSON, Open Library's, PubMed's XML),
read into one shape, and that shape as the BibTeX the import reads.

The clients that read JSON or XML records (``datacite``, ``openlibrary``, ``pubmed``) map
each record to a :class:`Work`; :func:`to_bibtex` writes works as entries of the kinds of
pubs.kinds's table, with what the import reads into columns (authors, title, container,
year, pages, DOI, arXiv id) and what it keeps as written (ISBN, PubMed and PMC ids, a
software's version, the versions a record names, the authors' ORCID iDs as a biblatex
annotation of the author list: the one pubs.export.bibtex writes), so that an import by
identifier previews them like any file: recognised, new, versions.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from people.orcid import ORCID_ANNOTATION, orcid_annotation
from pubs.export.bibtex import format_entry, utf8_encode
from pubs.kinds import BY_NAME

#: The BibTeX field of the container, by entry type (anything else: howpublished).
_CONTAINER_FIELDS = {
    "article": "journal",
    "inproceedings": "booktitle",
    "incollection": "booktitle",
}
_KEY_WORD = re.compile(r"[^\W\d_]+")
#: What a verbatim value (pages, identifiers) may not hold: it would unbalance the entry.
_VERBATIM_BREAKERS = re.compile(r"[{}\\]")


@dataclass(frozen=True)
class Creator:
    """An author: family and given names when the record parts them (else ``name`` as
    printed), and their ORCID iD when the record gives it."""

    name: str
    family: str = ""
    given: str = ""
    orcid: str = ""
    #: An organisation, not a person ("The Dryad Consortium"): its name as it is.
    organisation: bool = False
    #: What follows the family name ("Jr.", "III").
    suffix: str = ""

    @property
    def bibtex(self) -> str:
        """The name as a BibTeX author: "Family, Given" ("Family, Jr., Given" with a
        suffix); an organisation braced whole."""
        if self.organisation:
            return "{" + utf8_encode(self.name) + "}"
        if self.family:
            if self.suffix:  # "Doe, Jr., John": BibTeX's form for a suffix, given name or not
                parts = [self.family, self.suffix, self.given]
            else:
                parts = [self.family, self.given] if self.given else [self.family]
            return ", ".join(utf8_encode(part) for part in parts)
        return utf8_encode(self.name)


@dataclass(frozen=True)
class Relation:
    """Another work a record names, by identifier: a DOI (or an arXiv id, a URL), and how
    it is related in the record's words ("IsVersionOf", "IsPreprintOf")."""

    kind: str
    identifier: str


@dataclass(frozen=True)
class Work:
    """One work as a source describes it. ``kind`` is a row of pubs.kinds's table
    ("journal", "conference", "chapter", "software", "dataset" …)."""

    source: str
    kind: str
    title: str
    authors: tuple[Creator, ...] = ()
    container: str = ""
    #: The container's abbreviated title ("PLoS Pathog"), written for a journal.
    container_short: str = ""
    year: int | None = None
    month: int | None = None
    #: The day of the month, when the record gives the full date (with its month).
    day: int | None = None
    volume: str = ""
    number: str = ""
    pages: str = ""
    #: How many pages a book has (biblatex's ``pagetotal``), not a range of its pages.
    page_count: int | None = None
    publisher: str = ""
    address: str = ""
    editors: tuple[Creator, ...] = ()
    doi: str = ""
    arxiv_id: str = ""
    isbn: str = ""
    pmid: str = ""
    pmcid: str = ""
    issn: str = ""
    url: str = ""
    version: str = ""
    abstract: str = ""
    relations: tuple[Relation, ...] = field(default=())

    @property
    def orcids(self) -> tuple[str, ...]:
        """The authors' iDs in their order ("" for an author without one)."""
        return tuple(author.orcid for author in self.authors)

    def identifiers(self) -> dict[str, str]:
        """The identifiers the record gives, by name ("doi", "isbn", "pmid" …)."""
        values = {
            "doi": self.doi,
            "arxiv": self.arxiv_id,
            "isbn": self.isbn,
            "pmid": self.pmid,
            "pmcid": self.pmcid,
        }
        return {name: value for name, value in values.items() if value}


def to_bibtex(works: Iterable[Work]) -> str:
    """The works as BibTeX entries the import reads (see the module's docstring); a key two
    works would share is told apart by a number ("Delpeuch2015type-2"), as the import reads
    one entry of each key."""
    texts: list[str] = []
    keys: Counter[str] = Counter()
    for work in works:
        entry, key, fields = _entry(work)
        keys[key] += 1
        texts.append(format_entry(entry, key if keys[key] == 1 else f"{key}-{keys[key]}", fields))
    return "\n\n".join(texts) + "\n" if texts else ""


def citation_key(work: Work) -> str:
    """ "Family2024word": the first author's family name, the year, the title's first word."""
    first = work.authors[0] if work.authors else None
    family = (first.family or first.name.rsplit(" ", 1)[-1]) if first else "anon"
    word = next(iter(_KEY_WORD.findall(work.title)), "")
    key = "".join(_KEY_WORD.findall(family))[:20] + str(work.year or "") + word.lower()[:12]
    return key or "work"


def _entry(work: Work) -> tuple[str, str, list[tuple[str, str]]]:
    row = BY_NAME.get(work.kind, BY_NAME["other"])
    entry = row.bibtex
    fields: list[tuple[str, str]] = []
    if work.authors:
        fields.append(("author", " and ".join(author.bibtex for author in work.authors)))
        if any(work.orcids):
            fields.append((ORCID_ANNOTATION, orcid_annotation(work.orcids)))
    fields.append(("title", utf8_encode(work.title)))
    if work.editors:
        fields.append(("editor", " and ".join(editor.bibtex for editor in work.editors)))
    if work.container:
        fields.append((_CONTAINER_FIELDS.get(entry, "howpublished"), utf8_encode(work.container)))
    if work.container_short and entry == "article":
        fields.append(("shortjournal", utf8_encode(work.container_short)))
    for name in ("volume", "number", "publisher", "address", "version"):
        value = getattr(work, name)
        if value:
            fields.append((name, utf8_encode(value)))
    if pages := _verbatim(work.pages):
        fields.append(("pages", pages))  # "93--105" as it is: BibTeX's own range
    if work.page_count:
        fields.append(("pagetotal", str(work.page_count)))
    if work.year:
        fields.append(("year", str(work.year)))
    if work.month:
        fields.append(("month", str(work.month)))
        if work.day and work.year:
            fields.append(("date", f"{work.year:04d}-{work.month:02d}-{work.day:02d}"))
    if work.doi:
        fields.append(("doi", _verbatim(work.doi)))
    if work.arxiv_id:
        fields += [("eprint", _verbatim(work.arxiv_id)), ("archiveprefix", "arXiv")]
    for name in ("isbn", "issn", "pmid", "pmcid", "url"):
        value = _verbatim(getattr(work, name))
        if value:
            fields.append((name, value))
    if row.form == "preprint":  # biblatex's word, which the import reads as a preprint's
        fields.append(("pubstate", "prepublished"))
    if work.abstract:
        fields.append(("abstract", utf8_encode(work.abstract)))
    for kind, identifiers in _relations(work).items():
        fields.append((kind.lower(), ", ".join(map(_verbatim, identifiers))))
    return entry, citation_key(work), fields


def _verbatim(text: str) -> str:
    """An identifier or a page range as it is, on one line, without what would unbalance
    the entry."""
    return "".join(_VERBATIM_BREAKERS.sub("", text).split())


def _relations(work: Work) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for relation in work.relations:
        grouped.setdefault(relation.kind, []).append(relation.identifier)
    return grouped
