"""Every public URL of the SPEC's contract, for every object in the database."""

from __future__ import annotations

from collections.abc import Iterable

from people.models import Group, Person
from pubs.export import citations, cv
from pubs.models import Paper, Venue
from pubs.web.exports import EXPORT_FORMATS

CHINESE = "/zh-hans"
#: The filters of a list, one query string each (the page, and its exports).
FILTERS = (
    "?rank=A",
    "?rank=none&edition=2022",
    "?kind=preprint",
    "?status=under_review",
    "?selected=true",
    "?year_min=2020&year_max=2026",
    "?q=fang",
)
SITE_PAGES = ("/", "/publications/", "/people/", "/venues/", "/venues/?all=1&sort=papers")
SITE_FILES = ("/feeds/publications/", "/sitemap.xml", "/robots.txt")


def exports(base: str) -> list[str]:
    """A list's exports: BibTeX (plain and with every option), RIS, CSL-JSON, citations."""
    urls = [f"{base}export.{fmt}" for fmt in EXPORT_FORMATS]
    return [*urls, f"{base}export.bib?extras=1&utf8=1&abstract=1"]


def cvs(base: str) -> list[str]:
    return [f"{base}cv.{style}" for style in cv.STYLES]


def site_urls() -> list[str]:
    """The indexes and the list of all papers with each filter, in both languages; the feed,
    the sitemap, and the list's exports in every format and citation style."""
    lists = [f"/publications/{query}" for query in FILTERS]
    styles = [
        f"/publications/export.{ext}?style={style}"
        for style in citations.STYLES
        for ext in ("txt", "html")
    ]
    filtered = [f"/publications/export.bib{query}" for query in FILTERS]
    pages = [*SITE_PAGES, *lists]
    files = [*SITE_FILES, *exports("/publications/"), *styles, *filtered]
    return [*pages, *(CHINESE + url for url in pages), *files, CHINESE + "/publications/export.txt"]


def paper_urls(slug: str) -> list[str]:
    base = f"/publications/{slug}/"
    return [base, CHINESE + base, *exports(base)]


def person_urls(slug: str) -> list[str]:
    """A person's page, their list's BibTeX, RIS and CSL-JSON, and their CV lists (every
    paper's citations in every style are read in the list of all papers)."""
    base = f"/people/{slug}/"
    data = [url for url in exports(base) if not url.endswith((".txt", ".html"))]
    return [base, CHINESE + base, *data, *cvs(base)]


def group_urls(slug: str) -> list[str]:
    base = f"/groups/{slug}/"
    return [base, CHINESE + base, f"{base}?rank=A", *exports(base), *cvs(base)]


def venue_urls(slug: str) -> list[str]:
    base = f"/venues/{slug}/"
    return [base, CHINESE + base, *exports(base)]


def object_urls(
    papers: Iterable[Paper] | None = None,
    people: Iterable[Person] | None = None,
    groups: Iterable[Group] | None = None,
    venues: Iterable[Venue] | None = None,
) -> list[str]:
    """The URLs of the given objects (every one in the database by default)."""
    urls: list[str] = []
    for objects, model, urls_of in (
        (papers, Paper, paper_urls),
        (people, Person, person_urls),
        (groups, Group, group_urls),
        (venues, Venue, venue_urls),
    ):
        slugs = [o.slug for o in objects] if objects is not None else _slugs(model)
        for slug in slugs:
            urls += urls_of(slug)
    return urls


def _slugs(model: type) -> list[str]:
    return list(model.objects.order_by("slug").values_list("slug", flat=True))
