"""paper_versions_link: links applied in one transaction recorded as an import, undone by the
import's undo exactly, and found no more by the next run (who may link: tests/roles/
test_version_links.py)."""

from __future__ import annotations

import pytest

from pubs.imports.undo import bibtex_import_undo
from pubs.models import BibtexImport, ImportStatus, Paper
from pubs.services.public_version import version
from pubs.services.version_links import (
    VERSIONS_SOURCE,
    paper_versions_link,
    paper_versions_plan,
)

pytestmark = pytest.mark.django_db


def linked() -> set[tuple[int, int]]:
    return set(Paper.versions.through.objects.values_list("from_paper_id", "to_paper_id"))


def apply_plan(user=None) -> BibtexImport | None:
    return paper_versions_link(pairs=[pair.ids for pair in paper_versions_plan().links], user=user)


def test_applying_links_both_ways_and_records_an_applied_import(patrickstar):
    preprint, journal = patrickstar
    record = apply_plan()
    assert linked() == {(preprint.pk, journal.pk), (journal.pk, preprint.pk)}
    assert record.source == VERSIONS_SOURCE and record.status == ImportStatus.APPLIED
    assert record.changes == {"version_links": [sorted([preprint.pk, journal.pk])]}
    assert record.counts == {"version_links": 1}


def test_applying_makes_the_public_pages_stale(patrickstar):
    before = version()
    apply_plan()
    assert version() > before


def test_a_second_run_finds_nothing_new_to_link(patrickstar, wrong_arxiv_id):
    apply_plan()
    plan = paper_versions_plan()
    assert plan.links == [] and len(plan.conflicts) == 1
    assert apply_plan() is None
    assert BibtexImport.objects.count() == 1


def test_suggestions_and_conflicts_are_not_applied(journal_then_conference, wrong_arxiv_id):
    assert apply_plan() is None
    assert linked() == set()


def test_undo_restores_the_links_as_they_were(patrickstar, report_and_journal):
    report, journal = report_and_journal
    journal.versions.add(report)  # linked by hand before
    preprint, tpds = patrickstar
    record = apply_plan()
    assert record.changes == {"version_links": [sorted([preprint.pk, tpds.pk])]}
    bibtex_import_undo(record=record)
    assert linked() == {(report.pk, journal.pk), (journal.pk, report.pk)}
    record.refresh_from_db()
    assert record.status == ImportStatus.UNDONE
    assert [pair.ids for pair in paper_versions_plan().links] == [
        tuple(sorted((preprint.pk, tpds.pk)))
    ]


def test_pairs_linked_already_are_skipped(report_and_journal, patrickstar):
    report, journal = report_and_journal
    journal.versions.add(report)
    record = paper_versions_link(
        pairs=[(report.pk, journal.pk), tuple(paper.pk for paper in patrickstar)]
    )
    assert record.changes["version_links"] == [sorted(paper.pk for paper in patrickstar)]
