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

import logging
import re
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.db.models.expressions import RawSQL

from pubs.models import Authorship, Paper

#: A word of a query: letters and digits, possibly joined by dots or hyphens ("2.5", "GPU-based").
WORD = re.compile(r"[^\W_]+(?:[.\-][^\W_]+)*")
MAX_WORDS = 10
MAX_WORD_LENGTH = 100

logger = logging.getLogger(__name__)

#: The setting (local to a transaction) that tells the insert triggers of papers and
#: authorships to leave the documents to :func:`search_documents_deferred`.
SEARCH_DEFERRED = "labpubs.search_deferred"

MATCHING_PAPERS = """
    SELECT paper_id FROM pubs_paper_search
    WHERE document @@ to_tsquery('simple'::regconfig, pubs_search_text(%s))
"""


#: Letters that NFKD does not take apart, folded as PostgreSQL's unaccent folds them.
_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "l", "ø": "o", "Ø": "o", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe",
     "đ": "d", "Đ": "d", "ı": "i", "ð": "d", "þ": "th"}
)  # fmt: skip
#: Chinese and Japanese characters: each is a word of its own in the search text, so that a
#: word is found inside a Chinese title (which has no spaces).
_CJK_CHARACTER = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])")


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


class DeferredDocuments:
    """The search documents of the papers an import writes, made once at the end of
    :func:`search_documents_deferred`: by the refresh function in SQL, or, for a large import
    on PostgreSQL, from the papers' texts on a connection of its own, while this connection
    goes on writing and checking its rows (see :meth:`make_aside`)."""

    #: From this many papers, the documents are made on a connection of their own.
    ASIDE_FROM = 1000

    def __init__(self, papers: Iterable[int]) -> None:
        self.papers = sorted(papers)
        self._thread: threading.Thread | None = None
        self._made: list[tuple[int, str]] | None = None

    @property
    def aside(self) -> bool:
        """Whether the documents are to be made on a second connection (PostgreSQL, and
        enough papers for it to pay)."""
        return connection.vendor == "postgresql" and len(self.papers) >= self.ASIDE_FROM

    def make_aside(self, texts: Callable[[], Iterable[tuple[int, str, str, str]]]) -> None:
        """Start making the documents on a second connection, in a thread that first calls
        ``texts`` for each paper's ``(id, title, authors, venue)`` texts (see
        :func:`authors_text` and :func:`venue_text`); it must read no database."""
        self._thread = threading.Thread(target=self._make, args=(texts,), daemon=True)
        self._thread.start()

    def _make(self, texts: Callable[[], Iterable[tuple[int, str, str, str]]]) -> None:
        aside = None
        try:
            columns = [list(column) for column in zip(*texts(), strict=True)] or [[]] * 4
            aside = connections.create_connection(DEFAULT_DB_ALIAS)
            with aside.cursor() as cursor:
                cursor.execute(DOCUMENTS_OF_TEXTS, columns)
                self._made = cursor.fetchall()
        except Exception:  # the refresh in SQL makes them instead
            logger.warning("search documents made aside failed", exc_info=True)
        finally:
            if aside is not None:
                aside.close()

    def write(self) -> None:
        """Write the documents: those made aside when they are all there, else by the
        refresh function."""
        made = self.wait()
        with connection.cursor() as cursor:
            if made is None or sorted(pk for pk, _ in made) != self.papers:
                cursor.execute("SELECT pubs_paper_search_refresh(%s::bigint[])", [self.papers])
                return
            with cursor.copy("COPY pubs_paper_search (paper_id, document) FROM STDIN") as copy:
                for row in made:
                    copy.write_row(row)

    def wait(self) -> list[tuple[int, str]] | None:
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        return self._made


#: A document per paper from its texts, each as ``pubs_search_document`` text.
DOCUMENTS_OF_TEXTS = """
    SELECT d.id, pubs_search_document(d.title, d.authors, d.venue)::text
    FROM unnest(%s::bigint[], %s::text[], %s::text[], %s::text[]) AS d(id, title, authors, venue)
"""


def authors_text(authors: Iterable[tuple[str, str, str, str]]) -> str:
    """What a paper's document reads of its authors, given in order as ``(printed name,
    given name, family name, native name)``, as the refresh function in SQL puts it: each
    printed name, followed by its person's name and native name where they differ from it."""
    texts = []
    for printed, given, family, native in authors:
        full = f"{given} {family}"
        texts.append(
            " ".join(
                [
                    printed,
                    *((full,) if full != printed else ()),
                    *((native,) if native != printed else ()),
                ]
            )
        )
    return " ".join(texts)


def venue_text(container_title: str, venue: tuple[str, str] | None) -> str:
    """What a paper's document reads of its venue: the container title as printed, then the
    venue's ``(abbreviation, name)``, if it has a venue."""
    return " ".join((container_title, *venue)) if venue is not None else container_title


@contextmanager
def search_documents_deferred(papers: Iterable[int]) -> Iterator[DeferredDocuments]:
    """Insert papers and their authorships in the block; their search documents are made
    once, at its end, instead of once per INSERT statement (PostgreSQL; elsewhere there are
    no documents). Inside a transaction: the deferral ends with it, whatever happens.
    """
    documents = DeferredDocuments(papers)
    if connection.vendor != "postgresql":
        yield documents
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config(%s, 'on', true)", [SEARCH_DEFERRED])
    try:
        yield documents
    except BaseException:
        documents.wait()  # the second connection is closed before the error goes on
        raise
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config(%s, 'off', true)", [SEARCH_DEFERRED])
    documents.write()
