"""Shortened author lists completed by the entries of their paper (pubs.bibtex.completion)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from operator import attrgetter
from typing import Any

from pubs.bibtex.completion import EntryAuthor, StoredAuthor, complete
from pubs.bibtex.paper_records import title_key
from pubs.bibtex.plan.model import AuthorPlan, EntryPlan, ImportPlan

#: What the preview says of an entry that would complete an author list it cannot.
INCONSISTENT_AUTHORS = (
    "its author list and the one stored for this paper differ (another order, or names it "
    "lacks): the stored list is left as it is"
)


UNDECIDED_AUTHORS = (
    "its authors would complete the paper's shortened author list, but some of their names "
    "need a choice: the stored list is left as it is"
)


def plan_completions(
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
    """Whether an author ``entry`` would add needs a choice: undecided, made a new person
    only because the name is ambiguous, or that person found again (whose person the same
    file, imported again, may find otherwise; people_match's rules that do not complete)."""
    return any(_may_be_another(entry.authors[index]) for index in added)


def _may_be_another(author: AuthorPlan) -> bool:
    if author.decided:
        return False
    return author.person is None or bool(author.note) or not author.match.rule.completes


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
