"""Suggestions: what the sources say a paper lacks or has become, for someone to accept.

The checks (run by pubs.jobs.refresh) only offer suggestions: a preprint whose arXiv record
names its published version (the DOI, then Crossref's record of it, or the journal
reference), a paper with a DOI whose Crossref record has the abstract, pages, volume or issue
it lacks, a paper without a DOI whose title OpenAlex knows with one. Accepting one writes its
changes on the paper (with the user in the paper's history) and keeps the values it replaced;
undoing it puts them back, unless the paper was changed since.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from pubs.models import Paper, PaperKind, Status, Suggestion, SuggestionStatus, Venue, VenueKind
from pubs.search import search_text_refresh
from pubs.services.papers import venue_index
from pubs.sources import arxiv, crossref, openalex
from pubs.sources.http import HttpClient, SourceError

#: The fields of a paper a suggestion may change.
FIELDS = (
    "doi", "kind", "status", "venue", "year", "volume", "number", "pages", "container_title",
    "abstract",
)  # fmt: skip

#: Crossref's types of work, as the kinds of paper.
CROSSREF_KINDS = {
    "journal-article": PaperKind.JOURNAL,
    "proceedings-article": PaperKind.CONFERENCE,
    "book-chapter": PaperKind.BOOK,
    "posted-content": PaperKind.PREPRINT,
}

#: The kinds of venue, as the kinds of paper published there.
VENUE_KINDS = {
    VenueKind.JOURNAL: PaperKind.JOURNAL,
    VenueKind.CONFERENCE: PaperKind.CONFERENCE,
    VenueKind.WORKSHOP: PaperKind.CONFERENCE,
}


class SuggestionRefused(Exception):
    """The suggestion cannot be accepted or undone now; the message says why."""


# -- offering ----------------------------------------------------------------------------------


def suggestion_offer(
    *, paper: Paper, summary: str, source: str, changes: dict[str, Any]
) -> Suggestion | None:
    """Offer ``changes`` to ``paper`` (those that differ from what it has), unless the same
    were offered before (open, accepted, dismissed or undone: a dismissed one is not asked
    again). An open suggestion of the same source for the paper is replaced."""
    changes = {name: value for name, value in changes.items() if _value(paper, name) != value}
    if not changes:
        return None
    earlier = list(Suggestion.objects.filter(paper=paper, source=source))
    if any(suggestion.changes == changes for suggestion in earlier):
        return None
    open_one = next((s for s in earlier if s.status == SuggestionStatus.OPEN), None)
    if open_one is not None:
        open_one.summary, open_one.changes = summary[:500], changes
        open_one.save(update_fields=["summary", "changes"])
        return open_one
    return Suggestion.objects.create(
        paper=paper, summary=summary[:500], source=source, changes=changes
    )


def preprint_suggestions(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Offer the published version of every preprint on arXiv whose record names one (its
    DOI or journal reference). Returns how many suggestions were offered."""
    if papers is None:
        papers = Paper.objects.exclude(arxiv_id="").filter(
            Q(kind=PaperKind.PREPRINT) | Q(status=Status.PREPRINT)
        )
    papers = list(papers)
    if not papers:
        return 0
    entries = {entry.arxiv_id: entry for entry in arxiv.entries(http, [p.arxiv_id for p in papers])}
    index = venue_index()
    venues = {venue.pk: venue for venue in Venue.objects.all()}
    offered = 0
    for paper in papers:
        entry = entries.get(paper.arxiv_id)
        if entry is None or not (entry.doi or entry.journal_ref):
            continue
        changes = _published_version(http, entry, index, venues)
        venue = venues.get(changes.get("venue"))
        where = _where(venue, changes.get("container_title", ""), changes.get("year"))
        summary = f"{_short_title(paper.title)}: arXiv preprint → {where}"
        if suggestion_offer(paper=paper, summary=summary, source="arXiv", changes=changes):
            offered += 1
    return offered


def missing_field_suggestions(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Offer what Crossref has of the abstract, pages, volume and issue of papers with a DOI
    that lack them. A DOI Crossref does not know is passed over. Returns how many were offered."""
    if papers is None:
        papers = (
            Paper.objects.exclude(doi="")
            .exclude(kind=PaperKind.PATENT)
            .filter(Q(abstract="") | Q(pages="") | Q(volume=""))
        )
    offered = 0
    for paper in papers:
        try:
            work = crossref.work(http, paper.doi)
        except SourceError:
            continue
        found = {
            "abstract": work.abstract,
            "pages": work.pages,
            "volume": work.volume,
            "number": work.issue,
        }
        changes = {
            name: value for name, value in found.items() if value and not _value(paper, name)
        }
        if not changes:
            continue
        names = ", ".join(changes)
        summary = f"{_short_title(paper.title)}: {names} from Crossref"
        if suggestion_offer(paper=paper, summary=summary, source="Crossref", changes=changes):
            offered += 1
    return offered


def doi_suggestions(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Offer the DOI OpenAlex has for papers without a DOI or an arXiv id: the one work whose
    title is the paper's (letters and digits compared) of the paper's year. Returns how many
    were offered."""
    if papers is None:
        papers = (
            Paper.objects.filter(doi="", arxiv_id="")
            .exclude(kind__in=[PaperKind.PATENT, PaperKind.THESIS])
            .exclude(title="")
        )
    offered = 0
    for paper in papers:
        try:
            work = openalex.by_title(http, paper.title, paper.year)
        except SourceError:
            continue
        if work is None or not work.doi:
            continue
        summary = f"{_short_title(paper.title)}: DOI {work.doi} from OpenAlex"
        if suggestion_offer(
            paper=paper, summary=summary, source="OpenAlex", changes={"doi": work.doi}
        ):
            offered += 1
    return offered


def _published_version(http, entry, index, venues: dict[int, Venue]) -> dict[str, Any]:
    """The changes that make a preprint its published version, from Crossref's record of
    the DOI arXiv gives (or, without one, from the journal reference)."""
    changes: dict[str, Any] = {"status": Status.PUBLISHED}
    work = None
    if entry.doi:
        changes["doi"] = entry.doi
        try:
            work = crossref.work(http, entry.doi)
        except SourceError:
            work = None
    if work is not None and work.container:
        text, kind = work.container, CROSSREF_KINDS.get(work.kind, "")
        changes.update(year=work.year, volume=work.volume, number=work.issue, pages=work.pages)
    elif entry.journal_ref:
        ref = arxiv.read_journal_ref(entry.journal_ref)
        text, kind = ref.venue, ""
        changes.update(year=ref.year, volume=ref.volume, pages=ref.pages)
    else:
        return changes
    resolution = (
        index.resolve(booktitle=text)
        if kind == PaperKind.CONFERENCE
        else index.resolve(journal=text, doi=entry.doi)
    )
    if resolution.venue is not None:
        venue = venues[resolution.venue.key]
        changes["venue"] = venue.pk
        kind = kind or VENUE_KINDS.get(venue.kind, "")
    changes["container_title"] = text
    if kind and kind != PaperKind.PREPRINT:
        changes["kind"] = kind
    return {name: value for name, value in changes.items() if value not in (None, "")}


def _short_title(title: str) -> str:
    """What a paper is called for short: "Parcae" of "Parcae: Proactive, Liveput-…"."""
    head = re.split(r":\s", title, maxsplit=1)[0]
    return head if len(head) <= 60 else head[:57] + "…"


def _where(venue: Venue | None, text: str, year: int | None) -> str:
    """ "NSDI'24" for a conference, "TON 2024" for a journal, else the venue as printed."""
    label = (venue.abbreviation or venue.name) if venue is not None else text
    if year is None:
        return label
    if venue is not None and venue.kind in (VenueKind.CONFERENCE, VenueKind.WORKSHOP):
        return f"{label}'{year % 100:02d}"
    return f"{label} {year}"


# -- deciding ----------------------------------------------------------------------------------


@transaction.atomic
def suggestion_accept(*, suggestion: Suggestion, user) -> Paper:
    """Write the suggestion's changes on its paper, keeping the values they replace."""
    suggestion = Suggestion.objects.select_for_update().get(pk=suggestion.pk)
    if suggestion.status != SuggestionStatus.OPEN:
        raise SuggestionRefused(f"this suggestion is {suggestion.get_status_display().lower()}")
    paper = Paper.objects.select_for_update().get(pk=suggestion.paper_id)
    suggestion.previous = {name: _value(paper, name) for name in suggestion.changes}
    _write(paper, suggestion.changes, user, f"Accepted: {suggestion.summary}")
    _decide(suggestion, SuggestionStatus.ACCEPTED, user, ["previous"])
    return paper


@transaction.atomic
def suggestion_undo(*, suggestion: Suggestion, user) -> Paper:
    """Put back what an accepted suggestion replaced, unless the paper was changed since."""
    suggestion = Suggestion.objects.select_for_update().get(pk=suggestion.pk)
    if suggestion.status != SuggestionStatus.ACCEPTED:
        raise SuggestionRefused("only an accepted suggestion can be undone")
    paper = Paper.objects.select_for_update().get(pk=suggestion.paper_id)
    changed = [n for n, v in suggestion.changes.items() if _value(paper, n) != v]
    if changed:
        raise SuggestionRefused(
            "the paper was changed since (" + ", ".join(changed) + "); edit it by hand"
        )
    _write(paper, suggestion.previous, user, f"Undone: {suggestion.summary}")
    _decide(suggestion, SuggestionStatus.UNDONE, user)
    return paper


@transaction.atomic
def suggestion_dismiss(*, suggestion: Suggestion, user) -> None:
    """Decline the suggestion: the paper stays as it is, and it is not offered again."""
    suggestion = Suggestion.objects.select_for_update().get(pk=suggestion.pk)
    if suggestion.status != SuggestionStatus.OPEN:
        raise SuggestionRefused(f"this suggestion is {suggestion.get_status_display().lower()}")
    _decide(suggestion, SuggestionStatus.DISMISSED, user)


def _decide(suggestion: Suggestion, status: str, user, fields: list[str] | None = None) -> None:
    suggestion.status, suggestion.decided, suggestion.decided_by = status, timezone.now(), user
    suggestion.save(update_fields=["status", "decided", "decided_by", *(fields or [])])


def _write(paper: Paper, values: dict[str, Any], user, reason: str) -> None:
    for name, value in values.items():
        setattr(paper, "venue_id" if name == "venue" else name, value)
    try:
        paper.full_clean(validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        raise SuggestionRefused("; ".join(exc.messages)) from exc
    paper._history_user = user
    paper._change_reason = reason[:100]
    paper.save()
    search_text_refresh([paper.pk])


def _value(paper: Paper, name: str) -> Any:
    value = paper.venue_id if name == "venue" else getattr(paper, name)
    return value.isoformat() if isinstance(value, datetime) else value
