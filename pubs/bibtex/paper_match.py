"""Whether a paper is already there, and which papers are other versions of it: the
candidates of :class:`~pubs.bibtex.paper_records.PaperCandidates` (same DOI, same arXiv id,
same title by an author in common, a retitled preprint or published version) asked to the
named rules of pubs.bibtex.identity, one by one.

Pure Python over plain :class:`PaperRecord` rows; papers planned earlier in the same file
are added with :meth:`PaperIndex.add`, so a file listing a paper twice creates it once."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, replace
from typing import Literal

from pubs.bibtex.identity import Pair, Question, decide, is_one_work, titles_agree
from pubs.bibtex.paper_records import (
    RETITLED_SHARED_WORDS,
    AuthorNames,
    PaperCandidates,
    PaperRecord,
    title_key,
)
from pubs.bibtex.versions import PREPRINT_KINDS, PREPRINT_OR_PUBLISHED

#: The field of a paper holding each identifier an entry may share with one.
IDENTIFIER_FIELDS = {"doi": "doi", "arxiv": "arxiv_id"}


@dataclass(frozen=True)
class IdentifierConflict:
    """A paper holding an entry's DOI or arXiv id that the rules say is another work."""

    paper: PaperRecord
    how: Literal["doi", "arxiv"]
    identifier: str
    rule: str


@dataclass(frozen=True)
class PaperMatch:
    paper: PaperRecord
    how: Literal["doi", "arxiv", "title"]
    #: The DOI or arXiv id it was found by (the paper's own, or one an entry before gave it).
    identifier: str = ""
    #: The name of the rule of pubs.bibtex.identity that decided it.
    rule: str = ""

    @property
    def reason(self) -> str:
        return {
            "doi": f"same DOI {self.identifier or self.paper.doi}",
            "arxiv": f"same arXiv id {self.identifier or self.paper.arxiv_id}",
            "title": "same title" + (f" ({self.paper.year})" if self.paper.year else ""),
        }[self.how]


class PaperIndex(PaperCandidates):
    """The papers an import compares its entries with, and the rules' answers about them."""

    def find(
        self,
        *,
        title: str,
        year: int | None,
        doi: str = "",
        arxiv_id: str = "",
        kind: str = "",
        authors: AuthorNames = (),
        venue: tuple[str, Hashable] | None = None,
        minor: bool = False,
    ) -> PaperMatch | None:
        """The paper this one is, if any, as the rules of pubs.bibtex.identity say: a paper
        of its DOI or arXiv id unless their titles disagree (a conflict: see
        :meth:`conflicts`; the identifier is then disputed, and sets no paper of its title
        apart), else a paper of its title that no veto sets apart (a preprint and
        its published version are one paper, any number of years apart in that order; a
        workshop, short, demo or poster version (``minor``) and the full version are two)."""
        mine = PaperRecord(None, title, year, doi, arxiv_id, kind, authors, venue, minor)
        disputed = set()
        for paper, how, value, rule in self._by_identifier(mine):
            if rule is not None and rule.verdict == "evidence":
                return PaperMatch(paper, how, value, rule.name)
            if rule is not None and rule.verdict == "conflict":
                disputed.add(IDENTIFIER_FIELDS[how])
        # Kept without its disputed identifiers, it is compared as it will be stored.
        mine = replace(mine, disputed=frozenset(disputed))
        return self._likeliest(
            mine, "title", self._same_title(title_key(title), authors)
        ) or self._likeliest(mine, "retitled", self._retitled(mine))

    def _likeliest(
        self, mine: PaperRecord, question: Question, candidates: list[Hashable]
    ) -> PaperMatch | None:
        """Of the ``candidates`` the rules say are one work with ``mine``, the likeliest: the
        most authors in common, then a paper of its stage (a published entry is its published
        paper before a preprint it may also be), then the nearest year, then the first added.
        Not merely the first that fits: the papers of a file come in another order once
        imported, and the same entry must find the same paper."""
        found = []
        for paper_id in candidates:
            pair = self._pair(mine, self.papers[paper_id])
            rule = is_one_work(question, pair)
            if rule is not None:
                likeness = (
                    -(pair.shared_authors or 0),
                    pair.preprint_pair,
                    abs((mine.year or 0) - (pair.theirs.year or 0)),
                    self.order(paper_id),
                )
                found.append((likeness, pair, rule))
        if not found:
            return None
        _, pair, rule = min(found, key=lambda candidate: candidate[0])
        return PaperMatch(pair.theirs, "title", rule=rule.name)

    def _retitled(self, mine: PaperRecord) -> list[Hashable]:
        """The papers of another title that ``mine`` may be the preprint or the published
        version of: those of the other stage whose titles share
        :data:`RETITLED_SHARED_WORDS` rare words with it and agree, in the order added."""
        if not mine.authors or mine.kind not in PREPRINT_OR_PUBLISHED:
            return []
        shared = self.sharing_words(mine.title, preprints=mine.kind not in PREPRINT_KINDS)
        key = title_key(mine.title)
        return sorted(
            (
                paper_id
                for paper_id, count in shared.items()
                if count >= RETITLED_SHARED_WORDS
                and title_key(self.papers[paper_id].title) != key
                and titles_agree(mine.title, self.papers[paper_id].title)
            ),
            key=self.order,
        )

    def conflicts(
        self,
        *,
        title: str,
        doi: str = "",
        arxiv_id: str = "",
        authors: AuthorNames = (),
    ) -> list[IdentifierConflict]:
        """The papers holding this DOI or arXiv id that are another work (titles that
        disagree): never merged, reported."""
        mine = PaperRecord(None, title, None, doi, arxiv_id, authors=authors)
        return [
            IdentifierConflict(paper, how, value, rule.name)
            for paper, how, value, rule in self._by_identifier(mine)
            if rule is not None and rule.verdict == "conflict"
        ]

    def _by_identifier(self, mine: PaperRecord) -> Iterator[tuple]:
        """The papers holding ``mine``'s DOI, then its arXiv id, each with the rule that
        decides whether it is one work with ``mine``."""
        for how, value, holders in (
            ("doi", mine.doi, self.by_doi),
            ("arxiv", mine.arxiv_id, self.by_arxiv),
        ):
            if value and value in holders:
                paper = self.papers[holders[value]]
                yield paper, how, value, decide("identifier", self._pair(mine, paper, how))

    def _pair(self, mine: PaperRecord, paper: PaperRecord, via: str = "") -> Pair:
        my_authors = self._authors(mine) if mine.id is not None else (mine.authors or ())
        return Pair(mine, paper, my_authors, self._authors(paper), via)

    def versions(self, paper_id: Hashable) -> list[PaperRecord]:
        """The papers that paper ``paper_id``, as the index knows it, is another version of
        and is not linked to yet: of one title, one a workshop, short, demo or poster
        version and the other the full conference or journal paper, most authors the same
        and at most two years apart (a workshop paper often comes a year before the full
        paper). A preprint is no version: it is the paper it becomes. The pairs found are
        linked from then on, so that the entries after, and importing the file again, find
        them linked. (The paper's own title, not that of an entry found by its DOI: a file
        imported again compares the paper already there.)"""
        paper = self.papers[paper_id]
        authors = self._authors(paper)
        found = []
        for other_id in self._same_title(title_key(paper.title), authors):
            pair = frozenset((paper_id, other_id))
            if other_id == paper_id or pair in self.linked:
                continue
            other = self.papers[other_id]
            if is_one_work("version", self._pair(paper, other)) is None:
                continue
            self.linked.add(pair)
            found.append(other)
        return found
