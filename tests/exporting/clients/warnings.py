"""Why BibTeX, IEEEtran.bst, biber and biblatex warn about an entry of our exports: one
named rule a warning, each with the reason in the data and a test on the stored paper that
the reason holds (a warning about a missing publisher of a paper that has one is our bug,
not the data's). A warning no rule explains, or one whose rule does not hold for its
paper, fails the tests that use them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pubs.export.model import ExportPaper
from tests.exporting.clients.latex import Problem

_NUMBER = re.compile(r"^\s*\d+\s*$")


@dataclass(frozen=True)
class Rule:
    program: str
    pattern: re.Pattern[str]
    reason: str
    holds: Callable[[ExportPaper], bool]


def _extra(paper: ExportPaper, name: str) -> str:
    value = paper.extra_fields.get(name, "")
    return value if isinstance(value, str) else ""


def _rule(program: str, pattern: str, reason: str, holds: Callable[[ExportPaper], bool]) -> Rule:
    return Rule(program, re.compile(pattern), reason, holds)


RULES = {
    "no publisher": _rule(
        "bibtex", r"^missing publisher$",
        "the work's record names no publisher (IEEEtran asks one of books and manuals)",
        lambda paper: not paper.publisher,
    ),
    "no journal": _rule(
        "bibtex", r"^empty (journal|booktitle)$",
        "the record is an article or a chapter that names no journal or book",
        lambda paper: not paper.container,
    ),
    "no author": _rule(
        "bibtex", r"^empty author( and editor)?$",
        "the record names no author (a standard, a dictionary, an anonymous work)",
        lambda paper: not paper.authors and not paper.more_authors,
    ),
    "edition in words": _rule(
        "bibtex", r'^edition ordinal word ".*" may be too high',
        "the record's edition is words (\"Reprint\", \"修订版\"), which IEEEtran prints as "
        "they are but cannot make an ordinal of",
        lambda paper: not _NUMBER.match(_extra(paper, "edition")),
    ),
    "no institution": _rule(
        "bibtex", r"^missing (institution|school)$",
        "the report or thesis names no institution or school",
        lambda paper: not paper.institution,
    ),
    "patent without country": _rule(
        "bibtex", r"^missing nationality$",
        "the patent's record gives no country",
        lambda paper: paper.kind == "patent" and not _extra(paper, "nationality"),
    ),
    "patent without year": _rule(
        "bibtex", r"^no year or yearfiled$",
        "the patent's record gives no year (the seed CVs give some patents by number only)",
        lambda paper: not paper.year,
    ),
    "report without number": _rule(
        "bibtex", r"^missing number$",
        "the record has no number (IEEEtran asks one of patents and standards)",
        lambda paper: not paper.number,
    ),
    "type biblatex has": _rule(
        "bibtex", r"^entry type for \".*\" isn't style-file defined$",
        "the record's type (@software, @dataset, @online ...) is biblatex's, kept as written; "
        "IEEEtran, which has no such type, prints it as @misc",
        lambda paper: bool(paper.entry_type) or paper.kind in ("software", "dataset"),
    ),
    "ISBN as written": _rule(
        "biber", r"^ISBN '.*' in entry '.*' is invalid",
        "the record's ISBN field, kept as written, holds several ISBNs or a wrong check digit",
        lambda paper: bool(_extra(paper, "isbn")),
    ),
    "pages as written": _rule(
        "biber", r"^Range field 'pages' in entry '.*' is malformed",
        "the record's pages are no range biblatex reads (\"046118-1-046118-20\", \"pp. 1-2\")",
        lambda paper: bool(paper.pages),
    ),
    "editors with an empty name": _rule(
        "biber", r"^Name in key '.*' is empty \(probably consecutive 'and'\)",
        "the record's editor list says \"and and\" (biber skips the entry's names)",
        lambda paper: " and and " in f" {paper.editor} ",
    ),
}  # fmt: skip
#: The warnings of biber's BibTeX parser name no entry ("comma(s) at end of name", "empty
#: substring"): the entries they are about are the ones the compilation tests list.
NAMELESS = re.compile(r"^BibTeX subsystem: (?:substring \d+, )?warning: ")


def unexplained(warnings: list[Problem], papers: dict[str, ExportPaper]) -> list[str]:
    """The warnings no rule explains, or whose rule does not hold for the entry's paper."""
    found = []
    for warning in warnings:
        rule = next(
            (
                rule
                for rule in RULES.values()
                if rule.program == warning.program and rule.pattern.search(warning.message)
            ),
            None,
        )
        paper = papers.get(warning.key)
        if rule is None or paper is None or not rule.holds(paper):
            found.append(f"{warning.program}: {warning.key}: {warning.message}")
    return found
