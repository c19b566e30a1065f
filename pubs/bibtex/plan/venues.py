"""An entry's venue: the venue found for its printed venue, or the one the import creates, and
the kind of paper the venue says it is; venues as duplicate detection compares them."""

from __future__ import annotations

import functools
from collections.abc import Hashable

from pubs.bibtex.normalize import Record
from pubs.bibtex.plan.model import NEW, Decisions, NewVenue, VenuePlan, venue_value
from pubs.bibtex.versions import UNPUBLISHED_STATUSES
from pubs.venues.resolution import (
    VenueIndex,
    entry_dblp_key,
    names_a_meeting,
    names_an_event,
    new_venue_key,
    venue_name,
)

VENUE_KINDS = {
    "conference": "conference",
    "workshop": "conference",
    "journal": "journal",
    "preprint_server": "preprint",
}


def venue_identity(venue: VenuePlan | None) -> tuple[str, Hashable] | None:
    """The venue as duplicate detection compares it: the venue found, the one the import
    creates (a venue, as the next import finds it), or an unresolved text as the venue it
    would be created as (one per venue whatever the edition)."""
    if venue is None:
        return None
    return venue_value_identity(venue_value(venue)) or _text_venue_identity(venue.text)


def plan_venue(record: Record, venues: VenueIndex, decisions: Decisions) -> VenuePlan | None:
    text = record.container or record.abbr
    if not text and not record.arxiv_id:
        return None
    field_name = "journal" if record.journal else "booktitle"
    resolution = venues.resolve(
        **{field_name: text},
        series=record.series,
        publisher=record.publisher,
        doi=record.doi,
        dblp_key=entry_dblp_key(
            record.key, record.extra.get("biburl", ""), record.extra.get("bibsource", "")
        ),
        book=record.kind == "book",
    )
    if not resolution.resolved and record.abbr and record.abbr != text:
        resolution = venues.resolve(**{field_name: record.abbr}, doi=record.doi)
    if not resolution.resolved and record.arxiv_id and not record.container:
        resolution = venues.resolve(journal="arXiv")
    plan = VenuePlan(
        text or "arXiv", resolution, resolution.venue.key if resolution.venue else None
    )
    choice = decisions.venues.get(plan.text)
    if choice is not None:
        plan.decided = True
        plan.venue = None if choice in (NEW, "") else choice
        plan.create = choice == NEW
    elif plan.venue is None and decisions.create_venues and record.container:
        plan.create = True
    return plan


def new_venue_kind(record: Record) -> str:
    """The kind of the venue an import creates for a record's printed venue: a journal's,
    unless it names a meeting ("AAAI Conference on Artificial Intelligence" given as an
    article's journal, which entries naming it as a booktitle find too)."""
    if record.journal and not names_an_event(record.journal):
        return "journal"
    return "conference"


def paper_kind(record: Record, venue: VenuePlan | None) -> str:
    """The record's kind, corrected by its venue's (Scholar files MLSys under @article): the
    venue found or, as the next import will find it, the venue the import creates."""
    venue_kind = None
    if venue is not None and venue.resolution and venue.resolution.venue:
        venue_kind = VENUE_KINDS.get(venue.resolution.venue.kind)
    elif venue is not None and venue.create and record.kind != "preprint":
        # A preprint stays one: the next import matches it all the same (a preprint and
        # the paper it becomes may differ in kind).
        venue_kind = VENUE_KINDS[new_venue_kind(record)]
    if venue_kind and record.kind in ("conference", "journal", "preprint", "other"):
        if venue_kind == "preprint" and record.status not in UNPUBLISHED_STATUSES:
            return record.kind if record.kind != "journal" else "preprint"
        return venue_kind
    if record.kind == "book" and _in_proceedings(record):
        return "conference"
    return record.kind


def _in_proceedings(record: Record) -> bool:
    """Whether a chapter (@incollection, @inbook) is a paper of a meeting's proceedings
    printed as a book: its book's title says it is a meeting's ("Proceedings of the 14th
    International Joint Conference on Artificial Intelligence (IJCAI-95)"). Read from the
    entry alone, so that it reads alike once its venue is created."""
    return names_a_meeting(record.booktitle)


def stored_venue_identity(
    venue: Hashable | None, container_title: str
) -> tuple[str, Hashable] | None:
    """A stored paper's venue as duplicate detection compares it: its venue, or for a paper
    without one the venue its printed venue would be created as (as an entry's unresolved
    venue is compared), so that two workshop papers of one title stay two papers."""
    if venue is not None:
        return ("venue", venue)
    return _text_venue_identity(container_title) if container_title else None


@functools.lru_cache(maxsize=4096)
def _text_venue_identity(text: str) -> tuple[str, Hashable]:
    """A printed venue no venue is found or created for, by the key of the venue it would be
    created as. Compared with a venue it is known another way (:class:`PaperIndex`)."""
    return ("text", new_venue_key(venue_name(text)[0]))


def venue_value_identity(value: Hashable | None) -> tuple[str, Hashable] | None:
    """A paper's venue (an id, or a :class:`NewVenue` the import creates) as duplicate
    detection compares it: a venue the import creates is a venue like the others, other than
    every venue already there."""
    if isinstance(value, NewVenue):
        return ("venue", ("new", _text_venue_identity(value.text)[1]))
    return None if value is None else ("venue", value)
