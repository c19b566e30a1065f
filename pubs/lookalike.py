"""People who look like one human, papers that look like versions of one work, and papers
filled in from two entries: what a database of imports says about how faithful they were.

Pure Python over plain rows (no Django): ``manage.py lookalike_report`` reads them.

Two people look alike when they share their family name and first initial and have co-authors
in common ("Robert Holte" and "Robert C. Holte" who both wrote with Ariel Felner). That is a
question, not an answer: "Jin Fang" and "Jiarui Fang" look alike and are two people; so are
two people of one author list, which the report counts apart.

Two papers look like versions of one work when they share a DOI or an arXiv id, when they
have one title and an author in common, or when one is the other retitled ("PatrickStar:
Parallel Training…" and "Parallel Training…": titles that agree, one first author). Which
they are is not decided here: the named rules of pubs.bibtex.identity, the import's own,
say it, and the report names the rule that finds them one work or two linked versions, or
the veto that keeps apart two papers of one title, or the conflict of an identifier on two
titles that disagree. A retitled pair is listed only when its rules find it one work: a
similar title alone is no evidence.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Literal

from rapidfuzz.utils import default_process

from pubs.bibtex.identity import Pair, decide, titles_agree
from pubs.bibtex.paper_records import AuthorNames, PaperRecord, title_key
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


Finding = Literal["conflict", "one work", "versions", "kept apart"]
#: The order findings are reported in: what most wants a look first.
FINDINGS: tuple[Finding, ...] = ("conflict", "one work", "versions", "kept apart")
#: How a pair was found: by an identifier both hold, by one title, or by one first author
#: and titles that agree (a retitled version).
Found = Literal["identifier", "title", "retitled"]
#: A title word of more papers than this says nothing of two titles being one work's; a
#: retitled version is looked for among the papers sharing this many of the others.
RARE_TITLE_WORD = 50
RETITLED_SHARED_WORDS = 2
#: arXiv's own DOIs ("10.48550/arxiv.2405.07719"): the arXiv id they name is the paper's too.
ARXIV_DOI = "10.48550/arxiv."


@dataclass(frozen=True, slots=True)
class PaperLookalike:
    """Two papers, not linked, that look like versions of one work, and what the rules of
    pubs.bibtex.identity say of them: ``rule`` is the name of the one that decided."""

    first: PaperRecord
    second: PaperRecord
    found: Found
    finding: Finding
    rule: str
    #: For a pair kept apart, the veto that also keeps it from being two versions to link.
    version_veto: str = ""


def paper_lookalikes(
    papers: Iterable[PaperRecord], linked: Iterable[tuple[Hashable, Hashable]] = ()
) -> list[PaperLookalike]:
    """The pairs of ``papers`` (their ``authors`` known) that look like versions of one work
    and are not ``linked`` as versions: conflicts first, then one work, versions and pairs a
    veto keeps apart, each by title.

    Pairs are found by blocking, never by comparing all of them: by identifier, by title
    key and author family name, and by first author and two rare title words."""
    papers = list(papers)
    seen = {frozenset(pair) for pair in linked}
    found: list[PaperLookalike] = []

    def ask(first: PaperRecord, second: PaperRecord, how: Found, via: str = "") -> None:
        pair_ids = frozenset((first.id, second.id))
        if len(pair_ids) < 2 or pair_ids in seen:
            return
        seen.add(pair_ids)
        if (lookalike := _judge(first, second, how, via)) is not None:
            found.append(lookalike)

    for via, block in _identifier_blocks(papers):
        for first, second in combinations(block, 2):
            ask(first, second, "identifier", via)
    for block in _title_blocks(papers):
        for first, second in combinations(block, 2):
            ask(first, second, "title")
    for first, second in _retitled_candidates(papers):
        if titles_agree(first.title, second.title):
            ask(first, second, "retitled")
    order = {name: rank for rank, name in enumerate(FINDINGS)}
    found.sort(
        key=lambda pair: (order[pair.finding], title_key(pair.first.title), str(pair.first.id))
    )
    return found


def _judge(first: PaperRecord, second: PaperRecord, how: Found, via: str) -> PaperLookalike | None:
    """What the rules say of two papers: by an identifier, one work or a conflict; by title,
    one work, else two versions to link, else the veto that keeps them apart; retitled, one
    work or nothing."""
    pair = Pair(first, second, first.authors or (), second.authors or (), via)
    if how == "retitled":  # a similar title alone is no evidence: listed only if one work
        rule = decide("retitled", pair)
        if rule is None or rule.verdict != "evidence":
            return None
        return PaperLookalike(first, second, how, "one work", rule.name)
    if how == "identifier":
        rule = decide("identifier", pair)
        if rule is None:
            return None
        finding: Finding = "conflict" if rule.verdict == "conflict" else "one work"
        return PaperLookalike(first, second, how, finding, rule.name)
    rule = decide("title", pair)
    if rule is not None and rule.verdict == "evidence":
        return PaperLookalike(first, second, how, "one work", rule.name)
    version = decide("version", pair)
    if version is not None and version.verdict == "evidence":
        return PaperLookalike(first, second, how, "versions", version.name)
    # The title question always answers (its last rule is evidence): here, by a veto.
    apart = PaperLookalike(first, second, how, "kept apart", rule.name)
    return apart if version is None else replace(apart, version_veto=version.name)


def _identifiers(paper: PaperRecord) -> Iterable[tuple[str, str]]:
    """A paper's DOI and arXiv id, as ("doi" or "arxiv", the identifier); arXiv's own DOI
    is the arXiv id it names."""
    doi = paper.doi.lower()
    if doi.startswith(ARXIV_DOI):
        yield "arxiv", doi.removeprefix(ARXIV_DOI)
    elif doi:
        yield "doi", doi
    if paper.arxiv_id:
        yield "arxiv", paper.arxiv_id.lower()


def _identifier_blocks(papers: list[PaperRecord]) -> list[tuple[str, list[PaperRecord]]]:
    """The papers holding each DOI or arXiv id that more than one holds, with its sort."""
    blocks: dict[tuple[str, str], list[PaperRecord]] = defaultdict(list)
    for paper in papers:
        for how, value in set(_identifiers(paper)):
            blocks[how, value].append(paper)
    return [(how, block) for (how, _), block in blocks.items() if len(block) > 1]


def _title_blocks(papers: list[PaperRecord]) -> list[list[PaperRecord]]:
    """Papers of one title by each author family name, and with those of no author known:
    two papers of one title are compared only if they may share an author (titles such as
    "Introduction" recur across unrelated papers)."""
    by_family: dict[tuple[str, str], list[PaperRecord]] = defaultdict(list)
    unknown: dict[str, list[PaperRecord]] = defaultdict(list)
    keys: dict[str, set[str]] = defaultdict(set)
    for paper in papers:
        if not (key := title_key(paper.title)):
            continue
        families = _families(paper.authors)
        for family in families:
            by_family[key, family].append(paper)
            keys[key].add(family)
        if not families:
            unknown[key].append(paper)
    blocks = [block for block in by_family.values() if len(block) > 1]
    for key, nameless in unknown.items():
        known = {p.id: p for family in keys[key] for p in by_family[key, family]}
        blocks.append(nameless + list(known.values()))
    return blocks


def _retitled_candidates(papers: list[PaperRecord]) -> Iterator[tuple[PaperRecord, PaperRecord]]:
    """The pairs of papers of two titles that share a first author's family name and
    :data:`RETITLED_SHARED_WORDS` rare title words (of four letters or more, each in at most
    :data:`RARE_TITLE_WORD` titles): the only ones a retitled version is looked for among
    (the rules ask for most authors, the first one too, in common and titles that agree; a
    word of thousands of titles tells nothing). Each pair once, in the order of ``papers``."""
    words = [_title_words(paper.title) if paper.authors else frozenset() for paper in papers]
    frequency = Counter(word for found in words for word in found)
    by_word: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for index, found in enumerate(words):
        for word in found:
            if frequency[word] <= RARE_TITLE_WORD:
                for family in papers[index].authors[0]:
                    by_word[word][family].append(index)
    shared: Counter[tuple[int, int]] = Counter()
    for families in by_word.values():
        shared.update({pair for block in families.values() for pair in combinations(block, 2)})
    keys = [title_key(paper.title) for paper in papers]
    for (first, second), count in sorted(shared.items()):
        if count >= RETITLED_SHARED_WORDS and keys[first] != keys[second]:
            yield papers[first], papers[second]


def _title_words(title: str) -> frozenset[str]:
    return frozenset(word for word in default_process(title).split() if len(word) >= 4)


def _families(authors: AuthorNames | None) -> frozenset[str]:
    return frozenset().union(*authors) if authors else frozenset()
