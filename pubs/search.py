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
from collections import defaultdict
from collections.abc import Iterable

from django.contrib.postgres.search import SearchQuery
from django.db import connections
from django.db.models import QuerySet

from pubs.bibtex.text import HAN, without_accents
from pubs.models import SEARCH_CONFIG, Authorship, Paper, paper_search_vector

#: A word of a query: letters and digits, possibly joined by dots or hyphens ("2.5", "GPU-based").
WORD = re.compile(r"[^\W_]+(?:[.\-][^\W_]+)*")
MAX_WORDS = 10
MAX_WORD_LENGTH = 100

#: Characters written without spaces between words (Chinese characters, Japanese kana): each
#: is a word of its own in the search text, so that a word is found inside a Chinese title.
_UNSPACED_CHARACTER = re.compile(f"([{HAN}\u3040-\u30ff])")
#: Papers per UPDATE statement of a refresh (each statement holds one CASE branch a paper).
UPDATE_BATCH = 500
#: What a quoted word of a tsquery may not hold.
_TSQUERY_QUOTING = str.maketrans("", "", "'\\")


def search_fold(text: str) -> str:
    """Text as the search compares it: lower case, accents off, each CJK character a word,
    spaces collapsed. Applied alike to the stored search text and to the words of a query."""
    text = unicodedata.normalize("NFC", without_accents(text)).casefold()
    return " ".join(_UNSPACED_CHARACTER.sub(r" \1 ", text).split())


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
    venue, one of their authors with their people, and one ``bulk_update`` of the texts
    that changed (a statement per UPDATE_BATCH papers: the statement's CASE has a branch per
    paper, which PostgreSQL tries one after the other for each row)."""
    ids = set(paper_ids)
    if not ids:
        return
    authors: dict[int, list[tuple[str, str, str, str]]] = defaultdict(list)
    for paper_id, *names in (
        Authorship.objects.filter(paper_id__in=ids)
        .order_by("paper_id", "position")
        .values_list(
            "paper_id",
            "printed_name",
            "person__given_name",
            "person__family_name",
            "person__native_name",
        )
    ):
        authors[paper_id].append(tuple(names))
    changed = []
    for pk, title, container_title, abbreviation, name, stored in Paper.objects.filter(
        pk__in=ids
    ).values_list(
        "pk", "title", "container_title", "venue__abbreviation", "venue__name", "search_text"
    ):
        text = paper_search_text(
            title=title,
            authors=authors[pk],
            container_title=container_title,
            venue=(abbreviation, name) if name is not None else None,
        )
        if text != stored:
            changed.append(Paper(pk=pk, search_text=text))
    Paper.objects.bulk_update(changed, ["search_text"], batch_size=UPDATE_BATCH)


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
