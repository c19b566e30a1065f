"""OpenAlex, by DOI or by title: how often a work is cited (``cited_by_count``), and which
version of a work a DOI is (its type, as Crossref's, its journal or proceedings, volume,
issue, pages and date).

OpenAlex asks for at most 10 requests a second and 100,000 a day, with a contact address
(``mailto``) for its polite pool; one request asks for up to 50 DOIs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pubs.identifiers import normalize_doi
from pubs.sources.http import BadAnswer, HttpClient, Source

OPENALEX = Source("OpenAlex", interval=0.1, hosts=("api.openalex.org",))
WORKS = "https://api.openalex.org/works"
#: DOIs in one request (OpenAlex's limit for an OR filter).
BATCH = 50
FIELDS = (
    "id,doi,display_name,publication_year,publication_date,cited_by_count,type_crossref,"
    "primary_location,biblio"
)
#: More citations than any work has (the most cited have some hundreds of thousands): a
#: count past it is a fault of the answer, not a count.
MOST_CITATIONS = 10**7


@dataclass(frozen=True)
class OpenAlexWork:
    openalex_id: str
    doi: str
    title: str
    year: int | None
    #: None when the answer's count is not one (see citation_count).
    cited_by: int | None
    #: The version the DOI is: Crossref's type of work ("journal-article",
    #: "proceedings-article", "posted-content" …), where it was published, and when.
    kind: str = ""
    container: str = ""
    volume: str = ""
    issue: str = ""
    pages: str = ""
    #: None when the date gives no month: OpenAlex writes a year alone as its 1 January.
    month: int | None = None


def by_dois(http: HttpClient, dois: Sequence[str]) -> dict[str, OpenAlexWork]:
    """The works of ``dois`` OpenAlex knows, by their (normalised) DOI."""
    found: dict[str, OpenAlexWork] = {}
    wanted = [normalize_doi(doi) for doi in dois]
    for start in range(0, len(wanted), BATCH):
        batch = wanted[start : start + BATCH]
        params = {
            "filter": "doi:" + "|".join(batch),
            "per-page": str(BATCH),
            "select": FIELDS,
            **_mailto(http),
        }
        for work in read_works(http.get(OPENALEX, WORKS, params=params).json()):
            if work.doi:
                found[work.doi] = work
    return found


def by_title(http: HttpClient, title: str, year: int | None = None) -> OpenAlexWork | None:
    """The work whose title is ``title`` (letters and digits compared, case aside) and, when
    given, of ``year``; None when OpenAlex has none or several."""
    params = {"filter": f"title.search:{_searchable(title)}", "select": FIELDS, **_mailto(http)}
    if year:
        params["filter"] += f",publication_year:{year}"
    works = [
        work
        for work in read_works(http.get(OPENALEX, WORKS, params=params).json())
        if _fold(work.title) == _fold(title)
    ]
    return works[0] if len(works) == 1 else None


def read_works(data: object) -> list[OpenAlexWork]:
    """The works of a list answer ({"meta": …, "results": [...]}); a result that is no work
    (no id) is left out, the others kept."""
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise BadAnswer("OpenAlex answered no list of works")
    return [
        read_work(item) for item in data["results"] if isinstance(item, dict) and item.get("id")
    ]


def read_work(item: dict) -> OpenAlexWork:
    """One work of a list answer; its citation count None when the answer's is not one."""
    if not item.get("id"):
        raise BadAnswer("OpenAlex answered a work without an id")
    biblio = _dict(item.get("biblio"))
    try:
        doi = normalize_doi(item.get("doi") or "")
    except ValueError:
        doi = ""
    return OpenAlexWork(
        openalex_id=str(item["id"]).rsplit("/", 1)[-1],
        doi=doi,
        title=str(item.get("display_name") or item.get("title") or ""),
        year=_whole(item.get("publication_year")),
        cited_by=citation_count(item.get("cited_by_count")),
        kind=str(item.get("type_crossref") or ""),
        container=_text(_dict(_dict(item.get("primary_location")).get("source")), "display_name"),
        volume=_text(biblio, "volume"),
        issue=_text(biblio, "issue"),
        pages="--".join(filter(None, (_text(biblio, "first_page"), _text(biblio, "last_page")))),
        month=_month(str(item.get("publication_date") or "")),
    )


def citation_count(value: object) -> int | None:
    """A work's citation count as a source answers it (OpenAlex's ``cited_by_count``,
    Crossref's ``is-referenced-by-count``), or None when it is not one: not a whole number
    (a bool, a string, a float), negative, or MOST_CITATIONS or more."""
    count = _whole(value)
    return count if count is not None and 0 <= count < MOST_CITATIONS else None


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _text(values: dict, name: str) -> str:
    value = values.get(name)
    return str(value).strip() if isinstance(value, str | int) else ""


def _month(date: str) -> int | None:
    """The month of an ISO date ("2024-03-15": 3); None for "2024-01-01", a year alone."""
    match = re.fullmatch(r"\d{4}-(\d\d)-(\d\d)", date)
    if match is None or (match[1], match[2]) == ("01", "01"):
        return None
    month = int(match[1])
    return month if 1 <= month <= 12 else None


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _mailto(http: HttpClient) -> dict[str, str]:
    return {"mailto": http.contact} if http.contact else {}


def _searchable(title: str) -> str:
    """A title as a search filter's value (its commas and colons would end the filter)."""
    return " ".join("".join(c if c.isalnum() else " " for c in title).split())


def _fold(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())
