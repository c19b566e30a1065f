"""LaTeX in BibTeX values to Unicode text.

Most values have no LaTeX at all, or only braces and the usual accents ({\\"a}, \\'e, \\v{s},
{\\ss}); those are decoded here with a few regular expressions. Anything else (math, other
commands) goes to pylatexenc.
"""

from __future__ import annotations

import re
import unicodedata

from pylatexenc.latex2text import LatexNodes2Text

_ACCENTS = {
    "'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331",
}  # fmt: skip
_LETTERS = {
    "ss": "ß", "o": "ø", "O": "Ø", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ", "aa": "å",
    "AA": "Å", "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "&": "&", "%": "%", "_": "_", "#": "#",
    "$": "$", "textquoteright": "\u2019", "textquoteleft": "\u2018", "textendash": "\u2013",
    "textemdash": "\u2014", "ldots": "\u2026", "textregistered": "\u00ae", "copyright": "\u00a9",
}  # fmt: skip
# \'e  \'{e}  {\'e}  \'{\i}  \"{\i}  ;  \v{s}  \c c  \u{a}
_SYMBOL_ACCENT = re.compile(r"\\([`'^\"~=.])\s*(?:\{\s*\\?([A-Za-z])\s*\}|\\?([A-Za-z]))")
_LETTER_ACCENT = re.compile(r"\\([uvHckrdb])(?:\s*\{\s*\\?([A-Za-z])\s*\}|\s+\\?([A-Za-z]))")
_SPECIAL = re.compile(
    r"\\(ss|ae|AE|oe|OE|aa|AA|[oOlLij]|textquoteright|textquoteleft|"
    r"textendash|textemdash|ldots|textregistered|copyright)(?![A-Za-z])\s?"
    r"|\\([&%_#$])"
)
_NEEDS_WORK = re.compile(r"[\\{}$~]")
_MATH = re.compile(r"(\$[^$]*\$)")
_DASHES = (("---", "\u2014"), ("--", "\u2013"))

_PYLATEXENC = LatexNodes2Text(math_mode="text", strict_latex_spaces=False)


def _accent(match: re.Match[str]) -> str:
    letter = match.group(2) or match.group(3)
    return unicodedata.normalize("NFC", letter + _ACCENTS[match.group(1)])


def _special(match: re.Match[str]) -> str:
    return _LETTERS[match.group(1) or match.group(2)]


def to_text(value: str) -> str:
    """The Unicode text a LaTeX value shows: accents composed, braces and macros gone.

    ``~`` becomes a space and ``--`` an en dash, as TeX typesets them; math ($\\alpha$)
    reads as text (α).
    """
    if not _NEEDS_WORK.search(value):
        text = value
    elif "$" in value:
        # Math goes to pylatexenc one formula at a time; the text around it is decoded here.
        text = "".join(
            _math(part) if part.startswith("$") else _text(part)
            for part in _MATH.split(value)
            if part
        )
    else:
        text = _text(value)
    if "--" in text:
        for tex, dash in _DASHES:
            text = text.replace(tex, dash)
    # Runs of white space as one space (split() knows the same white space as r"\s").
    return " ".join(unicodedata.normalize("NFC", text).split())


def _text(value: str) -> str:
    text = _SYMBOL_ACCENT.sub(_accent, value)
    text = _LETTER_ACCENT.sub(_accent, text)
    text = _SPECIAL.sub(_special, text)
    if "\\" in text:
        # pylatexenc has taken the grouping braces away: the braces and tildes left are
        # the text's own (\{, \textasciitilde).
        return _pylatexenc(value)
    return text.replace("{", "").replace("}", "").replace("~", " ")


def _math(formula: str) -> str:
    return _pylatexenc(formula)


def _pylatexenc(value: str) -> str:
    return _PYLATEXENC.latex_to_text(value)


def protected_words(value: str) -> list[str]:
    """Words a title protects from case changes with braces: "The {TPU}" -> ["TPU"]."""
    words = []
    depth = 0
    current: list[str] = []
    for char in value:
        if char == "{":
            if depth == 0:
                current = []
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                raw = "".join(current)
                text = to_text(raw)
                if text and not raw.startswith("\\"):  # {\"O} is a letter, not protection
                    words.append(text)
        elif depth:
            current.append(char)
    return words
