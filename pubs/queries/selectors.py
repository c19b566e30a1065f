"""The read path of public pages: every public list starts here.

Each function returns a queryset or plain data that already joins, prefetches or aggregates
what the templates show (venue and ranks, ordered authors with their people, links, tags),
so a page's query count does not grow with the number of papers on it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.conf import settings
from django.core.files.storage import default_storage
from django.db.models import Count, Exists, F, Min, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from people import names
from people.models import Advising, Consent, Group, Membership, Person, Role
from pubs.export.model import ExportAuthor, ExportPaper, OtherVersion
from pubs.metrics import h_index
from pubs.models import (
    Authorship,
    CitationCount,
    Link,
    Paper,
    PaperKind,
    RenderedEntry,
    Tag,
    Venue,
    VenueRank,
    WorkCount,
    WorkCountState,
    ccf_label,
)
from pubs.search import name_key, printed_forms
from pubs.venues import ccf

PAGE_SIZE = 100
#: A list of at most this many papers may be shown whole, on one page (``?all=1``).
WHOLE_LIST_LIMIT = 10_000
#: Up to this many papers, the queries after the first name them rather than repeat it.
LISTED_IDS = 1000

#: The paper's columns read as they are into ExportPaper's fields of the same names. The
#: private ones (the internal note) and the search text are never read.
PAPER_FIELDS = (
    "slug", "title", "title_bibtex", "kind", "status", "year", "month", "container_title",
    "volume", "number", "pages", "publisher", "address", "editor", "series", "institution",
    "thesis_type", "doi", "arxiv_id", "url", "abstract", "selected", "more_authors",
    "citation_key",
)  # fmt: skip
PAPER_COLUMNS = (
    "pk", "awards", "extra_fields", *PAPER_FIELDS,
    "venue_id", "venue__slug", "venue__abbreviation", "venue__name", "venue__kind",
    "venue__aliases",
)  # fmt: skip
#: What pages and exports read of an author and their person, in ``_author``'s order; the
#: rest (a biography, notes, private addresses) is never read with a list.
AUTHOR_COLUMNS = (
    "paper_id", "printed_name", "person__given_name", "person__family_name",
    "person__native_name", "person__slug", "position", "equal_contribution", "corresponding",
    "is_member", "person__orcid",
)  # fmt: skip
PERSON_SHOWN = (
    "person__slug", "person__given_name", "person__family_name", "person__suffix",
    "person__native_name", "person__orcid",
)  # fmt: skip
#: What no public page reads of a paper.
PAPER_UNSHOWN = ("internal_note", "search_text")

Links = tuple[tuple[str, str, str], ...]


def entries(
    papers: QuerySet[Paper], *, absolute_url: Callable[[str], str] | None = None
) -> list[ExportPaper]:
    """The papers of ``papers``, in its order, as ExportPapers: everything an entry shows, on
    a page or in an export (venue and CCF rank, authors in order with their people and
    whether each is a lab member, links, tags, the other versions folded into each). The
    one read of papers that lists and exports share: six queries of plain rows, whatever
    the number of papers.

    Ordered newest first, made total with the id so that two reads of a list agree; an
    explicit order or a slice is kept as it is. ``absolute_url`` turns the site-relative URL
    of an uploaded file ("/media/...") into an absolute one (``request.build_absolute_uri``).
    """
    return [record for _, record in entries_by_id(papers, absolute_url=absolute_url)]


def entries_by_id(
    papers: QuerySet[Paper], *, absolute_url: Callable[[str], str] | None = None
) -> list[tuple[int, ExportPaper]]:
    """:func:`entries`, each with its paper's id."""
    papers = _ordered(papers.prefetch_related(None))
    rows = list(papers.values_list(*PAPER_COLUMNS))
    if not rows:
        return []
    # A page of a list names its papers: the other queries then need not sort the list again.
    ids = [row[0] for row in rows] if len(rows) <= LISTED_IDS else papers.values("pk")
    venue_ids = {row[-6] for row in rows if row[-6] is not None}
    authors = _authors(ids)
    links = _links(ids, absolute_url)
    tags = _tags(ids)
    versions = _other_versions(ids)
    labels = _RankLabels(_ranks(venue_ids))
    width = len(PAPER_FIELDS)
    records = []
    for pk, awards, extra, *values in rows:
        fields = dict(zip(PAPER_FIELDS, values[:width], strict=True))
        venue_id, slug, abbreviation, name, kind, aliases = values[width:]
        if venue_id is not None:
            fields.update(
                venue_abbreviation=abbreviation,
                venue_name=name,
                venue_kind=kind,
                venue_aliases=tuple(aliases or ()),
                venue_slug=slug,
                ccf_label=labels.label(venue_id, fields["year"]),
                ccf_rank=labels.current(venue_id),
            )
        record = _record(
            fields, awards, extra, tags.get(pk, ()), links.get(pk, ()), authors.get(pk, ())
        )
        record.other_versions = tuple(versions.get(pk, ()))
        records.append((pk, record))
    return records


def listed_entries(
    papers: QuerySet[Paper], *, language: str, stamp: str
) -> list[tuple[int, str, int | None, str | None]]:
    """The papers of ``papers`` in its order (as :func:`entries` orders them) as (id, slug,
    year, the stored HTML of its entry in ``language`` rendered with ``stamp``, or None): what a
    list page reads of its papers, in one query, whatever their number
    (pubs.services.rendering)."""
    stored = RenderedEntry.objects.filter(paper=OuterRef("pk"), language=language, stamp=stamp)
    return list(
        _ordered(papers.prefetch_related(None))
        .annotate(entry_html=Subquery(stored.values("html")[:1]))
        .values_list("pk", "slug", "year", "entry_html")
    )


def entry(paper: Paper, *, absolute_url: Callable[[str], str] | None = None) -> ExportPaper:
    """One paper read by ``paper_details`` as an ExportPaper, from what that read
    prefetched (no query): the paper page shows its entry's parts from it."""
    fields = _venue_fields(paper, {name: getattr(paper, name) for name in PAPER_FIELDS})
    if paper.venue is not None:
        fields.update(ccf_label=paper.ccf_label, ccf_rank=paper.ccf_rank)
    links = tuple(
        _link(link.kind, link.url, link.file.name, link.label, absolute_url)
        for link in paper.links.all()
    )
    authors = tuple(
        _author(
            a.printed_name,
            a.person.given_name,
            a.person.family_name,
            a.person.native_name,
            a.person.slug,
            a.position,
            a.equal_contribution,
            a.corresponding,
            a.is_member,
            a.person.orcid,
        )
        for a in paper.authorships.all()
    )
    tags = tuple(tag.name for tag in paper.tags.all())
    return _record(fields, paper.awards, paper.extra_fields, tags, links, authors)


def _venue_fields(paper: Paper, fields: dict[str, Any]) -> dict[str, Any]:
    """``fields`` with those of the paper's selected venue, if it has one."""
    venue = paper.venue
    if venue is not None:
        fields.update(
            venue_abbreviation=venue.abbreviation,
            venue_name=venue.name,
            venue_kind=venue.kind,
            venue_aliases=tuple(venue.aliases or ()),
            venue_slug=venue.slug,
        )
    return fields


def _record(
    fields: dict[str, Any],
    awards: str,
    extra_fields: dict | None,
    tags: Iterable[str],
    links: Iterable[tuple[str, str, str] | None],
    authors: Iterable[ExportAuthor],
) -> ExportPaper:
    all_links = tuple(link for link in links if link is not None)
    first_of_kind: dict[str, str] = {}
    for kind, href, _ in all_links:
        first_of_kind.setdefault(kind, href)
    return ExportPaper(
        **fields,
        awards=tuple(line.strip() for line in awards.splitlines() if line.strip()),
        extra_fields=extra_fields or {},
        tags=tuple(tags),
        links=first_of_kind,
        all_links=all_links,
        authors=tuple(authors),
    )


def _author(
    printed: str,
    given: str,
    family: str,
    native: str,
    slug: str,
    position: int,
    equal: bool,
    corresponding: bool,
    member: bool,
    orcid: str = "",
) -> ExportAuthor:
    return ExportAuthor(
        printed or names.full_name(given, family) or native,
        given,
        family,
        native,
        slug,
        position,
        equal,
        corresponding,
        member,
        orcid,
    )


def _link(
    kind: str, url: str, file: str, label: str, absolute_url: Callable[[str], str] | None
) -> tuple[str, str, str] | None:
    """A link as (kind, URL, label), a file as its URL; None when it has neither."""
    href = url or (default_storage.url(file) if file else "")
    if href and absolute_url is not None and href.startswith("/"):
        href = absolute_url(href)
    return (kind, href, label) if href else None


def _ordered(papers: QuerySet[Paper]) -> QuerySet[Paper]:
    if papers.query.is_sliced or papers.query.order_by:
        return papers
    return papers.order_by(*Paper._meta.ordering, "pk")


def _authors(ids: QuerySet | list[int]) -> dict[int, list[ExportAuthor]]:
    member = Membership.objects.confirmed().filter(person=OuterRef("person"))
    rows = (
        Authorship.objects.filter(paper__in=ids)
        .annotate(is_member=Exists(member))
        .order_by("paper_id", "position")
        .values_list(*AUTHOR_COLUMNS)
    )
    by_paper: dict[int, list[ExportAuthor]] = defaultdict(list)
    for paper_id, *author in rows:
        by_paper[paper_id].append(_author(*author))
    return by_paper


def _links(
    ids: QuerySet | list[int], absolute_url: Callable[[str], str] | None
) -> dict[int, list[tuple[str, str, str] | None]]:
    """Paper id -> its links as (kind, URL, label), in the links' order."""
    rows = Link.objects.filter(paper__in=ids).order_by("paper_id", "kind", "pk")
    by_paper: dict[int, list[tuple[str, str, str] | None]] = defaultdict(list)
    for paper_id, kind, url, file, label in rows.values_list(
        "paper_id", "kind", "url", "file", "label"
    ):
        by_paper[paper_id].append(_link(kind, url, file, label, absolute_url))
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


def _other_versions(ids: QuerySet | list[int]) -> dict[int, list[OtherVersion]]:
    """Paper id -> the public versions folded into it, newest first."""
    rows = (
        Paper.objects.public()
        .filter(folded_into__in=ids)
        .order_by("folded_into", F("year").desc(nulls_last=True), "pk")
        .values_list(
            "folded_into", "slug", "kind", "status", "year", "container_title",
            "venue__abbreviation", "venue__name", "venue__kind",
        )
    )  # fmt: skip
    by_paper: dict[int, list[OtherVersion]] = defaultdict(list)
    for standing, slug, kind, status, year, container, abbreviation, name, venue_kind in rows:
        venue = abbreviation or name or ""
        by_paper[standing].append(
            OtherVersion(slug, kind, status, year, container, venue, venue_kind or "")
        )
    return by_paper


def _ranks(venue_ids: set[int]) -> dict[int, dict[int, str]]:
    """Venue id -> (CCF edition -> the venue's best rank in it)."""
    rows = VenueRank.objects.filter(ranking=ccf.RANKING)
    if len(venue_ids) <= LISTED_IDS:
        rows = rows.filter(venue__in=venue_ids)
    ranks: dict[int, dict[int, str]] = defaultdict(dict)
    for venue_id, edition, rank in rows.values_list("venue_id", "edition", "rank"):
        known = ranks[venue_id].get(edition)
        ranks[venue_id][edition] = min(known, rank) if known else rank
    return ranks


class _RankLabels:
    """``ccf_label`` once per venue and edition in force: thousands of papers share a few
    hundred venues."""

    def __init__(self, ranks: dict[int, dict[int, str]]) -> None:
        self.ranks = ranks
        self.labels: dict[tuple[int, int], str] = {}

    def current(self, venue_id: int) -> str:
        return self.ranks.get(venue_id, {}).get(settings.CCF_CURRENT_EDITION, "")

    def label(self, venue_id: int, year: int | None) -> str:
        key = (venue_id, ccf.edition_in_force(year))
        if key not in self.labels:
            self.labels[key] = ccf_label(self.ranks.get(venue_id, {}), year)
        return self.labels[key]


def authors_prefetch() -> Prefetch:
    """Authors in printed order, with their people and whether each is a lab member."""
    member = Membership.objects.confirmed().filter(person=OuterRef("person"))
    queryset = (
        Authorship.objects.select_related("person")
        .only(
            "paper",
            "person",
            "position",
            "printed_name",
            "equal_contribution",
            "corresponding",
            "affiliation",
            *PERSON_SHOWN,
        )
        .annotate(is_member=Exists(member))
        .order_by("position")
    )
    return Prefetch("authorships", queryset=queryset)


def public_papers() -> QuerySet[Paper]:
    """Public papers listed, one per work (the version that stands for it: its other
    versions are folded into it), newest first (``entries`` reads what a list shows of them).
    Every public list, count and export starts here; a folded version keeps its own page
    (:func:`paper_details`)."""
    return _ordered(Paper.objects.public().standing())


def public_versions() -> QuerySet[Paper]:
    """Every public paper, the versions folded into another one included: what has a page
    and an export of its own."""
    return _ordered(Paper.objects.public())


def standing_for(papers: Q) -> Q:
    """A filter of papers: those of ``papers`` and the versions the others are folded
    into, so that a list of standing versions keeps a work of which only a folded version
    is, say, a person's, a group's or tagged."""
    folded = Paper.objects.filter(papers, folded_into__isnull=False).values("folded_into")
    return papers | Q(pk__in=folded)


def _works_of(papers: Q) -> Q:
    """:func:`standing_for` as one "pk IN (the works of ``papers``)": the database reads
    those works first and knows how few they are, where two IN joined by OR have it walk
    every paper to find a short list (a person's, a small group's)."""
    return Q(pk__in=Paper.objects.filter(papers).values(work=_work()))


#: A row walked in a list's order and tested on its own costs about this many works of a
#: list read whole and sorted (PostgreSQL, 10,000 and 100,000 papers: 0.02–0.06 ms a row
#: walked, 0.01–0.08 ms a work read).
WALK_COST = 4


def walk_pays(scope: Scope, offset: int) -> bool:
    """Whether the page at ``offset`` of the list of ``scope`` is found sooner by walking
    every work in the lists' order and testing each (about (offset + PAGE_SIZE) × every /
    the list's works rows walked) than by reading the whole list first (its works), from
    the summary (one query); no when it is stale."""
    if not scope.current or (scope.person is None and scope.group is None):
        return False
    rows = WorkCount.objects.filter(
        Q(person=None, group=None) | Q(person=scope.person, group=scope.group)
    )
    sums = {
        (person, group): n
        for person, group, n in rows.order_by()
        .values_list("person", "group")
        .annotate(n=Sum("works"))
    }
    every, own = sums.get((None, None), 0), sums.get((scope.person, scope.group), 0)
    return (offset + PAGE_SIZE) * every * WALK_COST <= own * own


def _walked(papers: QuerySet[Paper], rows: Iterable[QuerySet]) -> QuerySet[Paper]:
    """``papers`` that one of ``rows`` (authorships, group links: rows with a ``paper``)
    names, or names a version folded into, tested paper by paper in the list's order: the
    first page of a long list is found without reading all of it. Each test is a scalar
    subquery with a LIMIT, which the database does not turn into a table read first."""
    tests, found = {}, Q()
    for number, named in enumerate(rows):
        for how, paper in (("own", OuterRef("pk")), ("folded", None)):
            name = f"_named_{how}_{number}"
            match = (
                {"paper": paper} if paper is not None else {"paper__folded_into": OuterRef("pk")}
            )
            tests[name] = Subquery(named.filter(**match).values("pk")[:1])
            found |= Q(**{f"{name}__isnull": False})
    return papers.alias(**tests).filter(found)


def paper_details() -> QuerySet[Paper]:
    """Public papers, folded versions included, as model instances with what a paper's own
    page shows: venue and ranks, authors with their people, affiliations and membership,
    links, tags, the version that stands for its work when it is folded, and the public
    papers linked as its other versions, with their venues (one query). Its groups are
    :func:`paper_groups`."""
    versions = public_versions().select_related("venue").defer(*PAPER_UNSHOWN)
    return (
        public_versions()
        .select_related("venue", "folded_into")
        .prefetch_related(
            "venue__ranks",
            authors_prefetch(),
            "links",
            "tags",
            Prefetch("versions", queryset=_ordered(versions)),
        )
        .defer(*PAPER_UNSHOWN, *(f"folded_into__{name}" for name in PAPER_UNSHOWN))
    )


def version_entries(paper: Paper) -> list[ExportPaper]:
    """The other versions of a paper read by ``paper_details``, as ExportPapers naming each
    version's title, venue, year and status (no query: their authors, links and ranks are
    on their own pages)."""
    return [
        _record(
            _venue_fields(version, {name: getattr(version, name) for name in PAPER_FIELDS}),
            version.awards,
            version.extra_fields,
            (),
            (),
            (),
        )
        for version in paper.versions.all()
    ]


def newest_papers(limit: int, papers: QuerySet[Paper] | None = None) -> QuerySet[Paper]:
    """The public papers (of ``papers``: a person's, a group's) added last, as model
    instances with their venue and authors."""
    return (
        (public_papers() if papers is None else papers)
        .select_related("venue")
        .prefetch_related(authors_prefetch())
        .defer(*PAPER_UNSHOWN)
        .order_by("-created", "-pk")[:limit]
    )


# "pk IN (papers of the person)" rather than "EXISTS (an authorship of this paper)": the
# database starts from the person's few authorships instead of visiting every paper.


def accepted(*conditions: Q, **lookups: Any) -> QuerySet[Authorship]:
    """The authorships (of ``conditions`` and ``lookups``) that count for their person and
    their person's groups: accepted, not waiting for the person's consent nor declined
    (people.models.Consented). Every list, export, feed and count of a person or a group
    reads authorships here; the paper's own page and author lists show them all."""
    return Authorship.objects.filter(*conditions, consent=Consent.ACCEPTED, **lookups)


def person_papers(
    person: Person, *, every_version: bool = False, walk: bool = False
) -> QuerySet[Paper]:
    """A person's works: the standing versions of the papers they wrote, a work of which
    they wrote only a folded version (a preprint, a workshop version) included; with
    ``every_version``, every public paper they wrote, each version apart (their
    authorships as :func:`accepted` says). ``walk``: the same works, tested one by one in
    the lists' order (:func:`walk_pays`)."""
    authorships = accepted(person=person)
    if walk:
        return _walked(public_papers(), [authorships])
    authored = Q(pk__in=authorships.values("paper_id"))
    if every_version:
        return public_versions().filter(authored)
    return public_papers().filter(_works_of(authored))


#: The kinds a person's page may list apart from the publications (LABPUBS_SOFTWARE_APART).
LISTED_APART = (PaperKind.SOFTWARE, PaperKind.DATASET)


def listed_apart(papers: QuerySet[Paper]) -> tuple[QuerySet[Paper], QuerySet[Paper]]:
    """``papers`` as the publications and, apart, the software and data sets."""
    apart = Q(kind__in=LISTED_APART)
    return papers.exclude(apart), papers.filter(apart)


def group_papers(
    group: Group, *, every_version: bool = False, walk: bool = False
) -> QuerySet[Paper]:
    """A group's works: the standing versions of its papers (:func:`in_groups`); with
    ``every_version``, every public paper of the group, each version apart. ``walk``: the
    same works, tested one by one in the lists' order (:func:`walk_pays`)."""
    if walk:
        return _walked(public_papers(), _group_rows([group.pk]))
    if every_version:
        return public_versions().filter(in_groups([group.pk]))
    return public_papers().filter(_works_of(in_groups([group.pk])))


def in_groups(groups: Iterable[int] | QuerySet[Group]) -> Q:
    """The papers of ``groups`` (ids, or a queryset of groups), as a filter of papers: those
    an author wrote while a confirmed member of one of them (an :func:`accepted` authorship),
    and those given one of them explicitly (``Paper.groups``), which adds a paper its members
    did not write.

    "While a member": the paper's year lies within the years of the membership (a start or
    an end left empty is open); a paper of unknown year goes with every membership. Public
    pages, exports and feeds (:func:`group_papers`, the ``group`` filter) and who may edit a
    paper (pubs.permissions) all read a group's papers here, so they agree.
    """
    explicit, while_member = _group_rows(groups)
    return Q(pk__in=explicit.values("paper_id")) | Q(pk__in=while_member.values("paper_id"))


def _group_rows(groups: Iterable[int] | QuerySet[Group]) -> tuple[QuerySet, QuerySet]:
    """The rows that make papers a group's (:func:`in_groups`): the papers given the
    groups, and the authorships of members in the paper's year."""
    if not isinstance(groups, QuerySet):
        groups = list(groups)
    explicit = Paper.groups.through.objects.filter(group__in=groups)
    # One filter() call: the conditions on the membership are about one membership.
    membership = "person__memberships__"
    while_member = accepted(
        Q(person__memberships__group__in=groups)
        & (
            (Q(paper__year__isnull=True) & memberships_during(None, prefix=membership))
            | memberships_during(F("paper__year"), prefix=membership)
        )
    )
    return explicit, while_member


def paper_groups(paper: Paper) -> QuerySet[Group]:
    """The groups ``paper`` is a paper of, by name (as :func:`in_groups` says: given it, or
    of an author who was a member in its year)."""
    members = Membership.objects.filter(
        memberships_during(paper.year),
        group=OuterRef("pk"),
        person__in=accepted(paper=paper).values("person_id"),
    )
    given = Paper.groups.through.objects.filter(paper=paper).values("group_id")
    return Group.objects.filter(Q(pk__in=given) | Q(Exists(members))).order_by("name")


def memberships_during(year: int | F | None, *, prefix: str = "") -> Q:
    """Confirmed memberships running in ``year`` (a number or an expression), as a filter of
    memberships (at ``prefix`` of another model); any confirmed one when the year is None. A
    request confirmed covers no year until it has a start (``Membership.requested``)."""
    during = Q(**{f"{prefix}confirmed": True}) & (
        Q(**{f"{prefix}requested": False}) | Q(**{f"{prefix}start__isnull": False})
    )
    if year is None:
        return during
    started = Q(**{f"{prefix}start__isnull": True}) | Q(**{f"{prefix}start__year__lte": year})
    running = Q(**{f"{prefix}end__isnull": True}) | Q(**{f"{prefix}end__year__gte": year})
    return during & started & running


def venue_papers(venue: Venue) -> QuerySet[Paper]:
    return public_papers().filter(venue=venue)


def current_ranks() -> dict[int, str]:
    """Venue id -> its best rank in the current CCF edition (ranked venues only)."""
    rows = (
        VenueRank.objects.filter(ranking=ccf.RANKING, edition=settings.CCF_CURRENT_EDITION)
        .values_list("venue_id")
        .annotate(best=Min("rank"))
    )
    return dict(rows)


# -- counts ------------------------------------------------------------------------------------


def year_counts(papers: QuerySet[Paper]) -> list[tuple[int | None, int]]:
    """(year, number of papers), newest first."""
    rows = papers.order_by().values_list("year").annotate(n=Count("pk"))
    return sorted(rows, key=_newest_first)


def _newest_first(row: tuple) -> tuple[bool, int]:
    return (row[0] is None, -(row[0] or 0))


@dataclass(frozen=True)
class YearRanks:
    """A year's papers by current CCF rank: one bar of the group page's chart."""

    year: int
    counts: dict[str, int]


@dataclass(frozen=True)
class Tally:
    """Papers counted by year and current CCF rank ('' for unranked): every count and chart
    of a person's or a group's page reads it, so one query serves them all. ``citations``
    adds up the citation counts of the same papers (:meth:`by_citations`)."""

    counts: dict[tuple[int | None, str], int]
    citations: dict[tuple[int | None, str], int] = field(default_factory=dict)

    @property
    def cited(self) -> bool:
        """Whether any of the papers has a citation count above 0."""
        return any(self.citations.values())

    def by_citations(self) -> Tally:
        """The same counts weighed by citations: a paper counts as often as it is cited."""
        return Tally(self.citations, self.citations)

    def by_rank(self, since: int | None = None) -> dict[str, int]:
        """Papers per rank, in the order A, B, C, unranked (from ``since`` when given)."""
        totals: dict[str, int] = defaultdict(int)
        for (year, rank), n in self.counts.items():
            if since is None or (year is not None and year >= since):
                totals[rank] += n
        return {rank: totals[rank] for rank in (*ccf.RANKS, "") if rank in totals}

    def by_year(self) -> list[tuple[int | None, int]]:
        """(year, number of papers), newest first."""
        totals: dict[int | None, int] = defaultdict(int)
        for (year, _), n in self.counts.items():
            totals[year] += n
        return sorted(totals.items(), key=_newest_first)

    def by_year_and_rank(self) -> list[YearRanks]:
        """Oldest year first, every year between the first and the last included (a chart)."""
        by_year: dict[int, dict[str, int]] = defaultdict(dict)
        for (year, rank), n in self.counts.items():
            if year is not None:
                by_year[year][rank] = n
        if not by_year:
            return []
        years = range(min(by_year), max(by_year) + 1)
        return [YearRanks(year, by_year.get(year, {})) for year in years]

    def summary(self, since: int | None = None) -> dict:
        """ "12 CCF-A, 9 CCF-B papers since 2019": counts by rank from ``since``."""
        counts = self.by_rank(since)
        return {
            "since": since,
            "total": sum(counts.values()),
            **{rank: counts.get(rank, 0) for rank in ccf.RANKS},
        }


def tally(papers: QuerySet[Paper]) -> Tally:
    """Count ``papers``, and add up their citations, by year and current rank (two queries,
    however many papers)."""
    ranks = current_ranks()
    rows = (
        papers.order_by()
        .values_list("year", "venue_id")
        .annotate(n=Count("pk"), cited=Sum("citation_count__count"))
    )
    counts: dict[tuple[int | None, str], int] = defaultdict(int)
    citations: dict[tuple[int | None, str], int] = defaultdict(int)
    for year, venue, n, cited in rows:
        key = (year, ranks.get(venue, ""))
        counts[key] += n
        citations[key] += cited or 0
    return Tally(dict(counts), dict(citations))


# -- counts kept on write (pubs.services.work_counts) ------------------------------------------


def counts_current() -> bool:
    """Whether the work counts may be read (pubs.services.work_counts): not stale."""
    return WorkCountState.objects.filter(pk=1, stale=False).exists()


@dataclass(frozen=True)
class Scope:
    """Which works a list starts from, as its summary rows say: every public work, a
    person's, a group's (``person``, ``group``: ids), or those at a venue (``venue``: an
    id, of every work); and whether the rows may be read (``current``)."""

    person: int | None = None
    group: int | None = None
    venue: int | None = None
    current: bool = False

    def rows(self) -> QuerySet[WorkCount]:
        """The summary rows of the list."""
        rows = WorkCount.objects.filter(person=self.person, group=self.group)
        return rows.filter(venue=self.venue) if self.venue is not None else rows


def _rank_rows(value: str, filters: dict[str, Any]) -> Q:
    """The rows of venues ranked ``value`` (A, B, C; "none": unranked or no venue) in the
    filter's CCF edition, as PaperQuerySet.ranked reads it."""
    edition = int(filters.get("edition") or settings.CCF_CURRENT_EDITION)
    ranked = VenueRank.objects.filter(venue=OuterRef("venue"), ranking=ccf.RANKING, edition=edition)
    if value == "none":
        return ~Q(Exists(ranked))
    return Q(Exists(ranked.filter(rank=value)))


#: The filters of a list (pubs.web.filters.PaperFilter) its summary rows answer: name -> the
#: rows it keeps. A list filtered by any other (kind, status, person, group, tag, the
#: search) is counted from its papers, through their indexes.
SUMMARY_FILTERS: dict[str, Callable[[Any, dict[str, Any]], Q]] = {
    "year": lambda value, filters: Q(year=value),
    "year_min": lambda value, filters: Q(year__gte=value),
    "year_max": lambda value, filters: Q(year__lte=value),
    "venue": lambda value, filters: Q(venue__slug=value),
    "rank": _rank_rows,
    "edition": lambda value, filters: Q(),  # read by "rank"
}


def list_scope(
    *, person: int | None = None, group: int | None = None, venue: int | None = None
) -> Scope:
    """The scope of a list, with whether its counts are current (one query)."""
    return Scope(person, group, venue, current=counts_current())


def summary_year_counts(
    scope: Scope, filters: dict[str, Any]
) -> list[tuple[int | None, int]] | None:
    """(year, number of works), newest first, of the list of ``scope`` with ``filters``
    (cleaned values; empty ones are not set), from its summary rows (one query); None
    when the counts are stale or a filter is set that the rows cannot answer."""
    given = {name: value for name, value in filters.items() if value not in (None, "")}
    if not scope.current or any(name not in SUMMARY_FILTERS for name in given):
        return None
    rows = scope.rows()
    for name, value in given.items():
        rows = rows.filter(SUMMARY_FILTERS[name](value, given))
    counts = rows.order_by().values_list("year").annotate(n=Sum("works"))
    return sorted(((year, n) for year, n in counts if n), key=_newest_first)


def summary_tally(scope: Scope, papers: QuerySet[Paper]) -> Tally:
    """``tally`` of ``papers``, the list of ``scope``, from its summary rows when they
    are current: its works and their citations by year and current rank (two queries,
    however many works)."""
    if not scope.current:
        return tally(papers)
    ranks = current_ranks()
    counts: dict[tuple[int | None, str], int] = defaultdict(int)
    citations: dict[tuple[int | None, str], int] = defaultdict(int)
    for year, venue, works, cited in scope.rows().values_list(
        "year", "venue_id", "works", "citations"
    ):
        key = (year, ranks.get(venue, ""))
        counts[key] += works
        citations[key] += cited
    return Tally(dict(counts), dict(citations))


def _summed_works(**scope: Any) -> Coalesce:
    """The number of works of each row's scope (a person, a venue), as an expression."""
    rows = WorkCount.objects.filter(**scope).order_by().values(*scope)
    return Coalesce(Subquery(rows.annotate(n=Sum("works")).values("n")[:1]), 0)


@dataclass(frozen=True)
class Citations:
    """A person's citations, computed from the citation counts of their public papers (the
    sources count papers; no author profile is read): the total, the h-index, how many
    papers have a count, the sources and the latest day a count was read."""

    total: int
    h_index: int
    papers: int
    source: str
    date: date


def person_citations(person: Person) -> Citations | None:
    """The citations of ``person``'s public papers (one query), or None before any of them
    has a count."""
    rows = list(
        CitationCount.objects.filter(paper__in=person_papers(person)).values_list(
            "count", "source", "date"
        )
    )
    if not rows:
        return None
    counts = [count for count, _, _ in rows]
    return Citations(
        total=sum(counts),
        h_index=h_index(counts),
        papers=len(rows),
        source=", ".join(sorted({source for _, source, _ in rows})),
        date=max(day for _, _, day in rows),
    )


def coauthors(person: Person, limit: int = 12) -> list[tuple[Person, int]]:
    """The people who most often wrote (public papers) with ``person``, counted by work:
    the versions of one work count once."""
    papers = accepted(person=person, paper__is_public=True).values("paper")
    rows = (
        Authorship.objects.filter(paper__in=papers)
        .exclude(person=person)
        .values_list("person")
        .annotate(n=Count(_work("paper__"), distinct=True))
        .order_by("-n", "person")[:limit]
    )
    counts = dict(rows)
    people = Person.objects.in_bulk(list(counts))
    ranked = sorted(counts.items(), key=lambda row: (-row[1], people[row[0]].family_name))
    return [(people[pk], n) for pk, n in ranked]


# -- people, groups, venues ----------------------------------------------------------------------


def public_people() -> QuerySet[Person]:
    """People the public may see: lab members, authors of a public paper, and the people
    of an advising relation. An outside co-author of hidden papers only stays unseen."""
    return Person.objects.filter(
        Exists(Membership.objects.confirmed().filter(person=OuterRef("pk")))
        | Exists(Authorship.objects.filter(person=OuterRef("pk"), paper__is_public=True))
        | Exists(
            Advising.objects.filter(
                Q(student=OuterRef("pk")) | Q(advisor=OuterRef("pk")), consent=Consent.ACCEPTED
            )
        )
    )


def _work(prefix: str = "") -> Coalesce:
    """The work of a paper (at ``prefix`` of another model), as an expression: the id of
    the version it is folded into, or its own. Counting these distinct counts works."""
    return Coalesce(f"{prefix}folded_into", f"{prefix}pk")


def people() -> QuerySet[Person]:
    """Public people with the number of their public works (the versions of one work
    count once), members first."""
    if counts_current():
        paper_count = _summed_works(person=OuterRef("pk"))
    else:
        public = Q(authorships__paper__is_public=True, authorships__consent=Consent.ACCEPTED)
        paper_count = Count(_work("authorships__paper__"), filter=public, distinct=True)
    return (
        public_people()
        .annotate(
            paper_count=paper_count,
            is_member=Exists(Membership.objects.confirmed().filter(person=OuterRef("pk"))),
        )
        .order_by("family_name", "given_name", "pk")
    )


def person_memberships(person: Person) -> QuerySet[Membership]:
    return person.memberships.confirmed().select_related("group").order_by("-start")


def advising(person: Person) -> tuple[list[Advising], list[Advising]]:
    """Who advised ``person`` (advisors, then co-advisors and mentors) and whom they
    advised, in one query: the rows accepted (people.models.Consented)."""
    rows = (
        Advising.objects.filter(Q(student=person) | Q(advisor=person), consent=Consent.ACCEPTED)
        .select_related("student", "advisor")
        .order_by("role", "advisor__family_name", "student__family_name", "student__given_name")
    )
    advisors, advisees = [], []
    for row in rows:
        (advisors if row.student_id == person.pk else advisees).append(row)
    return advisors, advisees


@dataclass(frozen=True)
class Namesake:
    """Another person printed in a form of ``person``'s name ("J. Fang")."""

    person: Person
    form: str


def namesakes(person: Person) -> list[Namesake]:
    """The public people who share a printed form of ``person``'s name (search.printed_forms:
    the name, initials and family name, the native name, a variant), each with the first
    shared form. Read from the people of the same family name or native name."""
    own = {name_key(form): form for form in reversed(_printed_forms(person))}
    same = Q(family_name__iexact=person.family_name)
    if person.native_name:
        same |= Q(native_name=person.native_name)
    others = public_people().filter(same).exclude(pk=person.pk).order_by(*Person._meta.ordering)
    found = []
    for other in others:
        shared = [own[key] for key in map(name_key, _printed_forms(other)) if key in own]
        if shared:
            found.append(Namesake(other, _first_in(shared, _printed_forms(person))))
    return found


def _printed_forms(person: Person) -> list[str]:
    return printed_forms(person.given_name, person.family_name, person.native_name, person.variants)


def _first_in(shared: list[str], forms: list[str]) -> str:
    return min(shared, key=forms.index)


def filter_names(name: str, value: str) -> str:
    """What the value of a list's filter names, as pages show it: a public person's name, a
    group's, a venue's (short) or a tag's; the value itself otherwise."""
    if name == "person":
        people = public_people().filter(slug=value)
        person = people.only("given_name", "family_name", "suffix").first()
        return person.name if person else value
    if name == "venue":
        venue = Venue.objects.filter(slug=value).only("abbreviation", "name").first()
        return venue.short_name if venue else value
    if name in ("group", "tag"):
        model = Group if name == "group" else Tag
        return model.objects.filter(slug=value).values_list("name", flat=True).first() or value
    return value


def groups() -> QuerySet[Group]:
    return Group.objects.order_by("name")


@dataclass
class RoleMembers:
    role: str
    label: str
    current: list[Membership]
    former: list[Membership]


def group_members(group: Group) -> list[RoleMembers]:
    """A group's members by role, in the order of the roles, current and former apart."""
    memberships = (
        group.memberships.confirmed()
        .select_related("person")
        .order_by("person__family_name", "person__given_name")
    )
    by_role: dict[str, list[Membership]] = defaultdict(list)
    for membership in memberships:
        by_role[membership.role].append(membership)
    return [
        RoleMembers(
            role,
            label,
            [m for m in by_role[role] if m.is_current],
            [m for m in by_role[role] if not m.is_current],
        )
        for role, label in Role.choices
        if by_role.get(role)
    ]


def venues(sort: str = "rank", *, with_papers_only: bool = False) -> QuerySet[Venue]:
    """Venues with their current rank and the number of their public papers listed (a
    version folded into another one is listed at the venue of the version that stands)."""
    if counts_current():
        paper_count = _summed_works(venue=OuterRef("pk"), person=None, group=None)
    else:
        paper_count = Count(
            "papers", filter=Q(papers__is_public=True, papers__folded_into__isnull=True)
        )
    queryset = Venue.objects.annotate(
        paper_count=paper_count,
        current_rank=Subquery(
            VenueRank.objects.filter(
                venue=OuterRef("pk"), ranking=ccf.RANKING, edition=settings.CCF_CURRENT_EDITION
            )
            .order_by("rank")
            .values("rank")[:1]
        ),
    )
    orders = {
        "rank": [F("current_rank").asc(nulls_last=True), "abbreviation", "name"],
        "name": ["abbreviation", "name"],
        "papers": ["-paper_count", "abbreviation"],
    }
    if with_papers_only:
        queryset = queryset.filter(paper_count__gt=0)
    return queryset.order_by(*orders.get(sort, orders["rank"]))
