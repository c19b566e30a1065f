"""Exports from the database: papers read into ``pubs.export`` dataclasses, then written.

``export_papers(queryset)`` reads any list of papers (a selector's, filtered or not) with
seven queries whatever its length, as plain rows rather than model instances: ten thousand
papers with sixty thousand authorships take a fraction of a second this way, where
instantiating the models would take seconds. ``render(papers, fmt)`` writes them in one of
the formats below; views, the admin and ``manage.py export_bibtex`` share both.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.files.storage import default_storage
from django.db.models import QuerySet

from people import names
from people.models import Membership
from pubs.export import citations, csljson, cv, ris
from pubs.export.bibtex import BibtexOptions, to_bibtex
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.models import Authorship, Link, Paper, Venue, VenueRank
from pubs.venues import ccf

#: The columns read as they are into ExportPaper's fields of the same names.
PAPER_FIELDS = (
    "slug", "title", "title_bibtex", "kind", "status", "year", "month", "container_title",
    "volume", "number", "pages", "publisher", "address", "editor", "series", "institution",
    "thesis_type", "doi", "arxiv_id", "url", "abstract", "selected", "more_authors",
    "citation_key",
)  # fmt: skip
PAPER_COLUMNS = ("pk", "venue_id", "awards", "extra_fields", *PAPER_FIELDS)
AUTHOR_COLUMNS = (
    "paper_id", "position", "printed_name", "equal_contribution", "corresponding",
    "person__slug", "person__given_name", "person__family_name", "person__native_name",
)  # fmt: skip


#: Up to this many papers, the queries after the first name them rather than repeat it.
LISTED_IDS = 1000


@dataclass(frozen=True)
class _VenueInfo:
    slug: str
    abbreviation: str
    name: str
    kind: str
    aliases: tuple[str, ...]
    #: (edition -> best rank) in the CCF list.
    ranks: dict[int, str]


def export_papers(
    papers: QuerySet[Paper], *, absolute_url: Callable[[str], str] | None = None
) -> list[ExportPaper]:
    """The papers of ``papers``, in its order, as ExportPapers: seven queries in all.

    ``absolute_url`` turns the site-relative URL of an uploaded file ("/media/...") into an
    absolute one (a view passes ``request.build_absolute_uri``).
    """
    papers = _ordered(papers.prefetch_related(None))
    rows = list(papers.values_list(*PAPER_COLUMNS))
    if not rows:
        return []
    # A page of a list names its papers: the other queries then need not sort the list again.
    ids = [row[0] for row in rows] if len(rows) <= LISTED_IDS else papers.values("pk")
    authors = _authors(ids)
    links = _links(ids, absolute_url)
    tags = _tags(ids)
    venues = _venues({row[1] for row in rows if row[1] is not None})
    labels = _RankLabels(venues)
    return [_paper(row, authors, links, tags, venues, labels) for row in rows]


def _ordered(papers: QuerySet[Paper]) -> QuerySet[Paper]:
    """The default order (newest first) made total with the id, so that exports of the
    same list are the same bytes; an explicit order or a slice is left as it is."""
    if papers.query.is_sliced or papers.query.order_by:
        return papers
    return papers.order_by(*Paper._meta.ordering, "pk")


def _authors(ids: QuerySet | list[int]) -> dict[int, list[ExportAuthor]]:
    rows = (
        Authorship.objects.filter(paper__in=ids)
        .order_by("paper_id", "position")
        .values_list(*AUTHOR_COLUMNS)
    )
    members = set(Membership.objects.values_list("person__slug", flat=True))
    by_paper: dict[int, list[ExportAuthor]] = defaultdict(list)
    for paper_id, position, printed, equal, corresponding, slug, given, family, native in rows:
        by_paper[paper_id].append(
            ExportAuthor(
                printed or names.full_name(given, family) or native,
                given,
                family,
                native,
                slug,
                position,
                equal,
                corresponding,
                slug in members,
            )
        )
    return by_paper


def _links(
    ids: QuerySet | list[int], absolute_url: Callable[[str], str] | None
) -> dict[int, list[tuple[str, str, str]]]:
    """Paper id -> its links as (kind, URL, label), by kind; files as URLs."""
    rows = Link.objects.filter(paper__in=ids).order_by("paper_id", "kind", "pk")
    by_paper: dict[int, list[tuple[str, str, str]]] = defaultdict(list)
    for paper_id, kind, url, file, label in rows.values_list(
        "paper_id", "kind", "url", "file", "label"
    ):
        href = url or (default_storage.url(file) if file else "")
        if href and absolute_url is not None and href.startswith("/"):
            href = absolute_url(href)
        if href:
            by_paper[paper_id].append((kind, href, label))
    return by_paper


def _tags(ids: QuerySet | list[int]) -> dict[int, list[str]]:
    rows = (
        Paper.tags.through.objects.filter(paper__in=ids)
        .order_by("paper_id", "tag__name")
        .values_list("paper_id", "tag__name")
    )
    by_paper: dict[int, list[str]] = defaultdict(list)
    for paper_id, name in rows:
        by_paper[paper_id].append(name)
    return by_paper


def _venues(venue_ids: set[int]) -> dict[int, _VenueInfo]:
    """The papers' venues with their best CCF rank per edition (two queries)."""
    ranks: dict[int, dict[int, str]] = defaultdict(dict)
    rank_rows = VenueRank.objects.filter(venue__in=venue_ids, ranking=ccf.RANKING).values_list(
        "venue_id", "edition", "rank"
    )
    for venue_id, edition, rank in rank_rows:
        known = ranks[venue_id].get(edition)
        ranks[venue_id][edition] = min(known, rank) if known else rank
    rows = Venue.objects.filter(pk__in=venue_ids).values_list(
        "pk", "slug", "abbreviation", "name", "kind", "aliases"
    )
    return {
        pk: _VenueInfo(slug, abbreviation, name, kind, tuple(aliases or ()), ranks.get(pk, {}))
        for pk, slug, abbreviation, name, kind, aliases in rows
    }


def _paper(
    row: tuple,
    authors: dict[int, list[ExportAuthor]],
    links: dict[int, list[tuple[str, str, str]]],
    tags: dict[int, list[str]],
    venues: dict[int, _VenueInfo],
    labels: _RankLabels,
) -> ExportPaper:
    pk, venue_id, awards, extra_fields, *values = row
    fields = dict(zip(PAPER_FIELDS, values, strict=True))
    venue = venues.get(venue_id) if venue_id else None
    if venue is not None:
        fields.update(
            venue_abbreviation=venue.abbreviation,
            venue_name=venue.name,
            venue_kind=venue.kind,
            venue_aliases=venue.aliases,
            venue_slug=venue.slug,
            ccf_label=labels.label(venue_id, fields["year"]),
            ccf_rank=venue.ranks.get(settings.CCF_CURRENT_EDITION, ""),
        )
    paper_links = links.get(pk, [])
    first_of_kind: dict[str, str] = {}
    for kind, href, _ in paper_links:
        first_of_kind.setdefault(kind, href)
    return ExportPaper(
        **fields,
        awards=tuple(line.strip() for line in awards.splitlines() if line.strip()),
        extra_fields=extra_fields or {},
        tags=tuple(tags.get(pk, ())),
        links=first_of_kind,
        all_links=tuple(paper_links),
        authors=tuple(authors.get(pk, ())),
    )


class _RankLabels:
    """As ``Paper.ccf_label`` ("CCF B", "CCF B (A in 2022)", ""), once per venue and edition
    in force: thousands of papers share a few hundred venues."""

    def __init__(self, venues: dict[int, _VenueInfo]) -> None:
        self.venues = venues
        self.cache: dict[tuple[int, int], str] = {}

    def label(self, venue_id: int, year: int | None) -> str:
        then_edition = ccf.edition_in_force(year)
        key = (venue_id, then_edition)
        if key not in self.cache:
            ranks = self.venues[venue_id].ranks
            current = ranks.get(settings.CCF_CURRENT_EDITION, "")
            self.cache[key] = ccf.rank_label(current, ranks.get(then_edition, ""), then_edition)
        return self.cache[key]


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
