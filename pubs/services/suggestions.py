"""Suggestions: what the sources say a paper lacks or has become, for someone to accept.

The checks (run by pubs.jobs.refresh) only offer suggestions: a preprint (a paper not
published yet as pubs.bibtex.versions says: a preprint by its kind, status or venue, or a
submission) whose arXiv record
names its published version (the DOI, then Crossref's record of it, or the journal
reference), whose Crossref relations name it (the preprint's record says ``is-preprint-of``,
or a published work's says ``has-preprint`` of its arXiv id), or whose author's DBLP profile
lists it at a venue (same title, an author of the same family name) or whose author's ORCID
record lists it as published (same title); a paper with a DOI
whose Crossref record has the abstract, pages, volume or issue it lacks, a paper without a
DOI whose title OpenAlex knows with one. Accepting one writes its
changes on the paper (with the user in the paper's history) and keeps the values it replaced;
undoing it puts them back, unless the paper was changed since.

A published version is offered whole (:data:`VERSION_FIELDS`: kind, venue, status, year,
month, volume, number, pages), so that accepting it makes the preprint that version and
undoing it makes it the preprint again; its arXiv id stays (one work). A record of another
version than the paper (another year, kind or form) never fills the paper's fields.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from people.models import Person
from pubs.bibtex.paper_records import family_key, title_key
from pubs.bibtex.versions import (
    PREPRINT_KINDS,
    PREPRINT_VENUE_KINDS,
    UNPUBLISHED_STATUSES,
    version_of,
)
from pubs.kinds import BIBTEX_KINDS, BY_NAME, CROSSREF_KINDS
from pubs.models import Paper, PaperKind, Status, Suggestion, SuggestionStatus, Venue, VenueKind
from pubs.search import search_text_refresh
from pubs.services.papers import venue_index
from pubs.services.versions import paper_versions_refold
from pubs.services.work_counts import counted_write, work_counts_refresh
from pubs.sources import arxiv, crossref, dblp, openalex, orcid
from pubs.sources.http import HttpClient, NotFound, SourceError
from pubs.venues.resolution import VenueIndex, names_an_event

#: The fields of a paper a suggestion may change.
FIELDS = (
    "doi", "arxiv_id", "kind", "status", "venue", "year", "month", "volume", "number", "pages",
    "container_title", "abstract",
)  # fmt: skip

#: The fields that say which version of its work a paper is. A published version is offered
#: with every one of them (those its record lacks empty: the preprint's month, volume or
#: venue are not the published version's), so that accepting it makes the paper that version
#: whole; the year alone is kept when the record has none.
VERSION_FIELDS = (
    "kind", "status", "venue", "container_title", "year", "month", "volume", "number", "pages",
)  # fmt: skip

#: arXiv's DOIs: "10.48550/arxiv." and the arXiv id.
ARXIV_DOI = "10.48550/arxiv."

#: DBLP's kinds of record that are a published version, as the kinds of paper (its XML's
#: elements are BibTeX's entry types).
DBLP_KINDS = {
    element: BIBTEX_KINDS[element] for element in ("article", "inproceedings", "incollection")
}

#: The kinds of venue, as the kinds of paper published there.
VENUE_KINDS = {
    VenueKind.JOURNAL: PaperKind.JOURNAL,
    VenueKind.CONFERENCE: PaperKind.CONFERENCE,
    VenueKind.WORKSHOP: PaperKind.CONFERENCE,
}


class SuggestionRefused(Exception):
    """The suggestion cannot be accepted or undone now; the message says why."""


@dataclass(frozen=True)
class PublishedVersion:
    """A work's published version as a source records it: the kind of paper the record says
    ("" when it says none), the journal, proceedings or book as printed, and its numbers.
    ``venue`` is the venue the record names by key (DBLP's); ``by_name``: whether the printed
    name may be resolved when it names none."""

    doi: str
    kind: str
    container: str
    year: int | None = None
    month: int | None = None
    volume: str = ""
    number: str = ""
    pages: str = ""
    venue: Venue | None = None
    by_name: bool = True


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
    index, venues = _venues()
    offered = 0
    for paper in papers:
        entry = entries.get(paper.arxiv_id)
        if entry is None or not (entry.doi or entry.journal_ref):
            continue
        changes = _published_version(http, entry, index, venues)
        if not changes:
            continue
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
    index, venues = _venues()
    offered = 0
    for paper in papers:
        work = _published_work(http, paper)
        if work is None:
            continue
        changes = _version_changes(_work_version(work), index, venues)
        summary = _published_summary(paper, changes, venues)
        if suggestion_offer(paper=paper, summary=summary, source="Crossref", changes=changes):
            offered += 1
    return offered


def _authors_known_by(identifier: str, papers: dict[int, Paper]) -> QuerySet[Person]:
    """The authors of ``papers`` of whom the site knows ``identifier`` (their DBLP profile,
    their ORCID iD), each with their authorships, in a stable order."""
    return (
        Person.objects.exclude(**{identifier: ""})
        .filter(authorships__paper__in=list(papers))
        .prefetch_related("authorships")
        .distinct()
        .order_by("pk")
    )


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
    people = _authors_known_by("dblp", papers)
    index, venues = _venues()
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


#: ORCID's works (rows of pubs.kinds, pubs.sources.orcid.KINDS) that are a published version.
ORCID_PUBLISHED_ROWS = frozenset({"journal", "conference", "chapter"})


def orcid_preprint_suggestions(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Offer the published version ORCID lists, for preprints not offered one yet: in the
    ORCID record (its works' summaries) of an author whose iD the site knows, a work of the
    preprint's title (letters and digits compared) that is a journal article, conference
    paper or chapter, not one on arXiv alone. The record is the author's own, so no name is
    compared; the venue is resolved from the journal's name. Returns how many suggestions
    were offered."""
    if papers is None:
        papers = preprints(unoffered=True)
    papers = {paper.pk: paper for paper in papers}
    if not papers:
        return 0
    people = _authors_known_by("orcid", papers)
    index, venues = _venues()
    offered = 0
    for person in people:
        try:
            works = orcid.person_summaries(http, person.orcid)
        except NotFound:
            continue
        published = {
            title_key(work.title): work
            for work in reversed(works)  # of one title, the first listed is kept
            if work.kind in ORCID_PUBLISHED_ROWS and not work.doi.startswith(ARXIV_DOI)
        }
        for paper_id in sorted({a.paper_id for a in person.authorships.all()}):
            paper = papers.get(paper_id)
            work = published.get(title_key(paper.title)) if paper is not None else None
            if work is None:
                continue
            del papers[paper_id]  # found: the paper's other authors are not asked about it
            version = PublishedVersion(
                doi=work.doi,
                kind=BY_NAME[work.kind].stored,
                container=work.container,
                year=work.year,
                month=work.month,
                pages=work.pages,
            )
            changes = _version_changes(version, index, venues)
            summary = _published_summary(paper, changes, venues)
            if suggestion_offer(paper=paper, summary=summary, source="ORCID", changes=changes):
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
    A DOI Crossref does not know is passed over. A record of another version than the paper
    (:func:`is_other_version`) fills nothing: a preprint holding its published version's DOI
    is offered that version whole, any other paper nothing. Returns how many were offered."""
    if papers is None:
        papers = (
            Paper.objects.exclude(doi="")
            .exclude(kind=PaperKind.PATENT)
            .filter(Q(abstract="") | Q(pages="") | Q(volume="") | Q(arxiv_id=""))
            .select_related("venue")
        )
    index = venues = None
    offered = 0
    for paper in papers:
        try:
            work = crossref.work(http, paper.doi)
        except SourceError:
            continue
        version = _work_version(work)
        if is_other_version(paper, version):
            if not (_is_preprint(paper) and _is_published(work)):
                continue
            if index is None:
                index, venues = _venues()
            if _offer_published(paper, version, "Crossref", index, venues):
                offered += 1
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
    title is the paper's (letters and digits compared) of the paper's year. A work of another
    version than the paper (:func:`is_other_version`: a journal article for a preprint or a
    conference paper) is not offered as the paper's DOI: a preprint is offered that published
    version whole, any other paper nothing. Returns how many were offered."""
    if papers is None:
        papers = (
            Paper.objects.filter(doi="", arxiv_id="")
            .exclude(kind__in=[PaperKind.PATENT, PaperKind.THESIS])
            .exclude(title="")
            .select_related("venue")
        )
    index = venues = None
    offered = 0
    for paper in papers:
        try:
            work = openalex.by_title(http, paper.title, paper.year)
        except SourceError:
            continue
        if work is None or not work.doi:
            continue
        version = _work_version(work)
        if is_other_version(paper, version):
            published = (
                version.kind and version.container and not version_of(version.kind).is_preprint
            )
            if not (_is_preprint(paper) and published):
                continue  # another version's DOI: not this paper's
            if index is None:
                index, venues = _venues()
            if _offer_published(paper, version, "OpenAlex", index, venues):
                offered += 1
            continue
        summary = f"{_short_title(paper.title)}: DOI {work.doi} from OpenAlex"
        if suggestion_offer(
            paper=paper, summary=summary, source="OpenAlex", changes={"doi": work.doi}
        ):
            offered += 1
    return offered


def _venues() -> tuple[VenueIndex, dict[int, Venue]]:
    """The venue index a published version's venue is resolved with, and the venues by id
    its summary names them from."""
    return venue_index(), {venue.pk: venue for venue in Venue.objects.all()}


def _published_version(http, entry, index, venues: dict[int, Venue]) -> dict[str, Any]:
    """The changes that make a preprint its published version, from Crossref's record of
    the DOI arXiv gives (or, without one, from the journal reference); none when neither
    tells the version (a DOI Crossref does not know, without a journal reference)."""
    work = None
    if entry.doi:
        try:
            work = crossref.work(http, entry.doi)
        except SourceError:
            work = None
    if work is not None and _is_published(work):
        return _version_changes(_work_version(work), index, venues)
    if not entry.journal_ref:
        return {}
    ref = arxiv.read_journal_ref(entry.journal_ref)
    version = PublishedVersion(
        doi=entry.doi,
        kind="",
        container=ref.venue,
        year=ref.year,
        volume=ref.volume,
        number=ref.number,
        pages=ref.pages,
    )
    return _version_changes(version, index, venues)


def _work_version(work: crossref.CrossrefWork | openalex.OpenAlexWork) -> PublishedVersion:
    """A work of Crossref's works API, or one OpenAlex knows, as a published version (both
    give Crossref's types of work)."""
    return PublishedVersion(
        doi=work.doi,
        kind=CROSSREF_KINDS.get(work.kind, ""),
        container=work.container,
        year=work.year,
        month=work.month,
        volume=work.volume,
        number=work.issue,
        pages=work.pages,
    )


def _version_changes(
    version: PublishedVersion, index: VenueIndex, venues: dict[int, Venue]
) -> dict[str, Any]:
    """A published version as a paper's fields, whole (:data:`VERSION_FIELDS`): the venue
    its printed name resolves to, or none with the name kept as printed for the venue picker;
    the kind the record says, else its venue's, else the one its name says (a meeting's
    proceedings, or a journal)."""
    venue = version.venue
    if venue is None and version.by_name and version.container:
        kind = version.kind
        resolution = (
            index.resolve(booktitle=version.container)
            if kind == PaperKind.CONFERENCE
            else index.resolve(journal=version.container, doi=version.doi)
        )
        venue = venues[resolution.venue.key] if resolution.venue is not None else None
    kind = version.kind or (VENUE_KINDS.get(venue.kind, "") if venue is not None else "")
    if not kind:
        kind = PaperKind.CONFERENCE if names_an_event(version.container) else PaperKind.JOURNAL
    changes: dict[str, Any] = {
        "status": Status.PUBLISHED,
        "kind": kind,
        "venue": venue.pk if venue is not None else None,
        "container_title": version.container,
        "month": version.month,
        "volume": version.volume,
        "number": version.number,
        "pages": version.pages,
    }
    if version.year is not None:
        changes["year"] = version.year
    if version.doi:
        changes["doi"] = version.doi
    return changes


def is_other_version(paper: Paper, version: PublishedVersion) -> bool:
    """Whether a source's record is of another version of the work than ``paper``: of another
    year, or (when the record says its kind) of another kind or form
    (:func:`~pubs.bibtex.versions.version_of`): a journal article is not a preprint's nor a
    conference paper's record, a conference's full paper not its demo's; a published record
    is not a submission's, which it may have become."""
    if version.year is not None and paper.year is not None and version.year != paper.year:
        return True
    if not version.kind:
        return False
    ours = _version_of_paper(paper)
    theirs = version_of(version.kind, Status.PUBLISHED, version.container)
    return version.kind != paper.kind or ours.form != theirs.form or ours.is_preprint


def _version_of_paper(paper: Paper):
    venue = paper.venue
    container = paper.container_title or (venue.name if venue is not None else "")
    return version_of(paper.kind, paper.status, container, venue.kind if venue else "")


def _is_preprint(paper: Paper) -> bool:
    return _version_of_paper(paper).is_preprint


def _offer_published(
    paper: Paper,
    version: PublishedVersion,
    source: str,
    index: VenueIndex,
    venues: dict[int, Venue],
) -> Suggestion | None:
    """Offer ``paper`` (a preprint) its published version, whole."""
    changes = _version_changes(version, index, venues)
    summary = _published_summary(paper, changes, venues)
    return suggestion_offer(paper=paper, summary=summary, source=source, changes=changes)


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


def _record_changes(
    record: dblp.DblpRecord, index: VenueIndex, venues: dict[int, Venue]
) -> dict[str, Any]:
    """A DBLP record as a paper's published version: the venue its DBLP key names in the
    catalogue, whose kind is the paper's (and none by name: a key the catalogue does not
    have stays unresolved)."""
    found = {venue.key for venue in index.by_dblp.get(record.venue_key, ())}
    venue = venues[found.pop()] if len(found) == 1 else None
    kind = DBLP_KINDS[record.kind]
    if venue is not None:
        kind = VENUE_KINDS.get(venue.kind, kind)
    version = PublishedVersion(
        doi=record.doi,
        kind=kind,
        container=record.venue,
        year=record.year,
        volume=record.volume,
        number=record.number,
        pages=record.pages,
        venue=venue,
        by_name=False,
    )
    return _version_changes(version, index, venues)


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
    return f"{label} {year}".strip()  # a record naming no venue: the year alone


# -- deciding ----------------------------------------------------------------------------------


@transaction.atomic
@counted_write()
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
    _papers_changed(paper_ids=[paper.pk])
    return paper


@transaction.atomic
@counted_write()
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
    _papers_changed(paper_ids=[paper.pk])
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


def _papers_changed(*, paper_ids: list[int]) -> None:
    """What follows a suggestion accepted or undone, in its transaction: the papers' search
    text, written again from their new fields, and the version that stands for their work
    (a preprint made its published version may now stand for it)."""
    search_text_refresh(paper_ids)
    paper_versions_refold(paper_ids=paper_ids)
    work_counts_refresh(papers=paper_ids)


def _value(paper: Paper, name: str) -> Any:
    value = paper.venue_id if name == "venue" else getattr(paper, name)
    return value.isoformat() if isinstance(value, datetime) else value
