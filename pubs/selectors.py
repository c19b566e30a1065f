"""The read path of public pages: every public list starts here.

Each function returns a queryset or plain data that already joins, prefetches or aggregates
what the templates show (venue and ranks, ordered authors with their people, links, tags),
so a page's query count does not grow with the number of papers on it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery

from people.models import Group, Membership, Person, Role
from pubs import ccf
from pubs.models import Authorship, Paper, Venue, VenueRank

PAGE_SIZE = 100


def authors_prefetch() -> Prefetch:
    """Authors in printed order, with their people and whether each is a lab member."""
    member = Membership.objects.filter(person=OuterRef("person"))
    queryset = (
        Authorship.objects.select_related("person")
        .annotate(is_member=Exists(member))
        .order_by("position")
    )
    return Prefetch("authorships", queryset=queryset)


def public_papers() -> QuerySet[Paper]:
    """Public papers, newest first, with everything an entry in a list shows."""
    return (
        Paper.objects.public()
        .with_venue()
        .prefetch_related(authors_prefetch(), "links", "tags")
        .order_by(*Paper._meta.ordering, "pk")
    )


def paper_details() -> QuerySet[Paper]:
    """Public papers with what a paper's own page adds to a list entry (its groups)."""
    return public_papers().prefetch_related("groups")


def person_papers(person: Person) -> QuerySet[Paper]:
    authored = Authorship.objects.filter(paper=OuterRef("pk"), person=person)
    return public_papers().filter(Exists(authored))


def group_papers(group: Group) -> QuerySet[Paper]:
    linked = Paper.groups.through.objects.filter(paper=OuterRef("pk"), group=group)
    return public_papers().filter(Exists(linked))


def venue_papers(venue: Venue) -> QuerySet[Paper]:
    return public_papers().filter(venue=venue)


def rank_now() -> Subquery:
    """The best rank of a paper's venue in the current CCF edition (None when unranked)."""
    ranks = VenueRank.objects.filter(
        venue=OuterRef("venue"), ranking=ccf.RANKING, edition=settings.CCF_CURRENT_EDITION
    ).order_by("rank")
    return Subquery(ranks.values("rank")[:1])


# -- counts ------------------------------------------------------------------------------------


def year_counts(papers: QuerySet[Paper]) -> list[tuple[int | None, int]]:
    """(year, number of papers), newest first."""
    rows = papers.order_by().values_list("year").annotate(n=Count("pk"))
    return sorted(rows, key=lambda row: (row[0] is None, -(row[0] or 0)))


def rank_counts(papers: QuerySet[Paper]) -> dict[str, int]:
    """Papers per current CCF rank ('A', 'B', 'C', '' for unranked)."""
    rows = papers.order_by().annotate(rank=rank_now()).values_list("rank").annotate(n=Count("pk"))
    counts = {rank or "": n for rank, n in rows}
    return {rank: counts[rank] for rank in (*ccf.RANKS, "") if rank in counts}


@dataclass(frozen=True)
class YearRanks:
    year: int
    counts: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.counts.values())


def year_rank_counts(papers: QuerySet[Paper]) -> list[YearRanks]:
    """Papers per year and current CCF rank, oldest first, every year in between included."""
    rows = (
        papers.order_by()
        .filter(year__isnull=False)
        .annotate(rank=rank_now())
        .values_list("year", "rank")
        .annotate(n=Count("pk"))
    )
    by_year: dict[int, dict[str, int]] = defaultdict(dict)
    for year, rank, n in rows:
        by_year[year][rank or ""] = n
    if not by_year:
        return []
    years = range(min(by_year), max(by_year) + 1)
    return [YearRanks(year, by_year.get(year, {})) for year in years]


def coauthors(person: Person, limit: int = 12) -> list[tuple[Person, int]]:
    """The people who most often wrote (public papers) with ``person``."""
    papers = Authorship.objects.filter(person=person, paper__is_public=True).values("paper")
    rows = (
        Authorship.objects.filter(paper__in=papers)
        .exclude(person=person)
        .values("person")
        .annotate(n=Count("paper", distinct=True))
        .order_by("-n", "person__family_name")[:limit]
    )
    people = Person.objects.in_bulk([row["person"] for row in rows])
    return [(people[row["person"]], row["n"]) for row in rows]


def summary(papers: QuerySet[Paper], since: int | None = None) -> dict:
    """ "12 CCF-A, 9 CCF-B papers since 2019": counts by current rank, from ``since``."""
    scoped = papers.filter(year__gte=since) if since else papers
    counts = rank_counts(scoped)
    return {
        "since": since,
        "total": sum(counts.values()),
        **{r: counts.get(r, 0) for r in ccf.RANKS},
    }


# -- people, groups, venues ----------------------------------------------------------------------


def people() -> QuerySet[Person]:
    """People with the number of their public papers, members first."""
    public = Q(authorships__paper__is_public=True)
    return Person.objects.annotate(
        paper_count=Count("authorships", filter=public),
        is_member=Exists(Membership.objects.filter(person=OuterRef("pk"))),
    ).order_by("family_name", "given_name", "pk")


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
