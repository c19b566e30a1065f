"""Whether an entry's paper is already there (or planned earlier in the file), what it then
fills in or promotes, and the papers it is another version of (pubs.bibtex.paper_match asks
the rules of pubs.bibtex.identity)."""

from __future__ import annotations

import re
from collections.abc import Collection, Hashable
from dataclasses import dataclass, field, replace
from typing import Any

from pubs.bibtex.paper_match import PaperIndex
from pubs.bibtex.paper_records import AuthorNames, PaperRecord, title_key
from pubs.bibtex.plan.model import Decisions, EntryPlan
from pubs.bibtex.plan.venues import stored_venue_identity, venue_identity, venue_value_identity
from pubs.bibtex.versions import PUBLISHED_KINDS, is_minor_version, version_of

#: Paper fields an import fills in on a paper already there, when they are empty there.
FILLABLE = (
    "doi", "arxiv_id", "url", "abstract", "volume", "number", "pages", "publisher", "address",
    "editor", "series", "institution", "month", "container_title", "venue",
)  # fmt: skip


#: Fields a published version overwrites on its preprint.
PROMOTED = ("kind", "status", "year", "venue", "container_title")


#: The fields that say where a paper appeared.
WHERE = ("venue", "container_title")


@dataclass
class Planning:
    """The papers as the entries planned so far leave them."""

    papers: PaperIndex
    existing: dict[Hashable, dict[str, Any]]
    decisions: Decisions
    created: dict[str, EntryPlan] = field(default_factory=dict)  # by entry key
    #: Papers already there, as entries leave them, and their fields that entries gave.
    changed: dict[Hashable, dict[str, Any]] = field(default_factory=dict)
    given_by_file: dict[Hashable, set[str]] = field(default_factory=dict)


def plan_paper(entry: EntryPlan, families: AuthorNames, planning: Planning) -> None:
    """Whether the entry's paper is already there (or planned), and what it then fills in, or
    a new paper; and the papers it is another version of."""
    record, papers = entry.record, planning.papers
    venue = venue_identity(entry.venue)
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


#: What an entry found by an identifier of another version of its paper is told.
OTHER_VERSION = (
    "its DOI or arXiv id is that of another version of this paper (a workshop or short version "
    "and the full paper): nothing of it is filled in"
)


def _plan_duplicate(entry: EntryPlan, paper: PaperRecord, planning: Planning) -> None:
    """What a duplicate fills in or promotes, against its paper as the entries planned before
    it (:func:`planning_order`) leave it. For a paper this import creates (a published
    version, then its preprint in the same file) that is part of the paper as created. The
    index then knows the paper as it will be, so that the entries planned after it, and
    importing the file again, find it so.

    Of two entries of the file for one paper, the first planned gives a field: a later one
    fills in what it left empty and never overwrites it (the fields the entries before gave
    each paper already there, :attr:`Planning.given_by_file`), so that the file imported
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
        given.update(name for name, value in entry.own_values().items() if value)
        values = planning.changed[paper.id] = {**current, **entry.fill}
    if entry.fill:
        papers.update(
            replace(
                paper,
                year=values.get("year", paper.year),
                doi=values.get("doi") or paper.doi,
                arxiv_id=values.get("arxiv_id") or paper.arxiv_id,
                kind=values.get("kind") or paper.kind,
                venue=venue_value_identity(entry.fill["venue"])
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
    record, new = entry.record, entry.own_values()
    unpublished = entry.version.is_preprint
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


_DASHES = re.compile(r"\s*(?:-+|[\u2010-\u2015])\s*")


def same_value(name: str, old: Any, new: Any) -> bool:
    """Whether a paper's field and an entry's value are the same: page ranges compared
    whatever their dash ("1--10", "1-10", "1–10")."""
    if name == "pages" and isinstance(old, str) and isinstance(new, str):
        return _DASHES.sub("-", old) == _DASHES.sub("-", new)
    return old == new
