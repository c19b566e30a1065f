"""A version's stage and form: the one definition every question of "is this a preprint?",
"is this a workshop version?" or "is this a report?" asks.

A paper or an entry is a version of a work at a **stage** (a preprint, a submission, an
accepted paper, a published one) in a **form** (the full paper, a short, workshop, poster or
demo version, a report, a thesis, a book or a chapter, a patent, or something else). Pure
Python over plain values: an entry's kind and status as pubs.bibtex.normalize reads them, a
stored paper's columns, the venue printed and the kind of the venue it resolves to.

What is a preprint is decided here and nowhere else: the import (pubs.bibtex.plan, whether an
entry or a stored paper is promoted by its published version), the suggestions of published
versions (pubs.services.suggestions, whose query reads :data:`PREPRINT_KINDS`,
:data:`UNPUBLISHED_STATUSES` and :data:`PREPRINT_VENUE_KINDS`) and the CV lists
(pubs.export.cv) ask :func:`version_of`.

Which of the versions of one work stands for it on the public lists is decided here too
(:func:`standing_version`, in the order :func:`standing_order` writes down), over plain
values of the papers linked as versions (:func:`folded_into`); pubs.services.versions
stores it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from pubs.kinds import KIND_FORMS, PREPRINT_KINDS, PUBLISHED_KINDS, Form
from pubs.venues.resolution import is_track

Stage = Literal["preprint", "submitted", "accepted", "published"]

# The kinds of a preprint (PREPRINT_KINDS), of the published version a preprint becomes (a
# book chapter too: PUBLISHED_KINDS) and the forms of the kinds whose form their venue does
# not tell (KIND_FORMS: kind "other" is BibTeX's techreport, misc and unpublished, a report
# or a note) are pubs.kinds's table's.

#: The kinds a preprint is one paper with: another preprint, or the published version it
#: becomes. A report, a thesis or a talk of its title may be another work.
PREPRINT_OR_PUBLISHED = PREPRINT_KINDS | PUBLISHED_KINDS
#: The kinds of a full version ("" when not known), of which a workshop, short, demo or
#: poster version, and a report, are other versions.
FULL_KINDS = frozenset({"conference", "journal", ""})
#: The kinds of venue a version is a preprint at, whatever its kind and status ("To appear"
#: or not): arXiv and the other preprint servers.
PREPRINT_VENUE_KINDS = frozenset({"preprint_server"})
#: The statuses of a version not published yet, by the stage they say.
STAGES: dict[str, Stage] = {
    "preprint": "preprint",
    "under_review": "submitted",
    "accepted": "accepted",
    "published": "published",
}
#: The statuses of a version not published yet: compared as a preprint is, with the paper
#: it may have become since.
UNPUBLISHED_STATUSES = frozenset(
    status for status, stage in STAGES.items() if stage in ("preprint", "submitted")
)


@dataclass(frozen=True, slots=True)
class Version:
    """A version of a work: where it is on its way to publication, and in what form."""

    stage: Stage
    form: Form

    @property
    def is_preprint(self) -> bool:
        """Not published yet: a preprint, or a submission (compared as a preprint is, with
        the paper it may have become since)."""
        return self.stage in ("preprint", "submitted")


def version_of(
    kind: str, status: str = "published", container: str = "", venue_kind: str = ""
) -> Version:
    """The stage and form of a paper or an entry of ``kind`` and ``status`` printed in
    ``container``, at a venue of ``venue_kind`` ("" when none is known).

    A preprint (by its kind, or by its venue: a preprint server) is at the preprint stage
    whatever its status says, unless it is under review: a preprint submitted somewhere
    is a submission."""
    stage = STAGES.get(status, "published")
    if (kind in PREPRINT_KINDS or venue_kind in PREPRINT_VENUE_KINDS) and stage != "submitted":
        stage = "preprint"
    if kind in KIND_FORMS:
        form = KIND_FORMS[kind]
    else:
        form = "minor" if is_minor_version(container) else "full"
    return Version(stage, form)


@functools.lru_cache(maxsize=4096)
def is_minor_version(container: str) -> bool:
    """Whether a paper printed in ``container`` is a workshop, short, demo or poster version:
    "ICAPS 2019 Workshop on Heuristics and Search", "SIGCOMM Posters and Demos"."""
    return is_track(container) or bool(_SHORT.search(container))


_SHORT = re.compile(r"(?i)\bshort\s+papers?\b")


# -- the version that stands for a work ---------------------------------------------------------

#: The stages, the most published first: the first thing that decides which version of a
#: work stands for it.
STAGE_ORDER: tuple[Stage, ...] = ("published", "accepted", "submitted", "preprint")
#: The forms, the fullest first: what decides between versions at one stage (a full paper
#: before its book chapter, a chapter before its workshop, short, poster or demo version, those
#: before a report, a thesis, a patent or anything else, and all of them before a preprint).
FORM_ORDER: dict[Form, int] = {
    "full": 0,
    "book": 1,
    "minor": 2,
    "report": 3,
    "thesis": 3,
    "patent": 3,
    "other": 3,
    "preprint": 4,
}


@dataclass(frozen=True, slots=True)
class LinkedVersion:
    """A paper linked to others as versions of one work, as the choice of the version that
    stands for the work reads it: plain values of its columns."""

    id: int
    kind: str
    status: str = "published"
    container: str = ""
    venue_kind: str = ""
    year: int | None = None
    public: bool = True

    @property
    def version(self) -> Version:
        return version_of(self.kind, self.status, self.container, self.venue_kind)


def standing_order(paper: LinkedVersion) -> tuple:
    """The key that sorts the versions of one work, the one that stands for it first.

    In this order: a public version before a hidden one (the public sees a work by a version
    it may open); the most published stage (published, accepted, submitted, preprint); the
    fuller form (:data:`FORM_ORDER`); the later year (an unknown year last); the lowest id,
    so that the choice never depends on the order the versions come in."""
    version = paper.version
    return (
        not paper.public,
        STAGE_ORDER.index(version.stage),
        FORM_ORDER[version.form],
        -(paper.year or 0),
        paper.id,
    )


def standing_version(papers: Iterable[LinkedVersion]) -> int:
    """The id of the version that stands for the work ``papers`` are versions of."""
    return min(papers, key=standing_order).id


def linked_groups(ids: Iterable[int], links: Iterable[tuple[int, int]]) -> list[set[int]]:
    """The papers of ``ids`` grouped by work: the connected groups of the graph whose edges
    are ``links`` (pairs of papers linked as versions; a pair naming a paper outside ``ids``
    is left out). A paper linked to none is a group of its own. Groups come in the order of
    their smallest id."""
    parent = {pk: pk for pk in ids}

    def root(pk: int) -> int:
        while parent[pk] != pk:
            parent[pk] = parent[parent[pk]]
            pk = parent[pk]
        return pk

    for one, two in links:
        if one in parent and two in parent:
            first, second = sorted((root(one), root(two)))
            parent[second] = first
    groups: dict[int, set[int]] = {}
    for pk in sorted(parent):
        groups.setdefault(root(pk), set()).add(pk)
    return list(groups.values())


def folded_into(
    papers: Iterable[LinkedVersion], links: Iterable[tuple[int, int]]
) -> dict[int, int | None]:
    """Paper id -> the id of the version that stands for its work, or None for the version
    that stands (and for a paper linked to no other): what ``Paper.folded_into`` holds."""
    by_id = {paper.id: paper for paper in papers}
    folded: dict[int, int | None] = {}
    for group in linked_groups(by_id, links):
        standing = standing_version(by_id[pk] for pk in group)
        folded.update((pk, None if pk == standing else standing) for pk in group)
    return folded
