"""Exports from the database: papers read into ``pubs.export`` dataclasses, then written.

``export_papers(queryset)`` reads any list of papers (a selector's, filtered or not) through
``selectors.entries``, the read the public pages make, and turns each paper into an
ExportPaper; ``export_paper(paper)`` does it for one paper already read that way (the paper
page). ``render(papers, fmt)`` writes them in one of the formats below; the pages, the
exports, the admin and ``manage.py export_bibtex`` share them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.core.files.storage import default_storage
from django.db.models import QuerySet

from people import names
from pubs.export import citations, csljson, cv, ris
from pubs.export.bibtex import BibtexOptions, to_bibtex
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.models import Authorship, Link, Paper
from pubs.queries import selectors

#: The paper's columns read as they are into ExportPaper's fields of the same names.
PAPER_FIELDS = (
    "slug", "title", "title_bibtex", "kind", "status", "year", "month", "container_title",
    "volume", "number", "pages", "publisher", "address", "editor", "series", "institution",
    "thesis_type", "doi", "arxiv_id", "url", "abstract", "selected", "more_authors",
    "citation_key",
)  # fmt: skip


def export_papers(
    papers: QuerySet[Paper], *, absolute_url: Callable[[str], str] | None = None
) -> list[ExportPaper]:
    """The papers of ``papers``, in its order, as ExportPapers, read as the pages read them
    (``selectors.entries``): a fixed number of queries whatever the number of papers.

    ``absolute_url`` turns the site-relative URL of an uploaded file ("/media/...") into an
    absolute one (a view passes ``request.build_absolute_uri``).
    """
    return [export_paper(paper, absolute_url=absolute_url) for paper in selectors.entries(papers)]


def export_paper(paper: Paper, *, absolute_url: Callable[[str], str] | None = None) -> ExportPaper:
    """One paper read through ``selectors.entries`` (or a selector built on it) as an
    ExportPaper, from what that read prefetched: no query."""
    fields: dict[str, Any] = {name: getattr(paper, name) for name in PAPER_FIELDS}
    venue = paper.venue
    if venue is not None:
        fields.update(
            venue_abbreviation=venue.abbreviation,
            venue_name=venue.name,
            venue_kind=venue.kind,
            venue_aliases=tuple(venue.aliases or ()),
            venue_slug=venue.slug,
            ccf_label=paper.ccf_label,
            ccf_rank=paper.ccf_rank,
        )
    links = _links(paper.links.all(), absolute_url)
    first_of_kind: dict[str, str] = {}
    for kind, href, _ in links:
        first_of_kind.setdefault(kind, href)
    return ExportPaper(
        **fields,
        awards=tuple(paper.award_list),
        extra_fields=paper.extra_fields or {},
        tags=tuple(tag.name for tag in paper.tags.all()),
        links=first_of_kind,
        all_links=links,
        authors=tuple(_author(authorship) for authorship in paper.authorships.all()),
    )


def _author(authorship: Authorship) -> ExportAuthor:
    """An author as ``selectors.authors_prefetch`` reads them (``is_member`` annotated)."""
    person = authorship.person
    return ExportAuthor(
        authorship.printed_name
        or names.full_name(person.given_name, person.family_name)
        or person.native_name,
        person.given_name,
        person.family_name,
        person.native_name,
        person.slug,
        authorship.position,
        authorship.equal_contribution,
        authorship.corresponding,
        authorship.is_member,
    )


def _links(
    links: Sequence[Link], absolute_url: Callable[[str], str] | None
) -> tuple[tuple[str, str, str], ...]:
    """The paper's links as (kind, URL, label), in the links' order; files as URLs."""
    found = []
    for link in links:
        href = link.url or (default_storage.url(link.file.name) if link.file else "")
        if href and absolute_url is not None and href.startswith("/"):
            href = absolute_url(href)
        if href:
            found.append((link.kind, href, link.label))
    return tuple(found)


# -- formats ----------------------------------------------------------------------------------

#: Format -> content type. Citation styles come as "<style>.txt" / "<style>.html"
#: ("ieee.txt"), or "txt"/"html" with ``style=``; CV lists as "cv.md", "cv.tex", "cv.txt".
CONTENT_TYPES = {
    "bib": "application/x-bibtex; charset=utf-8",
    "ris": "application/x-research-info-systems; charset=utf-8",
    "json": "application/vnd.citationstyles.csl+json; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "cv.md": "text/markdown; charset=utf-8",
    "cv.tex": "application/x-tex; charset=utf-8",
    "cv.txt": "text/plain; charset=utf-8",
}
FORMATS = (
    "bib",
    "ris",
    "json",
    *(f"{style}.{ext}" for style in citations.STYLES for ext in ("txt", "html")),
    "cv.md",
    "cv.tex",
    "cv.txt",
)


class UnknownFormat(ValueError):
    """A format this module does not write; the message lists the ones it does."""


def render(papers: Sequence[ExportPaper], fmt: str, **options: Any) -> tuple[str, str]:
    """``papers`` written as ``fmt``: (content, content type).

    Options: for "bib", those of ``BibtexOptions`` (key_pattern, latex, extras, abstract);
    for citations, ``style`` (when ``fmt`` is "txt" or "html"); for CV lists, those of
    ``pubs.export.cv.cv_list`` (person, ...).
    """
    if fmt == "bib":
        return to_bibtex(papers, BibtexOptions(**options)), CONTENT_TYPES["bib"]
    if fmt == "ris":
        return ris.to_ris(papers, **options), CONTENT_TYPES["ris"]
    if fmt == "json":
        return csljson.to_csl_json(papers, **options), CONTENT_TYPES["json"]
    if fmt.startswith("cv."):
        style = fmt.removeprefix("cv.")
        if style in cv.STYLES:
            return cv.cv_list(papers, style=style, **options), CONTENT_TYPES[fmt]
    style, _, ext = fmt.rpartition(".")
    if ext in ("txt", "html"):
        style = style or options.pop("style", citations.DEFAULT_STYLE)
        if style in citations.STYLES:
            return citations.bibliography(papers, style, html=ext == "html"), CONTENT_TYPES[ext]
    raise UnknownFormat(f"unknown export format {fmt!r}; known: {', '.join(FORMATS)}")
