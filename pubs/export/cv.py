"""Publication lists for a CV, written the way the seed CVs write them.

    1. **J. Fang**, G. Zhao, H. Xu, L. Luo, Z. Yao, A. Xie, *Non-Idle Machine-Aware Worker
       Placement for Efficient Distributed Training in GPU Clusters*, (ICNP'24), CCF B

Numbered, newest first; co-authors by initials and family name; the CV's owner in bold;
``*`` after an author for equal contribution; "etc" when the list goes on; the venue's
short name and the year; the CCF rank; the status (Under Review, arXiv) and awards.
As Markdown, LaTeX or plain text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pubs.bibtex.versions import Version, version_of
from pubs.export.bibtex import THESIS_TYPES, latex_encode
from pubs.export.model import ExportAuthor, ExportPaper

STYLES = ("md", "tex", "txt")
#: What a list that goes on ends with ("S. Zheng, ..., J. Fang, etc").
MORE_AUTHORS = "etc"
_MARKDOWN_SPECIALS = re.compile(r"([\\`*_\[\]<>])")


def initials(given: str) -> str:
    """The given name as the seed CVs print it: one initial per word, a hyphenated name by
    its first letter ("Li-Wen" -> "L.", "Sanjay J." -> "S. J.")."""
    letters = []
    for word in given.replace(".", ". ").split():
        first = next((char for char in word if char.isalnum()), "")
        if first:
            letters.append(first.upper() + ".")
    return " ".join(letters)


def cv_name(author: ExportAuthor) -> str:
    """ "J. Fang" for Jin Fang, "H. Xu" for 徐宏力: how the seed CVs print every author."""
    given, family, suffix = author.name_parts()
    short = " ".join(part for part in (initials(given), family) if part)
    return f"{short}, {suffix}" if suffix else short


def venue_short(paper: ExportPaper) -> str:
    """The venue's abbreviation as people write it.

    The CCF list writes abbreviations in capitals; where the venue has an alias that is the
    same abbreviation in its usual case (ToN for TON) or a short name whose capitals spell
    it (ComNet for CN), CVs write that.
    """
    abbreviation = paper.venue_abbreviation
    if not abbreviation.isupper():
        return abbreviation
    for alias in paper.venue_aliases:
        words = alias.split()
        for word in dict.fromkeys((alias, words[-1] if words else "")):
            if not word.isalpha() or word.isupper() or word.islower():
                continue
            capitals = "".join(char for char in word if char.isupper())
            if abbreviation in (word.upper(), capitals):
                return word
    return abbreviation


def venue_label(paper: ExportPaper) -> str:
    """What the parentheses say: "ICNP'24", "arXiv", "Under Review", "Patent CN...",
    "PhD thesis, Tsinghua University, 2019"."""
    version = _version(paper)
    if version.stage == "submitted":
        return "Under Review"
    if paper.kind == "patent":
        return f"Patent {paper.number}".strip()
    if paper.kind == "thesis":
        kind = THESIS_TYPES.get(paper.thesis_type, "Thesis")
        return ", ".join(str(part) for part in (kind, paper.institution, paper.year) if part)
    short = venue_short(paper)
    if version.stage == "preprint":
        return short or ("arXiv" if paper.arxiv_id else "Preprint")
    if short and paper.year:
        label = f"{short}'{paper.year % 100:02d}"
    else:
        label = ", ".join(str(part) for part in (short or paper.container, paper.year) if part)
    return f"{label}, to appear" if version.stage == "accepted" else label


def _version(paper: ExportPaper) -> Version:
    return version_of(paper.kind, paper.status, paper.container, paper.venue_kind)


@dataclass(frozen=True)
class _Markup:
    """How one output style writes emphasis and escapes text."""

    escape: Callable[[str], str]
    bold: Callable[[str], str]
    italic: Callable[[str], str]
    star: str


def _one_line(text: str) -> str:
    """Text on one line: an entry is one line whatever its fields hold (a line break in a
    venue's name would start a new paragraph in Markdown, or a new entry in plain text)."""
    return " ".join(text.split())


_MARKUP = {
    "md": _Markup(
        lambda text: _MARKDOWN_SPECIALS.sub(r"\\\1", _one_line(text)),
        lambda text: f"**{text}**",
        lambda text: f"*{text}*",
        r"\*",
    ),
    "tex": _Markup(
        lambda text: latex_encode(text).replace("^", r"\textasciicircum{}"),
        lambda text: rf"\textbf{{{text}}}",
        lambda text: rf"\textit{{{text}}}",
        r"$^*$",
    ),
    "txt": _Markup(_one_line, lambda text: text, lambda text: text, "*"),
}


def entry(paper: ExportPaper, *, person: str = "", style: str = "md") -> str:
    """One paper as a CV line (without its number)."""
    markup = _MARKUP[style]
    names = []
    for author in paper.authors:
        name = markup.escape(cv_name(author)) + (markup.star if author.equal else "")
        names.append(markup.bold(name) if person and author.person == person else name)
    if paper.more_authors:
        names.append(MORE_AUTHORS)
    parts = [*names]
    if not paper.known_by_number:
        parts.append(markup.italic(markup.escape(" ".join(paper.title.split()))))
    label = venue_label(paper)
    if label:
        parts.append(f"({markup.escape(label)})")
    if paper.ccf_label and paper.kind not in ("patent", "thesis"):
        parts.append(markup.escape(paper.ccf_label))
    parts += [markup.escape(award) for award in paper.awards]
    return ", ".join(parts)


#: Within a year, work not yet published leads, as the seed CVs list it: preprints and
#: submissions, then accepted papers.
_UNPUBLISHED_FIRST = {"preprint": 0, "submitted": 0, "accepted": 1, "published": 2}


def newest_first(papers: Sequence[ExportPaper]) -> list[ExportPaper]:
    """Newest year first, undated last; within a year, work under review and preprints
    first (as the seed CVs order them), then by month; otherwise in the order given."""
    return sorted(
        papers,
        key=lambda p: (
            p.year is None,
            -(p.year or 0),
            _UNPUBLISHED_FIRST[_version(p).stage],
            -(p.month or 0),
        ),
    )


def cv_list(
    papers: Sequence[ExportPaper], *, style: str = "md", person: str = "", numbered: bool = True
) -> str:
    """The papers as a numbered CV list, newest first; ``person`` (a slug) is set in bold."""
    if style not in _MARKUP:
        raise ValueError(f"unknown CV style {style!r}; known: {', '.join(STYLES)}")
    lines = [entry(paper, person=person, style=style) for paper in newest_first(papers)]
    if style == "tex":
        items = "".join(f"  \\item {line}\n" for line in lines)
        environment = "enumerate" if numbered else "itemize"
        return f"\\begin{{{environment}}}\n{items}\\end{{{environment}}}\n" if lines else ""
    if numbered:
        lines = [f"{number}. {line}" for number, line in enumerate(lines, start=1)]
    else:
        lines = [f"- {line}" if style == "md" else line for line in lines]
    return "\n".join(lines) + ("\n" if lines else "")
