"""Completing a shortened author list: a paper already there whose authors are some of an
entry's, in the entry's order, gets the others at their places.

CVs shorten long author lists ("S. Zheng, W. Bao, Q. Hou, X. Zheng, J. Fang, etc"); the
paper's own BibTeX names all 22. The stored authors must each be one of the entry's, in the
same order (a prefix, or an in-order subset): then the stored authorships stay, moved to
their places in the full list, and the missing ones are added. A stored list in another
order, or naming someone the entry does not, is never rewritten.

Pure Python over plain rows: the planner (pubs.bibtex.plan) gives the entry's authors as
its person matching found them, the database side the stored authorships.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

from pubs.bibtex.people_match import fold


@dataclass(frozen=True, slots=True)
class StoredAuthor:
    """An authorship already there: its row's id, person, printed name and position."""

    id: Hashable
    person: Hashable
    printed: str
    position: int


@dataclass(frozen=True, slots=True)
class EntryAuthor:
    """An author of the entry as the plan matched them: the person (None when undecided)
    and the people an ambiguous name could be."""

    person: Hashable | None
    printed: str
    candidates: tuple[Hashable, ...] = ()


@dataclass
class Completion:
    """How an entry's list completes a stored one.

    ``kept``: entry index -> the stored author at that place; ``added``: the entry indexes
    of the authors to add; ``consistent``: False when the stored list is not an in-order
    part of the entry's (then nothing is rewritten)."""

    consistent: bool
    kept: dict[int, StoredAuthor] = field(default_factory=dict)
    added: list[int] = field(default_factory=list)

    @property
    def completes(self) -> bool:
        return self.consistent and bool(self.added)


def complete(stored: Sequence[StoredAuthor], entry: Sequence[EntryAuthor]) -> Completion:
    """How ``entry`` (in order) completes ``stored`` (ordered by position).

    A stored author is an entry author when the plan matched the name to the stored person,
    when the name is printed as the stored authorship prints it, or when an ambiguous name
    could be the stored person. Each stored author takes the first entry author after the
    previous one's that is them (in order); a list that is not completed that way, or whose
    additions would list a stored person twice, is inconsistent."""
    stored = sorted(stored, key=lambda author: author.position)
    kept: dict[int, StoredAuthor] = {}
    index = 0
    for author in stored:
        while index < len(entry) and not _same(author, entry[index]):
            index += 1
        if index == len(entry):
            return Completion(consistent=False)
        kept[index] = author
        index += 1
    stored_people = {author.person for author in stored}
    placed: set[Hashable] = set()  # the people at the entry's places before this one
    added: list[int] = []
    for index, author in enumerate(entry):
        if index in kept:
            placed.add(kept[index].person)
            continue
        if author.person is not None and author.person in placed:  # a name listed twice is one
            continue
        if author.person in stored_people:  # a stored person at another place
            return Completion(consistent=False)
        if author.person is not None:
            placed.add(author.person)
        added.append(index)
    return Completion(consistent=True, kept=kept, added=added)


def _same(stored: StoredAuthor, author: EntryAuthor) -> bool:
    if author.person is not None and author.person == stored.person:
        return True
    if stored.printed and fold(stored.printed) == fold(author.printed):
        return True
    return author.person is None and stored.person in author.candidates
