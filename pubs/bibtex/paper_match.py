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

import functools
import re
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Literal

from pubs.text import without_accents
from pubs.venues.resolution import is_track

PREPRINT_KINDS = frozenset({"preprint"})
#: The kinds of the published version a preprint becomes (a book chapter too).
PUBLISHED_KINDS = frozenset({"conference", "journal", "book"})
#: The kinds a preprint is one paper with, by its title: another preprint, or the published
#: version it becomes. A report, a thesis or a talk of its title may be another work; and
#: were they taken for the preprint, which a published version then becomes, the same entry
#: would find another paper the next time.
PREPRINT_OR_PUBLISHED = PREPRINT_KINDS | PUBLISHED_KINDS
#: The kinds of a full version, of which a workshop, short, demo or poster one is another
#: version ("" when not known): not a report or a thesis of the same title.
FULL_KINDS = frozenset({"conference", "journal", ""})
_NOT_WORD = re.compile(r"[\W_]+")

#: A paper's authors as they are compared: for each author in order, the family names they
#: may have (as printed, and those of the people known by that name) as :func:`family_key`
#: writes them.
AuthorNames = tuple[frozenset[str], ...]


@dataclass(frozen=True, slots=True)
class PaperRecord:
    id: Hashable
    title: str
    year: int | None
    doi: str = ""
    arxiv_id: str = ""
    kind: str = ""
    #: The authors' family names; None: not known yet.
    authors: AuthorNames | None = None
    #: The venue, when known: ("venue", its id), or ("text", a venue name not in the
    #: database yet, as the import would create it). Only venues of one sort are compared.
    venue: tuple[str, Hashable] | None = None
    #: A workshop, short, demo or poster version (by its printed venue), which is another
    #: paper than the full conference or journal version of the same title.
    minor: bool = False
    #: The venue as printed: what tells apart two versions of one title in a preview.
    container: str = ""

    @property
    def entry_key(self) -> str:
        """The key of the entry of the file that creates this paper ("" for a paper already
        there)."""
        if isinstance(self.id, str) and self.id.startswith("entry:"):
            return self.id.removeprefix("entry:")
        return ""


@dataclass(frozen=True)
class PaperMatch:
    paper: PaperRecord
    how: Literal["doi", "arxiv", "title"]
    #: The DOI or arXiv id it was found by (the paper's own, or one an entry before gave it).
    identifier: str = ""

    @property
    def reason(self) -> str:
        return {
            "doi": f"same DOI {self.identifier or self.paper.doi}",
            "arxiv": f"same arXiv id {self.identifier or self.paper.arxiv_id}",
            "title": "same title" + (f" ({self.paper.year})" if self.paper.year else ""),
        }[self.how]


def title_key(title: str) -> str:
    """A title compared without case, accents, punctuation or spacing."""
    return _NOT_WORD.sub("", without_accents(title).casefold())


def family_key(family: str) -> str:
    """A family name compared as titles are: "Müller" and "Muller" are one."""
    return title_key(family)


#: Papers of one title compared with an entry, at most, in each group the index keeps them in
#: (by one author, or without authors known): the latest ones. Real bibliographies hold a
#: handful of papers of one title and author; a file of thousands of them (same title, same
#: author, another venue each) is compared with the latest only, so that planning it stays
#: linear in its length.
MAX_TITLE_CANDIDATES = 100


class PaperIndex:
    """Papers by DOI, arXiv id and title. ``authors_of`` gives the family names of papers
    whose records came without them (papers already in the database: only those whose title
    an entry has are asked for, in one call per title)."""

    def __init__(
        self,
        papers: Iterable[PaperRecord] = (),
        authors_of: Callable[[list[Hashable]], dict[Hashable, AuthorNames]] | None = None,
        linked: Iterable[tuple[Hashable, Hashable]] = (),
    ) -> None:
        self.authors_of = authors_of
        #: The pairs of papers linked as versions, each pair as a frozenset of two ids.
        self.linked: set[frozenset[Hashable]] = {frozenset(pair) for pair in linked}
        self._asked: dict[Hashable, AuthorNames] = {}
        self.papers: dict[Hashable, PaperRecord] = {}
        self.by_doi: dict[str, Hashable] = {}
        self.by_arxiv: dict[str, Hashable] = {}
        #: title key -> the papers of that title, in the order they were added.
        self.by_title: dict[str, list[Hashable]] = defaultdict(list)
        # The papers of a title by each author's family name, those of no author known, and
        # those whose authors are still to be asked for.
        self._by_title_author: dict[tuple[str, str], list[Hashable]] = defaultdict(list)
        self._no_authors: dict[str, list[Hashable]] = defaultdict(list)
        self._unasked: dict[str, list[Hashable]] = defaultdict(list)
        self._order: dict[Hashable, int] = {}
        for paper in papers:
            self.add(paper)

    def add(self, paper: PaperRecord) -> None:
        self.update(paper)
        key = title_key(paper.title)
        if not key:
            return
        self._order[paper.id] = len(self._order)
        self.by_title[key].append(paper.id)
        if paper.authors is None:
            self._unasked[key].append(paper.id)
        else:
            self._file(key, paper.id, paper.authors)

    def _file(self, key: str, paper_id: Hashable, authors: AuthorNames) -> None:
        names = _names(authors)
        if not names:
            self._no_authors[key].append(paper_id)
        for family in names:
            self._by_title_author[key, family].append(paper_id)

    def update(self, paper: PaperRecord) -> None:
        """Record ``paper`` as it now is: a paper added before under the same id and title,
        to which an import gives an identifier, a year, a kind or a venue."""
        self.papers[paper.id] = paper
        if paper.doi:
            self.by_doi.setdefault(paper.doi, paper.id)
        if paper.arxiv_id:
            self.by_arxiv.setdefault(paper.arxiv_id, paper.id)

    def also_known_by(self, paper_id: Hashable, doi: str = "", arxiv_id: str = "") -> None:
        """Find paper ``paper_id`` by these identifiers too, unless another paper has them:
        an entry for it gave them beside its own (a preprint's arXiv DOI beside the
        publisher's), so that the entries after it find it by them, whatever the paper keeps
        (one DOI) and whichever entry comes first."""
        if doi:
            self.by_doi.setdefault(doi, paper_id)
        if arxiv_id:
            self.by_arxiv.setdefault(arxiv_id, paper_id)

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
        """The paper this one is, if any. A preprint and its published version are one
        paper: the title decides when the years are up to two apart and one is a preprint,
        and the two share an author (``authors``: their family names). A
        workshop, short, demo or poster version (``minor``) and the full version of one
        title are two papers."""
        if doi and doi in self.by_doi:
            return PaperMatch(self.papers[self.by_doi[doi]], "doi", doi)
        if arxiv_id and arxiv_id in self.by_arxiv:
            return PaperMatch(self.papers[self.by_arxiv[arxiv_id]], "arxiv", arxiv_id)
        for paper_id in self._same_title(title_key(title), authors):
            paper = self.papers[paper_id]
            if (paper.doi and doi and paper.doi != doi) or (
                paper.arxiv_id and arxiv_id and paper.arxiv_id != arxiv_id
            ):
                continue  # two papers of one title with different DOIs or arXiv ids are two
            preprint = _preprint_and_version(kind, paper.kind)
            other_kind = bool(kind and paper.kind and kind != paper.kind)
            if not preprint and (other_kind or _other_venue(venue, paper.venue)):
                continue
            if not preprint and minor != paper.minor:
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
        minor, kind = paper.minor, paper.kind
        if kind in PREPRINT_KINDS or (not minor and kind not in FULL_KINDS):
            return []
        key = title_key(paper.title)
        authors = self._authors(paper)
        found = []
        for other_id in self._same_title(key, authors):
            other = self.papers[other_id]
            pair = frozenset((paper_id, other_id))
            if other_id == paper_id or other.minor == minor or pair in self.linked:
                continue
            if other.kind in PREPRINT_KINDS or (minor and other.kind not in FULL_KINDS):
                continue
            if not self._share_authors(other, authors, most=True):
                continue
            years = (paper.year, other.year)
            if None not in years and abs(years[0] - years[1]) > 2:
                continue
            self.linked.add(pair)
            found.append(other)
        return found

    def _same_title(self, key: str, authors: AuthorNames) -> list[Hashable]:
        """The papers of title ``key`` that may be the paper of ``authors``, in the order they
        were added: those with an author in common, and those of no author known (all of
        them when ``authors`` is empty), the latest :data:`MAX_TITLE_CANDIDATES` of each
        group."""
        if not key or key not in self.by_title:
            return []
        if key in self._unasked:
            self._ask(key)
        names = _names(authors)
        if not names:
            return self.by_title[key][-MAX_TITLE_CANDIDATES:]
        groups = [self._no_authors.get(key, ())]
        groups += [self._by_title_author.get((key, family), ()) for family in names]
        found = {paper_id for group in groups for paper_id in group[-MAX_TITLE_CANDIDATES:]}
        return sorted(found, key=self._order.__getitem__)

    def _ask(self, key: str) -> None:
        """File the papers of title ``key`` recorded without their authors by the family
        names ``authors_of`` gives, all of them in one call."""
        ids = self._unasked.pop(key)
        found = self.authors_of(ids) if self.authors_of else {}
        for paper_id in ids:
            self._asked[paper_id] = found.get(paper_id, ())
            self._file(key, paper_id, self._asked[paper_id])

    def _authors(self, paper: PaperRecord) -> AuthorNames:
        """The paper's authors, as recorded or as asked for (with the other papers of its
        title, if they were not asked for yet)."""
        if paper.authors is not None:
            return paper.authors
        if paper.id not in self._asked and (key := title_key(paper.title)) in self._unasked:
            self._ask(key)
        return self._asked.get(paper.id, ())

    def _share_authors(self, paper: PaperRecord, authors: AuthorNames, most: bool) -> bool:
        """Whether the two lists have an author in common or, when ``most``, more than
        half of the shorter list's authors (a list not known: yes). Authors are counted,
        not names, and on both sides alike: "Jin Fang and Jiarui Fang" are two authors of
        one name, who have one Fang in common with "Jin Fang and Gongming Zhao"; "Xu
        Hongli" is one author of two names (Hongli Xu's in Chinese order)."""
        theirs = self._authors(paper)
        my_names, their_names = _names(authors), _names(theirs)
        if not my_names or not their_names:
            return True
        shared = min(
            sum(1 for names in authors if names & their_names),
            sum(1 for names in theirs if names & my_names),
        )
        if not most:
            return shared > 0
        return shared * 2 > min(len(authors), len(theirs))


def _preprint_and_version(kind: str, other: str) -> bool:
    """Whether one of two papers of one title is a preprint, and the other that preprint or
    the paper it becomes (:data:`PREPRINT_OR_PUBLISHED`)."""
    kinds = {kind, other}
    return bool(kinds & PREPRINT_KINDS) and kinds <= PREPRINT_OR_PUBLISHED


def _names(authors: AuthorNames) -> frozenset[str]:
    return frozenset().union(*authors)


@functools.lru_cache(maxsize=4096)
def is_minor_version(container: str) -> bool:
    """Whether a paper printed in ``container`` is a workshop, short, demo or poster version:
    "ICAPS 2019 Workshop on Heuristics and Search", "SIGCOMM Posters and Demos"."""
    return is_track(container) or bool(_SHORT.search(container))


_SHORT = re.compile(r"(?i)\bshort\s+papers?\b")


def _other_venue(mine: tuple[str, Hashable] | None, theirs: tuple[str, Hashable] | None) -> bool:
    """Both known the same way, and not the same."""
    return mine is not None and theirs is not None and mine[0] == theirs[0] and mine != theirs


def _known_two_ways(mine: tuple[str, Hashable] | None, theirs: tuple[str, Hashable] | None) -> bool:
    """Both known, one found in the catalogue and the other only by its name."""
    return mine is not None and theirs is not None and mine[0] != theirs[0]
