"""Crossref, by DOI: the works API's record of a work, read as the :class:`Work` a paper is
added from (:func:`record`: authors in order with their ORCID iDs, organisations, editors,
the full date, container, pages, identifiers, kind) and as what the site's suggestions use
(:func:`work`: abstract, licence, pages, citation count, references, preprint relations),
never through doi.org, which sends a DOI of another registry to its registrant's own site;
and the works that name a given arXiv preprint as theirs (``has-preprint``).

Crossref asks for at most 5 requests a second in its public pool (10 with a contact address,
the "polite" pool; it says so in X-Rate-Limit-* headers): the client keeps to 5.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import quote

from people.orcid import normalize_orcid
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.kinds import KINDS
from pubs.sources.http import BadAnswer, HttpClient, Source
from pubs.sources.openalex import citation_count
from pubs.sources.works import Creator, Relation, Work

CROSSREF = Source("Crossref", interval=0.2, hosts=("api.crossref.org",))
WORKS_API = "https://api.crossref.org/works/"
#: Published versions asked for at most, per preprint.
RELATED_ROWS = 5

_TAG = re.compile(r"<[^>]+>")
#: Crossref's type of work -> the row of pubs.kinds's table (anything else: "other").
ROWS: dict[str, str] = {work_type: kind.name for kind in KINDS for work_type in kind.crossref}
_ARXIV_DOI = "10.48550/arxiv."
_ABSTRACT_HEADING = re.compile(r"^\s*abstract[\s.:]*", re.IGNORECASE)


@dataclass(frozen=True)
class Reference:
    """One entry of a work's reference list, as the publisher deposited it."""

    key: str = ""
    doi: str = ""
    title: str = ""
    author: str = ""
    year: str = ""
    container: str = ""
    unstructured: str = ""


@dataclass(frozen=True)
class CrossrefWork:
    """What the works API says of one DOI, as the site uses it."""

    doi: str
    title: str = ""
    kind: str = ""  # Crossref's type: journal-article, proceedings-article, posted-content …
    container: str = ""
    year: int | None = None
    month: int | None = None  # of the same date as the year; None when it gives a year alone
    volume: str = ""
    issue: str = ""
    pages: str = ""
    abstract: str = ""
    licences: tuple[str, ...] = ()
    cited_by: int | None = None
    #: DOIs of the published versions of this preprint, and of this work's preprints (an
    #: arXiv preprint by arXiv's DOI, "10.48550/arxiv.2503.12208", however it was named).
    preprint_of: tuple[str, ...] = field(default=())
    has_preprint: tuple[str, ...] = field(default=())
    #: How many references the work has, and those Crossref lists (all, or none when the
    #: publisher keeps them closed).
    reference_count: int = 0
    references: tuple[Reference, ...] = field(default=())


def works_with_preprint(http: HttpClient, arxiv_id: str) -> list[CrossrefWork]:
    """The works whose records say ``arxiv_id`` is their preprint (``has-preprint``), by the
    arXiv id or arXiv's DOI for it, as publishers name it either way."""
    objects = (arxiv_id, arxiv_doi(arxiv_id))
    params = {
        "filter": ",".join(
            ["relation.type:has-preprint", *(f"relation.object:{value}" for value in objects)]
        ),
        "rows": str(RELATED_ROWS),
    }
    answer = http.get(CROSSREF, WORKS_API.rstrip("/"), params=params).json()
    return [work for work in read_work_list(answer) if arxiv_doi(arxiv_id) in work.has_preprint]


def work(http: HttpClient, doi: str) -> CrossrefWork:
    """The works API's record of ``doi``."""
    return read_work(http.get(CROSSREF, works_url(doi)).json())


def record(http: HttpClient, doi: str) -> Work:
    """The works API's record of ``doi`` as a Work (the one request :func:`work` makes);
    NotFound when Crossref does not know the DOI (another registry's, or none's)."""
    return read_record(http.get(CROSSREF, works_url(doi)).json())


def works_url(doi: str) -> str:
    return WORKS_API + quote(normalize_doi(doi), safe="/")


def arxiv_doi(arxiv_id: str) -> str:
    """arXiv's DOI of a preprint ("10.48550/arxiv.2503.12208"), lower-cased as DOIs are kept."""
    return f"10.48550/arxiv.{arxiv_id}".lower()


def read_work(data: object) -> CrossrefWork:
    """A works API answer ({"status": "ok", "message": {...}}) as a CrossrefWork."""
    return read_message(_message(data))


def read_record(data: object) -> Work:
    """A works API answer ({"status": "ok", "message": {...}}) as a Work."""
    return read_record_message(_message(data))


def _message(data: object) -> dict:
    if not isinstance(data, dict) or data.get("status") != "ok":
        raise BadAnswer("Crossref's works API answered no work")
    message = data.get("message")
    if not isinstance(message, dict) or not message.get("DOI"):
        raise BadAnswer("Crossref's works API answered a work without a DOI")
    return message


def read_record_message(message: dict) -> Work:
    """One work of the works API as a Work: its title with its subtitle, authors and
    editors in order (persons with their ORCID iDs, organisations by name), the container
    (:func:`_container`), the full date (:func:`full_date`), volume, issue, pages,
    publisher, ISBN and ISSN (the print one first), the kind (pubs.kinds's ``crossref``
    column), the abstract, and the arXiv preprint (``has-preprint``) and other preprint
    relations."""
    relation = message.get("relation") or {}
    preprints = _related(relation, "has-preprint")
    arxiv = next((doi for doi in preprints if doi.startswith(_ARXIV_DOI)), "")
    year, month, day = full_date(message)
    return Work(
        source="Crossref",
        kind=ROWS.get(str(message.get("type") or ""), "other"),
        title=_title(message),
        authors=_creators(message.get("author")),
        editors=_creators(message.get("editor")),
        container=_container(message),
        container_short=_text(_first(message.get("short-container-title"))),
        year=year,
        month=month,
        day=day,
        volume=_text(message.get("volume")),
        number=_text(message.get("issue")),
        pages=_text(message.get("page")).replace("--", "-").replace("-", "--"),
        publisher=_text(message.get("publisher")),
        doi=normalize_doi(message["DOI"]),
        arxiv_id=arxiv.removeprefix(_ARXIV_DOI),
        isbn=_typed_first(message, "ISBN", "isbn-type"),
        issn=_typed_first(message, "ISSN", "issn-type"),
        abstract=abstract_text(str(message.get("abstract") or "")),
        relations=tuple(
            [Relation("HasPreprint", doi) for doi in preprints if doi != arxiv]
            + [Relation("IsPreprintOf", doi) for doi in _related(relation, "is-preprint-of")]
        ),
    )


def read_creator(item: dict) -> Creator | None:
    """One contributor: a person by family and given names, suffix and ORCID iD (an iD
    that fails its check is left out); an organisation (a ``name`` without family name)
    by its name; None for an entry that names no one."""
    family, given = _text(item.get("family")), _text(item.get("given"))
    if not family:
        name = _text(item.get("name")) or given
        return Creator(name=name, organisation=True) if name else None
    try:
        orcid = normalize_orcid(str(item.get("ORCID") or ""))
    except ValueError:
        orcid = ""
    suffix = _text(item.get("suffix"))
    return Creator(
        name=" ".join(part for part in (given, family, suffix) if part),
        family=family,
        given=given,
        orcid=orcid,
        suffix=suffix,
    )


def full_date(message: dict) -> tuple[int | None, int | None, int | None]:
    """The year, month and day the work was published: of the first of its print, online,
    published and issued dates that has a year, else of a dissertation's approval (month
    and day None where the date stops)."""
    for name in ("published-print", "published-online", "published", "issued", "approved"):
        date = message.get(name)
        parts = date.get("date-parts") if isinstance(date, dict) else None
        first = parts[0] if isinstance(parts, list) and parts and isinstance(parts[0], list) else []
        if first and isinstance(first[0], int) and not isinstance(first[0], bool):
            month = _part(first, 1, 12)
            return first[0], month, _part(first, 2, 31) if month else None
    return None, None, None


def read_work_list(data: object) -> list[CrossrefWork]:
    """A works API list answer ({"status": "ok", "message": {"items": [...]}}) as works."""
    if not isinstance(data, dict) or data.get("status") != "ok":
        raise BadAnswer("Crossref's works API answered no list of works")
    message = data.get("message")
    if not isinstance(message, dict):
        raise BadAnswer("Crossref's works API answered no list of works")
    return [
        read_message(item)
        for item in message.get("items") or ()
        if isinstance(item, dict) and item.get("DOI")
    ]


def read_message(message: dict) -> CrossrefWork:
    """One work of the works API (its ``message``, or an item of a list) as a CrossrefWork."""
    relation = message.get("relation") or {}
    references = message.get("reference") or ()
    year, month = _date(message)
    return CrossrefWork(
        doi=normalize_doi(message["DOI"]),
        title=_first(message.get("title")),
        kind=str(message.get("type") or ""),
        container=_first(message.get("container-title")),
        year=year,
        month=month,
        volume=str(message.get("volume") or ""),
        issue=str(message.get("issue") or ""),
        pages=str(message.get("page") or "").replace("-", "--"),
        abstract=abstract_text(str(message.get("abstract") or "")),
        licences=tuple(str(item.get("URL", "")) for item in message.get("license") or ()),
        cited_by=citation_count(message.get("is-referenced-by-count")),
        preprint_of=_related(relation, "is-preprint-of"),
        has_preprint=_related(relation, "has-preprint"),
        reference_count=_count(message.get("reference-count"), len(references)),
        references=tuple(read_reference(item) for item in references if isinstance(item, dict)),
    )


def read_reference(item: dict) -> Reference:
    """One entry of a reference list (what the publisher deposited of it)."""
    try:
        doi = normalize_doi(str(item.get("DOI") or ""))
    except ValueError:
        doi = ""
    return Reference(
        key=str(item.get("key") or ""),
        doi=doi,
        title=str(item.get("article-title") or item.get("volume-title") or ""),
        author=str(item.get("author") or ""),
        year=str(item.get("year") or ""),
        container=str(item.get("journal-title") or ""),
        unstructured=" ".join(str(item.get("unstructured") or "").split()),
    )


def abstract_text(jats: str) -> str:
    """A JATS abstract ("<jats:p>…</jats:p>") as plain text, without its "Abstract" heading."""
    text = " ".join(_TAG.sub(" ", jats).split())
    return _ABSTRACT_HEADING.sub("", text) if text.lower().startswith("abstract") else text


def _first(values: object) -> str:
    return str(values[0]).strip() if isinstance(values, list) and values else ""


def _date(message: dict) -> tuple[int | None, int | None]:
    """The year and month the work was published (of :func:`full_date`)."""
    year, month, _day = full_date(message)
    return year, month


def _part(parts: list, index: int, largest: int) -> int | None:
    value = parts[index] if len(parts) > index else None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= largest:
        return value
    return None


def _text(value: object) -> str:
    """A text of the record on one line, without markup (``<i>``, JATS tags)."""
    return " ".join(_TAG.sub("", value).split()) if isinstance(value, str) else ""


def _title(message: dict) -> str:
    title = _text(_first(message.get("title")))
    subtitle = _text(_first(message.get("subtitle")))
    if subtitle and subtitle.casefold() not in title.casefold():
        return f"{title.rstrip(':')}: {subtitle}" if title else subtitle
    return title


def _container(message: dict) -> str:
    """The journal, proceedings or book (its short title when the record gives no other);
    a preprint's server (its "institution": bioRxiv)."""
    for name in ("container-title", "short-container-title"):
        if title := _text(_first(message.get(name))):
            return title
    if message.get("type") == "posted-content":
        servers = [item for item in message.get("institution") or () if isinstance(item, dict)]
        return _text(servers[0].get("name")) if servers else ""
    return ""


def _creators(items: object) -> tuple[Creator, ...]:
    found = (read_creator(item) for item in items or () if isinstance(item, dict))
    return tuple(creator for creator in found if creator is not None)


def _typed_first(message: dict, name: str, typed: str) -> str:
    """The print one of a work's ISBNs or ISSNs ("isbn-type"), else the first listed."""
    for item in message.get(typed) or ():
        if isinstance(item, dict) and item.get("type") == "print" and item.get("value"):
            return str(item["value"])
    return _text(_first(message.get(name)))


def _related(relation: dict, name: str) -> tuple[str, ...]:
    """The DOIs a relation names: by DOI, or an arXiv preprint by its id (as arXiv's DOI)."""
    dois: list[str] = []
    for item in relation.get(name) or ():
        if not isinstance(item, dict) or not item.get("id"):
            continue
        try:
            if item.get("id-type") == "doi":
                dois.append(normalize_doi(str(item["id"])))
            elif item.get("id-type") == "arxiv":
                dois.append(arxiv_doi(normalize_arxiv_id(str(item["id"]))))
        except ValueError:
            continue
    return tuple(dict.fromkeys(dois))


def _count(value: object, listed: int) -> int:
    return value if isinstance(value, int) and value >= listed else listed
