"""OpenAlex, by DOI or by title: how often a work is cited (``cited_by_count``).

OpenAlex asks for at most 10 requests a second and 100,000 a day, with a contact address
(``mailto``) for its polite pool; one request asks for up to 50 DOIs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pubs.identifiers import normalize_doi
from pubs.sources.http import BadAnswer, HttpClient, Source

OPENALEX = Source("OpenAlex", interval=0.1, hosts=("api.openalex.org",))
WORKS = "https://api.openalex.org/works"
#: DOIs in one request (OpenAlex's limit for an OR filter).
BATCH = 50
FIELDS = "id,doi,display_name,publication_year,cited_by_count"


@dataclass(frozen=True)
class OpenAlexWork:
    openalex_id: str
    doi: str
    title: str
    year: int | None
    cited_by: int


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
    """The works of a list answer ({"meta": …, "results": [...]})."""
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise BadAnswer("OpenAlex answered no list of works")
    return [read_work(item) for item in data["results"] if isinstance(item, dict)]


def read_work(item: dict) -> OpenAlexWork:
    if not item.get("id") or not isinstance(item.get("cited_by_count"), int):
        raise BadAnswer("OpenAlex answered a work without an id or a citation count")
    try:
        doi = normalize_doi(item.get("doi") or "")
    except ValueError:
        doi = ""
    return OpenAlexWork(
        openalex_id=str(item["id"]).rsplit("/", 1)[-1],
        doi=doi,
        title=str(item.get("display_name") or item.get("title") or ""),
        year=item.get("publication_year"),
        cited_by=item["cited_by_count"],
    )


def _mailto(http: HttpClient) -> dict[str, str]:
    return {"mailto": http.contact} if http.contact else {}


def _searchable(title: str) -> str:
    """A title as a search filter's value (its commas and colons would end the filter)."""
    return " ".join("".join(c if c.isalnum() else " " for c in title).split())


def _fold(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())
