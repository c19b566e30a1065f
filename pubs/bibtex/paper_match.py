"""Whether a paper is already there: same DOI, same arXiv id, or same title near in time
by the same people.

Pure Python over plain :class:`PaperRecord` rows; papers planned earlier in the same file
are added with :meth:`PaperIndex.add`, so a file listing a paper twice creates it once.
Titles such as "On the Complexity of Scheduling" recur across unrelated papers, so a title
match also needs an author family name in common, when both sides have authors; and a
conference paper and a journal paper of one title (a journal extension), or two papers of one
title at two venues, are two papers. When one venue is in the catalogue and the other is a
name it does not know, the two cannot be compared: most authors must then be the same.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Literal

from pubs.bibtex.text import without_accents

PREPRINT_KINDS = frozenset({"preprint"})
_NOT_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True, slots=True)
class PaperRecord:
    id: Hashable
    title: str
    year: int | None
    doi: str = ""
    arxiv_id: str = ""
    kind: str = ""
    #: The authors' family names as :func:`family_key` writes them; None: not known yet.
    authors: frozenset[str] | None = None
    #: The venue, when known: ("venue", its id), or ("text", a venue name not in the
    #: database yet, as the import would create it). Only venues of one sort are compared.
    venue: tuple[str, Hashable] | None = None


@dataclass(frozen=True)
class PaperMatch:
    paper: PaperRecord
    how: Literal["doi", "arxiv", "title"]

    @property
    def reason(self) -> str:
        return {
            "doi": f"same DOI {self.paper.doi}",
            "arxiv": f"same arXiv id {self.paper.arxiv_id}",
            "title": "same title" + (f" ({self.paper.year})" if self.paper.year else ""),
        }[self.how]


def title_key(title: str) -> str:
    """A title compared without case, accents, punctuation or spacing."""
    return _NOT_WORD.sub("", without_accents(title).casefold())


def family_key(family: str) -> str:
    """A family name compared as titles are: "Müller" and "Muller" are one."""
    return title_key(family)


class PaperIndex:
    """Papers by DOI, arXiv id and title. ``authors_of`` gives the family names of a paper
    whose record came without them (papers already in the database: only the few whose
    title matches are asked for)."""

    def __init__(
        self,
        papers: Iterable[PaperRecord] = (),
        authors_of: Callable[[Hashable], frozenset[str]] | None = None,
    ) -> None:
        self.authors_of = authors_of
        self._asked: dict[Hashable, frozenset[str]] = {}
        self.papers: dict[Hashable, PaperRecord] = {}
        self.by_doi: dict[str, Hashable] = {}
        self.by_arxiv: dict[str, Hashable] = {}
        self.by_title: dict[str, list[Hashable]] = defaultdict(list)
        for paper in papers:
            self.add(paper)

    def add(self, paper: PaperRecord) -> None:
        self.update(paper)
        key = title_key(paper.title)
        if key:
            self.by_title[key].append(paper.id)

    def update(self, paper: PaperRecord) -> None:
        """Record ``paper`` as it now is: a paper added before under the same id and title,
        to which an import gives an identifier, a year, a kind or a venue."""
        self.papers[paper.id] = paper
        if paper.doi:
            self.by_doi.setdefault(paper.doi, paper.id)
        if paper.arxiv_id:
            self.by_arxiv.setdefault(paper.arxiv_id, paper.id)

    def find(
        self,
        *,
        title: str,
        year: int | None,
        doi: str = "",
        arxiv_id: str = "",
        kind: str = "",
        authors: frozenset[str] = frozenset(),
        venue: tuple[str, Hashable] | None = None,
    ) -> PaperMatch | None:
        """The paper this one is, if any. A preprint and its published version are one
        paper: the title decides when the years are up to two apart and one is a preprint,
        and the two share an author (``authors``: family names by :func:`family_key`)."""
        if doi and doi in self.by_doi:
            return PaperMatch(self.papers[self.by_doi[doi]], "doi")
        if arxiv_id and arxiv_id in self.by_arxiv:
            return PaperMatch(self.papers[self.by_arxiv[arxiv_id]], "arxiv")
        for paper_id in self.by_title.get(title_key(title), ()):
            paper = self.papers[paper_id]
            if paper.doi and doi and paper.doi != doi:
                continue  # two papers of one title with different DOIs are two papers
            preprint = kind in PREPRINT_KINDS or paper.kind in PREPRINT_KINDS
            other_kind = bool(kind and paper.kind and kind != paper.kind)
            if not preprint and (other_kind or _other_venue(venue, paper.venue)):
                continue
            # A catalogued venue and a venue name not in the catalogue cannot be compared:
            # then most authors, not one, must be the same.
            most = not preprint and _known_two_ways(venue, paper.venue)
            if not self._share_authors(paper, authors, most=most):
                continue
            if year is None or paper.year is None:
                return PaperMatch(paper, "title")
            if abs(paper.year - year) <= (2 if preprint else 1):
                return PaperMatch(paper, "title")
        return None

    def _share_authors(self, paper: PaperRecord, authors: frozenset[str], most: bool) -> bool:
        """Whether the two author lists have a family name in common or, when ``most``,
        more than half of the shorter list's (a list not known: yes)."""
        theirs = paper.authors
        if theirs is None:
            if paper.id not in self._asked:
                self._asked[paper.id] = (
                    self.authors_of(paper.id) if self.authors_of else frozenset()
                )
            theirs = self._asked[paper.id]
        if not authors or not theirs:
            return True
        shared = len(authors & theirs)
        return shared * 2 > min(len(authors), len(theirs)) if most else shared > 0


def _other_venue(mine: tuple[str, Hashable] | None, theirs: tuple[str, Hashable] | None) -> bool:
    """Both known the same way, and not the same."""
    return mine is not None and theirs is not None and mine[0] == theirs[0] and mine != theirs


def _known_two_ways(mine: tuple[str, Hashable] | None, theirs: tuple[str, Hashable] | None) -> bool:
    """Both known, one found in the catalogue and the other only by its name."""
    return mine is not None and theirs is not None and mine[0] != theirs[0]
