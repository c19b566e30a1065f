"""A paper as the import compares it (:class:`PaperRecord`), its title and family-name keys,
and :class:`PaperCandidates`: the papers that may be a given one, found by DOI, arXiv id,
title and author, or rare title words, among thousands, without deciding anything (the
rules of pubs.bibtex.identity decide, through pubs.bibtex.paper_match).

Titles such as "On the Complexity of Scheduling" recur across unrelated papers, so the
papers of one title are kept by each author's family name: only those with an author in
common (or no author known) are candidates."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass

from rapidfuzz.utils import default_process

from pubs.bibtex.versions import PREPRINT_KINDS
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
    #: Its identifiers ("doi", "arxiv_id") that a work of a disagreeing title holds too (a
    #: conflict, reported): the paper is kept without them, so they tell nothing of which
    #: paper of its title it is.
    disputed: frozenset[str] = frozenset()

    @property
    def entry_key(self) -> str:
        """The key of the entry of the file that creates this paper ("" for a paper already
        there)."""
        if isinstance(self.id, str) and self.id.startswith("entry:"):
            return self.id.removeprefix("entry:")
        return ""


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


class PaperCandidates:
    """Papers by DOI, arXiv id, title and title word. ``authors_of`` gives the family names
    of papers whose records came without them (papers already in the database: only those
    whose title an entry has are asked for, in one call per title)."""

    def __init__(
        self,
        papers: Iterable[PaperRecord] = (),
        authors_of: Callable[[list[Hashable]], dict[Hashable, AuthorNames]] | None = None,
        linked: Iterable[tuple[Hashable, Hashable]] = (),
        words_elsewhere: Mapping[tuple[bool, str], int] | None = None,
    ) -> None:
        """``papers`` may be some of the papers there are, those a file can meet (see
        :class:`TitleSieve`); ``words_elsewhere`` then counts, for each title word of the
        file (preprint or not, word), the papers left out that have it, so that a word
        common among all of them is no rare word among those given."""
        self.authors_of = authors_of
        self._words_elsewhere = words_elsewhere or {}
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

    def sharing_words(self, title: str, preprints: bool) -> Counter[Hashable]:
        """The preprints (or the papers of a later stage) whose titles share words with
        ``title``, by how many they share: only words of at most :data:`RARE_WORD_PAPERS`
        papers count."""
        shared: Counter[Hashable] = Counter()
        for word in _title_words(title):
            papers = self._by_word.get((preprints, word), ())
            if len(papers) + self._words_elsewhere.get((preprints, word), 0) <= RARE_WORD_PAPERS:
                shared.update(papers)
        return shared

    def order(self, paper_id: Hashable) -> int:
        """The place of a paper in the order papers were added."""
        return self._order[paper_id]


def _names(authors: AuthorNames) -> frozenset[str]:
    return frozenset().union(*authors)


def _title_words(title: str) -> frozenset[str]:
    """A title's words of four letters or more, as titles are compared."""
    return frozenset(word for word in default_process(title).split() if len(word) >= 4)


class TitleSieve:
    """Which of the papers already there a file's entries can meet by title, read paper by
    paper (ids, titles and whether each is a preprint) without keeping the others: those of
    an entry's title (title key), and those sharing a title word of an entry that is rare
    (:data:`RARE_WORD_PAPERS` papers or fewer) among all of them, with how many papers of
    every title word of the file were left out (:class:`PaperCandidates`'s
    ``words_elsewhere``). A paper found by an entry's DOI or arXiv id is met under its own
    title: ``also`` adds such titles before the papers are read."""

    def __init__(self, titles: Iterable[str]) -> None:
        self.keys: set[str] = set()
        self.words: set[str] = set()
        for title in titles:
            self.also(title)
        self.titled: list[Hashable] = []  # papers of a title of the file
        #: (preprint, word) -> the papers of that word, while they are few enough to count.
        self._rare: dict[tuple[bool, str], list[Hashable]] = defaultdict(list)
        self._count: Counter[tuple[bool, str]] = Counter()

    def also(self, title: str) -> None:
        """Meet the papers of ``title`` too (and those sharing its rare words)."""
        self.keys.add(title_key(title))
        self.words |= _title_words(title)

    def see(self, paper_id: Hashable, title: str, kind: str) -> None:
        """Read one paper already there (in the order they were created)."""
        if title_key(title) in self.keys:
            self.titled.append(paper_id)
        preprint = kind in PREPRINT_KINDS
        for word in _title_words(title) & self.words:
            key = (preprint, word)
            self._count[key] += 1
            if self._count[key] <= RARE_WORD_PAPERS:
                self._rare[key].append(paper_id)
            else:
                self._rare.pop(key, None)

    def wanted(self) -> set[Hashable]:
        """The papers read that the file's entries can meet by title."""
        return {*self.titled, *(p for papers in self._rare.values() for p in papers)}

    def words_elsewhere(self, kept: Iterable[tuple[str, str]]) -> dict[tuple[bool, str], int]:
        """For each title word of the file, how many papers of it are not among ``kept``
        (the titles and kinds of the papers given to the index)."""
        left = Counter(self._count)
        for title, kind in kept:
            preprint = kind in PREPRINT_KINDS
            for word in _title_words(title) & self.words:
                left[preprint, word] -= 1
        return {key: count for key, count in left.items() if count}
