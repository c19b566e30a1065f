"""The five citation styles, each a module that formats a CSL item as its CSL style file
does when citeproc-js (Zotero's and Mendeley's processor) runs it.

Each style module mirrors its style's bibliography layout for the item types the exports
write (the CSL types of ``pubs.kinds``'s table) and gives a ``Style``: the layout, whether entries
are numbered, how a list is sorted and whether it tells apart an author's works of one
year (2024a, 2024b). tests/exporting/test_citeproc_reference.py holds them to what
citeproc-js prints for the demo data and the edge cases (tests/data/csl/reference/).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from pubs.export.styles.names import Name, NameStyle, format_names
from pubs.export.styles.text import EMPTY, Text, affixed
from pubs.export.styles.values import (
    collation_key,
    number_range,
    printed_text,
    sort_text,
    year_month,
)


@dataclass
class Item:
    """A CSL item as a style reads it."""

    csl: dict[str, Any]
    #: The author list goes on past the names given (``pubs.export.styles.names``).
    shortened: bool = False
    #: "a", "b", ... when the list holds other works this one must be told apart from.
    year_suffix: str = ""
    #: How many authors a list must name before "et al." to tell this entry apart from
    #: another of the same first author and year (citeproc-js's disambiguation by names).
    names_needed: int = 0
    year: int | None = field(init=False)
    month: int | None = field(init=False)
    _names: dict[str, tuple[Name, ...]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.year, self.month = year_month(self.csl)

    @property
    def type(self) -> str:
        return self.csl.get("type", "document")

    @property
    def language(self) -> str:
        return self.csl.get("language", "")

    @property
    def english(self) -> bool:
        """Whether the item is in English (or says nothing): titles change case only then."""
        return self.language[:2] in ("", "en")

    def text(self, variable: str) -> str:
        """A text variable as citeproc-js prints it ("" when absent): typographic
        apostrophes and quotation marks, narrow spaces before colons (``printed_text``)."""
        value = self.csl.get(variable, "")
        return printed_text(str(value)) if value else ""

    def raw(self, variable: str) -> str:
        value = self.csl.get(variable, "")
        return str(value) if value else ""

    def number(self, variable: str) -> str:
        """A number variable (volume, issue) with a range of numbers as citeproc-js prints
        it ("1–4")."""
        return number_range(self.raw(variable))

    def names(self, variable: str) -> tuple[Name, ...]:
        """The names of a name variable ("author", "editor"), parsed once."""
        if variable not in self._names:
            self._names[variable] = tuple(
                Name.from_csl(value) for value in self.csl.get(variable) or ()
            )
        return self._names[variable]

    def has(self, *variables: str) -> bool:
        return any(map(self.csl.get, variables))

    def date(self, variable: str) -> tuple[int, ...]:
        """A date variable's first date as (year, month, day) as far as given; () when the
        item has none."""
        value = self.csl.get(variable) or {}
        parts = (value.get("date-parts") or [[]])[0]
        return tuple(int(part) for part in parts[:3] if str(part).isdigit())


@dataclass(frozen=True)
class Style:
    """How one style formats an entry and orders a list."""

    name: str
    label: str
    #: The entry's text, without its number.
    layout: Callable[[Item], Text]
    #: Entries carry "[n]" labels, in the order the papers come.
    numbered: bool = False
    #: The keys a list is sorted by, in order, as text (None for a key the item has no
    #: value of), the last one possibly a function giving the keys that only break ties
    #: (costly ones, computed for the entries that need them); None: the papers' order.
    sort_keys: Callable[[Item], Sequence[Any]] | None = None
    #: What an in-text citation can tell apart of an entry (its authors' names and its
    #: year, as far as the style's disambiguation goes): entries alike in it get year
    #: suffixes (2024a, 2024b) in a list. None: no year suffixes (numbered styles).
    ambiguity: Callable[[Item], tuple] | None = None


def authors_or_editors(item: Item, style: NameStyle, *, one: str, several: str) -> Text:
    """The author macro of the author-date styles (APA, Chicago): the authors as ``style``
    prints them, a shortened list included; with none, the editors of a whole work (no
    container title) followed by ``one`` or ``several``, their label."""
    names = format_names(
        item.names("author"),
        style,
        shortened=item.shortened,
        language=item.language,
        at_least=item.names_needed,
    )
    if names:
        return names
    editors = item.names("editor")
    if editors and not item.has("container-title"):
        found = format_names(editors, style, language=item.language)
        return affixed(found, suffix=several if len(editors) > 1 else one)
    return EMPTY


def in_order(items: Sequence[Item], style: Style) -> list[Item]:
    """The items in the order of the style's list, with their year suffixes set."""
    ordered = list(items)
    if style.sort_keys is not None:
        ordered = _sorted(ordered, style.sort_keys)
    if style.ambiguity is not None:
        _add_names(ordered)
        alike: dict[tuple, list[Item]] = defaultdict(list)
        for item in ordered:
            alike[style.ambiguity(item)].append(item)
        for group in alike.values():
            if len(group) > 1:
                for number, item in enumerate(group):
                    item.year_suffix = year_suffix(number)
    return ordered


def _add_names(items: list[Item]) -> None:
    """Set ``names_needed`` as citeproc-js adds names to tell apart entries whose in-text
    citations read alike ("Abel et al. 2025"): each entry names as many authors as it
    takes for its citation to differ from the others', and its reference list entry names
    them too."""
    alike: dict[tuple, list[tuple[Item, list[str]]]] = defaultdict(list)
    for item in items:
        families = [name.key for name in item.names("author") or item.names("editor")]
        short = tuple(families) if len(families) < 3 else (families[0], "et al.")
        alike[(item.year, short)].append((item, families))
    for group in alike.values():
        if len(group) < 2:
            continue
        left = group
        for count in range(1, max(len(families) for _, families in group) + 1):
            cited = Counter(_cited(families, count) for _, families in group)
            for item, families in left:
                if cited[_cited(families, count)] == 1:
                    item.names_needed = count
            left = [(item, families) for item, families in left if not item.names_needed]
            if not left:
                break


def _cited(families: list[str], count: int) -> tuple:
    return (*families[:count], "et al." if count < len(families) else "")


def _sorted(items: list[Item], keys: Callable[[Item], Sequence[Any]]) -> list[Item]:
    """``items`` sorted by their keys; the keys a function gives only among ties."""
    decorated = []
    for position, item in enumerate(items):
        values = keys(item)
        tail = values[-1] if values and callable(values[-1]) else None
        eager = values[:-1] if tail is not None else values
        decorated.append((tuple(_sortable(value) for value in eager), position, tail, item))
    decorated.sort(key=lambda row: (row[0], row[1]))
    ordered: list[Item] = []
    for _, rows in groupby(decorated, key=lambda row: row[0]):
        tied = list(rows)
        if len(tied) > 1 and tied[0][2] is not None:
            tied.sort(key=lambda row: (tuple(_sortable(value) for value in row[2]()), row[1]))
        ordered += [row[3] for row in tied]
    return ordered


def _sortable(value: str | None) -> tuple:
    """A sort key's value as citeproc-js compares it: text by collation; none last."""
    return (0, collation_key(sort_text(value))) if value else (1,)


def year_suffix(number: int) -> str:
    """a, b, ..., z, aa, ab, ..."""
    letters = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def date_key(item: Item) -> str | None:
    """The issued date as a sort key (None when undated)."""
    if not item.year:
        return None
    return f"{item.year:04d}{item.month or 0:02d}00"
