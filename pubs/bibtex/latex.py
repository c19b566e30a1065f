"""LaTeX in BibTeX values to Unicode text.

Most values have no LaTeX at all, or only braces and the usual accents ({\\"a}, \\'e, \\v{s},
{\\ss}); those are decoded here with a few regular expressions. Anything else (math, other
commands) goes to pylatexenc.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from pylatexenc import latex2text, latexwalker, macrospec

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
_NEEDS_WORK = re.compile(r"[\\{}$~`]|''")
#: The TeX logos, as their names read in text ("{\\LaTeX} Tricks" -> "LaTeX Tricks").
_LOGOS = {"TeX": "TeX", "LaTeX": "LaTeX", "LaTeXe": "LaTeX2e", "BibTeX": "BibTeX",
          "XeTeX": "XeTeX", "LuaTeX": "LuaTeX", "XeLaTeX": "XeLaTeX", "LuaLaTeX": "LuaLaTeX",
          "ConTeXt": "ConTeXt", "AmSTeX": "AmSTeX", "AmS": "AmS", "MF": "Metafont"}  # fmt: skip
_LOGO = re.compile(
    r"\\(" + "|".join(sorted(_LOGOS, key=len, reverse=True)) + r")(?![A-Za-z])(?:\{\})?"
)
#: TeX's quotes: ``double'' and `single' as the marks they typeset.
_QUOTES = ((re.compile(r"``(.*?)''", re.DOTALL), "\u201c\\1\u201d"),
           (re.compile(r"(?<![\\`])`([^`'\n]*)'(?!')"), "\u2018\\1\u2019"))  # fmt: skip
#: An HTML ampersand left in a value ("KDD &amp; Co", "A &amp B"): the ampersand.
_AMPERSAND = re.compile(r"(?:\\?&amp;?)+")
_MATH = re.compile(r"(\$[^$]*\$)")
#: A formula of letters, digits, operators and brackets only ("$O(n^2)$", "$x_1 + y$"): it
#: reads as it is written, without pylatexenc.
_PLAIN_FORMULA = re.compile(r"\$[\w\s+*/=<>()^.,;:!?'|\[\]-]*\$")
#: Commands that only set their text in a style ("\\emph{word}" reads "word").
_STYLE = re.compile(
    r"\\(?:emph|textbf|textit|textsl|textsc|texttt|textrm|textsf|textup|textmd|textnormal)"
    r"\s*(?=\{)"
)
_DASHES = (("---", "\u2014"), ("--", "\u2013"))

_COMMAND = re.compile(r"\\(?:[A-Za-z]+\*?|.)")


def _link_text(node, l2tobj) -> str:
    """What ``\\href{address}{text}`` shows: its text (pylatexenc passes itself as
    ``l2tobj``, by that name)."""
    arguments = node.nodeargd.argnlist if node.nodeargd else []
    text = arguments[1] if len(arguments) > 1 else None
    return l2tobj.nodelist_to_text([text]) if text is not None else ""


#: The Greek letters, by their names in TeX ("omega") and in Unicode ("LAMDA").
_GREEK = {
    name: name.upper().replace("LAMBDA", "LAMDA")
    for name in [
        "alpha",
        "beta",
        "gamma",
        "delta",
        "epsilon",
        "zeta",
        "eta",
        "theta",
        "iota",
        "kappa",
        "lambda",
        "mu",
        "nu",
        "xi",
        "omicron",
        "pi",
        "rho",
        "sigma",
        "tau",
        "upsilon",
        "phi",
        "chi",
        "psi",
        "omega",
    ]
}


def _upright_greek() -> list[latex2text.MacroTextSpec]:
    """The upright Greek letters of the upgreek package (\\upomega, \\Upomega) and of
    unicode-math (\\upOmega), which Crossref's BibTeX writes: the letters."""
    specs = []
    for tex, name in _GREEK.items():
        small = unicodedata.lookup(f"GREEK SMALL LETTER {name}")
        capital = unicodedata.lookup(f"GREEK CAPITAL LETTER {name}")
        capitalised = tex.capitalize()
        specs += [
            latex2text.MacroTextSpec(f"up{tex}", small),
            latex2text.MacroTextSpec(f"Up{tex}", capital),
            latex2text.MacroTextSpec(f"up{capitalised}", capital),
        ]
    return specs


def _decoder() -> tuple[latex2text.LatexNodes2Text, object]:
    """pylatexenc's decoder and the parsing context it reads with; ``\\href`` added to both
    (pylatexenc 2 reads it with no argument, then fails looking for them)."""
    walker = latexwalker.get_default_latex_context_db()
    walker.add_context_category(
        "links", prepend=True, macros=[macrospec.std_macro("href", False, 2)]
    )
    texts = latex2text.get_default_latex_context_db()
    texts.add_context_category(
        "links",
        prepend=True,
        macros=[
            latex2text.MacroTextSpec("href", _link_text),
            # The braces of a text whose braces do not pair up (the BibTeX export writes them
            # so: BibTeX counts \{ and \} as braces).
            latex2text.MacroTextSpec("textbraceleft", "{"),
            latex2text.MacroTextSpec("textbraceright", "}"),
            *_upright_greek(),
        ],
    )
    decoder = latex2text.LatexNodes2Text(
        latex_context=texts, math_mode="text", strict_latex_spaces=False
    )
    return decoder, walker


_PYLATEXENC, _PARSING = _decoder()

#: The LaTeX the general decoder (pylatexenc, some 70,000 characters a second) may be given
#: while one file is read: a hundred times what real files ask of it (the IRIDIA
#: bibliography, 1.6 MB, gives it some 16,000), some 30 s of a worker.
MAX_DECODED_LATEX = 2_000_000
#: What a call of the decoder costs beside its characters (it sets up a parser each time).
_CALL_COST = 15
_DECODING: ContextVar[list[int] | None] = ContextVar("latex_decoding", default=None)


class TooMuchLatex(ValueError):
    """More LaTeX than :func:`decoding_budget` allows has been given to the general decoder."""


@contextmanager
def decoding_budget(characters: int = MAX_DECODED_LATEX) -> Iterator[None]:
    """Within it, :func:`to_text` raises TooMuchLatex once the general decoder has been given
    more than ``characters`` of LaTeX (what a file may make an import decode, all told)."""
    token = _DECODING.set([characters])
    try:
        yield
    finally:
        _DECODING.reset(token)


def _accent(match: re.Match[str]) -> str:
    letter = match.group(2) or match.group(3)
    return unicodedata.normalize("NFC", letter + _ACCENTS[match.group(1)])


def _special(match: re.Match[str]) -> str:
    return _LETTERS[match.group(1) or match.group(2)]


def to_text(value: str) -> str:
    """The Unicode text a LaTeX value shows: accents composed, braces and macros gone.

    ``~`` becomes a space and ``--`` an en dash, as TeX typesets them (``-{}-`` stays two
    hyphens); math ($\\alpha$) reads as text (α).
    """
    if "&amp" in value:
        value = _AMPERSAND.sub(r"\\&", value)
    if "`" in value or "''" in value:
        value = _quotes(value)  # before math is split off: ``a $x$ b''
    if not _NEEDS_WORK.search(value):
        text = _dashes(value)
    elif "$" in value:
        # Math goes to pylatexenc one formula at a time; the text around it is decoded here.
        text = "".join(
            _math(part) if part.startswith("$") else _text(part)
            for part in _MATH.split(value)
            if part
        )
    else:
        text = _text(value)
    # Runs of white space as one space (split() knows the same white space as r"\s").
    return " ".join(unicodedata.normalize("NFC", text).split())


def _text(value: str) -> str:
    if "\\" in value and _LOGO.search(value):
        value = _LOGO.sub(lambda match: _LOGOS[match.group(1)], value)
    text = _SYMBOL_ACCENT.sub(_accent, value)
    text = _LETTER_ACCENT.sub(_accent, text)
    text = _SPECIAL.sub(_special, text)
    if "\\text" in text or "\\emph" in text:
        text = _STYLE.sub("", text)
    if "\\" in text:
        # pylatexenc has taken the grouping braces away: the braces and tildes left are
        # the text's own (\{, \textasciitilde); it reads dashes as TeX does.
        return _pylatexenc(value)
    # Dashes before the braces go: "-{}-" is two hyphens.
    return _dashes(text).replace("{", "").replace("}", "").replace("~", " ")


def _quotes(text: str) -> str:
    """TeX's quotes as the marks they typeset: ``a'' -> “a”, `a' -> ‘a’ (\\` is an accent)."""
    for pattern, marks in _QUOTES:
        text = pattern.sub(marks, text)
    return text


def _dashes(text: str) -> str:
    """``---`` and ``--`` as the dashes TeX makes of them."""
    if "--" in text:
        for tex, dash in _DASHES:
            text = text.replace(tex, dash)
    return text


def _math(formula: str) -> str:
    if _PLAIN_FORMULA.fullmatch(formula) and "--" not in formula:
        return formula[1:-1].strip()
    return _pylatexenc(formula)


def _pylatexenc(value: str) -> str:
    left = _DECODING.get()
    if left is not None:
        left[0] -= len(value) + _CALL_COST
        if left[0] < 0:
            raise TooMuchLatex(value)
    try:
        return _PYLATEXENC.latex_to_text(value, latex_context=_PARSING)
    except Exception:
        # pylatexenc fails on some commands written without their arguments ("\\verb",
        # "\\sqrt", "\\footnote"): the text is then shown with its commands left out.
        text = _dashes(_COMMAND.sub("", value))
        return text.replace("{", "").replace("}", "").replace("~", " ")


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
