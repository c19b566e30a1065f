"""Searching papers by text: title, author names and venue, the one way every caller does it.

Each paper stores its search text (``Paper.search_text``), built by :func:`paper_search_text`
from its title, its authors as printed and as recorded (native script included) and its
venue as printed, abbreviated and named, folded by :func:`search_fold` (lower case, no
accents, each Chinese or Japanese character a word of its own). The services that write
papers, authorships, people's names or venues' names call :func:`search_text_refresh`.

On PostgreSQL the search is a full-text search of that text (GIN-indexed): each word of the
query must begin a word of the text, whatever the case and accents, and the characters of a
Chinese word follow one another as a phrase, so a word is found inside a Chinese title.
Elsewhere (SQLite) each folded word must appear somewhere in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.contrib.postgres.search import SearchQuery
from django.db import connections
from django.db.models import Prefetch, QuerySet

from pubs.models import SEARCH_CONFIG, Authorship, Paper, paper_search_vector

#: A word of a query: letters and digits, possibly joined by dots or hyphens ("2.5", "GPU-based").
WORD = re.compile(r"[^\W_]+(?:[.\-][^\W_]+)*")
MAX_WORDS = 10
MAX_WORD_LENGTH = 100

#: Letters that NFKD does not take apart, folded as PostgreSQL's unaccent folds them.
_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
     "đ": "d", "Đ": "d", "ı": "i", "ð": "d", "þ": "th"}
)  # fmt: skip
#: Chinese and Japanese characters: each is a word of its own in the search text, so that a
#: word is found inside a Chinese title (which has no spaces).
_CJK_CHARACTER = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])")
#: What a quoted word of a tsquery may not hold.
_TSQUERY_QUOTING = str.maketrans("", "", "'\\")


def search_fold(text: str) -> str:
    """Text as the search compares it: lower case, accents off, each CJK character a word,
    spaces collapsed. Applied alike to the stored search text and to the words of a query."""
    text = unicodedata.normalize("NFKD", text.translate(_LETTERS))
    text = unicodedata.normalize("NFC", "".join(c for c in text if not unicodedata.combining(c)))
    return " ".join(_CJK_CHARACTER.sub(r" \1 ", text.casefold()).split())


def paper_search_text(
    *,
    title: str,
    authors: Iterable[tuple[str, str, str, str]] = (),
    container_title: str = "",
    venue: tuple[str, str] | None = None,
) -> str:
    """The text a paper is found by: its title; each author as printed, followed by the
    person's recorded name and native-script name where they differ from it; the venue as
    printed, then the venue's abbreviation and name.

    ``authors`` are ``(printed name, given name, family name, native name)`` in order;
    ``venue`` is ``(abbreviation, name)`` of the paper's venue, if it has one. Pure: the
    services store its result in ``Paper.search_text`` and the demo fixture writes it.
    """
    words = [title]
    for printed, given, family, native in authors:
        recorded = " ".join(part for part in (given, family) if part)
        words.append(printed)
        words.extend(name for name in (recorded, native) if name and name != printed)
    words.append(container_title)
    if venue is not None:
        words.extend(venue)
    return search_fold(" ".join(words))


def search_text_refresh(paper_ids: Iterable[int]) -> None:
    """Recompute and store the search text of these papers (after their title, authors,
    venue, or an author's or venue's names changed): one read of the papers with their
    authors and venue, and one ``bulk_update`` of the texts that changed."""
    ids = set(paper_ids)
    if not ids:
        return
    authorships = Authorship.objects.select_related("person").order_by("position")
    papers = (
        Paper.objects.filter(pk__in=ids)
        .select_related("venue")
        .prefetch_related(Prefetch("authorships", queryset=authorships))
        .order_by()
    )
    changed = []
    for paper in papers:
        text = paper_search_text(
            title=paper.title,
            authors=(
                (a.printed_name, a.person.given_name, a.person.family_name, a.person.native_name)
                for a in paper.authorships.all()
            ),
            container_title=paper.container_title,
            venue=(paper.venue.abbreviation, paper.venue.name) if paper.venue else None,
        )
        if text != paper.search_text:
            paper.search_text = text
            changed.append(paper)
    Paper.objects.bulk_update(changed, ["search_text"])


def query_words(text: str) -> list[str]:
    """The words of a query, at most MAX_WORDS of at most MAX_WORD_LENGTH characters."""
    words = WORD.findall(unicodedata.normalize("NFC", text))
    return [word[:MAX_WORD_LENGTH] for word in words[:MAX_WORDS]]


def tsquery_text(words: list[str]) -> str:
    """The PostgreSQL tsquery that asks for every word as the start of a word (the words of
    a quoted word that the parser splits, such as CJK characters, as a phrase)."""
    return " & ".join(f"'{word.translate(_TSQUERY_QUOTING)}':*" for word in words)


def search_papers(queryset: QuerySet[Paper], text: str) -> QuerySet[Paper]:
    """The papers of ``queryset`` matching every word of ``text`` (all of them if none)."""
    words = [folded for folded in map(search_fold, query_words(text)) if folded]
    if not words:
        return queryset
    if connections[queryset.db].vendor == "postgresql":
        query = SearchQuery(tsquery_text(words), search_type="raw", config=SEARCH_CONFIG)
        return queryset.alias(search_document=paper_search_vector()).filter(search_document=query)
    for word in words:
        queryset = queryset.filter(search_text__icontains=word)
    return queryset


# -- until the import calls search_text_refresh itself ---------------------------------------


class DeferredDocuments:
    """The papers an import writes, whose search text is stored when the block of
    :func:`search_documents_deferred` ends."""

    aside = False

    def __init__(self, papers: Iterable[int]) -> None:
        self.papers = sorted(papers)

    def make_aside(self, texts: object) -> None:
        """Nothing: the text is stored by :func:`search_text_refresh` at the block's end."""

    def wait(self) -> None:
        return None


@contextmanager
def search_documents_deferred(papers: Iterable[int]) -> Iterator[DeferredDocuments]:
    """Store the search text of ``papers`` once their authorships are written in the block."""
    documents = DeferredDocuments(papers)
    yield documents
    search_text_refresh(documents.papers)


def authors_text(authors: Iterable[tuple[str, str, str, str]]) -> str:
    """The authors' part of the search text (see :func:`paper_search_text`)."""
    return paper_search_text(title="", authors=authors)


def venue_text(container_title: str, venue: tuple[str, str] | None) -> str:
    """The venue's part of the search text (see :func:`paper_search_text`)."""
    return paper_search_text(title="", container_title=container_title, venue=venue)
