"""Whether two records are one work, or two versions of one, by named rules.

Three questions are asked of a pair (an entry, or a paper as an entry leaves it, and a
paper the index holds):

- **identifier**: they share a DOI or an arXiv id. One work, unless the titles disagree:
  then it is a conflict (an identifier copied onto the wrong entry), reported, never a
  merge. Authors in common do not make it one work: a researcher's own entries are where
  an identifier is most often copied to the wrong one.
- **title**: they have one title. One work when no veto holds (different identifiers,
  kinds, venues or forms; no author in common; years too far apart). An identifier in
  conflict (disputed) is kept by neither record, so it is no different identifier.
- **version**: they have one title and are two papers. Linked as versions (a workshop
  version and the full paper; a report and the paper it became) when no veto holds.
- **retitled**: a preprint and a published paper of another title. One work (the preprint
  folded into its published version) only on strong evidence: the preprint first, and the
  system's name in both titles with most authors in common, or titles close with the same
  first author and all the authors of the shorter list. A similar title alone is no evidence.

Each question is answered by the table :data:`RULES`, in its order: the first veto or
conflict that holds decides, else the first evidence that holds; none, and the answer is
no. The deciding rule's name is what the preview shows. Pure Python.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from rapidfuzz import fuzz
from rapidfuzz.utils import default_process

from pubs.bibtex.versions import (
    FULL_KINDS,
    PREPRINT_KINDS,
    PREPRINT_OR_PUBLISHED,
    PUBLISHED_KINDS,
)

if TYPE_CHECKING:
    from pubs.bibtex.paper_records import AuthorNames, PaperRecord

Question = Literal["identifier", "title", "version", "retitled"]
Verdict = Literal["veto", "conflict", "evidence"]

#: Titles agree from this similarity on (rapidfuzz's token set ratio, 0-100): a title
#: within the other ("PatrickStar: Parallel Training…" and "Parallel Training…") is 100, a
#: retitled version sharing most words 75-95, two unrelated titles 10-50.
TITLES_AGREE = 60
#: A preprint and its published version, the preprint after it: at most this many years.
PREPRINT_AFTER_YEARS = 2
#: Two records of one paper of one title otherwise, and a workshop version and its full
#: paper: at most this many years apart.
SAME_PAPER_YEARS = 1
VERSION_YEARS = 2
#: Retitled versions' titles are close from this similarity on (the token set ratio): the
#: preprint "PatrickStar: Parallel Training of Pre-trained Models via a Chunk-based Memory
#: Management" and the TPDS paper "Parallel Training of Pre-Trained Models via Chunk-Based
#: Dynamic Memory Management" are 95.
RETITLED_TITLES_CLOSE = 85
#: A system's name in a title: a word with a capital after a lower-case letter
#: ("PatrickStar", "xDiT"), or a title's one leading word before a colon ("Elixir: Train…").
_CAMEL_CASE = re.compile(r"\b\w*[a-z]\w*[A-Z]\w*\b")
_LEADING_NAME = re.compile(r"^\s*([\w-]+)\s*:")
#: Kinds of the published paper a report becomes: a conference or journal paper, a chapter
#: (a paper of proceedings printed as a book's, LNCS's) or a book.
REPORT_BECOMES = frozenset({"conference", "journal", "book"})
#: A conference paper and the journal paper of its title that extends it: the journal
#: paper at most this many years later (IRIDIA's bibliography: 1 to 4).
JOURNAL_EXTENSION_YEARS = 4


@dataclass(frozen=True)
class Pair:
    """Two records compared: ``mine`` (an entry, or a paper as an entry leaves it) and
    ``theirs`` (a paper of the index), their authors as known (empty: not known), and the
    identifier they share ("doi", "arxiv" or "")."""

    mine: PaperRecord
    theirs: PaperRecord
    my_authors: AuthorNames = ()
    their_authors: AuthorNames = ()
    via: str = ""

    @functools.cached_property
    def shared_authors(self) -> int | None:
        """The authors in common, counted on both sides alike and the fewer taken ("Jin
        Fang and Jiarui Fang" have one Fang in common with "Jin Fang and Gongming Zhao");
        None when either list is not known."""
        mine, theirs = _names(self.my_authors), _names(self.their_authors)
        if not mine or not theirs:
            return None
        return min(
            sum(1 for names in self.my_authors if names & theirs),
            sum(1 for names in self.their_authors if names & mine),
        )

    @property
    def most_authors_shared(self) -> bool:
        """More than half of the shorter list's authors in common (a list not known: yes)."""
        shared = self.shared_authors
        shortest = min(len(self.my_authors), len(self.their_authors))
        return shared is None or shared * 2 > shortest

    @property
    def preprint_pair(self) -> bool:
        """One is a preprint, the other that preprint or the paper it becomes."""
        kinds = {self.mine.kind, self.theirs.kind}
        return bool(kinds & PREPRINT_KINDS) and kinds <= PREPRINT_OR_PUBLISHED


@dataclass(frozen=True)
class Rule:
    name: str
    question: Question
    verdict: Verdict
    holds: Callable[[Pair], bool]
    #: What the preview and the warnings say of it.
    says: str


def titles_agree(mine: str, theirs: str) -> bool:
    """Whether two titles are one work's, retitled or not: "PipeFusion: Displaced Patch
    Pipeline Parallelism…" and "PipeFusion: Patch-level Pipeline Parallelism…" are. A title
    of no word ("???") disagrees with none."""
    mine, theirs = default_process(mine), default_process(theirs)
    return not mine or not theirs or fuzz.token_set_ratio(mine, theirs) >= TITLES_AGREE


def _names(authors: AuthorNames) -> frozenset[str]:
    return frozenset().union(*authors)


def _years(pair: Pair) -> tuple[int, int] | None:
    years = (pair.mine.year, pair.theirs.year)
    return None if None in years else years  # type: ignore[return-value]


def _preprint_years_in_order(pair: Pair) -> bool:
    """A preprint any number of years before its published version, or at most
    :data:`PREPRINT_AFTER_YEARS` after it; two records of one preprint at most that far
    apart."""
    years = _years(pair)
    if years is None:
        return True
    kinds = (pair.mine.kind in PREPRINT_KINDS, pair.theirs.kind in PREPRINT_KINDS)
    if all(kinds):
        return abs(years[0] - years[1]) <= PREPRINT_AFTER_YEARS
    preprint, published = years if kinds[0] else years[::-1]
    return preprint - published <= PREPRINT_AFTER_YEARS


def _years_apart(pair: Pair) -> bool:
    if pair.preprint_pair:
        return not _preprint_years_in_order(pair)
    years = _years(pair)
    return years is not None and abs(years[0] - years[1]) > SAME_PAPER_YEARS


def _different(name: str) -> Callable[[Pair], bool]:
    def holds(pair: Pair) -> bool:
        mine, theirs = getattr(pair.mine, name), getattr(pair.theirs, name)
        return bool(mine and theirs and mine != theirs)

    return holds


def _different_identifier(name: str) -> Callable[[Pair], bool]:
    """Both records' DOI (or arXiv id) known, neither disputed, and not the same. A disputed
    one, which a work of another title holds too, is kept by no paper: comparing it would
    set an entry apart from the paper of its title that, once imported, it is compared
    with without it."""
    different = _different(name)

    def holds(pair: Pair) -> bool:
        disputed = name in pair.mine.disputed or name in pair.theirs.disputed
        return not disputed and different(pair)

    return holds


def _different_venue(pair: Pair) -> bool:
    """Both venues known the same way (both found, or both only named), and not the same."""
    mine, theirs = pair.mine.venue, pair.theirs.venue
    return mine is not None and theirs is not None and mine[0] == theirs[0] and mine != theirs


def _few_authors_where_venues_cannot_be_compared(pair: Pair) -> bool:
    """A venue found in the catalogue and another known only by its name cannot be compared:
    then most authors, not one, must be the same."""
    mine, theirs = pair.mine.venue, pair.theirs.venue
    two_ways = mine is not None and theirs is not None and mine[0] != theirs[0]
    return two_ways and not pair.most_authors_shared


def _workshop_and_full(pair: Pair) -> bool:
    minor, full = (pair.mine, pair.theirs) if pair.mine.minor else (pair.theirs, pair.mine)
    return minor.minor and not full.minor and full.kind in FULL_KINDS


def _report_and_published(pair: Pair) -> bool:
    """A report (kind other: BibTeX's techreport, misc, unpublished) and the conference or
    journal paper, the chapter or the book of its title, the report first, any number of
    years before."""
    if pair.mine.minor or pair.theirs.minor:
        return False
    if pair.mine.kind == "other" and pair.theirs.kind in REPORT_BECOMES:
        report, published = pair.mine, pair.theirs
    elif pair.theirs.kind == "other" and pair.mine.kind in REPORT_BECOMES:
        report, published = pair.theirs, pair.mine
    else:
        return False
    return None in (report.year, published.year) or report.year <= published.year


def _conference_and_journal(pair: Pair) -> bool:
    """A full conference paper and the journal paper of its title, the journal paper the
    same year or later (its extension, or the conference paper's journal-first version)."""
    if pair.mine.minor or pair.theirs.minor:
        return False
    if (pair.mine.kind, pair.theirs.kind) == ("conference", "journal"):
        conference, journal = pair.mine, pair.theirs
    elif (pair.mine.kind, pair.theirs.kind) == ("journal", "conference"):
        conference, journal = pair.theirs, pair.mine
    else:
        return False
    return None in (conference.year, journal.year) or conference.year <= journal.year


def _versions_years_apart(pair: Pair) -> bool:
    if _report_and_published(pair):
        return False  # a report comes any number of years before
    years = _years(pair)
    if years is None:
        return False
    apart = abs(years[0] - years[1])
    if _conference_and_journal(pair):
        return apart > JOURNAL_EXTENSION_YEARS
    return apart > VERSION_YEARS


def system_names(title: str) -> frozenset[str]:
    """The names of systems a title gives, casefolded: its camel-case words and its one
    leading word before a colon ("PipeFusion: Patch-level Pipeline Parallelism…" gives
    "pipefusion")."""
    found = set(_CAMEL_CASE.findall(title))
    if leading := _LEADING_NAME.match(title):
        found.add(leading.group(1))
    return frozenset(name.casefold() for name in found)


def _preprint_and_published(pair: Pair) -> tuple[PaperRecord, PaperRecord] | None:
    """The preprint and the published paper of a pair of one of each, else None."""
    if pair.mine.kind in PREPRINT_KINDS and pair.theirs.kind in PUBLISHED_KINDS:
        return pair.mine, pair.theirs
    if pair.theirs.kind in PREPRINT_KINDS and pair.mine.kind in PUBLISHED_KINDS:
        return pair.theirs, pair.mine
    return None


def _preprint_after_published(pair: Pair) -> bool:
    versions = _preprint_and_published(pair)
    if versions is None:
        return False
    preprint, published = versions
    return None in (preprint.year, published.year) or preprint.year > published.year


def _same_system_name(pair: Pair) -> bool:
    """Both titles name one system, agree, and most authors (two at least) are the same."""
    shared = system_names(pair.mine.title) & system_names(pair.theirs.title)
    return (
        bool(shared)
        and titles_agree(pair.mine.title, pair.theirs.title)
        and (pair.shared_authors or 0) >= 2
        and pair.most_authors_shared
    )


def _close_titles_same_authors(pair: Pair) -> bool:
    """Close titles, the same first author, and every author of the shorter list (two at
    least) on the other."""
    mine, theirs = pair.my_authors, pair.their_authors
    shortest = min(len(mine), len(theirs))
    return (
        shortest >= 2
        and bool(mine[0] & theirs[0])
        and pair.shared_authors == shortest
        and _title_similarity(pair.mine.title, pair.theirs.title) >= RETITLED_TITLES_CLOSE
    )


def _title_similarity(mine: str, theirs: str) -> float:
    return fuzz.token_set_ratio(default_process(mine), default_process(theirs))


RULES: tuple[Rule, ...] = (
    # -- a shared DOI or arXiv id ------------------------------------------------------------
    Rule(
        "identifier_titles_disagree",
        "identifier",
        "conflict",
        lambda pair: not titles_agree(pair.mine.title, pair.theirs.title),
        "a shared identifier on two titles that disagree: a conflict, not merged",
    ),
    Rule("shared_doi", "identifier", "evidence", lambda p: p.via == "doi", "same DOI"),
    Rule("shared_arxiv_id", "identifier", "evidence", lambda p: p.via == "arxiv", "same arXiv id"),
    # -- one title ---------------------------------------------------------------------------
    Rule("different_dois", "title", "veto", _different_identifier("doi"), "different DOIs"),
    Rule(
        "different_arxiv_ids",
        "title",
        "veto",
        _different_identifier("arxiv_id"),
        "different arXiv ids",
    ),
    Rule(
        "different_kinds",
        "title",
        "veto",
        lambda p: not p.preprint_pair and _different("kind")(p),
        "a conference and a journal paper of one title (a journal extension) are two papers",
    ),
    Rule(
        "different_venues",
        "title",
        "veto",
        lambda p: not p.preprint_pair and _different_venue(p),
        "one title at two venues: two papers",
    ),
    Rule(
        "different_forms",
        "title",
        "veto",
        lambda p: not p.preprint_pair and p.mine.minor != p.theirs.minor,
        "a workshop, short, demo or poster version and the full paper are two papers",
    ),
    Rule(
        "no_author_in_common",
        "title",
        "veto",
        lambda p: p.shared_authors == 0,
        "no author in common",
    ),
    Rule(
        "few_authors_in_common",
        "title",
        "veto",
        lambda p: not p.preprint_pair and _few_authors_where_venues_cannot_be_compared(p),
        "a catalogued venue and a name: most authors must be the same",
    ),
    Rule("years_apart", "title", "veto", _years_apart, "years too far apart"),
    Rule(
        "preprint_then_published",
        "title",
        "evidence",
        lambda p: p.preprint_pair,
        "a preprint and its published version",
    ),
    Rule("same_title", "title", "evidence", lambda p: True, "same title"),
    # -- versions of one work, two papers ----------------------------------------------------
    Rule(
        "a_preprint_is_no_version",
        "version",
        "veto",
        lambda p: bool({p.mine.kind, p.theirs.kind} & PREPRINT_KINDS),
        "a preprint is the paper it becomes, not another version",
    ),
    Rule(
        "versions_share_few_authors",
        "version",
        "veto",
        lambda p: not p.most_authors_shared,
        "versions have most authors in common",
    ),
    Rule(
        "versions_years_apart",
        "version",
        "veto",
        _versions_years_apart,
        "a workshop version and its full paper are at most two years apart, a conference"
        " paper and its journal extension four",
    ),
    Rule(
        "workshop_and_full_version",
        "version",
        "evidence",
        _workshop_and_full,
        "a workshop, short, demo or poster version and the full paper",
    ),
    Rule(
        "report_and_published_version",
        "version",
        "evidence",
        _report_and_published,
        "a report and the paper it became",
    ),
    Rule(
        "conference_and_journal_version",
        "version",
        "evidence",
        _conference_and_journal,
        "a conference paper and the journal paper of its title that extends it",
    ),
    # -- a preprint and its published version under another title ---------------------------
    Rule(
        "retitled_different_identifiers",
        "retitled",
        "veto",
        lambda p: _different_identifier("doi")(p) or _different_identifier("arxiv_id")(p),
        "different DOIs or arXiv ids",
    ),
    Rule(
        "retitled_not_a_preprint_and_its_published_version",
        "retitled",
        "veto",
        lambda p: _preprint_and_published(p) is None,
        "two titles are one work only as a preprint and its published version",
    ),
    Rule(
        "retitled_preprint_after_published",
        "retitled",
        "veto",
        _preprint_after_published,
        "a retitled preprint comes before its published version (years known)",
    ),
    Rule(
        "retitled_same_system_name",
        "retitled",
        "evidence",
        _same_system_name,
        "a preprint and its published version, retitled: the system's name in both titles, "
        "most authors the same",
    ),
    Rule(
        "retitled_close_titles_same_authors",
        "retitled",
        "evidence",
        _close_titles_same_authors,
        "a preprint and its published version, retitled: close titles, the same authors",
    ),
)


def decide(question: Question, pair: Pair) -> Rule | None:
    """The rule of :data:`RULES` that answers ``question`` for ``pair``: the first veto or
    conflict that holds, else the first evidence that holds; None when none holds."""
    rules = [rule for rule in RULES if rule.question == question]
    for rule in rules:
        if rule.verdict != "evidence" and rule.holds(pair):
            return rule
    return next((rule for rule in rules if rule.verdict == "evidence" and rule.holds(pair)), None)


def is_one_work(question: Question, pair: Pair) -> Rule | None:
    """The evidence that makes ``pair`` one work (or, for ``version``, two linked
    versions of one), or None."""
    rule = decide(question, pair)
    return rule if rule is not None and rule.verdict == "evidence" else None


def rule_named(name: str) -> Rule:
    return next(rule for rule in RULES if rule.name == name)
