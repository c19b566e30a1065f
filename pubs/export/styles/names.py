"""Author and editor lists as CSL's ``cs:names`` prints them, the way citeproc-js does.

A shortened list (more authors than the paper names, ``shortened``) is printed as the style
prints a list one name longer: shortened by the style's own et-al rule when that list would
be, otherwise after the names given; "et al." (the style's term) follows either way, and
the last-author form (APA's "… Wang, W.") never applies, since the last author is unknown.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from pubs.export.styles.text import EMPTY, Run, Text, concat, italic, join, plain
from pubs.export.styles.values import typographic
from pubs.text import is_chinese

#: Latin-script letters: a name of only these is "romanesque" (citeproc-js's test).
_ROMANESQUE = re.compile(r"[a-zA-Z\u0080-\u024F\u1E00-\u1EFF]")
_GIVEN_PARTS = re.compile(r"([\s\-]+)")


@dataclass(frozen=True)
class NameStyle:
    """The options of a ``cs:name`` element (those the five styles use)."""

    #: "text" (the locale's "and"), "symbol" ("&") or "" (none).
    and_: str = ""
    delimiter: str = ", "
    #: "contextual" (with three names or more), "always" or "never".
    delimiter_precedes_last: str = "contextual"
    delimiter_precedes_et_al: str = "contextual"
    #: What follows an initial ("J." for ". "); None: given names in full.
    initialize_with: str | None = None
    #: Keep the hyphen of a hyphenated given name ("C.-J.").
    initialize_with_hyphen: bool = True
    #: "" (Given Family), "first" (the first name inverted) or "all".
    name_as_sort_order: str = ""
    sort_separator: str = ", "
    #: "never", "sort-only" or "display-and-sort": a particle ("van") after the given name
    #: when the name is inverted ("Gogh, Vincent van").
    demote_particle: str = "display-and-sort"
    family_upper: bool = False
    et_al_min: int | None = None
    et_al_use_first: int | None = None
    et_al_use_last: bool = False
    et_al: str = "et al."
    et_al_italic: bool = False


@dataclass(frozen=True, slots=True)
class Name:
    """A CSL name: a literal, or given and family names with the family's particle."""

    literal: str = ""
    given: str = ""
    family: str = ""
    particle: str = ""

    @classmethod
    def from_csl(cls, value: dict[str, str]) -> Name:
        """The name of a CSL name object; a family name's leading lower-case words are its
        particle ("van Gogh")."""
        return _parsed(value.get("literal", ""), value.get("given", ""), value.get("family", ""))

    @property
    def key(self) -> str:
        """What an in-text citation shows of the name: the family name with its particle, or
        the literal name."""
        return self.literal or " ".join(part for part in (self.particle, self.family) if part)

    @property
    def romanesque(self) -> bool:
        return bool(_ROMANESQUE.search(self.family)) and not is_chinese(self.family)


@lru_cache(maxsize=4096)
def _parsed(literal: str, given: str, family: str) -> Name:
    if literal:
        return Name(literal=typographic(literal))
    words = typographic(family).split(" ")
    lower = 0
    while lower < len(words) - 1 and words[lower][:1].islower():
        lower += 1
    return Name(
        given=typographic(given), family=" ".join(words[lower:]), particle=" ".join(words[:lower])
    )


@lru_cache(maxsize=4096)
def initials(given: str, initialize_with: str, *, hyphen: bool = True) -> str:
    """ "Cho-Jui" -> "C.-J.", "Martin Luther" -> "M. L." (``initialize_with`` ". ")."""
    parts = _GIVEN_PARTS.split(given.strip())
    out = []
    for index, part in enumerate(parts):
        if index % 2:
            if "-" in part and hyphen:
                out.append(initialize_with.rstrip() + "-")
            else:
                out.append(initialize_with)
        elif part:
            out.append(part[0].upper() if not part[0].isupper() else part[0])
    text = "".join(out)
    return (text + initialize_with).strip() if text else ""


def format_name(
    name: Name, style: NameStyle, *, inverted: bool, static_order: bool = False
) -> Text:
    """One name: "J. Fang", "Fang, J.", "FANG J", "van Gogh, V.", "Gogh, Vincent van"."""
    if name.literal:
        return plain(name.literal)
    given = name.given
    if style.initialize_with is not None and given:
        given = initials(given, style.initialize_with, hyphen=style.initialize_with_hyphen)
    family = " ".join(part for part in (name.particle, name.family) if part)
    family_only = name.family
    if style.family_upper:
        family, family_only = family.upper(), family_only.upper()
    if not name.romanesque:
        return plain(family + given)
    if static_order:
        return plain(" ".join(part for part in (family, given) if part))
    if not inverted:
        return plain(" ".join(part for part in (given, family) if part))
    if not given:
        return plain(family)
    if name.particle and style.demote_particle == "display-and-sort":
        demoted = " ".join((given, name.particle.upper() if style.family_upper else name.particle))
        return plain(f"{family_only}{style.sort_separator}{demoted}")
    return plain(f"{family}{style.sort_separator}{given}")


def format_names(
    names: Sequence[Name],
    style: NameStyle,
    *,
    shortened: bool = False,
    language: str = "",
    and_term: str = "and",
    at_least: int = 0,
) -> Text:
    """A list of names as the style prints it (see the module's docstring for
    ``shortened``); ``language`` is the item's, whose Chinese or Japanese puts Latin-script
    names family first ("Fang J."); a shortened list names at least ``at_least`` people
    (``pubs.export.styles.Item.names_needed``)."""
    if not names:
        return EMPTY
    static_order = language[:2] in ("zh", "ja")
    count = len(names) + (1 if shortened else 0)
    shown, et_al, last = names, False, None
    if style.et_al_min is not None and count >= style.et_al_min:
        # (citeproc-js names no more people to tell entries apart in the "… last" form)
        first = max(style.et_al_use_first or 1, 0 if style.et_al_use_last else at_least)
        if first < len(names) or shortened:
            shown, et_al = names[:first], True
            if style.et_al_use_last and not shortened and first < len(names) - 1:
                et_al, last = False, names[-1]
    elif shortened:
        et_al = True
    rendered = [
        format_name(
            name,
            style,
            inverted=style.name_as_sort_order == "all"
            or (style.name_as_sort_order == "first" and index == 0),
            static_order=static_order and name.romanesque and not name.literal,
        )
        for index, name in enumerate(shown)
    ]
    if last is not None:
        ending = format_name(
            last, style, inverted=style.name_as_sort_order == "all", static_order=static_order
        )
        return concat(join(rendered, style.delimiter), (Run(style.delimiter + "… "), *ending))
    if et_al:
        term = italic(plain(style.et_al)) if style.et_al_italic else plain(style.et_al)
        precedes = _precedes(style.delimiter_precedes_et_al, len(rendered) >= 2, style)
        return concat(
            join(rendered, style.delimiter), plain(style.delimiter if precedes else " ") + term
        )
    if len(rendered) == 1:
        return rendered[0]
    if not style.and_:
        return join(rendered, style.delimiter)
    word = "&" if style.and_ == "symbol" else and_term
    precedes = _precedes(style.delimiter_precedes_last, len(rendered) >= 3, style)
    if len(rendered) == 2 and style.delimiter_precedes_last == "always":
        # citeproc-js puts the delimiter before the "and" of two names only after an
        # inverted first name ("Fang, J., & Zhao, G.", but "方锦 & 徐宏力").
        first = shown[0]
        precedes = bool(style.name_as_sort_order) and first.romanesque and not first.literal
        precedes = precedes and not static_order
    head = join(rendered[:-1], style.delimiter)
    glue = f"{style.delimiter}{word} " if precedes else f" {word} "
    return concat(concat(head, plain(glue)), rendered[-1])


def _precedes(rule: str, contextually: bool, style: NameStyle) -> bool:
    """Whether the delimiter goes before the last name or "et al.": always, never, after an
    inverted name, or (contextual) when ``contextually``."""
    if rule == "always":
        return True
    if rule == "never":
        return False
    if rule == "after-inverted-name":
        return style.name_as_sort_order != ""
    return contextually


def sort_names(
    names: Sequence[Name],
    *,
    initialize_with: str | None = None,
    demote_particle: bool = True,
    et_al_min: int | None = None,
    et_al_use_first: int | None = None,
    et_al_use_last: bool = False,
) -> str:
    """The names as citeproc-js renders them in a sort key: "Family Given" each (a demoted
    particle last: "Gogh Vincent van"), shortened as the list is."""
    if et_al_min is not None and len(names) >= et_al_min:
        first = names[: et_al_use_first or 1]
        names = (*first, names[-1]) if et_al_use_last and len(first) < len(names) - 1 else first
    parts = []
    for name in names:
        if name.literal:
            parts.append(name.literal)
            continue
        given = name.given
        if initialize_with is not None and given:
            given = initials(given, initialize_with)
        if demote_particle and name.particle:
            parts.append(" ".join(part for part in (name.family, given, name.particle) if part))
        else:
            parts.append(" ".join(part for part in (name.particle, name.family, given) if part))
    return ", ".join(parts)
