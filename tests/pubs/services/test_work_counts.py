"""The work counts kept on write (pubs.services.work_counts): after each kind of write, the
counts the pages read equal a fresh count of the same lists."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model

from people.models import Consent, Membership, Person
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Paper, WorkCount
from pubs.permissions import scope_for
from pubs.queries import selectors
from pubs.services.consent import consent_decide
from pubs.services.people_merge import people_merge
from pubs.services.version_links import paper_versions_link
from pubs.services.work_counts import (
    counted_write,
    work_counts_kept,
    work_counts_rebuild,
    work_counts_refresh,
)
from tests.exporting.helpers import import_text
from tests.factories import (
    AuthorshipFactory,
    paper_with_authors,
)
from tests.pubs.services.conftest import assert_counts_fresh

pytestmark = pytest.mark.django_db


def test_a_rebuild_counts_what_a_fresh_count_says(lab):
    assert WorkCount.objects.filter(person=lab["ann"]).exists()
    assert_counts_fresh()


def test_the_counts_add_up_the_citations_of_the_works(lab):
    tally = selectors.summary_tally(selectors.list_scope(person=lab["bob"].pk), Paper.objects)
    assert tally.citations[(2016, "A")] == 7


def test_a_paper_imported_is_counted(lab):
    import_text("@inproceedings{x, author={Ann Lee and Carl Ma}, title={New}, year={2017}}")
    assert Paper.objects.filter(title="New").exists()
    assert_counts_fresh()


def test_an_import_undone_is_no_longer_counted(lab):
    record = import_text("@article{x, author={Ann Lee}, title={Gone}, journal={J}, year={2018}}")
    bibtex_import_undo(record=record)
    assert not Paper.objects.filter(title="Gone").exists()
    assert_counts_fresh()


def test_a_paper_hidden_is_no_longer_counted(lab):
    paper = lab["papers"][0]
    with work_counts_kept(papers=[paper.pk]):
        paper.is_public = False
        paper.save()
    assert_counts_fresh()
    assert selectors.summary_year_counts(selectors.list_scope(), {"year": 2016}) == []


def test_a_paper_deleted_is_no_longer_counted(lab):
    paper = lab["papers"][1]
    with work_counts_kept(papers=[paper.pk]):
        paper.delete()
    assert_counts_fresh()


def test_a_paper_folded_as_a_version_counts_once_for_the_authors_of_either(lab):
    journal, preprint = lab["papers"][2], lab["papers"][3]
    paper_versions_link(pairs=[(journal.pk, preprint.pk)])
    preprint.refresh_from_db()
    assert preprint.folded_into_id == journal.pk
    assert_counts_fresh()
    ann = selectors.list_scope(person=lab["ann"].pk)
    assert selectors.summary_year_counts(ann, {"year": 2022}) == [(2022, 1)]


def test_an_author_added_counts_the_paper_for_them(lab):
    paper = lab["papers"][2]
    with work_counts_kept(papers=[paper.pk]):
        AuthorshipFactory(paper=paper, person=lab["ann"], position=2)
    assert_counts_fresh()


def test_an_author_removed_no_longer_counts_the_paper_for_them(lab):
    paper = lab["papers"][0]
    with work_counts_kept(papers=[paper.pk]):
        paper.authorships.filter(person=lab["bob"]).delete()
    assert_counts_fresh()


def test_an_author_waiting_for_acceptance_does_not_count_the_paper_for_them(lab):
    paper = lab["papers"][2]
    with work_counts_kept(papers=[paper.pk]):
        AuthorshipFactory(paper=paper, person=lab["ann"], position=2, consent=Consent.REQUESTED)
    assert paper not in selectors.person_papers(lab["ann"])
    assert_counts_fresh()


def test_an_authorship_accepted_counts_the_paper_for_its_person(lab):
    paper = lab["papers"][2]
    with work_counts_kept(papers=[paper.pk]):
        waiting = AuthorshipFactory(
            paper=paper, person=lab["ann"], position=2, consent=Consent.REQUESTED
        )
    admin = get_user_model().objects.create_superuser("counts-admin", "", "x")
    assert consent_decide(scope=scope_for(admin), rows=[waiting], accept=True) == [waiting]
    assert paper in selectors.person_papers(lab["ann"])
    assert_counts_fresh()


def test_a_membership_redated_moves_the_groups_papers(lab):
    membership = Membership.objects.get(person=lab["ann"])
    with counted_write():
        membership.end = date(2016, 12, 31)
        membership.save()
        work_counts_refresh(groups=[membership.group_id])
    assert_counts_fresh()


def test_a_venue_rank_changed_needs_no_refresh(lab):
    lab["top"].ranks.update(rank="B")
    assert_counts_fresh()
    group = selectors.list_scope(group=lab["group"].pk)
    assert selectors.summary_tally(group, Paper.objects).by_rank() == {"B": 1, "": 2}


def test_people_merged_count_every_paper_of_either_once(lab):
    people_merge(into=lab["ann"], others=[lab["bob"]])
    assert not Person.objects.filter(slug="bob-wu").exists()
    assert_counts_fresh()


def test_a_write_outside_a_counted_write_makes_the_counts_stale(lab):
    paper_with_authors(lab["ann"], year=2018)
    assert not selectors.counts_current()


def test_a_stale_list_is_counted_from_its_papers(lab):
    paper_with_authors(lab["ann"], year=2018)
    scope = selectors.list_scope(person=lab["ann"].pk)
    papers = selectors.person_papers(lab["ann"])
    assert selectors.summary_year_counts(scope, {}) is None
    assert selectors.summary_tally(scope, papers).counts == selectors.tally(papers).counts


def test_a_rebuild_makes_stale_counts_current(lab):
    paper_with_authors(lab["ann"], year=2018)
    work_counts_rebuild()
    assert_counts_fresh()


def test_a_write_that_fails_leaves_the_counts_as_they_were(lab):
    before = sorted(
        WorkCount.objects.values_list("person", "group", "year", "venue", "works"), key=str
    )
    with pytest.raises(RuntimeError), work_counts_kept(papers=[lab["papers"][0].pk]):
        raise RuntimeError("the write failed")
    after = sorted(
        WorkCount.objects.values_list("person", "group", "year", "venue", "works"), key=str
    )
    assert after == before
    assert selectors.counts_current()
