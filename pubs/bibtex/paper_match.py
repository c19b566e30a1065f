"""Whether a paper is already there: same DOI, same arXiv id, or same title near in time.

Pure Python over plain :class:`PaperRecord` rows; papers planned earlier in the same file
are added with :meth:`PaperIndex.add`, so a file listing a paper twice creates it once.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Literal

PREPRINT_KINDS = frozenset({"preprint"})
_NOT_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class PaperRecord:
    id: Hashable
    title: str
    year: int | None
    doi: str = ""
    arxiv_id: str = ""
    kind: str = ""


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
    if not title.isascii():
        title = unicodedata.normalize("NFKD", title)
        title = "".join(char for char in title if not unicodedata.combining(char))
    return _NOT_WORD.sub("", title.casefold())


class PaperIndex:
    def __init__(self, papers: Iterable[PaperRecord] = ()) -> None:
        self.by_doi: dict[str, PaperRecord] = {}
        self.by_arxiv: dict[str, PaperRecord] = {}
        self.by_title: dict[str, list[PaperRecord]] = defaultdict(list)
        for paper in papers:
            self.add(paper)

    def add(self, paper: PaperRecord) -> None:
        if paper.doi:
            self.by_doi.setdefault(paper.doi, paper)
        if paper.arxiv_id:
            self.by_arxiv.setdefault(paper.arxiv_id, paper)
        key = title_key(paper.title)
        if key:
            self.by_title[key].append(paper)

    def find(
        self, *, title: str, year: int | None, doi: str = "", arxiv_id: str = "", kind: str = ""
    ) -> PaperMatch | None:
        """The paper this one is, if any. A preprint and its published version are one
        paper: the title decides when the years are up to two apart and one is a preprint."""
        if doi and doi in self.by_doi:
            return PaperMatch(self.by_doi[doi], "doi")
        if arxiv_id and arxiv_id in self.by_arxiv:
            return PaperMatch(self.by_arxiv[arxiv_id], "arxiv")
        for paper in self.by_title.get(title_key(title), ()):
            if paper.doi and doi and paper.doi != doi:
                continue  # two papers of one title with different DOIs are two papers
            if year is None or paper.year is None:
                return PaperMatch(paper, "title")
            preprint = kind in PREPRINT_KINDS or paper.kind in PREPRINT_KINDS
            if abs(paper.year - year) <= (2 if preprint else 1):
                return PaperMatch(paper, "title")
        return None
