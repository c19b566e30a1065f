"""Whether a paper is already there, and which papers are other versions of it: the index
that finds the candidates (same DOI, same arXiv id, same title by an author in common) and
asks the named rules of pubs.bibtex.identity whether each is one work.

Pure Python over plain :class:`PaperRecord` rows; papers planned earlier in the same file
are added with :meth:`PaperIndex.add`, so a file listing a paper twice creates it once.
Titles such as "On the Complexity of Scheduling" recur across unrelated papers, so only
papers of the title with an author family name in common (or no author known) are asked."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Literal

from rapidfuzz.utils import default_process

from pubs.bibtex.identity import Pair, decide, is_one_work, titles_agree
from pubs.bibtex.versions import PREPRINT_KINDS, PREPRINT_OR_PUBLISHED
from pubs.text import without_accents

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
#: A preprint's published version under another title is looked for among the papers of one
#: stage short of it sharing this many of its title's words, each a word of at most
#: :data:`RARE_WORD_PAPERS` papers: real bibliographies' retitled versions share a system's
#: name or most of the words of a long title; a word of thousands of titles tells nothing.
RETITLED_SHARED_WORDS = 2
RARE_WORD_PAPERS = 50


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
        #: title word -> the preprints, and the published papers, whose title has it.
        self._by_word: dict[tuple[bool, str], list[Hashable]] = defaultdict(list)
        for paper in papers:
            self.add(paper)

    def add(self, paper: PaperRecord) -> None:
        self.update(paper)
        key = title_key(paper.title)
        if not key:
            return
        self._order[paper.id] = len(self._order)
        self.by_title[key].append(paper.id)
        preprint = paper.kind in PREPRINT_KINDS
        for word in _title_words(paper.title):
            self._by_word[preprint, word].append(paper.id)
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
        """The paper this one is, if any, as the rules of pubs.bibtex.identity say: a paper
        of its DOI or arXiv id unless their titles disagree (a conflict: see
        :meth:`conflicts`), else a paper of its title that no veto sets apart (a preprint and
        its published version are one paper, any number of years apart in that order; a
        workshop, short, demo or poster version (``minor``) and the full version are two)."""
        mine = PaperRecord(None, title, year, doi, arxiv_id, kind, authors, venue, minor)
        for paper, how, value, rule in self._by_identifier(mine):
            if rule is not None and rule.verdict == "evidence":
                return PaperMatch(paper, how, value, rule.name)
        for paper_id in self._same_title(title_key(title), authors):
            paper = self.papers[paper_id]
            rule = is_one_work("title", self._pair(mine, paper))
            if rule is not None:
                return PaperMatch(paper, "title", rule=rule.name)
        for paper_id in self._retitled(mine):
            paper = self.papers[paper_id]
            rule = is_one_work("retitled", self._pair(mine, paper))
            if rule is not None:
                return PaperMatch(paper, "title", rule=rule.name)
        return None

    def _retitled(self, mine: PaperRecord) -> list[Hashable]:
        """The papers of another title that ``mine`` may be the preprint or the published
        version of: those of the other stage whose titles share
        :data:`RETITLED_SHARED_WORDS` rare words with it and agree, in the order added."""
        if not mine.authors or mine.kind not in PREPRINT_OR_PUBLISHED:
            return []
        other_stage = mine.kind not in PREPRINT_KINDS
        shared: Counter[Hashable] = Counter()
        for word in _title_words(mine.title):
            papers = self._by_word.get((other_stage, word), ())
            if len(papers) <= RARE_WORD_PAPERS:
                shared.update(papers)
        key = title_key(mine.title)
        return sorted(
            (
                paper_id
                for paper_id, count in shared.items()
                if count >= RETITLED_SHARED_WORDS
                and title_key(self.papers[paper_id].title) != key
                and titles_agree(mine.title, self.papers[paper_id].title)
            ),
            key=self._order.__getitem__,
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


def _names(authors: AuthorNames) -> frozenset[str]:
    return frozenset().union(*authors)


def _title_words(title: str) -> frozenset[str]:
    """A title's words of four letters or more, as titles are compared."""
    return frozenset(word for word in default_process(title).split() if len(word) >= 4)
