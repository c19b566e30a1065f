"""The import plan: what importing a file would do, entry by entry, before anything is written.

Pure Python. It takes Records (pubs.bibtex.normalize), the people, papers and venues already
there (as the plain indexes of people_match, paper_match and venue_resolution) and the
user's decisions, and says for each entry: create, duplicate of a paper (and which fields it
would fill in), or invalid; for each author: the person and why, or ambiguous, or a
suggestion, or a new person; for each venue: the venue and why, or unresolved.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from pubs.bibtex.completion import StoredAuthor
from pubs.bibtex.normalize import Record
from pubs.bibtex.paper_match import PaperIndex
from pubs.bibtex.paper_records import AuthorNames, title_key
from pubs.bibtex.parse import ParsedFile, TimeBudget, check_time
from pubs.bibtex.people_match import PeopleIndex
from pubs.bibtex.plan.authors import families_of, plan_authors, stored_once
from pubs.bibtex.plan.completions import INCONSISTENT_AUTHORS, UNDECIDED_AUTHORS, plan_completions
from pubs.bibtex.plan.model import (
    NEW,
    AuthorPlan,
    Decisions,
    EntryPlan,
    ImportPlan,
    NewPerson,
    NewVenue,
    VenuePlan,
)
from pubs.bibtex.plan.papers import (
    FILLABLE,
    STORED_PAPER_COLUMNS,
    Planning,
    plan_paper,
    stored_paper_record,
)
from pubs.bibtex.plan.venues import new_venue_kind, paper_kind, plan_venue
from pubs.bibtex.versions import STAGE_ORDER
from pubs.venues.resolution import VenueIndex

__all__ = [
    "FILLABLE",
    "INCONSISTENT_AUTHORS",
    "NEW",
    "STORED_PAPER_COLUMNS",
    "UNDECIDED_AUTHORS",
    "AuthorPlan",
    "Decisions",
    "EntryPlan",
    "ImportPlan",
    "NewPerson",
    "NewVenue",
    "VenuePlan",
    "build_plan",
    "keep_authored",
    "new_venue_kind",
    "planning_order",
    "stored_once",
    "stored_paper_record",
]


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
    planning = Planning(papers, existing, decisions)
    known_families: dict[tuple[str, str, str], tuple[Hashable, frozenset[str]]] = {}
    named: dict[str, AuthorNames] = {}  # each entry's authors as its names give them
    in_file = [_entry_plan(record, venues, decisions) for record in records]
    for entry in sorted(in_file, key=planning_order):
        check_time(budget, entry.record.line, entry.key)
        plan.entries.append(entry)
        if entry.action == "invalid":
            continue
        named[entry.key] = families_of(entry.record.authors, people, known_families)
        plan_paper(entry, (counted or {}).get(entry.key, named[entry.key]), planning)
    plan_authors(plan, people, decisions, budget)
    plan_completions(plan, planning.created, existing, stored_authors)
    _keep_used_people(plan)
    for entry in plan.to_write:
        alone = len(papers.by_title.get(title_key(entry.record.title), ())) < 2
        if alone and not (counted and entry.key in counted):
            continue  # compared with no other paper: its authors decide nothing
        stored = families_of([a.author for a in stored_once(entry)], people, known_families)
        if stored != named[entry.key]:
            plan.counted[entry.key] = stored
    plan.entries = in_file
    return plan


def _entry_plan(record: Record, venues: VenueIndex, decisions: Decisions) -> EntryPlan:
    """An entry's plan as far as the entry alone tells it: invalid, or its venue and kind."""
    entry = EntryPlan(record)
    if record.errors:
        entry.action = "invalid"
    else:
        entry.venue = plan_venue(record, venues, decisions)
        entry.kind = paper_kind(record, entry.venue)
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
    version = entry.version
    record = entry.record
    return (
        STAGE_ORDER.index(version.stage),
        _FORMS_FIRST.index(version.form),
        record.year or 0,
        record.key,
    )


def _keep_used_people(plan: ImportPlan) -> None:
    """Create only the new people an author of a new paper, or an author added to a paper
    already there, is."""
    used = {a.person for e in plan.to_create for a in e.authors}
    used |= {a.person for e in plan.entries if e.updates for a in e.added_authors}
    plan.new_people = {key: person for key, person in plan.new_people.items() if key in used}


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
