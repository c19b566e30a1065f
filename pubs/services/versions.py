"""Versions of one work listed once: which paper stands for each group of linked versions.

Papers linked as versions (``Paper.versions``) make groups, each a work; the version that
stands for a work (pubs.bibtex.versions.standing_version: the most published, then the
fuller form, the later year, the lowest id) is the one the public lists show, and the others
are folded into it (``Paper.folded_into``). Every write that links or unlinks papers, or
changes a linked paper's kind, status, venue, year or visibility, calls
:func:`paper_versions_refold` with the papers it touched.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Q

from pubs.bibtex.versions import LinkedVersion, folded_into
from pubs.models import Paper
from pubs.search import search_text_refresh
from pubs.services import public_version, rendering

#: Papers per UPDATE statement.
UPDATE_BATCH = 500


def paper_versions_refold(*, paper_ids: Iterable[int]) -> int:
    """Recompute which version stands for the works of ``paper_ids`` (the groups of papers
    linked to them, and the groups they were folded into or had folded into them before the
    write), store it, and make the public pages stale if anything changed. Returns the
    number of papers whose folding changed.

    A few queries: two per step away from ``paper_ids`` along the links (a group is seldom
    more than two steps wide), one read of the papers, one update per UPDATE_BATCH
    changed papers, and the search text of the papers standing for works of several
    versions refreshed (pubs.search.search_text_refresh)."""
    ids, links = _groups_around(set(paper_ids))
    if not ids:
        return 0
    rows = Paper.objects.filter(pk__in=ids).values_list(
        "pk", "kind", "status", "container_title", "venue__kind", "year", "is_public",
        "folded_into_id",
    )  # fmt: skip
    papers, stored = [], {}
    for pk, kind, status, container, venue_kind, year, public, folded in rows:
        papers.append(LinkedVersion(pk, kind, status, container, venue_kind or "", year, public))
        stored[pk] = folded
    wanted = folded_into(papers, links)
    changed = [
        Paper(pk=pk, folded_into_id=standing)
        for pk, standing in sorted(wanted.items())
        if stored[pk] != standing
    ]
    if changed:
        Paper.objects.bulk_update(changed, ["folded_into"], batch_size=UPDATE_BATCH)
        public_version.bump()  # a bulk update sends no signal
        # The entries of the papers folded or unfolded, and of those they were and are folded into.
        moved = {paper.pk for paper in changed}
        rendering.entries_forget(
            paper_ids=moved | {stored[pk] for pk in moved} | {wanted[pk] for pk in moved}
        )
    # A work is found by the titles of the versions folded into it (which may have changed
    # even when the folding did not), and no longer by those of versions that went.
    standing = {pk for pk in wanted.values() if pk is not None}
    standing |= {stored[paper.pk] for paper in changed if stored[paper.pk] is not None}
    search_text_refresh(standing)
    return len(changed)


def _groups_around(seeds: set[int]) -> tuple[set[int], set[tuple[int, int]]]:
    """The papers whose folding the papers of ``seeds`` may change, and the links among
    them: those linked to them, step by step, and those the stored folding joins to them
    (the version a paper was folded into, or the papers folded into it, before a link
    between them went)."""
    through = Paper.versions.through
    found, frontier = set(seeds), set(seeds)
    links: set[tuple[int, int]] = set()
    while frontier:
        step = set(
            through.objects.filter(from_paper_id__in=frontier).values_list(
                "from_paper_id", "to_paper_id"
            )
        )
        links |= step
        folded = Paper.objects.filter(
            Q(pk__in=frontier, folded_into__isnull=False) | Q(folded_into__in=frontier)
        ).values_list("pk", "folded_into_id")
        reached = {pk for link in step for pk in link} | {pk for row in folded for pk in row}
        frontier = reached - found
        found |= frontier
    return found, links
