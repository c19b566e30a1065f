"""ORCID, by a person's iD: the works of their public record, read from ORCID's public API
(v3.0, anonymous, JSON: ``GET https://pub.orcid.org/v3.0/{iD}/person``, ``…/works`` and
``…/works/{put-code,put-code,…}``), each as a :class:`~pubs.sources.works.Work` with the
record's owner fixed as its author.

What is read: the owner's name (``/person``); the works' summaries (``/works``), grouped by
ORCID by their identifiers, of which the one the owner prefers (the highest display index)
stands for the work; then each work in full, in batches of
:data:`BATCH` (ORCID's most put-codes in one request), for what summaries leave out: the
contributors in order with their iDs, and the citation its source gave (BibTeX, read for the
pages and, when the record names no contributor, the authors). A work whose full record
does not come back is read from its summary. Of each work: the title (and subtitle), its
type mapped to our kinds (:data:`KINDS`; a work whose only identifier is an arXiv id is a
preprint whatever its type), the journal or proceedings (``journal-title``), the year and
month, the work's own identifiers (relationship "self": DOI, arXiv id, ISBN, PMID, PMC id).

The owner among the authors: the contributor with the owner's iD, else the one whose name is
the owner's (family name, and given name or its initial); that author carries the owner's iD
(the ``author+an:orcid`` annotation the import matches people by), the other contributors
their own. A work that names no author lists the owner alone.

Answers of API v2.1 (the same JSON, its types in capitals: ``JOURNAL_ARTICLE``) read alike.
ORCID asks anonymous clients for at most 24 requests a second: the client makes one every
0.2 s.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

import bibtexparser

from people.orcid import normalize_orcid
from pubs.bibtex.names import parse_authors, parse_name
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.kinds import KINDS as ROWS
from pubs.sources.http import BadAnswer, HttpClient, Source
from pubs.sources.openlibrary import normalize_isbn
from pubs.sources.works import Creator, Work
from pubs.text import without_accents

ORCID = Source("ORCID", interval=0.2, hosts=("pub.orcid.org",))
API = "https://pub.orcid.org/v3.0/"
JSON = "application/json"
#: Put-codes in one request for works in full (ORCID's limit).
BATCH = 100

#: ORCID's work types -> the row of pubs.kinds's table (anything else: "other").
KINDS = {
    "journal-article": "journal",
    "conference-paper": "conference",
    "preprint": "preprint",
    "book": "book",
    "edited-book": "book",
    "book-chapter": "chapter",
    "encyclopedia-entry": "chapter",
    "dictionary-entry": "chapter",
    "dissertation-thesis": "thesis",
    "dissertation": "thesis",
    "report": "report",
    "working-paper": "report",
    "software": "software",
    "data-set": "dataset",
    "patent": "patent",
}
#: The kinds an arXiv id without a DOI makes a preprint of (ORCID's importers file arXiv's
#: papers as journal articles of "CoRR" or "arXiv", or as "other").
_PREPRINT_WHEN_ARXIV_ONLY = frozenset({"journal", "other"})
#: The rows of BibTeX's entry types, for a work whose ORCID type is none of ours.
_BIBTEX_ROWS = {entry_type: row.name for row in ROWS for entry_type in row.bibtex_read}
_PAGES = re.compile(r"\s*(?:-+|–|—)\s*")


@dataclass(frozen=True)
class Owner:
    """The person whose record it is: their iD and name as the record gives it (either may
    be hidden: then empty)."""

    orcid: str
    given: str = ""
    family: str = ""
    credit: str = ""

    @property
    def creator(self) -> Creator:
        name = self.credit or " ".join(part for part in (self.given, self.family) if part)
        return Creator(name, family=self.family, given=self.given, orcid=self.orcid)


def person_works(http: HttpClient, orcid: str) -> list[Work]:
    """The works of the public record of ``orcid``, one per group, in ORCID's order."""
    owner = read_owner(orcid, _get(http, f"{orcid}/person"))
    summaries = read_summaries(_get(http, f"{orcid}/works"))
    details: dict[int, dict] = {}
    codes = [code for code, _summary in summaries]
    for start in range(0, len(codes), BATCH):
        batch = ",".join(str(code) for code in codes[start : start + BATCH])
        details.update(read_bulk(_get(http, f"{orcid}/works/{batch}")))
    return [read_work(details.get(code, summary), owner) for code, summary in summaries]


def person_summaries(http: HttpClient, orcid: str) -> list[Work]:
    """The works of the public record of ``orcid`` as their summaries give them (title,
    kind, journal, year, identifiers; no contributors but the owner, no pages): two
    requests, what a scheduled check of many people's records asks for."""
    owner = read_owner(orcid, _get(http, f"{orcid}/person"))
    return [
        read_work(summary, owner) for _code, summary in read_summaries(_get(http, f"{orcid}/works"))
    ]


def _get(http: HttpClient, path: str) -> object:
    return http.get(ORCID, API + path, accept=JSON).json()


def read_owner(orcid: str, person: object) -> Owner:
    """The owner of the record from its ``/person`` answer (its ``name``)."""
    if not isinstance(person, dict):
        raise BadAnswer("ORCID answered something that is not a person's record")
    name = person.get("name")
    name = name if isinstance(name, dict) else {}
    return Owner(
        orcid=orcid,
        given=_value(name.get("given-names")),
        family=_value(name.get("family-name")),
        credit=_value(name.get("credit-name")),
    )


def read_summaries(works: object) -> list[tuple[int, dict]]:
    """The put-code and summary standing for each group of a ``/works`` answer: the one the
    owner prefers, of the highest display index (ORCID lists it first; of equals, the first)."""
    if not isinstance(works, dict) or not isinstance(works.get("group"), list):
        raise BadAnswer("ORCID answered something that is not a list of works")
    found = []
    for group in _dicts(works["group"]):
        summaries = [s for s in _dicts(group.get("work-summary")) if _put_code(s) is not None]
        if summaries:
            preferred = max(summaries, key=lambda s: int(_text(s.get("display-index")) or 0))
            found.append((_put_code(preferred), preferred))
    return found


def _put_code(work: dict) -> int | None:
    text = _text(work.get("put-code"))
    return int(text) if text.isdigit() else None


def read_bulk(answer: object) -> dict[int, dict]:
    """The works in full of a ``/works/{put-codes}`` answer, by put-code (a put-code ORCID
    answers with an error is left out)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("bulk"), list):
        raise BadAnswer("ORCID answered something that is not a list of works in full")
    found = {}
    for item in _dicts(answer["bulk"]):
        work = item.get("work")
        if isinstance(work, dict) and (code := _put_code(work)) is not None:
            found[code] = work
    return found


def read_work(work: dict, owner: Owner) -> Work:
    """One work (in full or its summary) as a Work, the owner fixed among its authors."""
    ids = _identifiers(work.get("external-ids"))
    citation = _citation(work.get("citation"))
    kind = KINDS.get(_text(work.get("type")).lower().replace("_", "-"), "other")
    if kind == "other":  # the citation's entry type may say more ("mastersthesis")
        kind = _BIBTEX_ROWS.get(citation.get("ENTRYTYPE", ""), "other")
    if ids.get("arxiv") and not ids.get("doi") and kind in _PREPRINT_WHEN_ARXIV_ONLY:
        kind = "preprint"
    book_isbn = _identifiers(work.get("external-ids"), "part-of").get("isbn", "")
    journal = _plain_text(_value(work.get("journal-title")))
    date = work.get("publication-date")
    date = date if isinstance(date, dict) else {}
    year, month = _number(date.get("year")), _number(date.get("month"))
    return Work(
        source=ORCID.name,
        kind=kind,
        title=_title(work.get("title")),
        authors=_with_owner(_authors(work.get("contributors"), citation), owner),
        # A thesis's "journal" is the university that awarded it: its publisher, no container.
        container=journal if kind != "thesis" else "",
        publisher=journal if kind == "thesis" else "",
        year=year,
        month=month if month in range(1, 13) else None,
        pages=_PAGES.sub("--", citation.get("pages", "").strip()),
        doi=ids.get("doi", ""),
        arxiv_id=ids.get("arxiv", ""),
        isbn=ids.get("isbn") or (book_isbn if kind == "chapter" else ""),
        pmid=ids.get("pmid", ""),
        pmcid=ids.get("pmc", ""),
    )


def _title(value: object) -> str:
    title = value if isinstance(value, dict) else {}
    main = _plain_text(_value(title.get("title")))
    subtitle = _plain_text(_value(title.get("subtitle")))
    return f"{main}: {subtitle}" if main and subtitle else main


def _authors(contributors: object, citation: dict[str, str]) -> list[Creator]:
    """The contributors who are authors (or whose role is not said), in order; when there
    are none, the authors of the work's BibTeX citation."""
    found = []
    items = _dicts(contributors.get("contributor")) if isinstance(contributors, dict) else []
    for item in items:
        attributes = item.get("contributor-attributes")
        role = _text(attributes.get("contributor-role")) if isinstance(attributes, dict) else ""
        name = " ".join(_value(item.get("credit-name")).split())
        if not name or role.lower() not in ("", "author"):
            continue
        author = parse_name(name)
        found.append(
            Creator(
                author.printed,
                family=author.family,
                given=author.given,
                orcid=_contributor_orcid(item.get("contributor-orcid")),
            )
        )
    if found or not citation.get("author"):
        return found
    try:
        authors, _more = parse_authors(citation["author"])
    except ValueError:
        return []
    return [Creator(a.printed, family=a.family, given=a.given) for a in authors]


def _with_owner(authors: list[Creator], owner: Owner) -> tuple[Creator, ...]:
    """The authors with the owner's iD on the owner (see the module's docstring)."""
    if not authors:
        return (owner.creator,) if owner.creator.name else ()
    place = next((i for i, a in enumerate(authors) if a.orcid == owner.orcid), None)
    if place is None:
        place = next((i for i, a in enumerate(authors) if _is_owner(a, owner)), None)
    if place is not None:
        mine = authors[place]
        authors[place] = Creator(mine.name, family=mine.family, given=mine.given, orcid=owner.orcid)
    return tuple(authors)


def _is_owner(author: Creator, owner: Owner) -> bool:
    """Whether a name is the owner's: the family name, and the given name or its initial."""
    if author.orcid or not owner.family or _plain(author.family) != _plain(owner.family):
        return False
    given, mine = _plain(author.given).replace(".", " ").split(), _plain(owner.given).split()
    if not given or not mine:
        return not given and not mine
    return given[0] == mine[0] or (len(given[0]) == 1 and given[0] == mine[0][0])


def _plain(text: str) -> str:
    return without_accents(text).casefold().strip()


def _contributor_orcid(value: object) -> str:
    path = _text(value.get("path")) if isinstance(value, dict) else ""
    try:
        return normalize_orcid(path)
    except ValueError:
        return ""


def _identifiers(value: object, relationship: str = "self") -> dict[str, str]:
    """The identifiers of a work by name (doi, arxiv, isbn, pmid, pmc): its own ("self"), or
    those of what it is part of ("part-of": a chapter's book)."""
    found: dict[str, str] = {}
    items = _dicts(value.get("external-id")) if isinstance(value, dict) else []
    for item in items:
        said = _text(item.get("external-id-relationship")).lower().replace("_", "-")
        if said != relationship and not (relationship == "self" and not said):
            continue
        kind = _text(item.get("external-id-type")).lower()
        text = _text(item.get("external-id-value")).replace("\\", "")
        try:
            if kind == "doi":
                value = normalize_doi(text)
            elif kind == "arxiv":
                value = normalize_arxiv_id(text)
            elif kind == "isbn":
                value = normalize_isbn(text.rstrip("/").rsplit("/", 1)[-1])
            elif kind in ("pmid", "pmc"):
                value = text.strip()
            else:
                continue
        except ValueError:
            continue
        if value:
            found.setdefault(kind, value)
    return found


def _citation(value: object) -> dict[str, str]:
    """The fields of a work's BibTeX citation (its author list and pages are read)."""
    if not isinstance(value, dict) or _text(value.get("citation-type")).lower() != "bibtex":
        return {}
    text = _text(value.get("citation-value"))
    try:
        library = bibtexparser.parse_string(text)
    except Exception:  # a citation that is no BibTeX says nothing
        return {}
    if not library.entries:
        return {}
    entry = library.entries[0]
    fields = {key.lower(): str(field.value).strip() for key, field in entry.fields_dict.items()}
    return {**fields, "ENTRYTYPE": entry.entry_type.lower()}


def _plain_text(text: str) -> str:
    """Text on one line, with the HTML character references some sources leave ("&#34;")."""
    return " ".join(html.unescape(text).split())


def _value(value: object) -> str:
    """The text of ORCID's ``{"value": …}``."""
    return _text(value.get("value")) if isinstance(value, dict) else ""


def _number(value: object) -> int | None:
    text = _value(value)
    return int(text) if text.isdigit() else None


def _dicts(value: object) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _text(value: object) -> str:
    return str(value).strip() if isinstance(value, str | int) else ""
