"""The work counts: how many works each public list shows, by year and venue, kept on write.

The counts and tallies of the public pages (a list's total and years, a person's and a
group's counts by CCF rank and year, the chart, the people and venue indexes) read
``WorkCount`` rows (pubs.queries.selectors) rather than count every paper at each request.
Each row holds the works of one scope (every public list, a person, a group) of one year at
one venue, and the citations of those works added up.

Every write that changes which works a list shows calls :func:`work_counts_refresh` with
what it touched: a paper added, changed, hidden, deleted or folded as a version (the
papers, and the people who were its authors before the write when it removed some), an
authorship added or removed, a membership's dates changed (the group), a citation count
read. The refresh recounts the scopes those touch from the selectors, so a summary holds
what a fresh count of the same list says. A venue's change of rank needs no refresh: the
rows name the venue, and its rank is read when the counts are. ``manage.py
work_counts_rebuild`` recounts everything.

The services write inside :class:`counted_write`. A write of papers, authors, groups'
papers or memberships made outside one (the shell, ``loaddata``, a factory) marks the counts
stale (pubs.signals): the pages then count from the papers, as they would without a
summary, until a rebuild. A write that forgets a refresh is slow, never wrong.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from contextlib import ContextDecorator, contextmanager

from django.db import connection, transaction
from django.db.models import Count, QuerySet, Sum

from people.models import Consent, Group, Membership
from pubs.models import (
    Authorship,
    CitationCount,
    Paper,
    PublicVersion,
    WorkCount,
    WorkCountState,
)
from pubs.queries import selectors

#: Past this many papers or people touched, everything is recounted at once: cheaper than
#: finding the scopes of each (an import of thousands of papers).
RECOUNT_ALL = 2000
#: Rows per INSERT.
BATCH_SIZE = 1000

#: (year, venue id) -> [works, citations]
Counts = dict[tuple[int | None, int | None], list[int]]


_writing = threading.local()


class counted_write(ContextDecorator):
    """A write whose service refreshes the counts it changes (a block, or a decorated
    function): its rows' signals leave the counts current."""

    def __enter__(self) -> counted_write:
        _writing.depth = getattr(_writing, "depth", 0) + 1
        return self

    def __exit__(self, *exc: object) -> None:
        _writing.depth -= 1


def counted_now() -> bool:
    """Whether this thread is inside a :class:`counted_write`."""
    return getattr(_writing, "depth", 0) > 0


def work_counts_stale() -> None:
    """Mark the counts stale: something changed them that no refresh follows."""
    # Unconditional: a rebuild holding the row makes this wait, then stale wins.
    WorkCountState.objects.filter(pk=1).update(stale=True)


def work_counts_refresh(
    *,
    papers: Iterable[int] = (),
    people: Iterable[int] = (),
    groups: Iterable[int] = (),
) -> None:
    """Recount the lists that ``papers`` (ids), ``people`` and ``groups`` are on: every
    public list, the people who wrote the papers or a version of their works, the groups
    of those papers and of those people, and the people and groups given (an author
    removed, a membership changed). Called after the write, inside its transaction."""
    papers, people, groups = set(papers), set(people), set(groups)
    if len(papers) > RECOUNT_ALL or len(people) > RECOUNT_ALL:
        work_counts_rebuild()
        return
    people, groups = _lists_of(papers, people, groups)
    with transaction.atomic():
        _in_turn()
        _store_all()
        if people:
            _store_people(people)
        for group in Group.objects.filter(pk__in=groups):
            _store(_counts(selectors.group_papers(group)), group=group.pk)


@contextmanager
def work_counts_kept(*, papers: Iterable[int]) -> Iterator[None]:
    """Around a write of ``papers`` that may take them off lists (an author removed, a
    group taken away, the papers deleted): the lists they are on before the write and
    those they are on after it are recounted once it is done."""
    papers = set(papers)
    with counted_write():
        if len(papers) > RECOUNT_ALL:
            yield
            work_counts_rebuild()
            return
        people, groups = _lists_of(papers, set(), set())
        yield
        work_counts_refresh(papers=papers, people=people, groups=groups)


def _in_turn() -> None:
    """Wait for the other writes of public data to end, and hold them off until this one
    does: two refreshes that read before each other's writes were committed would each
    store counts without the other's. The row taken is the public version's, which every
    such write takes anyway when it bumps it (pubs.services.public_version), so the order
    of the locks is the same everywhere."""
    list(PublicVersion.objects.select_for_update().filter(pk=1))


def _lists_of(papers: set[int], people: set[int], groups: set[int]) -> tuple[set[int], set[int]]:
    """The people and groups whose lists ``papers`` are on, with ``people`` and ``groups``,
    and the groups of those people."""
    if papers:
        works = papers | _versions_of(papers)
        people |= set(
            Authorship.objects.filter(paper__in=works).values_list("person_id", flat=True)
        )
        groups |= set(
            Paper.groups.through.objects.filter(paper__in=works).values_list("group_id", flat=True)
        )
    if people:
        groups |= set(
            Membership.objects.filter(person__in=people).values_list("group_id", flat=True)
        )
    return people, groups


def work_counts_rebuild() -> None:
    """Recount every list: every work, every person, every group; the counts are current."""
    with transaction.atomic():
        # Held until the counts are written: a write outside the services meanwhile waits to
        # mark them stale, rather than being counted by none and marked over.
        _in_turn()
        WorkCountState.objects.get_or_create(pk=1)
        WorkCountState.objects.select_for_update().get(pk=1)
        _store_all()
        _store_people(None)
        for group in Group.objects.all():
            _store(_counts(selectors.group_papers(group)), group=group.pk)
        WorkCountState.objects.update_or_create(pk=1, defaults={"stale": False})


def _versions_of(papers: set[int]) -> set[int]:
    """The other papers of the works of ``papers``: those they are folded into, and those
    folded into them."""
    into = Paper.objects.filter(pk__in=papers, folded_into__isnull=False)
    return set(into.values_list("folded_into", flat=True)) | set(
        Paper.objects.filter(folded_into__in=papers).values_list("pk", flat=True)
    )


def _counts(works: QuerySet[Paper]) -> Counts:
    """``works`` counted by year and venue, with their citations added up (one query)."""
    rows = (
        works.order_by()
        .values_list("year", "venue_id")
        .annotate(n=Count("pk"), cited=Sum("citation_count__count"))
    )
    return {(year, venue): [n, cited or 0] for year, venue, n, cited in rows}


def _store_all() -> None:
    _store(_counts(selectors.public_papers()))


def _store_people(people: set[int] | None) -> None:
    """Recount ``people`` (everyone when None) in two statements, whatever their number: a
    person's works are the works of which they wrote a version (selectors.person_papers, by
    their accepted authorships), each counted once.

    One INSERT ... SELECT, written in SQL since the ORM has none: at 100,000 papers a
    rebuild writes half a million rows, which the database counts and writes in seconds
    where rows made in Python took minutes. ``test_work_counts`` holds it to a fresh count
    by the selectors after every kind of write."""
    rows = WorkCount.objects.filter(person__isnull=False)
    # Only accepted authorships count for their person (selectors.accepted).
    chosen, params = "WHERE a.consent = %s", [Consent.ACCEPTED.value]
    if people is not None:
        rows = rows.filter(person__in=people)
        chosen += f" AND a.person_id IN ({', '.join(['%s'] * len(people))})"
        params += sorted(people)
    rows.delete()
    if people is not None and not people:
        return
    tables = {
        "counts": WorkCount._meta.db_table,
        "authorships": Authorship._meta.db_table,
        "papers": Paper._meta.db_table,
        "citations": CitationCount._meta.db_table,
    }
    sql = """
        INSERT INTO {counts} (person_id, group_id, year, venue_id, works, citations)
        SELECT written.person_id, NULL, work.year, work.venue_id, COUNT(*),
               COALESCE(SUM(cited.count), 0)
        FROM (
            SELECT DISTINCT a.person_id, COALESCE(version.folded_into_id, version.id) AS id
            FROM {authorships} a JOIN {papers} version ON version.id = a.paper_id
            {chosen}
        ) written
        JOIN {papers} work ON work.id = written.id
        LEFT JOIN {citations} cited ON cited.paper_id = work.id
        WHERE work.is_public AND work.folded_into_id IS NULL
        GROUP BY written.person_id, work.year, work.venue_id
    """.format(chosen=chosen, **tables)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _store(counts: Counts, *, group: int | None = None) -> None:
    """Replace the rows of every list (``group`` None) or of a group by ``counts``."""
    if group is None:
        WorkCount.objects.filter(person__isnull=True, group__isnull=True).delete()
    else:
        WorkCount.objects.filter(group=group).delete()
    WorkCount.objects.bulk_create(
        (
            WorkCount(group_id=group, year=year, venue_id=venue, works=n, citations=cited)
            for (year, venue), (n, cited) in counts.items()
        ),
        batch_size=BATCH_SIZE,
    )
