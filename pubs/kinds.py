"""The kinds of paper: the one table of what each kind is stored as, what it is called, the
form of a version of that kind, and the types the formats give it (BibTeX entry types read
and written, CSL, RIS, COinS, Crossref).

Every reader and writer asks this table: the model's choices (``pubs.models.PaperKind``),
the BibTeX import (pubs.bibtex.normalize), the exports (pubs.export.bibtex, .ris, .csljson),
the public ``kind`` filter (pubs.web.filters), the versions' forms (pubs.bibtex.versions) and
the sources' records (pubs.services.suggestions). A new kind, or a format's new type, is a
row or a column here.

A row is a kind as the formats tell it apart; several rows may be stored as one kind
(``stored``): a chapter is stored as a book (a part of a book: it has a container), a report
as "other" (with an institution). A standard, a web page, a periodical, a letter, a
video or audio recording, a law, a court decision, an artwork or a map is stored as "other"
(software and data sets are kinds of their own), a newspaper article as a journal article
(its newspaper is its venue), biblatex's @preprint as a preprint and a whole proceedings
volume as a book, with the
entry type it was imported from kept among the paper's other fields (``ENTRY_TYPE_FIELD``).
:func:`kind_row` says which row a stored paper is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

Form = Literal["full", "minor", "report", "thesis", "book", "patent", "preprint", "other"]


@dataclass(frozen=True, slots=True)
class Kind:
    """One row: a kind of paper as stored and as each format has it."""

    name: str  # the row's name ("chapter")
    stored: str  # the kind stored ("book")
    label: Promise | None  # the stored kind's label (None for a row stored as another's)
    #: The form of a version of this kind; "full" for those whose venue tells it (a
    #: workshop's, a poster's paper is a minor version: pubs.bibtex.versions).
    form: Form
    bibtex_read: tuple[str, ...]  # the BibTeX entry types read as this kind
    bibtex: str  # the entry type written
    csl: str  # the CSL item type
    ris: str  # the RIS reference type
    coins: str = "document"  # the COinS genre (rft.genre)
    crossref: tuple[str, ...] = ()  # Crossref's types of work read as this kind
    #: Whether a preprint's published version may be of this kind.
    published: bool = False


KINDS: tuple[Kind, ...] = (
    Kind(
        "conference", "conference", _("Conference paper"), "full",
        ("inproceedings", "conference"), "inproceedings", "paper-conference", "CONF",
        coins="proceeding", crossref=("proceedings-article",), published=True,
    ),
    Kind(
        "journal", "journal", _("Journal article"), "full",
        ("article",), "article", "article-journal", "JOUR",
        coins="article", crossref=("journal-article",), published=True,
    ),
    Kind(
        "preprint", "preprint", _("Preprint"), "preprint",
        (), "misc", "article", "UNPB", coins="preprint", crossref=("posted-content",),
    ),
    Kind(
        "thesis", "thesis", _("Thesis"), "thesis",
        ("phdthesis", "mastersthesis", "thesis"), "thesis", "thesis", "THES",
        crossref=("dissertation",),
    ),
    Kind("patent", "patent", _("Patent"), "patent", ("patent",), "patent", "patent", "PAT"),
    Kind(
        "book", "book", _("Book or chapter"), "book",
        ("book", "booklet"), "book", "book", "BOOK", coins="book", published=True,
        crossref=("book", "monograph", "edited-book", "reference-book"),
    ),
    Kind(
        "chapter", "book", None, "book",
        ("inbook", "incollection"), "incollection", "chapter", "CHAP",
        coins="bookitem", crossref=("book-chapter", "book-section", "book-part"), published=True,
    ),
    Kind(
        "proceedings", "book", None, "book",
        ("proceedings",), "proceedings", "book", "CONF", coins="book",
        crossref=("proceedings",),
    ),
    Kind(
        "other", "other", _("Other"), "report",
        ("misc", "unpublished", "manual"), "misc", "document", "GEN",
    ),
    Kind(
        "report", "other", None, "report",
        ("techreport", "report"), "techreport", "report", "RPRT",
        crossref=("report",),
    ),
    Kind(
        "software", "software", _("Software"), "other",
        ("software",), "software", "software", "COMP",
    ),
    Kind(
        "dataset", "dataset", _("Data set"), "other",
        ("dataset",), "dataset", "dataset", "DATA", crossref=("dataset",),
    ),
    Kind(
        "standard", "other", None, "report",
        ("standard",), "standard", "standard", "STAND", crossref=("standard",),
    ),
    Kind(
        "webpage", "other", None, "report",
        ("online", "electronic", "www"), "online", "webpage", "ELEC",
    ),
    Kind(
        "periodical", "other", None, "report",
        ("periodical",), "periodical", "periodical", "JFULL", coins="journal",
    ),
    Kind(
        "newspaper", "journal", None, "full",
        ("newspaper",), "newspaper", "article-newspaper", "NEWS", coins="article",
    ),
    Kind(
        "preprint_entry", "preprint", None, "preprint",
        ("preprint",), "preprint", "article", "UNPB", coins="preprint",
    ),
    Kind(
        "letter", "other", None, "report",
        ("letter",), "letter", "personal_communication", "PCOMM",
    ),
    Kind(
        "video", "other", None, "report",
        ("video", "movie"), "video", "motion_picture", "VIDEO",
    ),
    Kind(
        "audio", "other", None, "report",
        ("audio", "music"), "audio", "song", "SOUND",
    ),
    Kind(
        "legislation", "other", None, "report",
        ("legislation", "law"), "legislation", "legislation", "STAT",
    ),
    Kind(
        "jurisdiction", "other", None, "report",
        ("jurisdiction",), "jurisdiction", "legal_case", "CASE",
    ),
    Kind(
        "artwork", "other", None, "report",
        ("artwork", "image"), "artwork", "graphic", "ART",
    ),
    Kind("map", "other", None, "report", ("map",), "map", "map", "MAP"),
)  # fmt: skip

#: The rows by name.
BY_NAME: dict[str, Kind] = {kind.name: kind for kind in KINDS}
#: The kinds stored, in the order of the model's choices, with their labels.
CHOICES: tuple[tuple[str, Promise], ...] = tuple(
    (kind.stored, kind.label) for kind in KINDS if kind.label is not None
)
STORED: tuple[str, ...] = tuple(value for value, _label in CHOICES)
#: The kind stored for each BibTeX entry type read ("other" for a type not listed).
BIBTEX_KINDS: dict[str, str] = {
    entry_type: kind.stored for kind in KINDS for entry_type in kind.bibtex_read
}
#: The kind stored for each Crossref type of work that is one of ours.
CROSSREF_KINDS: dict[str, str] = {
    work_type: kind.stored for kind in KINDS for work_type in kind.crossref
}
#: The kinds of a preprint, and of the published version a preprint becomes.
PREPRINT_KINDS = frozenset(kind.stored for kind in KINDS if kind.form == "preprint")
PUBLISHED_KINDS = frozenset(kind.stored for kind in KINDS if kind.published)
#: The form of each kind stored whose form its venue does not tell.
KIND_FORMS: dict[str, Form] = {
    kind.stored: kind.form for kind in KINDS if kind.label is not None and kind.form != "full"
}
#: The rows told apart from the others of their stored kind by the entry type they were
#: imported from, which the import keeps in this field of the paper's other fields.
ENTRY_TYPE_FIELD = "entrytype"
#: The entry type kept -> its row, for the rows stored as another kind's (``stored``).
KEPT_ENTRY_TYPES: dict[str, Kind] = {
    entry_type: kind
    for kind in KINDS
    if kind.label is None and kind.name not in ("chapter", "report")
    for entry_type in kind.bibtex_read
}
#: The thesis types (pubs.models.ThesisType) BibTeX has an entry type of, both ways.
THESIS_ENTRY_TYPES = {"phd": "phdthesis", "masters": "mastersthesis"}
THESIS_TYPES = {entry_type: thesis for thesis, entry_type in THESIS_ENTRY_TYPES.items()}


def kind_row(
    kind: str, *, container: str = "", institution: str = "", entry_type: str = ""
) -> Kind:
    """The row of a stored paper of ``kind``: the row of the ``entry_type`` it was imported
    from when that row is stored as ``kind`` (an @standard stored as "other"); else a book
    printed in a container (the book's title) is a chapter, an "other" work with an
    institution a report; a kind not in the table is "other"."""
    kept = KEPT_ENTRY_TYPES.get(entry_type)
    if kept is not None and kept.stored == kind:
        return kept
    if kind == "book" and container:
        return BY_NAME["chapter"]
    if kind == "other" and institution:
        return BY_NAME["report"]
    return BY_NAME.get(kind, BY_NAME["other"])


def bibtex_entry_type(
    kind: str,
    *,
    container: str = "",
    institution: str = "",
    thesis_type: str = "",
    entry_type: str = "",
) -> str:
    """The BibTeX entry type written for a paper of ``kind``: a thesis by its type, a row
    kept by its entry type as it came in (@movie, read as a video, is written @movie)."""
    if kind == "thesis" and thesis_type in THESIS_ENTRY_TYPES:
        return THESIS_ENTRY_TYPES[thesis_type]
    row = kind_row(kind, container=container, institution=institution, entry_type=entry_type)
    return entry_type if entry_type in row.bibtex_read else row.bibtex
