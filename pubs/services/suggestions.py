"""Suggestions: what the sources say a paper lacks or has become, for someone to accept.

The checks (run by pubs.jobs.refresh) only offer suggestions: a preprint (a paper not
published yet as pubs.bibtex.versions says: a preprint by its kind, status or venue, or a
submission) whose arXiv record
names its published version (the DOI, then Crossref's record of it, or the journal
reference), whose Crossref relations name it (the preprint's record says ``is-preprint-of``,
or a published work's says ``has-preprint`` of its arXiv id), or whose author's DBLP profile
lists it at a venue (same title, an author of the same family name); a paper with a DOI
whose Crossref record has the abstract, pages, volume or issue it lacks, a paper without a
DOI whose title OpenAlex knows with one. Accepting one writes its
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
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from people.models import Person
from pubs.bibtex.paper_match import family_key, title_key
from pubs.bibtex.versions import (
    PREPRINT_KINDS,
    PREPRINT_VENUE_KINDS,
    UNPUBLISHED_STATUSES,
    version_of,
)
from pubs.models import Paper, PaperKind, Status, Suggestion, SuggestionStatus, Venue, VenueKind
from pubs.search import search_text_refresh
from pubs.services.papers import venue_index
from pubs.sources import arxiv, crossref, dblp, openalex
from pubs.sources.http import HttpClient, NotFound, SourceError
from pubs.venues.resolution import VenueIndex

#: The fields of a paper a suggestion may change.
FIELDS = (
    "doi", "arxiv_id", "kind", "status", "venue", "year", "volume", "number", "pages",
    "container_title", "abstract",
)  # fmt: skip

#: Crossref's types of work, as the kinds of paper.
CROSSREF_KINDS = {
    "journal-article": PaperKind.JOURNAL,
    "proceedings-article": PaperKind.CONFERENCE,
    "book-chapter": PaperKind.BOOK,
    "posted-content": PaperKind.PREPRINT,
}

#: arXiv's DOIs: "10.48550/arxiv." and the arXiv id.
ARXIV_DOI = "10.48550/arxiv."

#: DBLP's kinds of record, as the kinds of paper.
DBLP_KINDS = {
    "article": PaperKind.JOURNAL,
    "inproceedings": PaperKind.CONFERENCE,
    "incollection": PaperKind.BOOK,
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
    were offered before by any source (open, accepted, dismissed or undone: what someone
    dismissed or undid is not asked again). An open suggestion of the same source for the
    paper is replaced."""
    changes = {name: value for name, value in changes.items() if _value(paper, name) != value}
    if not changes:
        return None
    earlier = list(Suggestion.objects.filter(paper=paper))
    if any(suggestion.changes == changes for suggestion in earlier):
        return None
    open_one = next(
        (s for s in earlier if s.status == SuggestionStatus.OPEN and s.source == source), None
    )
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
        papers = preprints().exclude(arxiv_id="")
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
        summary = _published_summary(paper, changes, venues)
        if suggestion_offer(paper=paper, summary=summary, source="arXiv", changes=changes):
            offered += 1
    return offered


def crossref_preprint_suggestions(
    *, http: HttpClient, papers: Iterable[Paper] | None = None
) -> int:
    """Offer the published version Crossref's relations name, for preprints not offered one
    yet: a preprint with a DOI of its own (a preprint server's) whose record names the work it
    is the preprint of (``is-preprint-of``), or an arXiv preprint that a published work's
    record names as its preprint (``has-preprint``). A DOI Crossref does not know is passed
    over. Returns how many suggestions were offered."""
    if papers is None:
        papers = preprints(unoffered=True).filter(~Q(doi="") | ~Q(arxiv_id=""))
    papers = list(papers)
    if not papers:
        return 0
    index, venues = venue_index(), {venue.pk: venue for venue in Venue.objects.all()}
    offered = 0
    for paper in papers:
        work = _published_work(http, paper)
        if work is None:
            continue
        changes = {"status": Status.PUBLISHED, "doi": work.doi}
        changes.update(_work_changes(work, index, venues))
        summary = _published_summary(paper, changes, venues)
        if suggestion_offer(paper=paper, summary=summary, source="Crossref", changes=changes):
            offered += 1
    return offered


def dblp_preprint_suggestions(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Offer the published version DBLP lists, for preprints not offered one yet: in the
    DBLP profile (its XML) of an author whose profile the site knows, a record of the
    preprint's title (letters and digits compared) by an author of the same family name, at
    a venue (not an informal record such as CoRR's). The venue is the one the record's DBLP
    key names in the catalogue, and none when the catalogue does not have that key. Returns
    how many suggestions were offered."""
    if papers is None:
        papers = preprints(unoffered=True)
    papers = {paper.pk: paper for paper in papers}
    if not papers:
        return 0
    families = _author_families(papers)
    people = (
        Person.objects.exclude(dblp="")
        .filter(authorships__paper__in=list(papers))
        .prefetch_related("authorships")
        .distinct()
        .order_by("pk")
    )
    index, venues = venue_index(), {venue.pk: venue for venue in Venue.objects.all()}
    offered = 0
    for person in people:
        pid = dblp.person_pid(person.dblp)
        if not pid:
            continue
        try:
            records = dblp.person_xml(http, pid).records
        except NotFound:
            continue
        published = {
            title_key(record.title): record
            for record in reversed(records)  # the oldest record of a title is the one kept
            if record.kind in DBLP_KINDS and not record.informal and record.venue_key
            and record.venue_key != "journals/corr"
        }  # fmt: skip
        for paper_id in sorted({a.paper_id for a in person.authorships.all()}):
            paper = papers.get(paper_id)
            record = published.get(title_key(paper.title)) if paper is not None else None
            if record is None or not families[paper_id] & _families(record):
                continue
            del papers[paper_id]  # found: the paper's other authors are not asked about it
            changes = _record_changes(record, index, venues)
            summary = _published_summary(paper, changes, venues)
            if suggestion_offer(paper=paper, summary=summary, source="DBLP", changes=changes):
                offered += 1
    return offered


def preprints(*, unoffered: bool = False) -> QuerySet[Paper]:
    """The papers not published yet (a preprint or a submission: those whose
    :func:`~pubs.bibtex.versions.version_of` ``is_preprint``); ``unoffered``: those not
    offered a published version yet (one waiting, dismissed or undone), which the checks
    after arXiv's look at."""
    found = Paper.objects.filter(
        Q(kind__in=PREPRINT_KINDS)
        | Q(status__in=UNPUBLISHED_STATUSES)
        | Q(venue__kind__in=PREPRINT_VENUE_KINDS)
    )
    if unoffered:
        offers = Suggestion.objects.filter(
            paper=OuterRef("pk"),
            status__in=[
                SuggestionStatus.OPEN,
                SuggestionStatus.DISMISSED,
                SuggestionStatus.UNDONE,
            ],
            changes__has_key="status",
        )
        found = found.exclude(Exists(offers))
    return found.order_by("pk")


def missing_field_suggestions(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Offer what Crossref has of the abstract, pages, volume and issue of papers with a DOI
    that lack them, and the arXiv id of the preprint the publisher names (``has-preprint``).
    A DOI Crossref does not know is passed over. Returns how many were offered."""
    if papers is None:
        papers = (
            Paper.objects.exclude(doi="")
            .exclude(kind=PaperKind.PATENT)
            .filter(Q(abstract="") | Q(pages="") | Q(volume="") | Q(arxiv_id=""))
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
            "arxiv_id": _arxiv_preprint(work),
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
        changes.update(_work_changes(work, index, venues))
    elif entry.journal_ref:
        ref = arxiv.read_journal_ref(entry.journal_ref)
        changes.update(year=ref.year, volume=ref.volume, pages=ref.pages)
        changes.update(_venue_changes(ref.venue, "", entry.doi, index, venues))
    return {name: value for name, value in changes.items() if value not in (None, "")}


def _work_changes(work: crossref.CrossrefWork, index, venues: dict[int, Venue]) -> dict[str, Any]:
    """A published work's year, volume, issue, pages and venue, as a paper's fields."""
    changes = {
        "year": work.year,
        "volume": work.volume,
        "number": work.issue,
        "pages": work.pages,
        **_venue_changes(
            work.container, CROSSREF_KINDS.get(work.kind, ""), work.doi, index, venues
        ),
    }
    return {name: value for name, value in changes.items() if value not in (None, "")}


def _published_work(http: HttpClient, paper: Paper) -> crossref.CrossrefWork | None:
    """The published version Crossref names for a preprint: by the ``is-preprint-of`` of its
    own DOI's record (a preprint server's DOI), else by the ``has-preprint`` of a published
    work naming its arXiv id."""
    works: list[crossref.CrossrefWork] = []
    if paper.doi and not paper.doi.startswith(ARXIV_DOI):
        try:
            preprint_of = crossref.work(http, paper.doi).preprint_of
            works = [crossref.work(http, doi) for doi in preprint_of[:1]]
        except NotFound:  # a DOI of another agency's (DataCite's), or withdrawn
            works = []
    if not any(map(_is_published, works)) and paper.arxiv_id:
        works = crossref.works_with_preprint(http, paper.arxiv_id)
    return next(filter(_is_published, works), None)


def _arxiv_preprint(work: crossref.CrossrefWork) -> str:
    """The arXiv id of the preprint a work's record names (``has-preprint``), if any."""
    arxiv = (doi.removeprefix(ARXIV_DOI) for doi in work.has_preprint if doi.startswith(ARXIV_DOI))
    return next(arxiv, "")


def _is_published(work: crossref.CrossrefWork) -> bool:
    """Whether a work is a published version: an article, a paper or a chapter in a named
    journal, proceedings or book (not another preprint)."""
    kind = CROSSREF_KINDS.get(work.kind)
    return bool(work.container) and kind is not None and not version_of(kind).is_preprint


def _venue_changes(
    text: str, kind: str, doi: str, index: VenueIndex, venues: dict[int, Venue]
) -> dict[str, Any]:
    """The venue a printed name resolves to, the name as printed, and the kind of paper."""
    resolution = (
        index.resolve(booktitle=text)
        if kind == PaperKind.CONFERENCE
        else index.resolve(journal=text, doi=doi)
    )
    changes: dict[str, Any] = {"container_title": text}
    if resolution.venue is not None:
        venue = venues[resolution.venue.key]
        changes["venue"] = venue.pk
        kind = kind or VENUE_KINDS.get(venue.kind, "")
    if kind and not version_of(kind).is_preprint:
        changes["kind"] = kind
    return changes


def _record_changes(
    record: dblp.DblpRecord, index: VenueIndex, venues: dict[int, Venue]
) -> dict[str, Any]:
    """A DBLP record as a paper's published version: the venue its DBLP key names in the
    catalogue (and none by name: a key the catalogue does not have stays unresolved)."""
    changes: dict[str, Any] = {
        "status": Status.PUBLISHED,
        "doi": record.doi,
        "year": record.year,
        "volume": record.volume,
        "number": record.number,
        "pages": record.pages,
        "container_title": record.venue,
        "kind": DBLP_KINDS[record.kind],
    }
    found = {venue.key for venue in index.by_dblp.get(record.venue_key, ())}
    if len(found) == 1:
        venue = venues[found.pop()]
        changes["venue"] = venue.pk
        changes["kind"] = VENUE_KINDS.get(venue.kind, changes["kind"])
    return {name: value for name, value in changes.items() if value not in (None, "")}


def _published_summary(paper: Paper, changes: dict[str, Any], venues: dict[int, Venue]) -> str:
    """ "Parcae: arXiv preprint → NSDI'24" (or "preprint →" for a preprint not on arXiv)."""
    where = _where(
        venues.get(changes.get("venue")), changes.get("container_title", ""), changes.get("year")
    )
    preprint = "arXiv preprint" if paper.arxiv_id else "preprint"
    return f"{_short_title(paper.title)}: {preprint} → {where}"


def _families(record: dblp.DblpRecord) -> set[str]:
    return {family_key(author.family) for author in record.authors}


def _author_families(papers: dict[int, Paper]) -> dict[int, set[str]]:
    """The family names of each paper's authors (as titles are compared), in one query."""
    families: dict[int, set[str]] = {pk: set() for pk in papers}
    rows = Person.objects.filter(authorships__paper__in=list(papers)).values_list(
        "authorships__paper", "family_name"
    )
    for paper_id, family in rows:
        families[paper_id].add(family_key(family))
    return families


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
    done = "Accepted" if user is not None else "Applied automatically"  # pubs.services.auto_apply
    _write(paper, suggestion.changes, user, f"{done}: {suggestion.summary}")
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
    for name in ("doi", "arxiv_id"):  # they tell papers apart: two papers never share one
        other = values.get(name) and (
            Paper.objects.exclude(pk=paper.pk).filter(**{f"{name}__iexact": values[name]}).first()
        )
        if other:
            message = _("another paper has %(identifier)s: “%(title)s”; merge the two papers")
            raise SuggestionRefused(message % {"identifier": values[name], "title": other.title})
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
