"""Searching papers by text: title, author names and venue, the one way every caller does it.

Each paper stores its search text (``Paper.search_text``), built by :func:`paper_search_text`:
its title, then `` | ``, then its authors as printed and as recorded (native script included)
and its venue as printed, abbreviated and named, each folded by :func:`search_fold` into words
(lower case, no accents, letters and digits only, each Chinese or Japanese character a word of
its own). The services that write papers, authorships, people's names or venues' names call
:func:`search_text_refresh`.

A word of a query matches a paper when it begins a word of its text (the characters of a
Chinese word follow one another, so a word is found inside a Chinese title): on PostgreSQL as a
full-text search of the text (GIN-indexed), elsewhere (SQLite) by comparing the text itself.
The words are the same on both, so are the papers found.

A query that names a person (:func:`people_named`: their name in either order, with initials,
a recorded variant, their Chinese name or its pinyin) finds that person's papers, the rest of
the query searched among them; other papers are ranked by how many of the words begin a word
of their title (:func:`paper_search`).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from operator import or_

from django.contrib.postgres.search import SearchQuery
from django.db import connections
from django.db.models import Case, Q, QuerySet, Value, When
from django.db.models.functions import Concat, Lower, StrIndex
from django.db.models.lookups import GreaterThan, LessThan

from people import names as person_names
from people.models import Person
from pubs.bibtex.names import chinese_name
from pubs.models import SEARCH_CONFIG, Authorship, Paper, paper_search_vector
from pubs.text import HAN, is_chinese, without_accents

MAX_WORDS = 10
MAX_WORD_LENGTH = 100
#: Characters written without spaces between words (Chinese characters, Japanese kana).
_UNSPACED = f"{HAN}\u3040-\u30ff"
#: A word: a run of letters and digits, or a run of Chinese or Japanese characters (whose
#: characters are each a word of the search text, and follow one another in a query's word).
WORD = re.compile(f"[{_UNSPACED}]+|[^\\W_{_UNSPACED}]+")
_UNSPACED_WORD = re.compile(f"[{_UNSPACED}]")
#: Between the title and the rest of a search text: no word contains it.
TITLE_END = " | "
#: Papers per UPDATE statement of a refresh (each statement holds one CASE branch a paper).
UPDATE_BATCH = 500
#: What a quoted word of a tsquery may not hold.
_TSQUERY_QUOTING = str.maketrans("", "", "'\\")
#: The most words of a query that make a person's name ("Li-Wen Chang": 3).
NAME_WORDS = 4


#: What a person offered by a search shows.
_PERSON_COLUMNS = (
    "pk", "slug", "given_name", "family_name", "suffix", "native_name", "variants", "affiliation",
)  # fmt: skip


def search_fold(text: str) -> str:
    """Text as the search compares it: its words, lower case, without accents, each Chinese
    or Japanese character a word, separated by single spaces. Applied alike to the stored
    search text and to the words of a query."""
    text = unicodedata.normalize("NFC", without_accents(text)).casefold()
    words = []
    for word in WORD.findall(text):
        if _UNSPACED_WORD.match(word):
            words.extend(word)  # character by character
        else:
            words.append(word)
    return " ".join(words)


def paper_search_text(
    *,
    title: str,
    authors: Iterable[tuple[str, str, str, str]] = (),
    container_title: str = "",
    venue: tuple[str, str] | None = None,
    other_titles: Iterable[str] = (),
) -> str:
    """The text a paper is found by: its title, TITLE_END, then each author as printed,
    followed by the person's recorded name and native-script name where they differ from
    it, the venue as printed, then the venue's abbreviation and name, and the titles of the
    versions folded into it (a work is found by its retitled preprint's title too).

    ``authors`` are ``(printed name, given name, family name, native name)`` in order;
    ``venue`` is ``(abbreviation, name)`` of the paper's venue, if it has one. Pure: the
    services store its result in ``Paper.search_text`` and the demo fixture writes it.
    """
    words = []
    for printed, given, family, native in authors:
        recorded = " ".join(part for part in (given, family) if part)
        words.append(printed)
        words.extend(name for name in (recorded, native) if name and name != printed)
    words.append(container_title)
    if venue is not None:
        words.extend(venue)
    words.extend(other_titles)
    return search_fold(title) + TITLE_END + search_fold(" ".join(words))


def search_text_refresh(paper_ids: Iterable[int]) -> None:
    """Recompute and store the search text of these papers (after their title, authors,
    venue, an author's or venue's names, or the versions folded into them changed): one
    read of the papers with their venue, one of their authors with their people, one of the
    titles of the versions folded into them, and one ``bulk_update`` of the texts
    that changed (a statement per UPDATE_BATCH papers: the statement's CASE has a branch per
    paper, which PostgreSQL tries one after the other for each row)."""
    ids = set(paper_ids)
    if not ids:
        return
    folded: dict[int, list[str]] = defaultdict(list)
    for standing, title in (
        Paper.objects.filter(folded_into__in=ids).order_by("pk").values_list("folded_into", "title")
    ):
        folded[standing].append(title)
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
            other_titles=folded[pk],
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


@dataclass(frozen=True)
class PaperSearch:
    """What a query found: the papers, the people it names (their pages are offered), and
    whether the papers are ranked by their titles rather than in the list's order."""

    papers: QuerySet[Paper]
    people: list[Person] = field(default_factory=list)
    ranked: bool = False


def paper_search(
    queryset: QuerySet[Paper], text: str, *, people: QuerySet[Person] | None = None
) -> PaperSearch:
    """The papers of ``queryset`` that ``text`` asks for.

    The longest run of words that names one or more of ``people`` (:func:`people_named`)
    selects their papers; every other word must begin a word of a paper's search text.
    Papers found by words are ranked by how many of them begin a word of the title, then in
    the list's order (newest first)."""
    words = query_words(text)
    named: list[Person] = []
    if people is not None and words:
        span, named = _named_span(people, words)
        if named:
            authored = Authorship.objects.filter(person__in=[p.pk for p in named])
            queryset = queryset.filter(pk__in=authored.values("paper_id"))
            words = words[: span[0]] + words[span[1] :]
    folded = [word for word in map(search_fold, words) if word]
    if not folded:
        return PaperSearch(queryset, named)
    found = _matching(queryset, folded)
    ordering = [*Paper._meta.ordering, "pk"]
    ranked = found.annotate(title_words=_title_words(folded)).order_by("-title_words", *ordering)
    return PaperSearch(ranked, named, ranked=True)


def _matching(queryset: QuerySet[Paper], words: list[str]) -> QuerySet[Paper]:
    """Papers with every (folded) word at the start of a word of their search text."""
    if connections[queryset.db].vendor == "postgresql":
        query = SearchQuery(tsquery_text(words), search_type="raw", config=SEARCH_CONFIG)
        return queryset.alias(search_document=paper_search_vector()).filter(search_document=query)
    for word in words:
        queryset = queryset.filter(
            Q(search_text__startswith=word) | Q(search_text__contains=f" {word}")
        )
    return queryset


def _title_words(words: list[str]) -> Case:
    """How many of the words begin a word of the title: the first place a word begins a
    word of the text comes before TITLE_END (string functions that every database has)."""
    text = Concat(Value(" "), "search_text")
    title_end = StrIndex(text, Value(TITLE_END))
    counts = []
    for word in words:
        at = StrIndex(text, Value(f" {word}"))
        in_title = Q(GreaterThan(at, 0), LessThan(at, title_end))
        counts.append(Case(When(in_title, then=Value(1)), default=Value(0)))
    return reduce(lambda first, second: first + second, counts)


# -- people named by a query ----------------------------------------------------------------


def name_key(text: str) -> str:
    """A name as the search compares names: its folded words run together, so that "J.
    Fang", "j fang" and "JFang" are one, and so are "Li-Wen", "Li Wen" and "Liwen"."""
    return "".join(search_fold(text).split())


def printed_forms(
    given: str, family: str, native: str = "", variants: Iterable[str] = ()
) -> list[str]:
    """The forms a person's name is printed in: "Jiarui Fang", "J. Fang", 方佳瑞 and the
    recorded variants, in this order, each once."""
    full, short = person_names.full_name(given, family), person_names.short_name(given, family)
    forms = [full, short, native, *variants]
    return list(dict.fromkeys(form for form in forms if form))


def search_forms(
    given: str, family: str, native: str = "", variants: Iterable[str] = ()
) -> set[str]:
    """The name keys that find a person: the printed forms, family name first ("Fang
    Jiarui", "Fang J."), and the pinyin of a Chinese name in either order. A form of one
    word in Latin script ("OpenAI", a mononym) is left out: a query of that word searches
    the text, titles included."""
    forms = printed_forms(given, family, native, variants)
    forms += [f"{family} {given}", f"{family} {person_names.initials(given)}"]
    if native and is_chinese(native):
        reading = chinese_name(native)
        forms += [f"{reading.given} {reading.family}", f"{reading.family} {reading.given}"]
    return {
        name_key(form) for form in forms if is_chinese(form) or len(search_fold(form).split()) > 1
    }


def people_named(people: QuerySet[Person], text: str) -> list[Person]:
    """The people of ``people`` that ``text`` as a whole names (see :func:`search_forms`)."""
    words = query_words(text)
    span, named = _named_span(people, words)
    return named if span == (0, len(words)) else []


def _named_span(people: QuerySet[Person], words: list[str]) -> tuple[tuple[int, int], list[Person]]:
    """The longest (then first) run of ``words`` that names people, and those people.

    A run of one word names someone only in Chinese script: "Yuan" is a family name to
    search for, not Yu An. The people are read in one query of those whose family name (or
    native name, or a variant) is among the words."""
    spans = [
        (start, start + length)
        for length in range(min(NAME_WORDS, len(words)), 0, -1)
        for start in range(len(words) - length + 1)
        if length > 1 or is_chinese(words[start])
    ]
    if not spans:
        return (0, 0), []
    wanted: dict[str, set[tuple[int, int]]] = defaultdict(set)
    for span in spans:
        wanted[name_key(" ".join(words[span[0] : span[1]]))].add(span)
    by_span: dict[tuple[int, int], list[Person]] = defaultdict(list)
    for person in _candidates(people, words):
        keys = search_forms(
            person.given_name, person.family_name, person.native_name, person.variants
        )
        for key in keys & wanted.keys():
            for span in wanted[key]:
                by_span[span].append(person)
    for span in spans:  # longest first, then first
        if by_span.get(span):
            named = sorted(set(by_span[span]), key=lambda p: (p.family_name, p.given_name, p.pk))
            return span, named
    return (0, 0), []


def _candidates(people: QuerySet[Person], words: list[str]) -> QuerySet[Person]:
    """The people whose names the words could spell: family name among the words, native
    name among them, or a variant holding one of them."""
    families: set[str] = set()
    for start in range(len(words)):
        for run in (words[start : start + length] for length in range(1, NAME_WORDS)):
            for joined in (" ".join(run), "-".join(run)):  # "van der Berg", "Smith-Jones"
                families.update((joined.casefold(), search_fold(joined).replace(" ", "")))
    # Lower() lowers ASCII letters only on SQLite: a capitalised form finds "Øster" there too.
    families |= {family.capitalize() for family in families}
    wide = [word for word in words if len(word) > 2 or is_chinese(word)]
    condition = reduce(
        or_,
        [
            Q(family_lower__in=families),
            Q(native_name__in=families),
            *(Q(variants__icontains=word) for word in wide),
        ],
    )
    return people.alias(family_lower=Lower("family_name")).filter(condition).only(*_PERSON_COLUMNS)
