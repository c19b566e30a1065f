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
"""

from __future__ import annotations

import functools
import re
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
