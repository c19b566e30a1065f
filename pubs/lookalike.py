"""People who look like one human, and papers filled in from two entries: what a database of
imports says about how faithful they were.

Pure Python over plain rows (no Django): ``manage.py lookalike_report`` reads them.

Two people look alike when they share their family name and first initial and have co-authors
in common ("Robert Holte" and "Robert C. Holte" who both wrote with Ariel Felner). That is a
question, not an answer: "Jin Fang" and "Jiarui Fang" look alike and are two people; so are
two people of one author list, which the report counts apart.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from pubs.bibtex.people_match import PersonRecord, fold, given_names_agree, initials_of

Relation = Literal["same name", "middle name", "initials", "other given name"]
#: The order relations are reported in: the likeliest to be one human first.
RELATIONS: tuple[Relation, ...] = ("same name", "middle name", "initials", "other given name")


@dataclass(frozen=True, slots=True)
class Lookalike:
    """Two people of one family name and first initial who have co-authors in common."""

    first: PersonRecord
    second: PersonRecord
    relation: Relation
    shared: frozenset[Hashable]  # the co-authors they have in common
    together: bool  # whether they wrote a paper together (then surely two people)


def lookalikes(
    people: Iterable[PersonRecord], papers: Iterable[Collection[Hashable]]
) -> list[Lookalike]:
    """The pairs of ``people`` who look like one human, by the ``papers`` (each the ids of its
    authors): the likeliest first (by relation, then most co-authors in common)."""
    coauthors: dict[Hashable, set[Hashable]] = defaultdict(set)
    groups: dict[tuple[str, str], list[PersonRecord]] = defaultdict(list)
    for person in people:
        initial = initials_of(person.given)[:1]
        if initial and person.family:
            groups[fold(person.family), initial].append(person)
    alike = {person.id for group in groups.values() if len(group) > 1 for person in group}
    for authors in papers:
        authors = set(authors)
        for person in authors & alike:
            coauthors[person] |= authors - {person}
    found = []
    for group in groups.values():
        for first, second in combinations(group, 2):
            shared = frozenset(coauthors[first.id] & coauthors[second.id])
            if shared:
                together = second.id in coauthors[first.id]
                found.append(Lookalike(first, second, relation(first, second), shared, together))
    order = {name: rank for rank, name in enumerate(RELATIONS)}
    found.sort(key=lambda pair: (order[pair.relation], -len(pair.shared), pair.first.name))
    return found


def relation(first: PersonRecord, second: PersonRecord) -> Relation:
    """How two given names of one family name and first initial differ: not at all, by a
    middle name ("Robert", "Robert C."), by initials for names ("M. Fatih", "Mehmet Fatih";
    "N. R.", "Nasser"), or otherwise ("Jin", "Jiarui")."""
    if fold(first.given) == fold(second.given):
        return "same name"
    if given_names_agree(first.given, second.given):
        return "middle name"
    a, b = _pieces(first.given), _pieces(second.given)
    if all(x.startswith(y) or y.startswith(x) for x, y in zip(a, b, strict=False)) and (
        any(len(x) == 1 for x in a) or any(len(y) == 1 for y in b)
    ):
        return "initials"
    return "other given name"


def _pieces(given: str) -> list[str]:
    """ "Jean-Luc M." -> ["jean", "luc", "m"]."""
    return [fold(piece) for piece in re.split(r"[\s.\-]+", given) if piece]


@dataclass(frozen=True, slots=True)
class FilledIn:
    """A paper an import filled in after it existed: its fields come from two entries."""

    paper: Hashable
    created_by: Hashable | None  # the import that created it, None when made otherwise
    filled_by: tuple[tuple[Hashable, tuple[str, ...]], ...]  # (import, fields) in order


def filled_in(
    imports: Iterable[tuple[Hashable, dict]], paper_of: Mapping[Hashable, Hashable] | None = None
) -> list[FilledIn]:
    """The papers that applied imports (each its id and its recorded ``changes``, oldest
    first) filled in: fields one entry gave to a paper another entry, or a hand, made, and
    authors an entry added to a shortened author list ("authors"; ``paper_of`` gives the
    paper of each authorship the imports added)."""
    paper_of = paper_of or {}
    created: dict[Hashable, Hashable] = {}
    filled: dict[Hashable, list[tuple[Hashable, tuple[str, ...]]]] = defaultdict(list)
    for record, changes in imports:
        for paper in changes.get("papers", ()):
            created.setdefault(paper, record)
        fields: dict[Hashable, set[str]] = defaultdict(set)
        for paper, old in changes.get("updated", ()):
            fields[paper].update(name for name in old if name != "modified")
        for authorship in changes.get("authorships", ()):
            if authorship in paper_of:
                fields[paper_of[authorship]].add("authors")
        for paper, names in fields.items():
            if names:
                filled[paper].append((record, tuple(sorted(names))))
    return [FilledIn(paper, created.get(paper), tuple(by)) for paper, by in filled.items()]
