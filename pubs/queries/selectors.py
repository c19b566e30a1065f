"""The read path of public pages: every public list starts here.

Each function returns a queryset or plain data that already joins, prefetches or aggregates
what the templates show (venue and ranks, ordered authors with their people, links, tags),
so a page's query count does not grow with the number of papers on it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count, Exists, F, Min, OuterRef, Prefetch, Q, QuerySet, Subquery

from people.models import Advising, Group, Membership, Person, Role
from pubs.models import Authorship, Paper, Venue, VenueRank
from pubs.venues import ccf

PAGE_SIZE = 100
#: What pages and exports read of an author's person; the rest (a biography, notes, the
#: profile's links) is not loaded with hundreds of authors.
PERSON_SHOWN = ("person__slug", "person__given_name", "person__family_name", "person__native_name")
#: What no public page or export reads of a paper.
PAPER_UNSHOWN = ("internal_note", "search_text")


def authors_prefetch() -> Prefetch:
    """Authors in printed order, with their people and whether each is a lab member."""
    member = Membership.objects.filter(person=OuterRef("person"))
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


def entries(papers: QuerySet[Paper]) -> QuerySet[Paper]:
    """``papers`` with everything an entry shows, on a page or in an export: the venue and
    its ranks (the CCF badge), the authors in order, links and tags. The one read of papers
    that pages and exports share; a fixed number of queries whatever the number of papers.

    Ordered newest first, made total with the id so that two reads of a list agree; an
    explicit order or a slice is kept as it is.
    """
    papers = (
        papers.select_related(None)
        .prefetch_related(None)
        .select_related("venue")
        .prefetch_related("venue__ranks", authors_prefetch(), "links", "tags")
        .defer(*PAPER_UNSHOWN)
    )
    if papers.query.is_sliced or papers.query.order_by:
        return papers
    return papers.order_by(*Paper._meta.ordering, "pk")


def public_papers() -> QuerySet[Paper]:
    """Public papers, newest first, with everything an entry in a list shows."""
    return entries(Paper.objects.public())


def paper_details() -> QuerySet[Paper]:
    """Public papers with what a paper's own page adds to a list entry (its groups)."""
    return public_papers().prefetch_related("groups")


# "pk IN (papers of the person)" rather than "EXISTS (an authorship of this paper)": the
# database starts from the person's few authorships instead of visiting every paper.


def person_papers(person: Person) -> QuerySet[Paper]:
    authored = Authorship.objects.filter(person=person).values("paper_id")
    return public_papers().filter(pk__in=authored)


def group_papers(group: Group) -> QuerySet[Paper]:
    linked = Paper.groups.through.objects.filter(group=group).values("paper_id")
    return public_papers().filter(pk__in=linked)


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
    of a person's or a group's page reads it, so one query serves them all."""

    counts: dict[tuple[int | None, str], int]

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
    """Count ``papers`` by year and current rank (two queries, however many papers)."""
    ranks = current_ranks()
    rows = papers.order_by().values_list("year", "venue_id").annotate(n=Count("pk"))
    counts: dict[tuple[int | None, str], int] = defaultdict(int)
    for year, venue, n in rows:
        counts[(year, ranks.get(venue, ""))] += n
    return Tally(dict(counts))


def coauthors(person: Person, limit: int = 12) -> list[tuple[Person, int]]:
    """The people who most often wrote (public papers) with ``person``."""
    papers = Authorship.objects.filter(person=person, paper__is_public=True).values("paper")
    rows = (
        Authorship.objects.filter(paper__in=papers)
        .exclude(person=person)
        .values_list("person")
        .annotate(n=Count("pk"))  # one authorship per paper and person: n counts papers
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
        Exists(Membership.objects.filter(person=OuterRef("pk")))
        | Exists(Authorship.objects.filter(person=OuterRef("pk"), paper__is_public=True))
        | Exists(Advising.objects.filter(Q(student=OuterRef("pk")) | Q(advisor=OuterRef("pk"))))
    )


def people() -> QuerySet[Person]:
    """Public people with the number of their public papers, members first."""
    public = Q(authorships__paper__is_public=True)
    return (
        public_people()
        .annotate(
            paper_count=Count("authorships", filter=public),
            is_member=Exists(Membership.objects.filter(person=OuterRef("pk"))),
        )
        .order_by("family_name", "given_name", "pk")
    )


def person_memberships(person: Person) -> QuerySet[Membership]:
    return person.memberships.select_related("group").order_by("-start")


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
    memberships = group.memberships.select_related("person").order_by(
        "person__family_name", "person__given_name"
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
    """Venues with their current rank and the number of their public papers."""
    public = Q(papers__is_public=True)
    queryset = Venue.objects.annotate(
        paper_count=Count("papers", filter=public),
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
