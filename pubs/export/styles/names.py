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
    #: Given names written out, initials as this writes them ("S. R."): a style's
    #: ``initialize-with`` where a name sets ``initialize="false"``.
    normalize_with: str | None = None
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
    #: A particle written with the given names ("Ludwig van"): after them, in every order.
    dropping_particle: str = ""
    suffix: str = ""

    @classmethod
    def from_csl(cls, value: dict[str, str]) -> Name:
        """The name of a CSL name object: its particles as given, else, as citeproc-js reads
        a name with given names, a family name's leading lower-case words ("van Gogh")."""
        name = _parsed(value.get("literal", ""), value.get("given", ""), value.get("family", ""))
        particle = value.get("non-dropping-particle", "")
        dropping = value.get("dropping-particle", "")
        suffix = value.get("suffix", "")
        if not (particle or dropping or suffix):
            return name
        if particle or dropping:  # given: citeproc-js reads no particle out of the names
            name = Name(
                given=typographic(value.get("given", "")),
                family=typographic(value.get("family", "")),
                particle=typographic(particle),
            )
        return Name(
            given=name.given,
            family=name.family,
            particle=name.particle,
            dropping_particle=typographic(dropping),
            suffix=typographic(suffix),
        )

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
    while given and lower < len(words) - 1 and words[lower][:1].islower():
        lower += 1
    return Name(
        given=typographic(given), family=" ".join(words[lower:]), particle=" ".join(words[:lower])
    )


#: citeproc-js's tests of a name's letters (CSL.NAME_INITIAL_REGEXP, CSL.ROMANESQUE_REGEXP,
#: CSL.STARTSWITH_ROMANESQUE_REGEXP).
_NAME_INITIAL = re.compile(
    "^([A-Z\u0e01-\u0e5b\u00c0-\u017f\u0400-\u042f\u0590-\u05d4\u05d6-\u05ff\u0600-\u06ff"
    "\u0370\u0372\u0376\u0386\u0388-\u03ab\u03e2\u03e4\u03e6\u03e8\u03ea\u03ec\u03ee\u03f4"
    "\u03f7\u03fd-\u03ff])([a-zA-Z\u0e01-\u0e5b\u00c0-\u017f\u0400-\u052f\u0600-\u06ff"
    "\u0370-\u03ff\u1f00-\u1fff]*|)(\\.)*"
)
_LETTERS = (
    "a-zA-Z\u0e01-\u0e5b\u00c0-\u017f\u0370-\u03ff\u0400-\u052f\u0590-\u05d4\u05d6-\u05ff"
    "\u1f00-\u1fff\u0600-\u06ff\u200c\u200d\u200e\u0218\u0219\u021a\u021b\u202a-\u202e"
)
_HAS_ROMANESQUE = re.compile(f"[-0-9{_LETTERS}]")
_STARTS_ROMANESQUE = re.compile(f"^[&{_LETTERS}]")
_NAME_SEPARATOR = re.compile(r"[-\s]+")


@lru_cache(maxsize=4096)
def initials(given: str, initialize_with: str, *, hyphen: bool = True) -> str:
    """Given names as initials, as citeproc-js makes them (CSL.Util.Names.initializeWith):
    "Cho-Jui" -> "C.-J.", "Martin Luther" -> "M. L.", "T.L." -> "T. L.", "Shin-ichi" -> "S."
    (a lower-case part after a hyphen is no name of its own), with ``initialize_with`` ". "."""
    return _initialize(given, initialize_with, hyphen=hyphen, normalize_only=False)


@lru_cache(maxsize=4096)
def normalized(given: str, initialize_with: str) -> str:
    """Given names written out, their initials as ``initialize_with`` writes them ("S R" ->
    "S. R.", "John" -> "John"): what citeproc-js prints of a name it does not initialise in
    a style that sets ``initialize-with``."""
    return _initialize(given, initialize_with, hyphen=True, normalize_only=True)


def _initialize(name: str, terminator: str, *, hyphen: bool, normalize_only: bool) -> str:
    name = name.strip()
    if not name or name in ("Lord", "Lady") or not _STARTS_ROMANESQUE.match(name):
        return name
    if not hyphen:
        name = name.replace("-", " ")
    name = re.sub(r"\s+", " ", re.sub(r"\s*-\s*", "-", name))
    name = re.sub(r"-([a-z])", "\u2013\\1", name)
    for index in range(len(name) - 2, -1, -1):
        if name[index] == "." and name[index + 1] != " ":
            name = name[:index] + ". " + name[index + 1 :]
    strings = _NAME_SEPARATOR.split(name)
    separators = _NAME_SEPARATOR.findall(name)
    if not separators:
        last = re.search(r"[^.]+$", strings[0])
        if last and len(last.group()) == 1 and last.group() != last.group().lower():
            strings[0] += "."
    parts = [strings[0]]
    for separator, string in zip(separators, strings[1:], strict=True):
        parts += [separator, string]
    text = _normalize(parts, terminator) if normalize_only else _initials(parts, terminator)
    return re.sub("\u2013([a-z])", r"-\1", text)


def _initials(parts: list[str], terminator: str) -> str:
    """citeproc-js's CSL.Util.Names.doInitialize, for a name without markup."""
    count = len(parts)
    for index in range(0, count, 2):
        part = parts[index]
        if not part:
            continue
        match = _NAME_INITIAL.match(part)
        first, rest, stop = match.groups() if match else ("", "", None)
        if match and rest and stop:
            first, rest = first + rest, ""
        if match and first[:1] == first[:1].upper():
            capitals = ""
            for char in rest:
                if char != char.upper():
                    break
                capitals += char
            extra = capitals.lower() if rest and len(capitals) < len(rest) else ""
            parts[index] = first + extra
            if index < count - 1:
                parts[index + 1] = terminator + "-" if "-" in parts[index + 1] else terminator
            else:
                parts.append(terminator)
        elif _HAS_ROMANESQUE.search(part) and not (match and stop):
            parts[index] = " " + part
    return _tidy("".join(parts))


def _normalize(parts: list[str], terminator: str) -> str:
    """citeproc-js's CSL.Util.Names.doNormalize, for a name without markup."""
    abbreviated = []
    for index, part in enumerate(parts):
        if len(part) > 1 and part.endswith("."):
            parts[index] = re.sub(r"^(.*)\.(.*)$", r"\1\2", part)
            abbreviated.append(True)
        else:
            abbreviated.append(len(part) == 1 and part.upper() == part)
    for index in range(0, len(parts), 2):
        if not abbreviated[index]:
            continue
        if index < len(parts) - 2:
            if not abbreviated[index + 2]:
                parts[index + 1] += " "
            if len(parts[index + 2]) > 1:
                parts[index + 1] = terminator.rstrip("\ufeff") + parts[index + 1]
            else:
                parts[index + 1] = terminator
        if index == len(parts) - 1:
            parts[index] += terminator
    return _tidy("".join(parts))


def _tidy(text: str) -> str:
    text = re.sub(r"[\t\n\x0b\x0c\r \ufeff\u00a0]+$", "", text)
    return re.sub(r"[\t\n\x0b\x0c\r ]+", " ", re.sub(r"\s*-\s*", "-", text))


def format_name(
    name: Name, style: NameStyle, *, inverted: bool, static_order: bool = False
) -> Text:
    """One name: "J. Fang", "Fang, J.", "FANG J", "van Gogh, V.", "Gogh, Vincent van",
    "J. A. Doe Jr.", "Doe, J. A., Jr."."""
    if name.literal:  # citeproc-js sets a literal name in the family name's case
        return plain(name.literal.upper() if style.family_upper else name.literal)
    given = name.given
    if style.initialize_with is not None and given:
        given = initials(given, style.initialize_with, hyphen=style.initialize_with_hyphen)
    elif style.normalize_with is not None and given:
        given = normalized(given, style.normalize_with)
    family = " ".join(part for part in (name.particle, name.family) if part)
    family_only = name.family
    if style.family_upper:
        family, family_only = family.upper(), family_only.upper()
    if not name.romanesque:
        if given and _mixed(name):
            # citeproc-js's "mixed" name (a family name in Chinese script, a given name in
            # Latin script): family first, a space between.
            return plain(f"{family} {given}")
        return plain(family + given)
    given = " ".join(part for part in (given, name.dropping_particle) if part)
    if static_order:
        return plain(" ".join(part for part in (family, given, name.suffix) if part))
    if not inverted:
        return plain(" ".join(part for part in (given, family, name.suffix) if part))
    suffix = f"{style.sort_separator}{name.suffix}" if name.suffix else ""
    if not given:
        return plain(family + suffix)
    if name.particle and style.demote_particle == "display-and-sort":
        demoted = " ".join((given, name.particle.upper() if style.family_upper else name.particle))
        return plain(f"{family_only}{style.sort_separator}{demoted}{suffix}")
    return plain(f"{family}{style.sort_separator}{given}{suffix}")


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
        precedes = (precedes and not static_order) or _mixed(first)
    head = join(rendered[:-1], style.delimiter)
    glue = f"{style.delimiter}{word} " if precedes else f" {word} "
    return concat(concat(head, plain(glue)), rendered[-1])


def _mixed(name: Name) -> bool:
    """citeproc-js's "mixed" name: a family name without Latin script (or in Chinese
    script), a given name that starts in Latin script ("服部四郎 Hattori Shirō")."""
    return bool(
        not name.literal and not name.romanesque and name.given and _ROMANESQUE.match(name.given)
    )


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
        given = " ".join(part for part in (given, name.dropping_particle) if part)
        if demote_particle and name.particle:
            order = (name.family, given, name.particle, name.suffix)
        else:
            order = (name.particle, name.family, given, name.suffix)
        parts.append(" ".join(part for part in order if part))
    return ", ".join(parts)
