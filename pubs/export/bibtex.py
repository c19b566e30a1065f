"""Papers to BibTeX that the import reads back as it was written.

The round trip is the design rule: every value is written in a form ``pubs.bibtex`` decodes
to the value stored (Unicode as LaTeX, names as "Family, Given", equal contribution as a
``*`` after the family name, status as a note or ``pubstate``), fields come in one fixed
order, and the fields the import kept without a column of their own (``extra_fields``) are
written back as they were. Exporting, importing into an empty database and exporting again
gives the same bytes.
"""

from __future__ import annotations

import logging
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from pylatexenc.latexencode import UnicodeToLatexEncoder

from people.orcid import ORCID_ANNOTATION, orcid_annotation
from pubs.bibtex.latex import to_text
from pubs.bibtex.names import parse_name
from pubs.bibtex.normalize import KEPT_MAPPED, LINK_FIELDS, MAPPED
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.kinds import ENTRY_TYPE_FIELD, bibtex_entry_type
from pubs.text import MONTH_MACROS, is_chinese, without_accents

# Characters without a LaTeX form (Chinese, most symbols) are kept as UTF-8; saying so for
# each of them would flood the log.
logging.getLogger("pylatexenc.latexencode").setLevel(logging.ERROR)

#: The default citation key: first author's family name, year, first significant title word.
DEFAULT_KEY_PATTERN = "{family}{year}{word}"
#: Link kinds and the al-folio field each is written to (the import reads them back).
LINK_FIELD_OF_KIND = {
    "pdf": "pdf", "code": "code", "slides": "slides", "video": "video", "poster": "poster",
    "blog": "blog", "project": "website", "data": "dataset", "other": "supp",
}  # fmt: skip
#: Every field in the order it is written; fields not listed follow, alphabetically.
#: The authors' ORCID iDs, biblatex's named data annotation of the author list.
FIELD_ORDER = (
    "author", ORCID_ANNOTATION, "title", "booktitle", "journal", "howpublished", "editor",
    "series", "volume", "number", "pages", "school", "institution", "type", "publisher",
    "address", "year", "month", "note", "pubstate", "doi", "eprint", "archiveprefix",
    "primaryclass", "url", "keywords", "abstract", "abbr", "award", "selected",
    *LINK_FIELD_OF_KIND.values(),
)  # fmt: skip
FIELD_NAMES = {"archiveprefix": "archivePrefix", "primaryclass": "primaryClass"}
_RANK = {name: index for index, name in enumerate(FIELD_ORDER)}
#: Statuses and the note that says them (the import reads "under review", "to appear").
STATUS_NOTES = {"under_review": "Under review", "accepted": "To appear"}
#: biblatex's pubstate for each status (the import reads these when the note says another thing).
PUBSTATES = {"under_review": "submitted", "accepted": "forthcoming", "preprint": "prepublished"}
THESIS_TYPES = {"bachelor": "Bachelor's thesis", "masters": "Master's thesis", "phd": "PhD thesis"}
STOPWORDS = frozenset(
    {
        "a", "an", "the", "on", "of", "for", "in", "to", "towards", "toward", "with", "via",
        "and", "at", "by", "from", "into", "is", "are", "do", "does", "how", "what", "when",
        "why",
    }
)  # fmt: skip

_ASCII_SPECIALS = re.compile(r"[\\{}$&%#_~]")
_BRACE = re.compile(r"[{}]")
# A brace of the text is written as a command: BibTeX (and pybtex) count "\{" and "\}" as
# braces, so a lone one would end the value, and the entry, early.
_ASCII_ESCAPES = {
    "\\": r"\textbackslash{}", "{": r"\textbraceleft{}", "}": r"\textbraceright{}",
    "$": r"\textdollar{}", "&": r"\&", "%": r"\%", "#": r"\#", "_": r"\_",
    "~": r"\textasciitilde{}",
}  # fmt: skip
#: A hyphen followed by another: TeX (and the import) read "--" as a dash, "-{}-" as two.
_HYPHEN_BEFORE_HYPHEN = re.compile(r"-(?=-)")
#: Marks the place of the "{}" between two hyphens while the text is encoded.
_BETWEEN_HYPHENS = "\x04"
# "^" stays as it is: the import reads every LaTeX form of it as something else.
#: Dashes as TeX writes them (and the import reads them).
_DASHES = {"\u2013": "--", "\u2014": "---"}
_KEY_OK = re.compile(r"^[^\s,{}()\"#%'=~\\@]+$")
#: What a verbatim value (pages, DOI, URL) must not hold to stay one value in braces.
_VERBATIM_BREAKERS = re.compile(r"[{}\\]")
#: An odd number of backslashes at the end of a value.
_ESCAPING_END = re.compile(r"(?<!\\)(?:\\\\)*\\$")
_AND_WORD = re.compile(r"\band\b", re.IGNORECASE)
_ONLY_ARXIV = re.compile(r"^\s*(?:arxiv|corr)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+(?:-[^\W_]+)*")
_ENCODER = UnicodeToLatexEncoder(
    non_ascii_only=True, replacement_latex_protection="braces", unknown_char_policy="keep"
)


@dataclass(frozen=True)
class BibtexOptions:
    """How to write: the citation key pattern, LaTeX or UTF-8, al-folio fields, abstracts."""

    #: Placeholders: {family} {year} {yy} {word} {words} {title}, lower-case ASCII.
    key_pattern: str = DEFAULT_KEY_PATTERN
    #: Encode non-ASCII letters as LaTeX ({\"u}); off writes UTF-8 (for biber).
    latex: bool = True
    #: The fields al-folio sites read: pdf, code, slides, video, poster, blog, award,
    #: selected, abbr.
    extras: bool = False
    abstract: bool = True

    def __post_init__(self) -> None:
        check_key_pattern(self.key_pattern)


#: The placeholders a citation key pattern may use.
KEY_PLACEHOLDERS = frozenset({"family", "year", "yy", "word", "words", "title"})
#: Bounds of a key pattern, which may come from a URL: its length, its number of
#: placeholders, and the width or precision a placeholder's format may ask for
#: ("{title:.8}"), so that no pattern makes a key larger than its paper's data.
KEY_PATTERN_MAX_LENGTH = 64
KEY_PATTERN_MAX_PLACEHOLDERS = 5
KEY_FORMAT_MAX_WIDTH = 32
_NUMBER = re.compile(r"\d+")


def check_key_pattern(pattern: str) -> str:
    """``pattern`` when it is a usable key pattern; ValueError naming what is wrong."""
    if len(pattern) > KEY_PATTERN_MAX_LENGTH:
        raise ValueError(f"the key pattern is longer than {KEY_PATTERN_MAX_LENGTH} characters")
    try:
        fields = [
            (name, spec, conversion)
            for _, name, spec, conversion in string.Formatter().parse(pattern)
            if name is not None
        ]
    except ValueError as exc:
        raise ValueError(f"the key pattern {pattern!r} is malformed: {exc}") from exc
    names = {name for name, _, _ in fields}
    unknown = names - KEY_PLACEHOLDERS
    if unknown or not names:
        known = ", ".join("{" + name + "}" for name in sorted(KEY_PLACEHOLDERS))
        raise ValueError(f"the key pattern {pattern!r} must use only {known}")
    if len(fields) > KEY_PATTERN_MAX_PLACEHOLDERS:
        raise ValueError(
            f"the key pattern {pattern!r} has more than {KEY_PATTERN_MAX_PLACEHOLDERS} placeholders"
        )
    for name, spec, conversion in fields:
        numbers = [int(number) for number in _NUMBER.findall(spec or "")]
        if conversion or "{" in (spec or "") or any(n > KEY_FORMAT_MAX_WIDTH for n in numbers):
            raise ValueError(
                f"the key pattern {pattern!r} formats {{{name}}} in a way keys cannot use "
                f"(a width or precision of at most {KEY_FORMAT_MAX_WIDTH}, no conversion)"
            )
    try:
        string.Formatter().vformat(pattern, (), dict.fromkeys(KEY_PLACEHOLDERS, "x"))
    except ValueError as exc:
        raise ValueError(f"the key pattern {pattern!r} is malformed: {exc}") from exc
    return pattern


# -- text -----------------------------------------------------------------------------------


def latex_encode(text: str) -> str:
    """Unicode text as LaTeX that ``pubs.bibtex.latex.to_text`` reads back as the same text.

    TeX's special characters are escaped (``\\&``, ``\\%``, braces as ``\\textbraceleft{}``);
    hyphens stay hyphens (``-{}-``); non-ASCII letters become braced commands (``{\\"u}``);
    characters without a LaTeX form (Chinese) stay as they are. Spaces are collapsed, as the
    import collapses them.
    """
    return _encode(_clean(text), latex=True)


def utf8_encode(text: str) -> str:
    """Unicode text with only TeX's special characters escaped (for UTF-8 BibTeX)."""
    return _encode(_clean(text), latex=False)


def _encode(text: str, *, latex: bool) -> str:
    """``text`` as LaTeX (or as UTF-8 with TeX's specials escaped), its hyphens kept apart."""
    if "--" in text:
        text = _HYPHEN_BEFORE_HYPHEN.sub("-" + _BETWEEN_HYPHENS, text)
    encoded = _latex(text) if latex else _utf8(text)
    return encoded.replace(_BETWEEN_HYPHENS, "{}")


def _latex(text: str) -> str:
    if text.isascii():
        return _utf8(text)
    return _COMBINED.sub(_latex_combined, text)


#: LaTeX's accent command for each combining mark that has one.
_ACCENTS = {
    "\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=",
    "\u0306": "u", "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H",
    "\u030c": "v", "\u0323": "d", "\u0327": "c", "\u0328": "k", "\u0331": "b",
}  # fmt: skip
#: A character and the combining marks after it (one letter as the reader sees it).
_COMBINED = re.compile(r"(?s).[\u0300-\u036f]*")


def _latex_combined(match: re.Match[str]) -> str:
    """A character, or a letter with combining marks that Unicode has no composed form for
    ("č́" of "Melč́uk", "s̆"), as LaTeX: the marks as nested accent commands
    (``{\\'{\\v{c}}}``), which pdfLaTeX typesets and the import decodes to the same text; a
    mark without a LaTeX accent stays as it is."""
    cluster = match.group(0)
    if len(cluster) == 1:
        return _latex_char(cluster)
    base, marks = cluster[0], cluster[1:]
    if base.isspace() or any(mark not in _ACCENTS for mark in marks):
        return "".join(_latex_char(char) for char in cluster)
    latex = _latex_char(base).removeprefix("{").removesuffix("}") if not base.isascii() else base
    for mark in marks:
        latex = f"\\{_ACCENTS[mark]}{{{latex}}}"
    latex = "{" + latex + "}"
    return latex if to_text(latex) == unicodedata.normalize("NFC", cluster) else cluster


def _utf8(text: str) -> str:
    return _ASCII_SPECIALS.sub(_ascii_escape, text) if _ASCII_SPECIALS.search(text) else text


def _clean(text: str) -> str:
    """One line, spaces collapsed, composed characters: what the import would store."""
    text = " ".join(text.split())
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def _ascii_escape(match: re.Match[str]) -> str:
    return _ASCII_ESCAPES[match.group(0)]


def _latex_char(char: str) -> str:
    """One character as LaTeX, when the import decodes that LaTeX to the same character;
    otherwise as itself (Chinese, and the odd symbol pylatexenc and the import disagree on)."""
    if char.isascii():
        return _ASCII_ESCAPES.get(char, char)
    if char in _DASHES:
        return _DASHES[char]
    latex = _ENCODER.unicode_to_latex(char)
    if latex.startswith("\\"):
        latex = "{" + latex + "}"  # {\\"u}: one letter for BibTeX's name and case rules
    return latex if to_text(latex) == char else char


def balanced(text: str) -> bool:
    """Whether the braces of ``text`` pair up (a value must, to be written in braces)."""
    depth = 0
    for char in text:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def protect_case(title: str, *, latex: bool = True) -> str:
    """The title encoded, with braces around words that have capitals inside ("{GPU}",
    "{InArt}", "{Colossal-AI}"), which sentence-casing styles must not lower-case."""
    title = _clean(title)
    if title.isascii() and not _INNER_CAPITAL_ASCII.search(title):
        return _encode(title, latex=False)
    # Mark the words (with characters no encoding touches), encode once, then brace them.
    marked = _WORD.sub(_mark_protected, title)
    return _encode(marked, latex=latex).replace(_OPEN, "{").replace(_CLOSE, "}")


_OPEN, _CLOSE = "\x02", "\x03"
_INNER_CAPITAL_ASCII = re.compile(r"[^\W_][A-Z]")


def _mark_protected(match: re.Match[str]) -> str:
    word = match.group(0)
    return _OPEN + word + _CLOSE if _has_inner_capital(word) else word


def _has_inner_capital(word: str) -> bool:
    if word.isascii():
        return bool(_INNER_CAPITAL_ASCII.search(word))
    return any(any(char.isupper() for char in part[1:]) for part in word.split("-"))


def bibtex_title(paper: ExportPaper, *, latex: bool = True) -> str:
    """The title as imported (braces and LaTeX kept) while it still reads as the title;
    otherwise the title encoded, acronyms and inner capitals braced."""
    kept = paper.title_bibtex
    if kept and balanced(kept) and to_text(kept) == _clean(paper.title):
        return kept
    return protect_case(paper.title, latex=latex)


# -- names ----------------------------------------------------------------------------------


def bibtex_name(author: ExportAuthor, *, latex: bool = True) -> str:
    """An author as "Family, Given" ("Doe, Jr., John A." with a suffix) from the printed
    name, with ``*`` after the family name for equal contribution; a name in Chinese script
    as written (徐宏力), an organisation braced whole ("{Example Standards Committee}")."""
    encode = latex_encode if latex else utf8_encode
    printed = _clean(author.printed)
    star = "*" if author.equal else ""
    if is_chinese(printed) and " " not in printed and "," not in printed:
        return encode(printed) + star
    if author.organisation:
        return "{" + encode(printed) + "}" + star  # one name, never split: {Acme, Inc.}
    parts = _recorded_parts(printed, author.family, author.given) or _parsed_parts(printed)
    if parts is None:
        return "{" + encode(printed) + "}" + star
    von_family, jr, given = parts
    head = _guard_and(encode(von_family)) + star
    given = _braced_letters(encode(given)) if latex else given and encode(given)
    names = [head, *(_guard_and(part) for part in (encode(jr) if jr else "", given) if part)]
    if jr and not given:
        names.append("")
    return ", ".join(names) if len(names) > 1 else head


def _recorded_parts(printed: str, family: str, recorded: str = "") -> tuple[str, str, str] | None:
    """("Fang", "", "Jin"): the person's recorded family name, when the printed name ends
    with it and the rest is a plain given name (no particle, no comma, no braces), or the
    person's ``recorded`` given name (with the particle the import kept there: "Beethoven,
    Ludwig van"); so a family name of two words ("Garcia Lopez") stays whole."""
    if not family or not printed.endswith(" " + family) or "," in printed or "{" in printed:
        return None
    given = printed[: -len(family) - 1]
    if not given or (any(not word[0].isupper() for word in given.split()) and given != recorded):
        return None
    return family, "", given


def _parsed_parts(printed: str) -> tuple[str, str, str] | None:
    """The parts as the import's own name parser reads the printed name."""
    author = parse_name(printed)
    family = " ".join(part for part in (author.von, author.family) if part)
    if not family or author.printed != printed:
        return None
    return family, author.jr, author.given


#: A run of characters the LaTeX export keeps as UTF-8 (no LaTeX form: Chinese script).
_UNENCODED = re.compile(r"[^\x00-\x7f]+")


def _braced_letters(names: str) -> str:
    """Given names (or a list of names) with each run of characters kept as UTF-8 made one
    of BibTeX's special characters ("J{\\={i}}ngy{\\={i}} {\\relax 侯精一}"): BibTeX reads
    bytes, and a style that abbreviates given names would keep only the first byte of such
    a character, which no LaTeX can read; a special character it keeps whole."""
    return _UNENCODED.sub(lambda match: "{\\relax " + match.group(0) + "}", names)


def _latex_editors(editors: str) -> str:
    """The editors' names, each with its given names' characters in Chinese script made
    special characters (:func:`_braced_letters`); a name wholly in Chinese script (许厚泽)
    has no given names to abbreviate and is written as it is, as an author's is, which
    every reader (Zotero, biber) takes as the name."""
    return " and ".join(
        name if is_chinese(name) and " " not in name and "," not in name else _braced_letters(name)
        for name in re.split(r"\s+and\s+", editors)
    )


def _guard_and(part: str) -> str:
    """A name part holding the word "and" is braced, lest it split the author list."""
    return "{" + part + "}" if _AND_WORD.search(part) else part


def bibtex_authors(paper: ExportPaper, *, latex: bool = True) -> str:
    """The ``author`` value: the authors in order, then "and others" when the list goes on."""
    names = [bibtex_name(author, latex=latex) for author in paper.authors]
    if paper.more_authors:
        names.append("others")
    return " and ".join(names)


# -- citation keys ---------------------------------------------------------------------------


def citation_keys(papers: Sequence[ExportPaper], pattern: str = DEFAULT_KEY_PATTERN) -> list[str]:
    """A unique key per paper: its own key when it has a usable one, else one made from the
    pattern; keys that collide get a, b, c ... in the order of the papers' slugs."""
    keys: list[str | None] = [None] * len(papers)
    taken: set[str] = set()
    for index, paper in enumerate(papers):
        key = paper.citation_key.strip()
        if key and _KEY_OK.match(key) and key.lower() not in taken:
            keys[index] = key
            taken.add(key.lower())
    wanted = sorted(
        (i for i, key in enumerate(keys) if key is None),
        key=lambda i: (papers[i].slug, papers[i].title, i),
    )
    for index in wanted:
        base = make_key(papers[index], pattern)
        key, suffix = base, 0
        while key.lower() in taken:
            key = base + _suffix(suffix)
            suffix += 1
        keys[index] = key
        taken.add(key.lower())
    return [key or "" for key in keys]


def make_key(paper: ExportPaper, pattern: str = DEFAULT_KEY_PATTERN) -> str:
    """The pattern filled in for one paper ("fang2024nonidle"); "paper" when it gives nothing."""
    family = _key_family(paper.authors[0]) if paper.authors else ""
    words = significant_words(paper.title)
    values = {
        "family": family or "anon",
        "year": str(paper.year or ""),
        "yy": f"{paper.year % 100:02d}" if paper.year else "",
        "word": words[0] if words else "",
        "words": "".join(words[:3]),
        "title": "".join(_ascii_word(word) for word in paper.title.split()[:3]),
    }
    key = string.Formatter().vformat(pattern, (), values)
    key = re.sub(r"[^\w:.\-]", "", key, flags=re.ASCII)
    return key or "paper"


def _key_family(author: ExportAuthor) -> str:
    """The first author's family name as printed ("fang"); the person's for a name in
    Chinese script, whose family name is recorded in pinyin."""
    printed = _clean(author.printed)
    if is_chinese(printed) or (author.family and printed.endswith(" " + author.family)):
        return _ascii_word(author.family)
    return _ascii_word(parse_name(printed).family) or _ascii_word(author.family)


def significant_words(title: str) -> list[str]:
    """The title's words without the little ones, as lower-case ASCII ("nonidle", ...)."""
    found = []
    for match in _WORD.finditer(title):
        word = _ascii_word(match.group(0))
        if word and word not in STOPWORDS:
            found.append(word)
    return found


def _ascii_word(text: str) -> str:
    return "".join(c for c in without_accents(text) if c.isascii() and c.isalnum()).lower()


def _suffix(number: int) -> str:
    """a, b, ..., z, aa, ab, ..."""
    letters = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


# -- entries ---------------------------------------------------------------------------------


def entry_type(paper: ExportPaper) -> str:
    """The BibTeX entry type for the paper's kind (and thesis type, container, institution),
    as pubs.kinds's table has it."""
    return bibtex_entry_type(
        paper.kind,
        container=paper.container,
        institution=paper.institution,
        thesis_type=paper.thesis_type,
        entry_type=paper.entry_type,
    )


def _container_field(entry: str) -> str:
    return {
        "inproceedings": "booktitle",
        "incollection": "booktitle",
        "article": "journal",
    }.get(entry, "howpublished")


def entry_fields(
    paper: ExportPaper, entry: str, options: BibtexOptions | None = None
) -> list[tuple[str, str]]:
    """The entry's fields as (lower-case name, value as written), in FIELD_ORDER."""
    options = options or BibtexOptions()
    encode = latex_encode if options.latex else utf8_encode
    fields: dict[str, str] = {}
    _add = fields.__setitem__
    if paper.authors or paper.more_authors:
        _add("author", bibtex_authors(paper, latex=options.latex))
    if orcids := orcid_annotation([author.orcid for author in paper.authors]):
        _add(ORCID_ANNOTATION, orcids)
    _add("title", bibtex_title(paper, latex=options.latex))
    if paper.container:
        _add(_container_field(entry), encode(paper.container))
    if paper.editor:
        _add(
            "editor",
            _latex_editors(encode(paper.editor)) if options.latex else encode(paper.editor),
        )
    for name in ("series", "volume", "number", "publisher", "address"):
        value = getattr(paper, name)
        if value:
            _add(name, encode(value))
    if paper.pages:
        _add("pages", _VERBATIM_BREAKERS.sub("", paper.pages).strip())
    if paper.institution:
        _add("school" if paper.kind == "thesis" else "institution", encode(paper.institution))
    if entry == "thesis" and paper.thesis_type:
        _add("type", THESIS_TYPES[paper.thesis_type])
    if paper.year:
        _add("year", str(paper.year))
    if paper.month:
        _add("month", list(MONTH_MACROS)[paper.month - 1])
    _add_status(fields, paper, entry)
    _add_identifiers(fields, paper)
    if paper.tags:
        _add("keywords", ", ".join(encode(tag) for tag in sorted(paper.tags)))
    if options.abstract and paper.abstract:
        _add("abstract", encode(paper.abstract))
    if options.extras:
        _add_alfolio(fields, paper, entry, encode)
    _add_extra(fields, paper.extra_fields)
    return sorted(fields.items(), key=_field_rank)


def _add_status(fields: dict[str, str], paper: ExportPaper, entry: str) -> None:
    """Under review, accepted or a preprint, said the way the import reads it back."""
    status, extra = paper.status, paper.extra_fields
    if status in STATUS_NOTES and "note" not in extra:
        fields["note"] = STATUS_NOTES[status]
    elif status in STATUS_NOTES and _says(extra.get("note", ""), status):
        pass
    elif status in PUBSTATES and not (status == "preprint" and _arxiv_says_preprint(paper, entry)):
        fields["pubstate"] = PUBSTATES[status]


def _says(note: str, status: str) -> bool:
    lowered = to_text(note).lower()
    if status == "under_review":
        return any(word in lowered for word in ("under review", "submitted", "in submission"))
    return any(word in lowered for word in ("accepted", "to appear", "in press", "forthcoming"))


def _arxiv_says_preprint(paper: ExportPaper, entry: str) -> bool:
    """The import takes an arXiv paper with no journal or booktitle (or one that says only
    "arXiv") for a preprint."""
    if not paper.arxiv_id:
        return False
    container = paper.container if _container_field(entry) != "howpublished" else ""
    return not container or bool(_ONLY_ARXIV.match(container))


def _add_identifiers(fields: dict[str, str], paper: ExportPaper) -> None:
    if paper.doi:
        fields["doi"] = _unbraced(paper.doi)
    if paper.arxiv_id:
        fields["eprint"] = _unbraced(paper.arxiv_id)
        fields["archiveprefix"] = "arXiv"
    if paper.url:
        fields["url"] = _unbraced(paper.url)
    elif paper.arxiv_id and paper.kind == "preprint":
        fields["url"] = f"https://arxiv.org/abs/{_unbraced(paper.arxiv_id)}"


def _add_alfolio(
    fields: dict[str, str], paper: ExportPaper, entry: str, encode: Callable[[str], str]
) -> None:
    """The fields al-folio (jekyll-scholar) sites read: abbr, award, selected, links.

    ``abbr`` goes with a journal or booktitle, the venue the import finds or creates from
    them (an abbreviation beside a howpublished would not come back).
    """
    if paper.venue_abbreviation and _container_field(entry) != "howpublished":
        fields["abbr"] = encode(paper.venue_abbreviation)
    if paper.awards:
        fields["award"] = encode("; ".join(paper.awards))
    if paper.selected:
        fields["selected"] = "true"
    for kind, url in paper.links.items():
        name = LINK_FIELD_OF_KIND.get(kind)
        if name and url:
            fields[name] = _unbraced(url)


def _unbraced(text: str) -> str:
    """A verbatim value (DOI, URL) that keeps the entry readable: no braces, one line, and
    no backslash (one before the closing brace would escape it)."""
    return "".join(_VERBATIM_BREAKERS.sub("", text).split())


def _add_extra(fields: dict[str, str], extra: dict[str, str]) -> None:
    """The fields the import kept as written. They win over what the export would derive
    (a note of the paper's own), except where the paper's columns say it (links, awards)."""
    for name, value in extra.items():
        if not isinstance(name, str) or not re.fullmatch(r"[a-z][\w:.+\-]*", name, re.ASCII):
            continue
        if name == ENTRY_TYPE_FIELD:  # written as the entry's type
            continue
        if name in MAPPED and (name not in (*LINK_FIELDS, *KEPT_MAPPED) or name in fields):
            continue
        if name == ORCID_ANNOTATION and name in fields:
            continue  # the people's iDs, as recorded now, win over the ones read in
        text = value if isinstance(value, str) else str(value)
        if not balanced(text):
            text = _BRACE.sub(_ascii_escape, text)
        if _ESCAPING_END.search(text):
            text += " "  # a last backslash would escape the closing brace
        fields[name] = text


def _field_rank(item: tuple[str, str]) -> tuple[int, str]:
    return _RANK.get(item[0], len(_RANK)), item[0]


def format_entry(entry: str, key: str, fields: Iterable[tuple[str, str]]) -> str:
    """One entry as text: "@type{key," then one "  name = {value}" line per field."""
    lines = [f"@{entry}{{{key},"]
    body = []
    for name, value in fields:
        written = FIELD_NAMES.get(name, name)
        body.append(f"  {written} = {value}" if name == "month" else f"  {written} = {{{value}}}")
    lines.append(",\n".join(body))
    lines.append("}")
    return "\n".join(lines) if body else f"@{entry}{{{key}\n}}"


def to_bibtex(papers: Sequence[ExportPaper], options: BibtexOptions | None = None) -> str:
    """The papers as a BibTeX file, in the order given, with unique citation keys."""
    options = options or BibtexOptions()
    keys = citation_keys(papers, options.key_pattern)
    entries = []
    for paper, key in zip(papers, keys, strict=True):
        entry = entry_type(paper)
        entries.append(format_entry(entry, key, entry_fields(paper, entry, options)))
    return "\n\n".join(entries) + "\n" if entries else ""
