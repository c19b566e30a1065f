"""Crossref, by DOI: the BibTeX and CSL-JSON of a work by content negotiation, and the works
API's record (abstract, licence, pages, citation count, preprint relations).

Crossref asks for at most 5 requests a second in its public pool (10 with a contact address,
the "polite" pool; it says so in X-Rate-Limit-* headers): the client keeps to 5.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import quote

from pubs.identifiers import normalize_doi
from pubs.sources.http import Answer, BadAnswer, HttpClient, Source

CROSSREF = Source("Crossref", interval=0.2)
DOI_RESOLVER = "https://doi.org/"
WORKS_API = "https://api.crossref.org/works/"

_TAG = re.compile(r"<[^>]+>")
_ABSTRACT_HEADING = re.compile(r"^\s*abstract[\s.:]*", re.IGNORECASE)


@dataclass(frozen=True)
class CrossrefWork:
    """What the works API says of one DOI, as the site uses it."""

    doi: str
    title: str = ""
    kind: str = ""  # Crossref's type: journal-article, proceedings-article, posted-content …
    container: str = ""
    year: int | None = None
    volume: str = ""
    issue: str = ""
    pages: str = ""
    abstract: str = ""
    licences: tuple[str, ...] = ()
    cited_by: int | None = None
    #: DOIs of the published versions of this preprint, and of this work's preprints.
    preprint_of: tuple[str, ...] = field(default=())
    has_preprint: tuple[str, ...] = field(default=())


def bibtex(http: HttpClient, doi: str) -> str:
    """The work's BibTeX, as Crossref writes it (content negotiation on the DOI)."""
    answer = http.get(CROSSREF, doi_url(doi), accept="application/x-bibtex")
    return read_bibtex(answer)


def csl_json(http: HttpClient, doi: str) -> dict:
    """The work's CSL-JSON (content negotiation on the DOI)."""
    answer = http.get(CROSSREF, doi_url(doi), accept="application/vnd.citationstyles.csl+json")
    data = answer.json()
    if not isinstance(data, dict) or "title" not in data:
        raise BadAnswer(f"Crossref's CSL-JSON for {doi} has no title")
    return data


def work(http: HttpClient, doi: str) -> CrossrefWork:
    """The works API's record of ``doi``."""
    return read_work(http.get(CROSSREF, works_url(doi)).json())


def doi_url(doi: str) -> str:
    return DOI_RESOLVER + quote(normalize_doi(doi), safe="/")


def works_url(doi: str) -> str:
    return WORKS_API + quote(normalize_doi(doi), safe="/")


def read_bibtex(answer: Answer) -> str:
    """The BibTeX of a content-negotiation answer; BadAnswer when it is not BibTeX (Crossref
    answers an HTML page for a DOI another agency registered)."""
    text = answer.text.strip()
    if not text.startswith("@"):
        raise BadAnswer(f"Crossref did not answer BibTeX for {answer.url}")
    return text + "\n"


def read_work(data: object) -> CrossrefWork:
    """A works API answer ({"status": "ok", "message": {...}}) as a CrossrefWork."""
    if not isinstance(data, dict) or data.get("status") != "ok":
        raise BadAnswer("Crossref's works API answered no work")
    message = data.get("message")
    if not isinstance(message, dict) or not message.get("DOI"):
        raise BadAnswer("Crossref's works API answered a work without a DOI")
    relation = message.get("relation") or {}
    return CrossrefWork(
        doi=normalize_doi(message["DOI"]),
        title=_first(message.get("title")),
        kind=str(message.get("type") or ""),
        container=_first(message.get("container-title")),
        year=_year(message),
        volume=str(message.get("volume") or ""),
        issue=str(message.get("issue") or ""),
        pages=str(message.get("page") or "").replace("-", "--"),
        abstract=abstract_text(str(message.get("abstract") or "")),
        licences=tuple(str(item.get("URL", "")) for item in message.get("license") or ()),
        cited_by=message.get("is-referenced-by-count"),
        preprint_of=_related(relation, "is-preprint-of"),
        has_preprint=_related(relation, "has-preprint"),
    )


def abstract_text(jats: str) -> str:
    """A JATS abstract ("<jats:p>…</jats:p>") as plain text, without its "Abstract" heading."""
    text = " ".join(_TAG.sub(" ", jats).split())
    return _ABSTRACT_HEADING.sub("", text) if text.lower().startswith("abstract") else text


def _first(values: object) -> str:
    return str(values[0]).strip() if isinstance(values, list) and values else ""


def _year(message: dict) -> int | None:
    for name in ("published-print", "published-online", "published", "issued"):
        parts = (message.get(name) or {}).get("date-parts") or [[None]]
        if parts and parts[0] and isinstance(parts[0][0], int):
            return parts[0][0]
    return None


def _related(relation: dict, name: str) -> tuple[str, ...]:
    dois = []
    for item in relation.get(name) or ():
        if isinstance(item, dict) and item.get("id-type") == "doi" and item.get("id"):
            try:
                dois.append(normalize_doi(str(item["id"])))
            except ValueError:
                continue
    return tuple(dois)
