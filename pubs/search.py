"""Searching papers by text: title, author names and venue, the one way every caller does it.

On PostgreSQL the search reads the search documents that migration 0007_paper_search keeps
for every paper (a tsvector per paper, GIN-indexed, kept in step by triggers): each word of
the query must begin a word of the title, of an author's name (as printed, as recorded,
in native script) or of the venue (as printed, its abbreviation, its name), whatever the case
and accents. Chinese and Japanese characters are matched one by one as a phrase, so a word
is found inside a Chinese title.

Elsewhere (SQLite) each word must appear, in any case, somewhere in the same fields.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import connection, connections
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.db.models.expressions import RawSQL

from pubs.models import Authorship, Paper

#: A word of a query: letters and digits, possibly joined by dots or hyphens ("2.5", "GPU-based").
WORD = re.compile(r"[^\W_]+(?:[.\-][^\W_]+)*")
MAX_WORDS = 10
MAX_WORD_LENGTH = 100

#: The setting (local to a transaction) that tells the insert triggers of papers and
#: authorships to leave the documents to :func:`search_documents_deferred`.
SEARCH_DEFERRED = "labpubs.search_deferred"

MATCHING_PAPERS = """
    SELECT paper_id FROM pubs_paper_search
    WHERE document @@ to_tsquery('simple'::regconfig, pubs_search_text(%s))
"""


def query_words(text: str) -> list[str]:
    """The words of a query, at most MAX_WORDS of at most MAX_WORD_LENGTH characters."""
    words = WORD.findall(unicodedata.normalize("NFC", text))
    return [word[:MAX_WORD_LENGTH] for word in words[:MAX_WORDS]]


def tsquery_text(words: list[str]) -> str:
    """The PostgreSQL tsquery that asks for every word as the start of a word.

    Words hold only letters, digits, dots and hyphens, so quoting them is safe.
    """
    return " & ".join(f"'{word}':*" for word in words)


def search_papers(queryset: QuerySet[Paper], text: str) -> QuerySet[Paper]:
    """The papers of ``queryset`` matching every word of ``text`` (all of them if none)."""
    words = query_words(text)
    if not words:
        return queryset
    if connections[queryset.db].vendor == "postgresql":
        return queryset.filter(pk__in=RawSQL(MATCHING_PAPERS, (tsquery_text(words),)))
    return _substring_search(queryset, words)


def _substring_search(queryset: QuerySet[Paper], words: list[str]) -> QuerySet[Paper]:
    for word in words:
        by_author = Authorship.objects.filter(paper=OuterRef("pk")).filter(
            Q(person__family_name__icontains=word)
            | Q(person__given_name__icontains=word)
            | Q(person__native_name__icontains=word)
            | Q(printed_name__icontains=word)
        )
        queryset = queryset.filter(
            Q(title__icontains=word)
            | Q(container_title__icontains=word)
            | Q(venue__abbreviation__icontains=word)
            | Q(venue__name__icontains=word)
            | Exists(by_author)
        )
    return queryset


@contextmanager
def search_documents_deferred(papers: Iterable[int]) -> Iterator[None]:
    """Insert papers and their authorships in the block; their search documents are built
    once, at its end, instead of once per INSERT statement (PostgreSQL; elsewhere there are
    no documents). Inside a transaction: the deferral ends with it, whatever happens.
    """
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config(%s, 'on', true)", [SEARCH_DEFERRED])
    yield
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config(%s, 'off', true)", [SEARCH_DEFERRED])
        cursor.execute("SELECT pubs_paper_search_refresh(%s::bigint[])", [sorted(papers)])
