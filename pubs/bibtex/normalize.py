"""A raw BibTeX entry to a Record: what a paper is, in the app's terms (plain data).

Entry type -> kind; notes and arXiv -> status; DOI and arXiv id from wherever they hide;
al-folio and Hugo link fields; equal-contribution marks; every field without a column of
its own kept in ``extra`` as written (edition, translator, urldate, date, ...: the exports
read them, pubs.export.fields), with the entry type of a kind stored as another's
(pubs.kinds.ENTRY_TYPE_FIELD) and a ``type`` that is no thesis type of ours.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from urllib.parse import urlsplit

from people.orcid import ORCID_ANNOTATION, annotated_orcids
from pubs.bibtex.latex import (
    MAX_DECODED_LATEX,
    TooMuchLatex,
    decoding_budget,
    protected_words,
    to_text,
)
from pubs.bibtex.names import Author, TooManyAuthors, parse_authors
from pubs.bibtex.parse import (
    DEFAULT_MAX_ENTRIES,
    BibtexError,
    ParsedFile,
    Problem,
    RawEntry,
    TimeBudget,
    check_time,
    parse,
)
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.kinds import BIBTEX_KINDS, ENTRY_TYPE_FIELD, KEPT_ENTRY_TYPES, THESIS_TYPES
from pubs.text import MONTH_NUMBERS

#: The kind of each entry type, and the thesis type of a thesis's (pubs.kinds's table).
KINDS = BIBTEX_KINDS
#: al-folio / Hugo academic fields holding links, and the link kind each gives.
LINK_FIELDS = {
    "pdf": "pdf", "code": "code", "slides": "slides", "video": "video", "poster": "poster",
    "blog": "blog", "website": "project", "project": "project", "supp": "other",
    "url_pdf": "pdf", "url_code": "code", "url_slides": "slides", "url_video": "video",
    "url_poster": "poster", "url_project": "project", "dataset": "data", "data": "data",
}  # fmt: skip
#: Fields read into a column of their own (everything else is kept in ``extra``).
MAPPED = frozenset(
    {
        "title", "author", "year", "month", "booktitle", "journal", "journaltitle", "series",
        "volume", "number", "issue", "pages", "publisher", "address", "location", "editor",
        "school", "institution", "organization", "doi", "eprint", "archiveprefix",
        "eprinttype", "url", "abstract", "keywords", "award", "award_name", "selected", "abbr",
        "equal", "equal_contribution", "equal_contrib", "author_notes", "status", "type",
        "crossref", *LINK_FIELDS,
    }
)  # fmt: skip

#: Fields with a column that the import keeps as written where the column does not take
#: them: a ``type`` that is no thesis type of ours, a book's stray ``journal``.
KEPT_MAPPED = frozenset({"type", "journal", "journaltitle"})

_UNDER_REVIEW = re.compile(
    r"\b(?:under\s+review|submitted|in\s+submission|under\s+submission)\b", re.I
)
_ACCEPTED = re.compile(r"\b(?:accepted|to\s+appear|in\s+press|forthcoming)\b", re.I)
#: A preprint said in so many words (biblatex's pubstate "prepublished"), arXiv id or not.
_PREPRINT = re.compile(r"\b(?:prepublished|preprint)\b", re.I)
_ARXIV_IN_TEXT = re.compile(r"\barxiv(?:\s+preprint)?\s*:?\s*(?:abs/)?([\w.\-/]+\d)", re.I)
_CORR_VOLUME = re.compile(r"^abs/(.+)$", re.I)
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d|2100)\b")
_TRUE = {"true", "yes", "1", "y"}
_MONTH_SEPARATOR = re.compile(r"[\s/\-–,]+")
_KEYWORD_SEPARATOR = re.compile(r"[;,]")
_EQUAL_SEPARATOR = re.compile(r"[,;]|\band\b")
_SMALL_NUMBER = re.compile(r"[0-9]{1,6}")
#: A web address written with \url{...} (or \href{...}) in a howpublished or note.
_URL_COMMAND = re.compile(r"\\(?:url|href)\s*\{\s*(https?://[^{}\s]+)\s*\}")
#: A chapter's book that is a conference's proceedings ("Proceedings of the 14th
#: International Joint Conference on Artificial Intelligence (IJCAI-95)").
_PROCEEDINGS = re.compile(r"\b(?:proceedings|proc\.)", re.I)
_MEETING = re.compile(r"\b(?:conference|symposium|workshop|congress|meeting|colloquium)\b", re.I)
#: The entry types of chapters, and of books whose ``journal`` is no venue of theirs.
_CHAPTER_TYPES = frozenset({"incollection", "inbook"})
_BOOK_TYPES = frozenset({"book", "booklet", "proceedings"})
#: Thesis types as written in ``type`` (biblatex's keys, English and Chinese words).
_THESIS_WORDS = (
    ("phd", ("phd", "ph.d", "doctor", "dphil", "博士")),
    ("masters", ("master", "mathesis", "m.sc", "msc", "硕士")),
    ("bachelor", ("bachelor", "bathesis", "b.sc", "bsc", "学士")),
)


#: The most authors (authorships) one import reads, all entries together. A file of real
#: entries at the upload limit holds some 125,000 (pubs_10000.bib twice over, 17 MB); a plan
#: holds about 2 KB for each author it has not met before, so this keeps a plan's memory
#: under 500 MB whatever the file.
MAX_FILE_AUTHORS = 150_000


@dataclass(slots=True)
class Record:
    """An entry as the app understands it. ``errors`` make it unfit to import."""

    key: str
    line: int
    entry_type: str
    title: str = ""
    title_latex: str = ""
    year: int | None = None
    month: int | None = None
    kind: str = "other"
    status: str = "published"
    authors: list[Author] = field(default_factory=list)
    more_authors: bool = False
    booktitle: str = ""
    journal: str = ""
    series: str = ""
    abbr: str = ""
    volume: str = ""
    number: str = ""
    pages: str = ""
    publisher: str = ""
    address: str = ""
    editor: str = ""
    institution: str = ""
    thesis_type: str = ""
    doi: str = ""
    arxiv_id: str = ""
    url: str = ""
    abstract: str = ""
    keywords: list[str] = field(default_factory=list)
    links: dict[str, str] = field(default_factory=dict)
    awards: list[str] = field(default_factory=list)
    selected: bool = False
    extra: dict[str, str] = field(default_factory=dict)
    #: The authors' ORCID iDs, by position (from 1), as the record's annotation gives them.
    orcids: dict[int, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def protected(self) -> list[str]:
        """The title's words protected from case changes with braces ("{TPU}")."""
        return protected_words(self.title_latex) if "{" in self.title_latex else []

    @property
    def container(self) -> str:
        """The venue as printed: the journal, else the booktitle."""
        return self.journal or self.booktitle

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    def problem(self, message: str, severity: str = "error") -> None:
        self.problems.append(Problem(message, self.line, self.key, severity))  # type: ignore[arg-type]


def parse_and_normalize(
    text: str,
    *,
    max_entries: int = DEFAULT_MAX_ENTRIES,
    link_base: str = "",
    budget: TimeBudget | None = None,
    max_authors: int = MAX_FILE_AUTHORS,
    max_latex: int = MAX_DECODED_LATEX,
) -> tuple[ParsedFile, list[Record]]:
    """The parsed file and the Record of each of its entries: what an import plans from.

    Raises BibtexError for a file that cannot be read (pubs.bibtex.parse.parse), of more than
    ``max_authors`` authors or ``max_latex`` characters of LaTeX for the general decoder
    (pubs.bibtex.latex.decoding_budget), or that takes longer than ``budget``.
    """
    parsed = parse(text, max_entries=max_entries, budget=budget)
    records, authors = [], 0
    with decoding_budget(max_latex):
        for entry in parsed.entries:
            check_time(budget, entry.line, entry.key)
            try:
                record = normalize(entry, link_base=link_base)
            except TooMuchLatex as exc:
                message = (
                    f"the file holds more LaTeX than an import decodes ({max_latex:,} "
                    "characters of commands and formulas, all told); split the file"
                )
                raise BibtexError(Problem(message, entry.line, entry.key)) from exc
            authors += len(record.authors)
            if authors > max_authors:
                message = (
                    f"the file has more than {max_authors:,} authors, all told; that is the "
                    "limit per import (split the file)"
                )
                raise BibtexError(Problem(message, entry.line, entry.key))
            records.append(record)
    return parsed, records


def normalize(entry: RawEntry, *, link_base: str = "") -> Record:
    """The Record of a raw entry; problems (missing title or year ...) are on the record."""
    f = entry.fields
    record = Record(key=entry.key, line=entry.line, entry_type=entry.entry_type)
    record.extra = {name: value for name, value in f.items() if name not in MAPPED}
    record.orcids = annotated_orcids(f.get(ORCID_ANNOTATION, ""))
    record.kind = KINDS.get(entry.entry_type, "other")
    if entry.entry_type in KEPT_ENTRY_TYPES:
        record.extra[ENTRY_TYPE_FIELD] = entry.entry_type
    if entry.entry_type not in KINDS:
        record.problem(f"unknown entry type @{entry.entry_type}; imported as “other”", "warning")
    record.title_latex = f.get("title", "").strip()
    record.title = to_text(record.title_latex)
    if not record.title:
        record.problem("it has no title")
    _read_year_and_month(record, f)
    try:
        record.authors, record.more_authors = parse_authors(f.get("author", ""))
    except TooManyAuthors as exc:
        record.problem(str(exc))
    _read_equal_contribution(record, f)
    record.editor = to_text(f.get("editor", ""))
    record.booktitle = to_text(f.get("booktitle", ""))
    journal = f.get("journal") or f.get("journaltitle", "")
    if entry.entry_type in _BOOK_TYPES and journal:
        # A book is printed in no journal: a stray one is kept as a field, not a venue.
        record.extra.update({name: f[name] for name in ("journal", "journaltitle") if name in f})
    else:
        record.journal = to_text(journal)
    if entry.entry_type in _CHAPTER_TYPES and _in_proceedings(record.booktitle):
        record.kind = "conference"
    record.series = to_text(f.get("series", ""))
    record.abbr = to_text(f.get("abbr", ""))
    record.volume = to_text(f.get("volume", ""))
    if _CORR_VOLUME.match(record.volume) and _only_arxiv(f.get("journal", "")):
        record.volume = ""  # DBLP's "abs/2405.07719" is the arXiv id, read below
    record.number = to_text(f.get("number") or f.get("issue", ""))
    record.pages = f.get("pages", "").replace("{", "").replace("}", "").strip()
    record.publisher = to_text(f.get("publisher") or f.get("organization", ""))
    record.address = to_text(f.get("address") or f.get("location", ""))
    record.institution = to_text(f.get("school") or f.get("institution", ""))
    _read_type(record, f, entry.entry_type)
    record.abstract = to_text(f.get("abstract", ""))
    if "keywords" in f:
        record.keywords = [
            to_text(word) for word in _KEYWORD_SEPARATOR.split(f["keywords"]) if word.strip()
        ]
    _read_identifiers(record, f)
    _read_status(record, f)
    _read_links(record, f, link_base)
    award = to_text(f.get("award") or f.get("award_name", ""))
    record.awards = [award] if award else []
    record.selected = f.get("selected", "").strip().lower() in _TRUE
    if record.kind == "journal" and record.arxiv_id and _only_arxiv(record.journal):
        record.kind = "preprint"
    return record


def _read_type(record: Record, f: dict[str, str], entry_type: str) -> None:
    """A thesis's type (a type said in so many words wins over the entry type's); any other
    ``type`` is kept as written ("Habilitation", a report's "Technical Report", a patent's
    kind)."""
    written_type = to_text(f.get("type", ""))
    said = _thesis_type(written_type) if record.kind == "thesis" else ""
    if record.kind == "thesis":
        record.thesis_type = said or THESIS_TYPES.get(entry_type, "")
    if written_type and not said:
        record.extra["type"] = f["type"]


def _read_year_and_month(record: Record, f: dict[str, str]) -> None:
    year_text = to_text(f.get("year", "")) or to_text(f.get("date", ""))[:4]
    match = _YEAR.search(year_text)
    if match:
        record.year = int(match.group(1))
    elif record.kind != "patent":
        message = f"the year {year_text!r} is not a year" if year_text else "it has no year"
        record.problem(message)
    month = to_text(f.get("month", "")).strip().lower().rstrip(".")
    first = _MONTH_SEPARATOR.split(month, 1)[0] if month else ""  # "january / february"
    number = _small_number(first)
    if number is not None and 1 <= number <= 12:
        record.month = number
    elif first.rstrip(".") in MONTH_NUMBERS:
        record.month = MONTH_NUMBERS[first.rstrip(".")]
    elif month:
        record.problem(f"the month {month!r} is not a month; it is left out", "warning")


def _read_equal_contribution(record: Record, f: dict[str, str]) -> None:
    """Equal contribution from ``equal`` fields: a number N (the first N authors), positions
    ("1,2") or names; and Hugo's ``author_notes`` ("Equal contribution" per author)."""
    if not ({"equal", "equal_contribution", "equal_contrib", "author_notes"} & f.keys()):
        return
    value = (f.get("equal") or f.get("equal_contribution") or f.get("equal_contrib") or "").strip()
    positions: set[int] = set()
    count = len(record.authors)
    if value.isascii() and value.isdigit():  # the first N authors, however large N is
        first = _small_number(value)
        positions = set(range(count if first is None else min(first, count)))
    elif value:
        # Each item names an author: no more of them are read than the entry has authors.
        items = dict.fromkeys(to_text(item).strip() for item in _EQUAL_SEPARATOR.split(value))
        for item in list(items)[:count]:
            number = _small_number(item)
            if number is not None:
                positions.add(number - 1)
            elif item:
                positions |= {i for i, a in enumerate(record.authors) if item in a.printed}
    notes = [note.strip().lower() for note in to_text(f.get("author_notes", "")).split(",")]
    positions |= {i for i, note in enumerate(notes) if "equal" in note}
    record.authors = [
        replace(author, equal=True) if i in positions else author
        for i, author in enumerate(record.authors)
    ]


def _small_number(text: str) -> int | None:
    """The number ``text`` writes in at most six ASCII digits, else None (a position, a count
    or a month: larger numbers are none of these)."""
    return int(text) if _SMALL_NUMBER.fullmatch(text) else None


def _read_identifiers(record: Record, f: dict[str, str]) -> None:
    url = f.get("url", "").strip() or _written_url(f.get("howpublished", ""))
    doi_text = f.get("doi", "").strip()
    if not doi_text and "doi.org/" in url:
        doi_text = url
    candidates = []
    if doi_text:
        try:
            record.doi = normalize_doi(doi_text)
        except ValueError as exc:
            record.problem(f"{exc} It is left out.", "warning")
    if record.doi.startswith("10.48550/arxiv."):  # arXiv's own DOI: the arXiv id says it
        candidates.append(record.doi.removeprefix("10.48550/arxiv."))
        record.doi = ""
    prefix = (f.get("archiveprefix") or f.get("eprinttype") or "").strip().lower()
    if f.get("eprint") and prefix in ("arxiv", ""):
        candidates.append(f["eprint"])
    corr = _CORR_VOLUME.match(f.get("volume", "").strip())
    if corr and _only_arxiv(f.get("journal", "")):
        candidates.append(corr.group(1))
    for name in ("journal", "note", "howpublished"):
        match = _ARXIV_IN_TEXT.search(f[name]) if name in f else None
        if match:
            candidates.append(match.group(1))
    if "arxiv.org/" in url:
        candidates.append(url)
    for candidate in candidates:
        try:
            record.arxiv_id = normalize_arxiv_id(candidate)
            break
        except ValueError:
            continue
    if url and "doi.org/" not in url and "arxiv.org/" not in url:
        if _scheme(url) in ("http", "https"):
            record.url = url
        else:
            record.extra["url"] = url
            message = f"the url {url!r} is not a web address (http or https); it is kept as a field"
            record.problem(message, "warning")


def _in_proceedings(booktitle: str) -> bool:
    """Whether a chapter's book is a conference's proceedings."""
    return bool(_PROCEEDINGS.search(booktitle) and _MEETING.search(booktitle))


def _only_arxiv(container: str) -> bool:
    """Whether a journal name says only "arXiv" or "CoRR" (a preprint, not a journal)."""
    return bool(re.match(r"^\s*(?:arxiv|corr)\b", to_text(container), re.I))


def _read_status(record: Record, f: dict[str, str]) -> None:
    said = [name for name in ("status", "note", "pubstate") if name in f]  # mostly none
    text = " ".join(to_text(f[name]) for name in said)
    if said and _UNDER_REVIEW.search(text):
        record.status = "under_review"
    elif said and _ACCEPTED.search(text):
        record.status = "accepted"
    elif (record.arxiv_id and (not record.container or _only_arxiv(record.container))) or (
        said and _PREPRINT.search(" ".join(f.get(name, "") for name in ("status", "pubstate")))
    ):
        record.status = "preprint"
        record.kind = "preprint" if record.kind in ("journal", "other") else record.kind
    if record.status == "under_review" and record.kind == "other":
        record.kind = "preprint"


def _read_links(record: Record, f: dict[str, str], link_base: str) -> None:
    if LINK_FIELDS.keys().isdisjoint(f):
        return
    for name in [name for name in LINK_FIELDS if name in f]:  # in LINK_FIELDS' order
        kind, value = LINK_FIELDS[name], f[name].strip()
        if not value or kind in record.links:
            continue
        scheme = _scheme(value)
        if scheme is None:
            record.extra[name] = value
            message = f"the {name} link {value!r} is not a valid address; it is kept as a field"
            record.problem(message, "warning")
        elif scheme in ("http", "https"):
            record.links[kind] = value
        elif link_base:
            record.links[kind] = f"{link_base.rstrip('/')}/{value.lstrip('/')}"
        else:
            record.extra[name] = value
            record.problem(
                f"the {name} link {value!r} is a relative path; it is kept as a field "
                "(give a link base to import it as a link)",
                "warning",
            )


def _scheme(url: str) -> str | None:
    """The scheme of ``url`` ("" for a relative path), or None when it is no address at all
    (a malformed host: "http://[x/paper.pdf")."""
    try:
        return urlsplit(url).scheme
    except ValueError:
        return None


def _written_url(text: str) -> str:
    """The web address a howpublished gives with \\url{...}, "" when it gives none."""
    match = _URL_COMMAND.search(text)
    return match.group(1) if match else ""


def _thesis_type(text: str) -> str:
    """The thesis type (pubs.models.ThesisType) ``type`` says, "" when it says none of ours."""
    lowered = text.lower()
    for thesis_type, words in _THESIS_WORDS:
        if any(word in lowered for word in words):
            return thesis_type
    return ""
