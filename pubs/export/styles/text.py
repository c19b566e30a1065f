"""Formatted text as the citation styles build it: runs of text, some italic, joined the
way CSL joins them, and written as plain text or as the HTML citeproc-js writes.

A style assembles an entry from ``Text`` values with ``group`` (CSL's ``cs:group``: parts
with a delimiter, an affix around them, nothing when every variable in it is empty) and
``affixed``. Where two pieces meet, punctuation is merged as citeproc-js merges it
("Co." followed by "." stays "Co."; "?" followed by "," becomes "?,"; "?" followed by "."
becomes "?"), and in American English a comma or full stop that follows a closing quotation
mark moves inside it (“Title,”).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple


class Run(NamedTuple):
    """A stretch of text in one format (a tuple: an entry makes hundreds of them)."""

    text: str
    italic: bool = False
    #: A quotation mark the style adds (``quoted``), not one the value holds.
    quote: bool = False
    bold: bool = False


#: Formatted text: runs in order. The empty tuple is nothing (a suppressed element).
Text = tuple[Run, ...]
EMPTY: Text = ()

#: Punctuation citeproc-js merges where two pieces meet: (left, right) -> what stays.
_MERGED = {
    "!": {".": "!", "?": "!?", ":": "!", ",": "!,", ";": "!;"},
    "?": {"!": "?!", ".": "?", ":": "?", ",": "?,", ";": "?;"},
    ".": {"!": ".!", "?": ".?", ":": ".:", ",": ".,", ";": ".;"},
    ":": {"!": "!", "?": "?", ".": ":", ",": ":,", ";": ":;"},
    ",": {"!": ",!", "?": ",?", ":": ",:", ".": ",.", ";": ",;"},
    ";": {"!": "!", "?": "?", ":": ";", ",": ";,", ".": ";"},
}
#: What citeproc-js counts as Latin-like script (it sets no italics on text without it).
_ROMANESQUE = re.compile(
    "[-0-9a-zA-Z\u0e01-\u0e5b\u00c0-\u017f\u0370-\u03ff\u0400-\u052f\u0590-\u05d4"
    "\u05d6-\u05ff\u1f00-\u1fff\u0600-\u06ff\u200c\u200d\u200e\u0218-\u021b\u202a-\u202e]"
)
#: What moves inside a closing quotation mark (American English: punctuation-in-quote).
_INTO_QUOTES = frozenset(".,!?")


def plain(value: str) -> Text:
    """A value as text ("" gives nothing)."""
    return (Run(value),) if value else EMPTY


def emphasized(value: str) -> Text:
    """A value in italics (CSL's ``font-style="italic"`` on the ``cs:text`` of a variable):
    upright when it holds no Latin letter or digit (Chinese), as citeproc-js sets it."""
    return (Run(value, bool(_ROMANESQUE.search(value))),) if value else EMPTY


def italic(text: Text) -> Text:
    """``text`` in italics (CSL's ``font-style="italic"`` on a group or macro)."""
    return tuple(Run(run.text, True, run.quote, run.bold) for run in text)


def bold(text: Text) -> Text:
    return tuple(Run(run.text, run.italic, run.quote, True) for run in text)


def quoted(text: Text, *, opening: str = "“", closing: str = "”") -> Text:
    """``text`` in quotation marks; the double quotation marks it holds become single."""
    if not text:
        return EMPTY
    inner = tuple(
        run if run.quote else Run(run.text.translate(_INNER_QUOTES), run.italic, False, run.bold)
        for run in text
    )
    return (Run(opening, quote=True), *inner, Run(closing, quote=True))


_INNER_QUOTES = str.maketrans({"“": "‘", "”": "’"})


def is_empty(text: Text) -> bool:
    return not any(run.text for run in text)


def concat(left: Text, right: Text, *, quotes_take_punctuation: bool = True) -> Text:
    """``left`` then ``right``, their punctuation merged where they meet."""
    if not right:
        return left
    if not left:
        return right
    first = right[0].text[:1]
    if first in _MERGED:
        return _append_punctuation(left, first, quotes_take_punctuation) + _drop_first(right)
    if first == " " and left[-1].text.endswith(" "):
        return left + _drop_first(right)
    return left + right


def _drop_first(text: Text) -> Text:
    head = text[0]
    rest = head.text[1:]
    return ((Run(rest, head.italic, head.quote, head.bold),) if rest else ()) + text[1:]


def _append_punctuation(
    left: Text, mark: str, quotes_take_punctuation: bool, *, value_quotes: bool | None = None
) -> Text:
    """``left`` followed by the punctuation ``mark``, merged with the punctuation it ends
    with (inside a closing quotation mark when the locale puts it there: the style's
    quotation marks and those the value ends with, “…” or ‘…’)."""
    if value_quotes is None:
        value_quotes = quotes_take_punctuation
    closing = 0
    while closing < len(left) and left[-1 - closing].quote:
        closing += 1
    if closing and closing < len(left) and quotes_take_punctuation and mark in _INTO_QUOTES:
        inside = _append_punctuation(
            left[: len(left) - closing], mark, False, value_quotes=value_quotes
        )
        return inside + left[len(left) - closing :]
    last = left[-1]
    end = last.text[-1:]
    if end in _VALUE_QUOTES and value_quotes and mark in _INTO_QUOTES and _ends_quoted(last.text):
        body = _append_punctuation(
            (Run(last.text[:-1], last.italic, last.quote, last.bold),), mark, False
        )
        closed = (*body[:-1], Run(body[-1].text + end, last.italic, last.quote, last.bold))
        return (*left[:-1], *closed)
    if end == mark:
        return left
    if end in _MERGED and mark in _MERGED[end]:
        merged = _MERGED[end][mark]
        if merged.startswith(end):
            return (*left, Run(merged[1:])) if merged[1:] else left
        return (*left[:-1], Run(last.text[:-1] + merged, last.italic, last.quote, last.bold))
    return (*left, Run(mark))


#: Closing quotation marks and the opening ones that pair with them.
_VALUE_QUOTES = {"”": "“", "’": "‘"}


def _ends_quoted(text: str) -> bool:
    """Whether a value ends with a quotation it opened ("… “word”"), not an apostrophe."""
    opening = _VALUE_QUOTES.get(text[-1:])
    return bool(opening) and len(text) > 1 and opening in text[:-1]


def join(parts: Iterable[Text], delimiter: str = "", *, punctuation_in_quotes: bool = True) -> Text:
    """The non-empty ``parts`` with ``delimiter`` between them."""
    out: Text = EMPTY
    for part in parts:
        if not part:
            continue
        if out and delimiter:
            out = concat(out, plain(delimiter), quotes_take_punctuation=punctuation_in_quotes)
        out = concat(out, part, quotes_take_punctuation=punctuation_in_quotes)
    return out


def affixed(
    text: Text, prefix: str = "", suffix: str = "", *, punctuation_in_quotes: bool = True
) -> Text:
    """``text`` with a prefix and a suffix; nothing when it is nothing."""
    if not text:
        return EMPTY
    return join((plain(prefix), text, plain(suffix)), punctuation_in_quotes=punctuation_in_quotes)


def group(
    *parts: Text | str,
    delimiter: str = "",
    prefix: str = "",
    suffix: str = "",
    punctuation_in_quotes: bool = True,
) -> Text:
    """CSL's group: the parts joined by ``delimiter`` and affixed; a part given as a string
    is a term (fixed text), printed only when some variable part is not empty."""
    variables = [part for part in parts if not isinstance(part, str)]
    if variables and not any(variables):
        return EMPTY
    texts = [plain(part) if isinstance(part, str) else part for part in parts]
    body = join(texts, delimiter, punctuation_in_quotes=punctuation_in_quotes)
    return affixed(body, prefix, suffix, punctuation_in_quotes=punctuation_in_quotes)


def as_plain(text: Text) -> str:
    return "".join(run.text for run in text)


def as_html(text: Text) -> str:
    """The text as citeproc-js writes HTML: markup characters as numeric entities, italic
    stretches in ``<i>``, bold ones in ``<b>``."""
    out = []
    italic_open = bold_open = False
    for run in text:
        if run.italic != italic_open or run.bold != bold_open:
            out.append(("</b>" if bold_open else "") + ("</i>" if italic_open else ""))
            out.append(("<i>" if run.italic else "") + ("<b>" if run.bold else ""))
            italic_open, bold_open = run.italic, run.bold
        out.append(run.text.replace("&", "&#38;").replace("<", "&#60;").replace(">", "&#62;"))
    out.append(("</b>" if bold_open else "") + ("</i>" if italic_open else ""))
    return "".join(out)
