"""Versions of one work among the papers already stored: the rules of pubs.bibtex.identity
run over the database, as the import runs them over a file.

:func:`paper_versions_plan` reads what the look-alike finder (``pubs.lookalike``) says of
the stored papers and sorts its pairs into three outcomes, each with the name of the rule
that decided it:

- **link**: strong evidence that the two are one work (a shared identifier on titles that
  agree; a preprint and its published version, retitled or not) or two versions of one (a
  report and the paper it became; a workshop version and the full paper; a conference paper
  and its journal extension);
- **suggestion**: weak evidence, offered and never applied unasked: one title and most
  authors in common, kept from being one work by a veto (a journal paper and a later
  conference paper of its title: ``different_kinds``) and kept from being versions by none;
- **conflict**: a shared DOI or arXiv id on titles that disagree (an identifier copied
  onto the wrong entry): reported, never applied.

:func:`paper_versions_link` links pairs as versions in one transaction, recorded as an
import (``source="versions"``) whose ``changes`` the import's undo reverts: it appears in
the import history with Undo, and undoing it takes off the links it added and no other.

Two stored papers of one work are linked, not merged into one row: the public lists show a
work's versions once, and a link is undone exactly, where a merge would have to restore a
deleted paper with its authors, files, groups, tags, suggestions, citation counts, history
and address.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Literal

from django.db import transaction

from pubs.bibtex.paper_records import PaperRecord
from pubs.imports.lock import bibtex_import_lock
from pubs.lookalike import PaperLookalike, paper_lookalikes
from pubs.models import BibtexImport, ImportStatus, Paper
from pubs.permissions import EVERYTHING, Scope, editable_papers, scope_for
from pubs.queries.lookalikes import linked_versions, paper_records
from pubs.services import public_version
from pubs.services.versions import paper_versions_refold
from pubs.services.work_counts import counted_write, work_counts_refresh

#: The import history's source of the links found among stored papers.
VERSIONS_SOURCE = "versions"
#: The file name such a record shows in the import history (it has no file).
VERSIONS_FILE_NAME = "Versions of one work among stored papers"

Outcome = Literal["link", "suggestion", "conflict"]
OUTCOMES: tuple[Outcome, ...] = ("link", "suggestion", "conflict")


class VersionLinkRefused(Exception):
    """The pairs cannot be linked: the user may not change every paper concerned."""


@dataclass(frozen=True, slots=True)
class VersionPair:
    """Two stored papers and what the rules say of them: ``rule`` names the one that
    decided (for a suggestion, the veto that keeps them from being one work)."""

    first: PaperRecord
    second: PaperRecord
    outcome: Outcome
    rule: str

    @property
    def ids(self) -> tuple[int, int]:
        """The two papers' ids, the smaller first."""
        one, two = self.first.id, self.second.id
        return (one, two) if one < two else (two, one)

    @property
    def key(self) -> str:
        """The pair as a form's choice: "12-34"."""
        return "-".join(map(str, self.ids))


@dataclass(frozen=True, slots=True)
class VersionsPlan:
    """The links, suggestions and conflicts found, each list by title; and how many pairs
    were left out because the user may not change both papers."""

    links: list[VersionPair] = field(default_factory=list)
    suggestions: list[VersionPair] = field(default_factory=list)
    conflicts: list[VersionPair] = field(default_factory=list)
    out_of_scope: int = 0

    def __bool__(self) -> bool:
        return bool(self.links or self.suggestions or self.conflicts)

    def offered(self) -> list[VersionPair]:
        """The pairs a user may choose to link: the links, then the suggestions."""
        return [*self.links, *self.suggestions]


def outcome_of(lookalike: PaperLookalike) -> Outcome | None:
    """What is done with a pair of look-alike papers: linked when the rules find them one
    work or two versions of one, offered when only a veto on their being one work keeps
    them apart, reported when an identifier is shared by titles that disagree; else
    nothing (a veto keeps them from being versions too)."""
    if lookalike.finding == "conflict":
        return "conflict"
    if lookalike.finding in ("one work", "versions"):
        return "link"
    if not lookalike.version_veto:
        return "suggestion"
    return None


def paper_versions_plan(
    *, paper_ids: Collection[int] | None = None, scope: Scope = EVERYTHING
) -> VersionsPlan:
    """The links, suggestions and conflicts the rules find among the stored papers not yet
    linked as versions: of the pairs with one of ``paper_ids`` (None: all pairs), those
    whose two papers ``scope``'s user may change (a pair with another's paper is left out,
    and counted, unnamed).

    Reads every paper in a fixed number of queries whatever their number (the finder blocks
    pairs by identifier, title and first author: it compares no two unrelated papers)."""
    wanted = None if paper_ids is None else set(paper_ids)
    found: list[VersionPair] = []
    for lookalike in paper_lookalikes(paper_records(), linked_versions()):
        outcome = outcome_of(lookalike)
        pair_ids = {lookalike.first.id, lookalike.second.id}
        if outcome is None or (wanted is not None and not pair_ids & wanted):
            continue
        found.append(VersionPair(lookalike.first, lookalike.second, outcome, lookalike.rule))
    allowed = _allowed(scope, {paper for pair in found for paper in pair.ids})
    kept = [pair for pair in found if allowed.issuperset(pair.ids)]
    by_outcome = {
        outcome: [pair for pair in kept if pair.outcome == outcome] for outcome in OUTCOMES
    }
    return VersionsPlan(
        links=by_outcome["link"],
        suggestions=by_outcome["suggestion"],
        conflicts=by_outcome["conflict"],
        out_of_scope=len(found) - len(kept),
    )


def _allowed(scope: Scope, paper_ids: set[int]) -> set[int]:
    """Those of ``paper_ids`` that ``scope``'s user may change (one query, none for an
    administrator)."""
    if scope.everything or not paper_ids:
        return paper_ids
    return set(editable_papers(scope).filter(pk__in=paper_ids).values_list("pk", flat=True))


@transaction.atomic
@counted_write()
def paper_versions_link(*, pairs: Iterable[tuple[int, int]], user=None) -> BibtexImport | None:
    """Link each pair of papers as versions of one work, as ``user`` (None: the site's own
    command, which may change every paper), in one transaction recorded as an applied
    import whose undo takes the links off again. Pairs linked already are skipped; nothing
    new, and nothing is recorded (None).

    Raises VersionLinkRefused when ``user`` may not change every paper concerned, and
    ImportBlocked when another import being written does not finish in time (SQLite)."""
    bibtex_import_lock()  # an import adding links meanwhile would have them recorded twice
    wanted = {(min(one, two), max(one, two)) for one, two in pairs if one != two}
    paper_ids = {paper for pair in wanted for paper in pair}
    scope = EVERYTHING if user is None else scope_for(user)
    if _allowed(scope, paper_ids) != paper_ids:
        raise VersionLinkRefused("you may not change every paper of these pairs")
    through = Paper.versions.through
    existing = set(
        through.objects.filter(from_paper_id__in=paper_ids).values_list(
            "from_paper_id", "to_paper_id"
        )
    )
    present = set(Paper.objects.filter(pk__in=paper_ids).values_list("pk", flat=True))
    new = sorted(pair for pair in wanted if pair not in existing and present.issuperset(pair))
    if not new:
        return None
    through.objects.bulk_create(
        through(from_paper_id=a, to_paper_id=b)
        for one, two in new
        for a, b in ((one, two), (two, one))
    )
    record = BibtexImport.objects.create(
        created_by=user if user is not None and user.is_authenticated else None,
        file_name=VERSIONS_FILE_NAME,
        sha256="",
        source=VERSIONS_SOURCE,
        status=ImportStatus.APPLIED,
        counts={"version_links": len(new)},
        changes={"version_links": [list(pair) for pair in new]},
    )
    # The version that stands for each work is chosen again, and the public pages, whose
    # entries name a work's other versions, are made stale (bulk writes send no signals).
    paper_versions_refold(paper_ids={paper for pair in new for paper in pair})
    work_counts_refresh(papers={paper for pair in new for paper in pair})
    public_version.bump()
    return record
