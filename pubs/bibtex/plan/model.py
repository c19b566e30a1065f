"""What an import plan holds: the user's decisions, and for each entry its paper, authors and
venue as planned (pure data; the planning itself is in the other modules of this package)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pubs.bibtex.names import Author
from pubs.bibtex.normalize import Record
from pubs.bibtex.paper_match import PaperMatch
from pubs.bibtex.paper_records import AuthorNames, PaperRecord
from pubs.bibtex.parse import Problem
from pubs.bibtex.people_match import PersonMatch
from pubs.bibtex.versions import Version, version_of
from pubs.venues.resolution import Resolution

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
    orcid: str = ""  # the ORCID iD the record gives the author
    suffix: str = ""  # "Jr.", "III", as the record writes it

    @property
    def name(self) -> str:
        return " ".join(part for part in (self.given, self.family, self.suffix) if part) or (
            self.native
        )


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
        return venue_value(self.venue)

    def values(self) -> dict[str, Any]:
        """The fields of the paper a new entry creates."""
        return {**self.own_values(), **dict.fromkeys(self.withheld, ""), **self.merged}

    @property
    def version(self) -> Version:
        """The entry's stage and form (pubs.bibtex.versions): a preprint by its kind, its status
        or its venue (arXiv or another preprint server, "To appear" or not)."""
        found = self.venue.resolution if self.venue else None
        venue_kind = found.venue.kind if found and found.venue else ""
        return version_of(self.kind, self.record.status, self.record.container, venue_kind)

    def own_values(self) -> dict[str, Any]:
        """The paper fields an entry gives, as the import would store them."""
        r, venue = self.record, venue_value(self.venue)
        return {
            "title": r.title,
            "year": r.year,
            "month": r.month,
            "kind": self.kind,
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


def venue_value(venue: VenuePlan | None) -> Hashable | None:
    """The venue a paper takes from a venue plan: an id, a NewVenue, or None."""
    if venue is None:
        return None
    return NewVenue(venue.text) if venue.create else venue.venue
