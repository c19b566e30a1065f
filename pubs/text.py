"""Words and letters the import, the exports, search and venue resolution share (plain text,
pure).

One definition of each: BibTeX's month names, what counts as Chinese script, taking the
accents off letters and spelling Chinese characters in pinyin. This module imports nothing of
the project: it sits below the packages that use it (pubs.bibtex, pubs.export, pubs.venues),
so that none of them needs another for its letters.
"""

from __future__ import annotations

import re
import unicodedata

#: BibTeX's predefined month macros and the month name each stands for, in month order.
MONTH_MACROS = {
    "jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May",
    "jun": "June", "jul": "July", "aug": "August", "sep": "September", "oct": "October",
    "nov": "November", "dec": "December",
}  # fmt: skip
#: The month number of each word a month field names a month by, in lower case: its macro,
#: its name and "sept".
MONTH_NUMBERS = {
    word: number
    for number, (macro, name) in enumerate(MONTH_MACROS.items(), start=1)
    for word in (macro, name.lower())
} | {"sept": 9}

#: Chinese characters (the CJK Unified Ideographs and their Extension A), as a character class.
HAN = "\u3400-\u9fff"
#: Chinese text as venue names print it: Chinese characters, CJK punctuation ("《》", "、")
#: and full-width forms, as a character class.
CJK_TEXT = f"\u3000-\u303f{HAN}\uff00-\uffef"
_HAN = re.compile(f"[{HAN}]")

#: Letters that NFKD does not take apart, spelt in ASCII.
_ASCII_LETTERS = str.maketrans(
    {"ß": "ss", "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe",
     "Œ": "OE", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ı": "i"}
)  # fmt: skip


def is_chinese(text: str) -> bool:
    """Whether ``text`` holds Chinese characters (a name written 徐宏力)."""
    return bool(_HAN.search(text))


def without_accents(text: str) -> str:
    """``text`` with its letters' accents off ("Müller" -> "Muller", "Łódź" -> "Lodz") and
    compatibility forms decomposed (NFKD: "ﬁ" -> "fi", full-width "ＤＡＣ" -> "DAC");
    Chinese characters, case and everything else kept."""
    if text.isascii():
        return text  # no accents, nothing to decompose
    text = unicodedata.normalize("NFKD", text.translate(_ASCII_LETTERS))
    return "".join(char for char in text if not unicodedata.combining(char))


def pinyin(text: str) -> str:
    """Pinyin without tones, one capitalised word: 宏力 -> "Hongli".

    pypinyin is imported on the first Chinese name: its dictionaries take some 55 MB and
    200,000 objects, which a process that never meets one (most web workers, most imports)
    need not hold.
    """
    from pypinyin import Style, lazy_pinyin  # noqa: PLC0415 (loaded on the first use)

    return "".join(lazy_pinyin(text, style=Style.NORMAL)).capitalize()
