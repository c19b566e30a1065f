"""Values as the citation styles print them, the way citeproc-js prints them: dates, page
ranges, title case, typographic apostrophes."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Any

MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
#: The short month names of the American English locale.
SHORT_MONTHS = (
    "Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec.",
)  # fmt: skip

#: A page range as citeproc-js reads one: "45-60", "e12-e19", "S1-S9".
_RANGE = re.compile(
    r"^([0-9]*[a-zA-Z]+0*)?([0-9]+[a-z]*)\s*(?:–|-)\s*([0-9]*[a-zA-Z]+0*)?([0-9]+[a-z]*)$"
)
_NUMBER = re.compile(r"^\s*\d+\s*$")


def year_month(item: dict[str, Any]) -> tuple[int | None, int | None]:
    """The item's issued year and month (None when not given)."""
    parts = (item.get("issued") or {}).get("date-parts") or [[]]
    first = parts[0] if parts else []
    year = int(first[0]) if len(first) > 0 else None
    month = int(first[1]) if len(first) > 1 else None
    return year, month


def is_range(pages: str) -> bool:
    """Whether a page value holds more than one page (a range or a list), which makes
    citeproc-js's label plural ("pp."): a hyphen after a number or letter, or numbers
    joined by an en dash, a comma, "&", "and" or a space; never a value with a full stop
    or colon inside a number ("1.1-1.36", "88:1-88:40"), capital roman numerals ("V-XV")
    or other than Latin script ("序2-3")."""
    value = _without_label(pages).strip()
    if _ONE_PAGE.search(value) or not value.replace("–", "-").isascii():
        return False
    return bool(_HYPHENATED.search(value) or _SEVERAL.search(value))


#: A range of plain or roman numbers, whose hyphen citeproc-js prints as the locale's
#: range delimiter (an issue "1-4", pages "iii-132").
_NUMBER_RANGE = re.compile(r"^\s*([0-9]+|[ivxlcmIVXLCM]+)\s*-\s*([0-9]+|[ivxlcmIVXLCM]+)\s*$")
_HYPHENATED = re.compile(r"\w\s*-")
_ONE_PAGE = re.compile(r"[.:]\d|^[IVXLCDM]+\s*[-–]\s*[IVXLCDM]+$")
_SEVERAL = re.compile(r"\d\s*(?:[–,&]|\s and|\s)\s*\d")


def number_range(value: str, delimiter: str = "–") -> str:
    """A number variable (issue, volume, pages) as citeproc-js prints a range of plain or
    roman numbers: "1–4", "iii–132"; any other value as written."""
    if "-" not in value:
        return value
    found = _NUMBER_RANGE.match(value)
    return f"{found.group(1)}{delimiter}{found.group(2)}" if found else value


def page_range(pages: str, *, form: str = "", delimiter: str = "–") -> str:
    """Pages as the style writes a range: ``form`` "" or "expanded" (all digits), or
    "chicago-16" (the Chicago Manual's abbreviation: 2118–31, 30–39, 101–8, A530–33, the
    end's letters left out as citeproc-js leaves them out)."""
    pages = _without_label(pages)
    found = _RANGE.match(pages.strip())
    if not found:
        return number_range(pages, delimiter)
    start_prefix, start, end_prefix, end = found.groups()
    if end_prefix and end_prefix != start_prefix:
        return pages.replace("-", delimiter)
    if len(end) < len(start):
        end = start[: len(start) - len(end)] + end
    # citeproc-js compares the numbers as parseInt reads them: "777c" is 777.
    first, last = _leading_number(start), _leading_number(end)
    if first >= last:
        return pages.replace("-", delimiter)
    prefix = start_prefix or ""
    if form == "chicago-16":
        abbreviated = _chicago_end(first, last)
        return f"{prefix}{start}{delimiter}{end if abbreviated is None else abbreviated}"
    return f"{prefix}{start}{delimiter}{prefix}{end}"


#: A page label written in the value ("pp. 15-21"), which citeproc-js leaves out.
_PAGE_LABEL = re.compile(r"^\s*pp?\.\s*(?=\d)")


def _without_label(pages: str) -> str:
    return _PAGE_LABEL.sub("", pages) if "p" in pages[:3] else pages


def _leading_number(value: str) -> int:
    return int(re.match(r"\d+", value).group())  # type: ignore[union-attr]


def _chicago_end(start: int, end: int) -> str | None:
    """The end of a range abbreviated as the Chicago Manual abbreviates it (None: whole)."""
    if start > 100 and start % 100:
        digits = str(end)
        for power in range(2, len(digits)):
            if start // 10**power == end // 10**power:
                return str(end % 10**power)
    return None


def is_numeric(value: str) -> bool:
    return bool(_NUMBER.match(value))


#: An edition citeproc-js takes for a number: "2", "2nd".
_EDITION_NUMBER = re.compile(r"^(\d{1,4})(?:st|nd|rd|th)?$", re.ASCII)


def english_ordinal(number: int) -> str:
    """An English ordinal as the en-US locale writes it: "1st", "2nd", "11th", "23rd"."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{({1: 'st', 2: 'nd', 3: 'rd'}).get(number % 10, 'th')}"


def edition(value: str, *, term: str = "ed.", ordinal: bool = True) -> str:
    """A numeric edition as its ordinal and the short term ("2nd ed."; "2 版" in Chinese,
    whose locale has no ordinals); any other as written ("Rev. ed.", "修订本")."""
    value = value.strip()
    number = _EDITION_NUMBER.match(value)
    if number:
        written = english_ordinal(int(number.group(1))) if ordinal else number.group(1)
        return f"{written} {term}"
    return value


# -- case ------------------------------------------------------------------------------------

#: The words title case leaves in lower case (citeproc-js's list).
SKIP_WORDS = frozenset(
    {
        "about", "above", "across", "afore", "after", "against", "al", "along", "alongside",
        "amid", "amidst", "among", "amongst", "anenst", "apropos", "apud", "around", "as", "aside",
        "astride", "at", "athwart", "atop", "barring", "before", "behind", "below", "beneath",
        "beside", "besides", "between", "beyond", "but", "by", "circa", "despite", "down",
        "during", "et", "except", "for", "forenenst", "from", "given", "in", "inside", "into",
        "lest", "like", "modulo", "near", "next", "notwithstanding", "of", "off", "on", "onto",
        "out", "over", "per", "plus", "pro", "qua", "sans", "since", "than", "through", "thru",
        "throughout", "thruout", "till", "to", "toward", "towards", "under", "underneath", "until",
        "unto", "up", "upon", "versus", "vs.", "v.", "vs", "v", "via", "vis-à-vis", "with",
        "within", "without", "or", "yet", "so", "and", "nor", "a", "an", "the", "de", "d'", "von",
        "van", "c", "ca",
    }
)  # fmt: skip
#: What splits a title into stretches of words for title case (quotes, dashes, slashes,
#: punctuation, brackets).
_TITLE_TAGS = re.compile(r"(‘|’|“|”| \"| '|\"|'|[-–—/.,;?!:]|\[|\]|\(|\))")
#: A lone Greek letter, which citeproc-js leaves in lower case (a symbol in a title).
_GREEK = re.compile("^[\u0370-\u03ff]$")
_SPACES = re.compile(r"([\u00a0 \u2000-\u200b\u205f\u3000]+)")


@lru_cache(maxsize=16384)  # a list's titles, cased for its sort and again for its entries
def title_case(text: str) -> str:
    """``text`` in title case as citeproc-js writes it: each word that is all lower case
    capitalised, except the little words (``SKIP_WORDS``) inside the title; the first word,
    a word after ":", "?" or "!" and the last word always; a little word before a hyphen
    only in the title's first stretch ("To-Do Lists", but "Dial-a-Ride": citeproc-js
    passes the following tag to the first stretch alone); a lone Greek letter never
    ("β-Decay"); the letter after an apostrophe as written ("L’interaction")."""
    pieces = _TITLE_TAGS.split(text)
    strings, tags = pieces[0::2], pieces[1::2]
    state = {"first": True, "after_punctuation": False, "last": None}

    def capitalise_words(index: int, following: str) -> None:
        chunk = strings[index]
        if not chunk.strip():
            return
        words = _SPACES.split(chunk)
        for position in range(0, len(words), 2):
            word = words[position]
            if not word:
                continue
            lower = word.lower()
            capitalise = (
                (len(word) > 1 and lower.rstrip("\u202f") not in SKIP_WORDS)
                or (index == 0 and position == len(words) - 1 and following == "-")
                or state["first"]
                or state["after_punctuation"]
            )
            if capitalise and word == lower:
                words[position] = _capitalise(word)
            state["first"] = state["after_punctuation"] = False
            state["last"] = (index, position)
        strings[index] = "".join(words)

    capitalise_words(0, tags[0] if tags else "")
    open_single = 0
    for index, tag in enumerate(tags):
        if tag[-1:] in "!?:":
            state["after_punctuation"] = True
        original = strings[index + 1]
        capitalise_words(index + 1, tags[index + 1] if index + 1 < len(tags) else "")
        if tag == "‘":
            open_single += 1
        elif tag == "’" and open_single:
            open_single -= 1
        elif tag == "’" and original:
            # An apostrophe closes no quotation: citeproc-js gives the text after it back
            # its first letter as written ("L’interaction", "d’Urville").
            strings[index + 1] = original[0] + strings[index + 1][1:]
        if strings[index + 1].strip():
            state["first"] = state["after_punctuation"] = False
    if state["last"] is not None:
        index, position = state["last"]
        words = _SPACES.split(strings[index])
        word = words[position]
        if len(word) > 1 and word.lower() in SKIP_WORDS:
            words[position] = _capitalise(word)
            strings[index] = "".join(words)
    out = [strings[0]]
    for tag, string in zip(tags, strings[1:], strict=True):
        out += [tag, string]
    return "".join(out)


def _capitalise(word: str) -> str:
    stripped = word.lstrip()
    lead = word[: len(word) - len(stripped)]
    if not stripped or _GREEK.match(stripped):
        return word
    return lead + stripped[0].upper() + stripped[1:]


def capitalize_first(text: str) -> str:
    """The first letter upper-cased when the first word is all lower case."""
    words = text.split(" ", 1)
    if words and words[0] and words[0] == words[0].lower():
        words[0] = _capitalise(words[0])
    return " ".join(words)


def typographic(text: str) -> str:
    """Straight apostrophes as typographic ones (’), as citeproc-js prints them."""
    return text.replace("'", "’")


#: A straight double quotation mark that opens a quotation: at the start or after a space
#: or an opening bracket.
_OPENING_QUOTE = re.compile(r'(^|[\s(\[])"')
#: A space before ":", ";", "?", "!" or "»", which citeproc-js makes a narrow no-break space.
_SPACE_BEFORE_MARK = re.compile(r" ([:;?!»])")
_NEEDS_CHANGE = re.compile(r'"| [:;?!»]|« ')


def printed_text(text: str) -> str:
    """A text variable as citeproc-js prints it: typographic apostrophes, straight double
    quotation marks as curly ones (“…”; single inside a quoted title), and a narrow
    no-break space before ":", ";", "?", "!" and "»" and after "«" where the value has a
    space."""
    text = typographic(text)
    if _NEEDS_CHANGE.search(text) is None:
        return text
    if '"' in text:
        text = _OPENING_QUOTE.sub("\\1“", text).replace('"', "”")
    if " " in text:
        text = _SPACE_BEFORE_MARK.sub("\u202f\\1", text).replace("« ", "«\u202f")
    return text


# -- sorting ---------------------------------------------------------------------------------


def collation_key(text: str) -> str:
    """A key that orders strings as citeproc-js compares its sort keys (ICU, English, at the
    base level: case and accents ignored, punctuation and spaces ignored, numbers by value):
    symbols ("|", which citeproc-js puts between words) before digits before Latin letters
    before other scripts. Compared as Python strings: a symbol becomes "\x01", a number
    "\x02" and its length and digits."""
    if not text.isascii():
        text = unicodedata.normalize("NFKD", text)
    text = text.translate(_FOLDING)
    return _DIGITS.sub(_number_key, text) if _HAS_DIGIT.search(text) else text


def _number_key(match: re.Match[str]) -> str:
    digits = match.group(0).lstrip("0") or "0"
    return f"\x02{chr(0x30 + len(digits))}{digits}"


#: ASCII characters that sort as symbols; the others that are no letter or digit are ignored.
_ASCII_SYMBOLS = frozenset("$+<=>^`|~")


class _Folding(dict):
    """The ``str.translate`` table of the collation key, filled as characters are met:
    marks, punctuation, spaces and controls dropped, symbols as "\x01", letters lowered."""

    def __missing__(self, code: int) -> str | None:
        char = chr(code)
        category = unicodedata.category(char)[0]
        if char in _ASCII_SYMBOLS or (category == "S" and not char.isascii()):
            value: str | None = "\x01"
        elif category in "MPZCS":
            value = None
        else:
            value = char.lower()
        self[code] = value
        return value


_FOLDING = _Folding()
_DIGITS = re.compile(r"[0-9]+")
_HAS_DIGIT = re.compile(r"[0-9]")


def sort_text(text: str) -> str:
    """A rendered sort key as citeproc-js writes it: words joined by "|"."""
    return "|".join(text.split()) + "|" if text.strip() else ""
