"""The import plan: what importing a file would do, entry by entry, before anything is written.

Pure Python. It takes Records (pubs.bibtex.normalize), the people, papers and venues already
there (as the plain indexes of people_match, paper_match and venue_resolution) and the
user's decisions, and says for each entry: create, duplicate of a paper (and which fields it
would fill in), or invalid; for each author: the person and why, or ambiguous, or a
suggestion, or a new person; for each venue: the venue and why, or unresolved.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass, field, replace
from operator import attrgetter
from typing import Any, Literal

from pubs.bibtex.completion import EntryAuthor, StoredAuthor, complete
from pubs.bibtex.names import Author
from pubs.bibtex.normalize import Record
from pubs.bibtex.paper_match import (
    AuthorNames,
    PaperIndex,
    PaperMatch,
    PaperRecord,
    family_key,
    title_key,
)
from pubs.bibtex.parse import ParsedFile, Problem, TimeBudget, check_time
from pubs.bibtex.people_match import PeopleIndex, PersonMatch, PersonRecord, fold
from pubs.bibtex.versions import (
    PUBLISHED_KINDS,
    STAGE_ORDER,
    UNPUBLISHED_STATUSES,
    Version,
    is_minor_version,
    version_of,
)
from pubs.venues.resolution import (
    Resolution,
    VenueIndex,
    entry_dblp_key,
    names_a_meeting,
    names_an_event,
    new_venue_key,
    venue_name,
)

#: Paper fields an import fills in on a paper already there, when they are empty there.
FILLABLE = (
    "doi", "arxiv_id", "url", "abstract", "volume", "number", "pages", "publisher", "address",
    "editor", "series", "institution", "month", "container_title", "venue",
)  # fmt: skip
#: Fields a published version overwrites on its preprint.
PROMOTED = ("kind", "status", "year", "venue", "container_title")
#: The fields that say where a paper appeared.
WHERE = ("venue", "container_title")
#: The statuses of a paper not published yet (pubs.bibtex.versions): an entry of one is
#: compared as a preprint is, and an entry of a published or accepted version promotes it.
UNPUBLISHED = UNPUBLISHED_STATUSES
VENUE_KINDS = {
    "conference": "conference",
    "workshop": "conference",
    "journal": "journal",
    "preprint_server": "preprint",
}

NEW = "new"


@dataclass
class Decisions:
    """What the user chose where the plan cannot decide alone."""

    #: "<entry key>#<position>" or a printed name -> a person id, or NEW.
    people: dict[str, Hashable] = field(default_factory=dict)
    #: a venue as printed -> a venue id, NEW (create it) or "" (leave the paper without).
    venues: dict[str, Hashable] = field(default_factory=dict)
    #: "<entry key>" -> True to overwrite fields that differ on the paper already there.
    overwrite: dict[str, bool] = field(default_factory=dict)
    skip_invalid: bool = False
    allow_ambiguous: bool = False
    create_venues: bool = False
    overwrite_all: bool = False

    def creating_no_venue(self) -> Decisions:
        """These decisions, with no venue created: a member's import of their own papers
        leaves each paper's printed venue as it is."""
        venues = {text: choice for text, choice in self.venues.items() if choice != NEW}
        return replace(self, venues=venues, create_venues=False)

    def person_for(self, entry_key: str, position: int, author: Author) -> Hashable | None:
        if not self.people:
            return None
        for key in (f"{entry_key}#{position}", author.printed, author.full):
            if key in self.people:
                return self.people[key]
        return None


@dataclass(slots=True)
class NewPerson:
    """A person the import would create."""

    key: str
    given: str
    family: str
    native: str = ""
    printed: set[str] = field(default_factory=set)
    flagged: bool = False  # created for an ambiguous name, to be reviewed

    @property
    def name(self) -> str:
        return f"{self.given} {self.family}".strip() or self.native


@dataclass(slots=True)
class AuthorPlan:
    position: int
    author: Author
    match: PersonMatch
    person: Hashable | None = None  # an existing person's id, or a NewPerson key
    decided: bool = False  # chosen by the user
    note: str = ""  # kept on the authorship when the link needs review

    @property
    def status(self) -> str:
        if self.decided:
            return "chosen"
        return self.match.kind

    @property
    def is_new(self) -> bool:
        return isinstance(self.person, str) and self.person.startswith("new:")


@dataclass(frozen=True, slots=True)
class NewVenue:
    """The venue the import creates for a printed venue: a paper's venue until it has an id."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(slots=True)
class VenuePlan:
    text: str
    resolution: Resolution | None = None
    venue: Hashable | None = None
    create: bool = False
    decided: bool = False

    @property
    def resolved(self) -> bool:
        return self.venue is not None or self.create


@dataclass(slots=True)
class EntryPlan:
    record: Record
    action: Literal["create", "duplicate", "invalid", "skipped"] = "create"
    duplicate: PaperMatch | None = None
    same_as_entry: str = ""
    authors: list[AuthorPlan] = field(default_factory=list)
    venue: VenuePlan | None = None
    kind: str = ""
    fill: dict[str, Any] = field(default_factory=dict)
    conflicts: dict[str, tuple[Any, Any]] = field(default_factory=dict)
    promote: bool = False
    #: A new paper's fields as the other entries of the same paper give them.
    merged: dict[str, Any] = field(default_factory=dict)
    #: The identifiers it gives that its new paper does not take: another paper's already.
    withheld: list[str] = field(default_factory=list)
    #: The papers it links its paper to as other versions (pubs.bibtex.paper_match).
    versions: list[PaperRecord] = field(default_factory=list)
    #: The authors it adds to the shortened author list of its paper, at their places...
    added_authors: list[AuthorPlan] = field(default_factory=list)
    #: ... and the new places of the authorships already there (authorship id -> position).
    moved_authors: dict[Hashable, int] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return self.record.key

    @property
    def updates(self) -> bool:
        """Whether it changes a paper already there."""
        return (
            self.action == "duplicate"
            and not self.same_as_entry
            and bool(self.fill or self.promote or self.added_authors)
        )

    @property
    def writes_venue(self) -> bool:
        """Whether its paper takes its venue: a new paper, or a preprint's published version."""
        return self.action == "create" or self.promote

    @property
    def paper_venue(self) -> Hashable | None:
        """The venue of the paper a new entry creates: an id, a NewVenue, or None."""
        if "venue" in self.merged:
            return self.merged["venue"]
        return _venue_value(self.venue)

    def values(self) -> dict[str, Any]:
        """The fields of the paper a new entry creates."""
        return {**_paper_values(self), **dict.fromkeys(self.withheld, ""), **self.merged}


@dataclass
class ImportPlan:
    entries: list[EntryPlan]
    problems: list[Problem]
    new_people: dict[str, NewPerson]
    containers: list[str]
    decisions: Decisions
    #: The authors of the entries whose paper would be stored with other authors than their
    #: names say (one human listed under two names, who is stored once; a list completed by
    #: a later entry), as papers are compared: what planning the file again compares them by.
    counted: dict[str, AuthorNames] = field(default_factory=dict)

    @property
    def errors(self) -> list[Problem]:
        found = [p for p in self.problems if p.severity == "error"]
        return found + [p for e in self.entries for p in e.record.errors]

    @property
    def warnings(self) -> list[Problem]:
        found = [p for p in self.problems if p.severity == "warning"]
        return found + [
            p for e in self.entries for p in e.record.problems if p.severity == "warning"
        ]

    @property
    def to_create(self) -> list[EntryPlan]:
        return [e for e in self.entries if e.action == "create"]

    @property
    def ambiguous(self) -> list[tuple[EntryPlan, AuthorPlan]]:
        """Authors of new papers whose person is undecided (a paper already there keeps its
        authors, so its names need no choice)."""
        return [(e, a) for e in self.to_create for a in e.authors if a.person is None]

    @property
    def suggested(self) -> list[tuple[EntryPlan, AuthorPlan]]:
        return [
            (e, a)
            for e in self.to_create
            for a in e.authors
            if a.match.kind == "suggestion" and not a.decided
        ]

    @property
    def unresolved_venues(self) -> dict[str, list[str]]:
        """The venues not found that papers would take, by text: the entries naming each."""
        found: dict[str, list[str]] = {}
        for entry in self.entries:
            if entry.writes_venue and entry.venue and not entry.venue.resolved:
                found.setdefault(entry.venue.text, []).append(entry.key)
        return found

    @property
    def to_write(self) -> list[EntryPlan]:
        return [e for e in self.entries if e.action not in ("invalid", "skipped")]

    @property
    def blockers(self) -> list[str]:
        """Why the plan cannot be applied as it stands (empty when it can)."""
        reasons = []
        if self.errors and not self.decisions.skip_invalid:
            reasons.append(f"{len(self.errors)} error(s) in the input")
        if self.ambiguous:
            names = sorted({a.author.printed for _, a in self.ambiguous})
            reasons.append(f"ambiguous author names need a choice: {', '.join(names)}")
        return reasons

    @property
    def ready(self) -> bool:
        return not self.blockers

    def summary(self) -> dict[str, int]:
        """The counts an import reports: entries, people and venues."""
        created = self.to_create
        venues = [e.venue for e in created if e.venue]
        matched = new = ambiguous = suggested = 0
        for entry in created:
            for a in entry.authors:
                if a.is_new:
                    new += not a.note
                elif a.person is not None:
                    matched += 1
                if a.match.kind == "ambiguous":
                    ambiguous += not a.decided
                elif a.match.kind == "suggestion":
                    suggested += 1
        return {
            "entries": len(self.entries),
            "created": len(created),
            "duplicates": sum(1 for e in self.entries if e.action == "duplicate"),
            "updated": sum(1 for e in self.entries if e.updates),
            "authors_added": sum(len(e.added_authors) for e in self.entries if e.updates),
            "linked": sum(len(e.versions) for e in self.to_write),
            "invalid": sum(1 for e in self.entries if e.action == "invalid"),
            "skipped": sum(1 for e in self.entries if e.action == "skipped"),
            "authors_matched": matched,
            "authors_new": new,
            "authors_ambiguous": ambiguous,
            "authors_suggested": suggested,
            "people_new": len(self.new_people),
            "venues_matched": sum(1 for v in venues if v.venue is not None),
            "venues_unmatched": sum(1 for v in venues if v.venue is None),
            "errors": len(self.errors),
            "warnings": len(self.warnings),
        }


def _families(
    authors: list[Author],
    people: PeopleIndex,
    known: dict[tuple[str, str, str], tuple[Hashable, frozenset[str]]],
) -> AuthorNames:
    """The family names a paper is compared by: its authors' as printed (particles
    included), and those of the people known by the same names, in Chinese order or as a
    recorded variant ("Xu Hongli" is Hongli Xu's), as a paper already there is compared by
    its printed names and their people's; so that a paper compares the same way in its
    file and once imported. A name listed twice ("WANG Jiannan and Jiannan Wang") is one
    author, as it is stored once. ``known`` keeps each name's (who it names, and the family
    names), the names of a file recurring."""
    names, listed = [], set()
    for author in authors:
        name = (author.native, author.given, author.surname)
        if name not in known:
            named = {author.surname, *people.families_named(author)}
            one = author.native or (fold(author.surname), fold(author.given))
            known[name] = (one, frozenset(filter(None, map(family_key, named))))
        one, families = known[name]
        if one not in listed:
            listed.add(one)
            names.append(families)
    return tuple(names)


def build_plan(
    parsed: ParsedFile,
    records: list[Record],
    *,
    people: PeopleIndex,
    papers: PaperIndex,
    venues: VenueIndex,
    existing: dict[Hashable, dict[str, Any]],
    decisions: Decisions | None = None,
    budget: TimeBudget | None = None,
    stored_authors: Callable[[list[Hashable]], dict[Hashable, list[StoredAuthor]]] | None = None,
    counted: Mapping[str, AuthorNames] | None = None,
) -> ImportPlan:
    """Plan the import of ``records``; ``existing`` holds the fillable fields of each paper
    already there (by paper id), to say what an import of a duplicate would fill in, and
    ``stored_authors`` gives the authors of the papers already there that entries match
    (asked once), to say whose author list an entry completes.

    Papers are compared by their authors' names, and an entry's names may be fewer people
    than it lists, which only matching its authors tells. ``counted`` gives the authors of
    such entries as a planning before found them (:attr:`ImportPlan.counted`): planned again
    with them, the file compares as it will once imported.

    Raises BibtexError when planning takes longer than ``budget``.
    """
    decisions = decisions or Decisions()
    plan = ImportPlan([], list(parsed.problems), {}, parsed.containers, decisions)
    planning = _Planning(papers, existing, decisions)
    known_families: dict[tuple[str, str, str], tuple[Hashable, frozenset[str]]] = {}
    named: dict[str, AuthorNames] = {}  # each entry's authors as its names give them
    in_file = [_entry_plan(record, venues, decisions) for record in records]
    for entry in sorted(in_file, key=planning_order):
        check_time(budget, entry.record.line, entry.key)
        plan.entries.append(entry)
        if entry.action == "invalid":
            continue
        named[entry.key] = _families(entry.record.authors, people, known_families)
        _plan_paper(entry, (counted or {}).get(entry.key, named[entry.key]), planning)
    _plan_authors(plan, people, decisions, budget)
    _plan_completions(plan, planning.created, existing, stored_authors)
    _keep_used_people(plan)
    for entry in plan.to_write:
        alone = len(papers.by_title.get(title_key(entry.record.title), ())) < 2
        if alone and not (counted and entry.key in counted):
            continue  # compared with no other paper: its authors decide nothing
        stored = _families([a.author for a in stored_once(entry)], people, known_families)
        if stored != named[entry.key]:
            plan.counted[entry.key] = stored
    plan.entries = in_file
    return plan


@dataclass
class _Planning:
    """The papers as the entries planned so far leave them."""

    papers: PaperIndex
    existing: dict[Hashable, dict[str, Any]]
    decisions: Decisions
    created: dict[str, EntryPlan] = field(default_factory=dict)  # by entry key
    #: Papers already there, as entries leave them, and their fields that entries gave.
    changed: dict[Hashable, dict[str, Any]] = field(default_factory=dict)
    given_by_file: dict[Hashable, set[str]] = field(default_factory=dict)


def _plan_paper(entry: EntryPlan, families: AuthorNames, planning: _Planning) -> None:
    """Whether the entry's paper is already there (or planned), and what it then fills in, or
    a new paper; and the papers it is another version of."""
    record, papers = entry.record, planning.papers
    venue = _venue_identity(entry.venue)
    minor = is_minor_version(record.container)
    found = papers.find(
        title=record.title,
        year=record.year,
        doi=record.doi,
        arxiv_id=record.arxiv_id,
        # Compared as stored: a report or a note at arXiv keeps its kind.
        kind="preprint" if version_of(entry.kind, record.status).is_preprint else entry.kind,
        authors=families,
        venue=venue,
        minor=minor,
    )
    kept = _report_conflicts(entry, papers, families, planning.created)
    if found is not None:
        entry.action = "duplicate"
        entry.duplicate = found
        _plan_duplicate(entry, found.paper, planning)
    else:
        planning.created[record.key] = entry
        entry.withheld = [
            name for name in ("doi", "arxiv_id") if getattr(record, name) and name not in kept
        ]
        papers.add(
            PaperRecord(
                f"entry:{record.key}",
                record.title,
                record.year,
                kept.get("doi", ""),
                kept.get("arxiv_id", ""),
                entry.kind,
                families,
                venue,
                minor,
                record.container,
            )
        )
    # The paper as the entry leaves it: another version of papers of its title?
    entry.versions = papers.versions(found.paper.id if found else f"entry:{record.key}")


def _entry_plan(record: Record, venues: VenueIndex, decisions: Decisions) -> EntryPlan:
    """An entry's plan as far as the entry alone tells it: invalid, or its venue and kind."""
    entry = EntryPlan(record)
    if record.errors:
        entry.action = "invalid"
    else:
        entry.venue = _plan_venue(record, venues, decisions)
        entry.kind = _kind(record, entry.venue)
    return entry


#: The forms in the order a file's entries of one stage are planned (the stages in
#: versions.STAGE_ORDER's, the most published first): the full paper or the preprint proper
#: first.
_FORMS_FIRST = ("full", "preprint", "minor", "report", "thesis", "book", "patent", "other")


def planning_order(entry: EntryPlan) -> tuple:
    """The place of an entry in planning, whatever its place in the file: the most published
    versions first (a preprint is then the paper its published version made), a full version
    before a workshop, short, demo or poster version or a report, the earliest first, then by
    key (a key is used once). A file planned in any order of its entries plans alike."""
    version = _version(entry)
    record = entry.record
    return (
        STAGE_ORDER.index(version.stage),
        _FORMS_FIRST.index(version.form),
        record.year or 0,
        record.key,
    )


def stored_once(entry: EntryPlan) -> list[AuthorPlan]:
    """An entry's authors as its paper stores them: each person once, at the first place
    they are listed (a name listed twice is one authorship)."""
    seen: set[Hashable] = set()
    authors = []
    for a in entry.authors:
        if a.person is not None:
            if a.person in seen:
                continue
            seen.add(a.person)
        authors.append(a)
    return authors


def _keep_used_people(plan: ImportPlan) -> None:
    """Create only the new people an author of a new paper, or an author added to a paper
    already there, is."""
    used = {a.person for e in plan.to_create for a in e.authors}
    used |= {a.person for e in plan.entries if e.updates for a in e.added_authors}
    plan.new_people = {key: person for key, person in plan.new_people.items() if key in used}


#: What an entry found by an identifier of another version of its paper is told.
OTHER_VERSION = (
    "its DOI or arXiv id is that of another version of this paper (a workshop or short version "
    "and the full paper): nothing of it is filled in"
)

#: Why an entry of a member's import is skipped.
NOT_AN_AUTHOR = "skipped: you are not among its authors (you import only your own papers)"


def keep_authored(plan: ImportPlan, person: Hashable) -> None:
    """Skip the entries ``person`` is not an author of (a member importing their own papers):
    each is left as it is with a warning naming it and its line, and the people only skipped
    entries would create are not created. An entry of the file for the same paper as a
    skipped one is skipped too. Such an import creates no venue: it is planned with
    :meth:`Decisions.creating_no_venue`."""
    skipped: set[str] = set()
    for entry in sorted(plan.entries, key=lambda e: bool(e.same_as_entry)):
        if entry.action == "invalid":
            continue
        if entry.same_as_entry:
            authored = entry.same_as_entry not in skipped
        else:
            authored = any(author.person == person for author in entry.authors)
        if not authored:
            entry.action = "skipped"
            entry.fill, entry.conflicts, entry.promote = {}, {}, False
            entry.record.problem(NOT_AN_AUTHOR, "warning")
            skipped.add(entry.key)
    _keep_used_people(plan)


# -- venues ----------------------------------------------------------------------------------


def _venue_identity(venue: VenuePlan | None) -> tuple[str, Hashable] | None:
    """The venue as duplicate detection compares it: the venue found, the one the import
    creates (a venue, as the next import finds it), or an unresolved text as the venue it
    would be created as (one per venue whatever the edition)."""
    if venue is None:
        return None
    return _venue_value_identity(_venue_value(venue)) or _text_venue_identity(venue.text)


def _plan_venue(record: Record, venues: VenueIndex, decisions: Decisions) -> VenuePlan | None:
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


def _kind(record: Record, venue: VenuePlan | None) -> str:
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
        if venue_kind == "preprint" and record.status not in UNPUBLISHED:
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


# -- duplicates ------------------------------------------------------------------------------


def _plan_duplicate(entry: EntryPlan, paper: PaperRecord, planning: _Planning) -> None:
    """What a duplicate fills in or promotes, against its paper as the entries planned before
    it (:func:`planning_order`) leave it. For a paper this import creates (a published
    version, then its preprint in the same file) that is part of the paper as created. The
    index then knows the paper as it will be, so that the entries planned after it, and
    importing the file again, find it so.

    Of two entries of the file for one paper, the first planned gives a field: a later one
    fills in what it left empty and never overwrites it (the fields the entries before gave
    each paper already there, :attr:`_Planning.given_by_file`), so that the file imported
    again, whatever the flags, changes nothing."""
    papers = planning.papers
    first = planning.created[paper.entry_key] if paper.entry_key else None
    if first is not None:
        entry.same_as_entry = paper.entry_key
        current = first.values()
        given: set[str] = {n for n, v in current.items() if v}
    else:
        current = planning.changed.get(paper.id) or planning.existing.get(paper.id, {})
        given = planning.given_by_file.setdefault(paper.id, set())
    _plan_update(entry, current, planning.decisions, given=given, minor=paper.minor)
    _refuse_taken_identifiers(entry, paper.id, papers)
    papers.also_known_by(paper.id, entry.record.doi, entry.record.arxiv_id)
    if first is not None:
        first.merged.update(entry.fill)
        values = first.values()
    else:
        given.update(name for name, value in _paper_values(entry).items() if value)
        values = planning.changed[paper.id] = {**current, **entry.fill}
    if entry.fill:
        papers.update(
            replace(
                paper,
                year=values.get("year", paper.year),
                doi=values.get("doi") or paper.doi,
                arxiv_id=values.get("arxiv_id") or paper.arxiv_id,
                kind=values.get("kind") or paper.kind,
                venue=_venue_value_identity(entry.fill["venue"])
                if "venue" in entry.fill
                else paper.venue,
                # A preprint promoted to its workshop version is a workshop paper now.
                minor=is_minor_version(entry.fill["container_title"])
                if "container_title" in entry.fill
                else paper.minor,
                container=entry.fill.get("container_title") or paper.container,
            )
        )


#: What an entry sharing an identifier with another work is told.
IDENTIFIER_CONFLICT = (
    "its {label} {value} is also that of {which}, whose title disagrees ({rule}): a conflict, "
    "not merged; check which entry the {label} belongs to (this paper is kept without it)"
)


def _report_conflicts(
    entry: EntryPlan, papers: PaperIndex, authors: AuthorNames, created: dict[str, EntryPlan]
) -> dict[str, str]:
    """Warn of each paper holding the entry's DOI or arXiv id that is another work (a shared
    identifier on titles that disagree: pubs.bibtex.identity), naming it and its line.
    Returns the identifiers the entry keeps, by field name."""
    record = entry.record
    kept = {"doi": record.doi, "arxiv_id": record.arxiv_id}
    for conflict in papers.conflicts(
        title=record.title, doi=record.doi, arxiv_id=record.arxiv_id, authors=authors
    ):
        name, label = ("doi", "DOI") if conflict.how == "doi" else ("arxiv_id", "arXiv id")
        other = conflict.paper
        if other.entry_key:
            line = created[other.entry_key].record.line
            which = f"entry {other.entry_key} (line {line})"
        else:  # by no title: the paper may be one the importing user may not see
            which = "a paper already there"
        message = IDENTIFIER_CONFLICT.format(
            label=label, value=conflict.identifier, which=which, rule=conflict.rule
        )
        record.problem(message, "warning")
        kept.pop(name, None)
    return {name: value for name, value in kept.items() if value}


def _refuse_taken_identifiers(entry: EntryPlan, paper_id: Hashable, papers: PaperIndex) -> None:
    """A DOI or arXiv id that another paper has is not given to this one (an entry with the
    DOI of one paper and the arXiv id of another): the entry is warned, and the paper keeps
    what it has."""
    for name, label, holders in (
        ("doi", "DOI", papers.by_doi),
        ("arxiv_id", "arXiv id", papers.by_arxiv),
    ):
        value = entry.fill.get(name)
        holder = holders.get(value) if value else None
        if holder is None or holder == paper_id:
            continue
        del entry.fill[name]
        entry.conflicts.pop(name, None)
        other = papers.papers[holder]
        # By no title: the paper may be one the importing user may not see.
        which = f"entry {other.entry_key}" if other.entry_key else "a paper already there"
        entry.record.problem(
            f"its {label} {value} is that of another paper ({which}): this paper keeps its own",
            "warning",
        )


def _venue_value(venue: VenuePlan | None) -> Hashable | None:
    """The venue a paper takes from a venue plan: an id, a NewVenue, or None."""
    if venue is None:
        return None
    return NewVenue(venue.text) if venue.create else venue.venue


def stored_venue_identity(
    venue: Hashable | None, container_title: str
) -> tuple[str, Hashable] | None:
    """A stored paper's venue as duplicate detection compares it: its venue, or for a paper
    without one the venue its printed venue would be created as (as an entry's unresolved
    venue is compared), so that two workshop papers of one title stay two papers."""
    if venue is not None:
        return ("venue", venue)
    return _text_venue_identity(container_title) if container_title else None


#: The columns of a stored paper that :func:`stored_paper_record` reads, in its order.
STORED_PAPER_COLUMNS = (
    "pk", "title", "year", "doi", "arxiv_id", "kind", "venue_id", "container_title",
)  # fmt: skip


def stored_paper_record(row: tuple, authors: AuthorNames | None = None) -> PaperRecord:
    """A stored paper, from its STORED_PAPER_COLUMNS, as duplicate detection compares it."""
    pk, title, year, doi, arxiv_id, kind, venue, container = row
    return PaperRecord(
        pk,
        title,
        year,
        doi,
        arxiv_id,
        kind,
        authors=authors,
        venue=stored_venue_identity(venue, container),
        minor=is_minor_version(container),
        container=container,
    )


@functools.lru_cache(maxsize=4096)
def _text_venue_identity(text: str) -> tuple[str, Hashable]:
    """A printed venue no venue is found or created for, by the key of the venue it would be
    created as. Compared with a venue it is known another way (:class:`PaperIndex`)."""
    return ("text", new_venue_key(venue_name(text)[0]))


def _venue_value_identity(value: Hashable | None) -> tuple[str, Hashable] | None:
    """A paper's venue (an id, or a :class:`NewVenue` the import creates) as duplicate
    detection compares it: a venue the import creates is a venue like the others, other than
    every venue already there."""
    if isinstance(value, NewVenue):
        return ("venue", ("new", _text_venue_identity(value.text)[1]))
    return None if value is None else ("venue", value)


def _plan_update(
    entry: EntryPlan,
    current: dict[str, Any],
    decisions: Decisions,
    given: Collection[str] = (),
    minor: bool = False,
) -> None:
    """Fields a duplicate would fill in; a published or accepted version promotes its
    preprint or submission. A field that an entry of the file planned before ``given`` is not
    overwritten, and a value written another way ("1--10", "1–10") is no conflict. An
    entry found by an identifier of another version of its paper (``minor``: the paper is
    a workshop, short, demo or poster version) fills in nothing."""
    record, new = entry.record, _paper_values(entry)
    unpublished = _version(entry).is_preprint
    paper_unpublished = version_of(
        current.get("kind", ""), current.get("status", "published")
    ).is_preprint
    entry.promote = paper_unpublished and not unpublished and entry.kind in PUBLISHED_KINDS
    if not (paper_unpublished or unpublished) and minor != is_minor_version(record.container):
        entry.record.problem(OTHER_VERSION, "warning")
        return
    # Where a preprint or a submission appeared is not where its published version did.
    earlier = unpublished and not paper_unpublished
    overwrite = decisions.overwrite_all or decisions.overwrite.get(record.key, False)
    for name in FILLABLE + (PROMOTED if entry.promote else ()):
        if earlier and name in WHERE:
            continue
        value = new.get(name)
        old = current.get(name)
        if entry.promote and name in WHERE and value in (None, "") and old not in (None, ""):
            entry.fill[name] = value  # published where it does not say: not at the preprint's
            continue
        if value in (None, ""):
            continue
        if old in (None, "") or (old != value and name in PROMOTED and entry.promote):
            entry.fill[name] = value
        elif not same_value(name, old, value) and name not in WHERE:
            entry.conflicts[name] = (old, value)
            if overwrite and name not in given:
                entry.fill[name] = value
    if entry.promote and _retitled(entry):
        entry.fill["title"] = record.title  # the published version's title stands


def _retitled(entry: EntryPlan) -> bool:
    """Whether the entry is its paper's published version under another title, found by the
    rules for retitled versions (pubs.bibtex.identity) rather than by an identifier."""
    found = entry.duplicate
    return bool(
        found
        and found.how == "title"
        and title_key(found.paper.title) != title_key(entry.record.title)
    )


def _version(entry: EntryPlan) -> Version:
    """The entry's stage and form (pubs.bibtex.versions): a preprint by its kind, its status
    or its venue (arXiv or another preprint server, "To appear" or not)."""
    found = entry.venue.resolution if entry.venue else None
    venue_kind = found.venue.kind if found and found.venue else ""
    return version_of(entry.kind, entry.record.status, entry.record.container, venue_kind)


_DASHES = re.compile(r"\s*(?:-+|[\u2010-\u2015])\s*")


def same_value(name: str, old: Any, new: Any) -> bool:
    """Whether a paper's field and an entry's value are the same: page ranges compared
    whatever their dash ("1--10", "1-10", "1–10")."""
    if name == "pages" and isinstance(old, str) and isinstance(new, str):
        return _DASHES.sub("-", old) == _DASHES.sub("-", new)
    return old == new


def _paper_values(entry: EntryPlan) -> dict[str, Any]:
    """The paper fields an entry gives, as the import would store them."""
    r, venue = entry.record, _venue_value(entry.venue)
    return {
        "title": r.title,
        "year": r.year,
        "month": r.month,
        "kind": entry.kind,
        "status": r.status,
        "venue": venue,
        "container_title": r.container,
        "volume": r.volume,
        "number": r.number,
        "pages": r.pages,
        "publisher": r.publisher,
        "address": r.address,
        "editor": r.editor,
        "series": r.series,
        "institution": r.institution,
        "thesis_type": r.thesis_type,
        "doi": r.doi,
        "arxiv_id": r.arxiv_id,
        "url": r.url,
        "abstract": r.abstract,
    }


# -- shortened author lists ------------------------------------------------------------------

#: What the preview says of an entry that would complete an author list it cannot.
INCONSISTENT_AUTHORS = (
    "its author list and the one stored for this paper differ (another order, or names it "
    "lacks): the stored list is left as it is"
)
UNDECIDED_AUTHORS = (
    "its authors would complete the paper's shortened author list, but some of their names "
    "need a choice: the stored list is left as it is"
)


def _plan_completions(
    plan: ImportPlan,
    created: dict[str, EntryPlan],
    existing: dict[Hashable, dict[str, Any]],
    stored_authors: Callable[[list[Hashable]], dict[Hashable, list[StoredAuthor]]] | None,
) -> None:
    """Complete the shortened author lists of the papers the entries match (pubs.bibtex.
    completion): a paper already there gets the authors it lacks at their places, and its
    "more authors" mark cleared when the entry's list is whole; a paper the file creates
    takes the longest list its entries agree on. Only an entry of the paper's title does: two
    chapters of one book, given the book's DOI, are no reason to mix their authors. A later
    entry of the file completing a list further takes over from an earlier one, so the file
    imported again changes nothing."""
    entries = [e for e in plan.entries if e.action == "duplicate"]
    ids = list(dict.fromkeys(e.duplicate.paper.id for e in entries if not e.same_as_entry))
    stored = stored_authors(ids) if stored_authors and ids else {}
    completing: dict[Hashable, EntryPlan] = {}  # paper id -> the entry completing it
    for entry in entries:
        authors = [
            EntryAuthor(a.person, a.author.printed, a.match.candidates) for a in entry.authors
        ]
        if entry.same_as_entry:
            _complete_new_paper(entry, created[entry.same_as_entry], authors)
            continue
        if title_key(entry.duplicate.paper.title) != title_key(entry.record.title):
            continue  # one by its identifier alone: not sure enough to add authors
        paper_id = entry.duplicate.paper.id
        before = completing.get(paper_id)
        original = stored.get(paper_id, [])
        current = _completed(before, original) if before is not None else original
        step = complete(current, authors)
        if not step.consistent and len(authors) > len(current):
            entry.record.problem(INCONSISTENT_AUTHORS, "warning")
        if not step.completes:
            continue
        found = complete(original, authors)  # the list as stored, completed by this entry
        if not found.completes:
            entry.record.problem(INCONSISTENT_AUTHORS, "warning")
            continue
        if _undecided(entry, found.added):
            entry.record.problem(UNDECIDED_AUTHORS, "warning")
            continue
        if before is not None:
            before.added_authors, before.moved_authors = [], {}
            before.fill.pop("more_authors", None)
        completing[paper_id] = entry
        entry.added_authors = [entry.authors[index] for index in found.added]
        entry.moved_authors = {
            author.id: index + 1
            for index, author in found.kept.items()
            if author.position != index + 1
        }
        if existing.get(paper_id, {}).get("more_authors") and not entry.record.more_authors:
            entry.fill["more_authors"] = False


def _undecided(entry: EntryPlan, added: list[int]) -> bool:
    """Whether an author ``entry`` would add needs a choice: undecided, or made a new person
    only because the name is ambiguous (whose person the same file, imported again, may
    find otherwise)."""
    return any(entry.authors[index].person is None or entry.authors[index].note for index in added)


def _completed(entry: EntryPlan, stored: list[StoredAuthor]) -> list[StoredAuthor]:
    """A stored list as ``entry`` completes it."""
    moved = [
        StoredAuthor(a.id, a.person, a.printed, entry.moved_authors.get(a.id, a.position))
        for a in stored
    ]
    added = [
        StoredAuthor(None, a.person, a.author.printed, a.position) for a in entry.added_authors
    ]
    return moved + added


def _complete_new_paper(entry: EntryPlan, first: EntryPlan, authors: list[EntryAuthor]) -> None:
    """The paper ``first`` creates takes ``entry``'s longer list when it agrees with its own
    and the two have one title: the authors of ``first`` at their new places, and
    ``entry``'s others."""
    if title_key(first.record.title) != title_key(entry.record.title):
        return
    current, seen = [], set()
    for index, a in enumerate(first.authors):
        if a.person is not None and a.person in seen:
            continue  # a name listed twice is stored once
        seen.add(a.person)
        current.append(StoredAuthor(index, a.person, a.author.printed, a.position))
    found = complete(current, authors)
    if not found.completes:
        if len(authors) > len(current) and not found.consistent:
            entry.record.problem(INCONSISTENT_AUTHORS, "warning")
        return
    if _undecided(entry, found.added):
        entry.record.problem(UNDECIDED_AUTHORS, "warning")
        return
    kept = {index: first.authors[author.id] for index, author in found.kept.items()}
    first.authors = sorted(
        [replace(author, position=index + 1) for index, author in kept.items()]
        + [entry.authors[index] for index in found.added],
        key=attrgetter("position"),
    )
    first.merged["more_authors"] = entry.record.more_authors
    entry.added_authors = [entry.authors[index] for index in found.added]


# -- authors ---------------------------------------------------------------------------------


def _plan_authors(
    plan: ImportPlan, people: PeopleIndex, decisions: Decisions, budget: TimeBudget | None
) -> None:
    """Match every author, in two passes so that a full name anywhere in the file counts.

    Pass 1 matches written-out names and adds the new people they bring, so that "S. Zheng"
    in one entry can be the "Size Zheng" of another; it links the people of each entry as
    co-authors. Pass 2 matches initials and homonyms, entry by entry, in rounds: each person
    found becomes evidence for the others ("L. Xie" is the only one, and Liguang Xie wrote
    with Jin Fang, not Jiarui Fang). Then the user's decisions apply.
    """
    entries = plan.to_write
    firsts, knowns = _match_written_out(plan, people, entries, budget)
    # A name written another way ("Robert C. Holte") is weighed with the whole file.
    forms = {
        known[position]: (entry.record.authors[position - 1], match)
        for entry, first, known in zip(entries, firsts, knowns, strict=True)
        for position, match in first.items()
        if match.confirmable
    }
    confirmed = people.confirm(forms, lambda: check_time(budget)) if forms else {}
    for first, known in zip(firsts, knowns, strict=True):
        for position, person in known.items():
            if person in confirmed:
                first[position], known[position] = confirmed[person], confirmed[person].person
    for entry, matches, known in zip(entries, firsts, knowns, strict=True):
        _match_by_coauthors(entry, matches, known, people, budget)
    for entry, matches, known in zip(entries, firsts, knowns, strict=True):
        entry.authors.extend(
            _author_plan(
                plan,
                people,
                decisions,
                entry,
                position,
                author,
                matches[position],
                known.get(position),
            )
            for position, author in enumerate(entry.record.authors, start=1)
        )


def _match_written_out(
    plan: ImportPlan, people: PeopleIndex, entries: list[EntryPlan], budget: TimeBudget | None
) -> tuple[list[dict[int, PersonMatch]], list[dict[int, Hashable]]]:
    """Pass 1: the written-out names of each entry matched (initials left for pass 2), the new
    people they bring added, and the people of each entry linked as co-authors. Returns, per
    entry, the matches and the people found, by position."""
    firsts: list[dict[int, PersonMatch]] = []  # per entry: position -> match of pass 1
    knowns: list[dict[int, Hashable]] = []  # per entry: position -> person found in pass 1
    # A written-out name matches the same way wherever it appears: match it once (its
    # parts give its printed form too, which a new person keeps the first time).
    seen: dict[tuple[str, str, str, str, str], tuple[PersonMatch, Hashable | None]] = {}
    for entry in entries:
        check_time(budget, entry.record.line, entry.key)
        first: dict[int, PersonMatch] = {}
        known: dict[int, Hashable] = {}
        for position, author in enumerate(entry.record.authors, start=1):
            if author.is_initials:
                continue
            name = (author.native, author.given, author.von, author.family, author.jr)
            found = seen.get(name)
            if found is None:
                check_time(budget, entry.record.line, entry.key)  # 9,999 new names take seconds
                match = people.match(author)
                person = match.person
                if match.kind in NEW_KINDS:
                    # A misspelling of someone known is no candidate for others' initials.
                    new = _new_person(plan, people, author, findable=match.kind == "new")
                    person = new.key
                found = seen[name] = (match, person)
            match, person = found
            if person is not None:
                known[position] = person
            first[position] = match
        firsts.append(first)
        knowns.append(known)
        people.link_all(known.values(), _paper_of(entry))
    return firsts, knowns


def _match_by_coauthors(
    entry: EntryPlan,
    matches: dict[int, PersonMatch],
    known: dict[int, Hashable],
    people: PeopleIndex,
    budget: TimeBudget | None,
) -> None:
    """Pass 2: the entry's initials and homonyms, in rounds, each person found becoming
    evidence for the others."""
    check_time(budget, entry.record.line, entry.key)
    authors = entry.record.authors
    open_positions = [
        position
        for position in range(1, len(authors) + 1)
        if position not in matches or matches[position].kind == "ambiguous"
    ]
    evidence = set(known.values()) if open_positions else set()
    progress = True
    while open_positions and progress:
        progress = False
        for position in list(open_positions):
            check_time(budget, entry.record.line, entry.key)
            match = people.match(authors[position - 1], evidence, _paper_of(entry))
            matches[position] = match
            if match.linked:
                evidence.add(match.person)
                open_positions.remove(position)
                progress = True


def _paper_of(entry: EntryPlan) -> Hashable:
    """The paper an entry is: the one it duplicates, or the one it creates."""
    return entry.duplicate.paper.id if entry.duplicate else f"entry:{entry.key}"


#: Matches that make a new person (a suggestion is one until the user says otherwise).
NEW_KINDS = frozenset({"new", "suggestion"})


def _author_plan(
    plan: ImportPlan,
    people: PeopleIndex,
    decisions: Decisions,
    entry: EntryPlan,
    position: int,
    author: Author,
    match: PersonMatch,
    new_person: Hashable | None = None,
) -> AuthorPlan:
    """The author's person: the user's choice, the match, or a new person (``new_person``
    when pass 1 made it already)."""
    choice = decisions.person_for(entry.key, position, author) if decisions.people else None
    if choice is not None:
        person = _new_person(plan, people, author).key if choice == NEW else choice
        return AuthorPlan(position, author, match, person, decided=True)
    if match.kind in NEW_KINDS:
        person = new_person or _new_person(plan, people, author).key
        return AuthorPlan(position, author, match, person)
    if match.kind == "ambiguous" and decisions.allow_ambiguous:
        new = _new_person(plan, people, author, flagged=True)
        return AuthorPlan(position, author, match, new.key, note=match.reason)
    return AuthorPlan(position, author, match, match.person)


def _new_person(
    plan: ImportPlan,
    people: PeopleIndex,
    author: Author,
    flagged: bool = False,
    findable: bool = True,
) -> NewPerson:
    """The new person an author would be: one per name in the file (initials as written).

    Unless ``findable`` is false, later authors of the file can match them.
    """
    if author.native:
        key = f"new:{author.native}"
    else:
        key = f"new:{fold(author.surname)}|{fold(author.given)}"
    person = plan.new_people.get(key)
    if person is None:
        person = NewPerson(
            key,
            author.given,
            author.surname,
            author.native,
            flagged=flagged,
        )
        plan.new_people[key] = person
        if findable and not author.is_initials:
            people.add(PersonRecord(key, author.given, author.surname, author.native))
    person.printed.add(author.printed)
    return person
