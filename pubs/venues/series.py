"""Which series a printed venue belongs to, whatever its year, edition and place.

"Evolutionary Computation in Combinatorial Optimization – 12th European Conference, EvoCOP
2012, Málaga, Spain, April 11-13, 2012, Proceedings" and "Proceedings of EvoCOP 2011 – 11th
European Conference on Evolutionary Computation in Combinatorial Optimization" are one
series: a venue an import creates for one of them is the venue of the other. Pure Python, no
Django. The rules, in order:

1. An abbreviation written with a year or an edition ("EvoCOP 2005", "NSDI'24", "AAAI-88",
   "PPSN-X", "PPSN XIII") or in parentheses ("(GECCO)") names the series; the first one
   does, unless it is the host of the event ("held as part of EvoStar 2021", "co-located
   with ICSE 2020", "MOBILESoft@ICSE", "ICSE 2020 Workshop on ..."), a sponsor or a book
   series ("IEEE 2019", "LNCS 1234") or a country ("USA 2008").
2. Otherwise the series is its name: the pieces of the text up to the first that says it is
   a meeting ("..., 9th International Conference"), the places and dates after it left out,
   as are years, ordinals, "Proceedings of" and the order of the words.
3. A track of a meeting (companion, posters, demos, doctoral ...) is a series of its own beside
   the meeting's: "GECCO Companion" is not GECCO. A workshop that writes its own abbreviation
   ("ANTS 2002, Third International Workshop") is its series; one named after its host
   follows rule 2 ("Workshop on Foo, co-located with ICSE 2020"), and is not its host
   ("Proceedings of the 2001 Genetic and Evolutionary Computation Conference – Workshop
   Program").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from pubs.venues.resolution import (
    GENERIC_WORDS,
    abbreviation_key,
    any_order,
    fold,
    name_key,
    names_an_event,
    new_venue_key,
    strip_dates,
    track_words,
    venue_name,
)

#: An abbreviation: two capitals at least ("EvoCOP", "ANTS", "SC", "ECML-PKDD").
_ABBREVIATION = r"[A-Z][\w&-]*?[A-Z][\w&]*"
#: ... written with its year ("EvoCOP 2005", "AAAI2026", "NSDI '24", "AAAI-88", "GECCO
#: Companion 2012") or its edition ("PPSN-X", "PPSN XIII", "HPDC-1").
_WITH_YEAR_OR_EDITION = re.compile(
    rf"(?<![\w&])(?P<abbreviation>{_ABBREVIATION})(?:\s+(?:Companion|Adjunct))?"
    r"(?:\s?(?:19|20)\d{2}\b|\s?'\s?\d{2}\b|-\d{2}\b|[- ](?:[IVXL]+|\d{1,2})\b(?!'))"
)
#: ... or alone in parentheses, give or take its year: "(GECCO)", "(SODA 1991)".
_IN_PARENTHESES = re.compile(rf"\(\s*(?P<abbreviation>{_ABBREVIATION})[\s'-]*\d*\s*\)")
#: Words before an abbreviation that make it the host of the event, not its series.
_HOST_BEFORE = re.compile(
    r"(?i)(?:\bpart of|\bwith|\bat|\bsatellite of|\bin conjunction with|@)\s*(?:the\s+)?$"
)
#: A meeting's workshops named after it: "ICSE 2020 Workshop on ...", "AAAI-20 Workshops".
_HOST_AFTER = re.compile(r"(?i)^\s*(?:workshops?|satellite)\b")
#: Capitals that are a sponsor, a book series or a country, never a meeting's abbreviation.
NOT_A_SERIES = frozenset(
    {
        "IEEE", "ACM", "USENIX", "SIAM", "IFIP", "IAPR", "CVF", "LNCS", "LNAI", "LNBI", "CCIS",
        "CEUR", "CEUR-WS", "PMLR", "JMLR", "USA", "UK", "US", "UAE", "PRC",
    }
)  # fmt: skip
#: Track words that make a meeting's track a series of its own (a workshop writing its own
#: abbreviation is its own series: those words are not here).
MEETING_TRACKS = frozenset(
    {
        "poster", "posters", "demo", "demos", "demonstration", "demonstrations", "companion",
        "adjunct", "doctoral", "tutorial", "tutorials", "findings", "abstracts", "phd",
        "student", "students", "competition", "challenge", "keynote", "panel", "forum",
        "extended abstract", "work in progress", "late breaking", "industry track",
        "new ideas", "position paper", "datasets and benchmarks",
    }
)  # fmt: skip
#: How many words of a meeting's name tell which meeting it is, places and dates aside.
TELLING_WORDS = 3
_SEGMENTS = re.compile(r"\s*[,:;]\s+|\s+-\s+")
_LEAD = re.compile(r"(?i)^\s*(?:(?:abstract\s+)?proceedings|proc\.)(?:\s+of)?(?:\s+the)?\s+")


@dataclass(frozen=True)
class Series:
    """A printed venue's series: ``key`` compares series; ``abbreviation`` is the one the
    text writes for it ("EvoCOP"), "" when it writes none."""

    key: str
    abbreviation: str = ""


def printed_series(text: str) -> Series:
    """The series of a printed venue (the rules of the module's docstring)."""
    folded = fold(text)
    tracks = track_words(folded)
    abbreviation = series_abbreviation(folded)
    if abbreviation:
        suffix = "".join(f"+{track}" for track in sorted(tracks & MEETING_TRACKS))
        return Series(f"abbreviation:{abbreviation_key(abbreviation)}{suffix}", abbreviation)
    # A name cut after the meeting's keeps what says it is a track of it (its workshops too).
    suffix = "".join(f"+{track}" for track in sorted(tracks))
    return Series(f"name:{' '.join(_name_words(folded))}{suffix}")


def series_key(text: str) -> str:
    """The key of a printed venue's series: equal for two texts of one series ("EvoCOP 2005,
    Lausanne, Switzerland" and "Evolutionary Computation in Combinatorial Optimization, 5th
    European Conference, EvoCOP 2005"), different for two series."""
    return printed_series(text).key


def series_groups(texts: Iterable[str]) -> dict[str, str]:
    """The series of each of ``texts`` (the printed venues an import creates venues for), as
    a key shared by the texts of one series: two texts are one series when they share a
    :func:`series_key` or a name (as :func:`new_venue_key` compares names), directly or
    through other texts ("Foundations of Genetic Algorithms" and "... (FOGA)" and "FOGA '25,
    ..."), whatever their order."""
    texts = sorted(set(texts))
    parent = list(range(len(texts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first_with: dict[str, int] = {}
    for i, text in enumerate(texts):
        for key in (series_key(text), f"name:{' '.join(new_venue_key(venue_name(text)[0]))}"):
            j = first_with.setdefault(key, i)
            parent[root(i)] = root(j)
    return {text: series_key(texts[root(i)]) for i, text in enumerate(texts)}


def series_abbreviation(text: str) -> str:
    """The abbreviation a printed venue writes for its series ("EvoCOP" of "EvoCOP 2005,
    Lausanne"), as written; "" when it writes none (rule 1 of the module's docstring)."""
    folded = fold(text)
    found = [
        (match.start("abbreviation"), match.end(), match.group("abbreviation"))
        for pattern in (_WITH_YEAR_OR_EDITION, _IN_PARENTHESES)
        for match in pattern.finditer(folded)
    ]
    for start, end, abbreviation in sorted(found):
        hosted = _HOST_BEFORE.search(folded[:start]) or _HOST_AFTER.match(folded[end:])
        if not hosted and abbreviation.upper() not in NOT_A_SERIES:
            return abbreviation
    return ""


def _name_words(folded: str) -> tuple[str, ...]:
    """A name's words in any order (rule 2): its pieces up to the first naming a meeting and
    on until three words tell which ("International Conference on Systems, Man, and
    Cybernetics"); the places, dates and "Proceedings, Part II" after them are left out. A
    name that says no meeting keeps every piece (a journal's "..., Part C")."""
    pieces = [_LEAD.sub("", piece) for piece in _SEGMENTS.split(strip_dates(folded))]
    kept: list[str] = []
    meeting = False
    for piece in filter(str.strip, pieces):
        if meeting and len(set(name_key(", ".join(kept))) - GENERIC_WORDS) >= TELLING_WORDS:
            break
        kept.append(piece)
        meeting = meeting or names_an_event(piece)
    return any_order(name_key(", ".join(kept))) or any_order(name_key(folded))
