"""The work counts kept on write (pubs.services.work_counts): after each kind of write, the
counts the pages read equal a fresh count of the same lists."""

from __future__ import annotations

from datetime import date

import pytest

from people.models import Group, Membership, Person
from pubs.imports.undo import bibtex_import_undo
from pubs.models import CitationCount, Paper, WorkCount
from pubs.queries import selectors
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
    GroupFactory,
    MembershipFactory,
    PersonFactory,
    VenueFactory,
    VenueRankFactory,
    paper_with_authors,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def lab():
    """Ann (a member of the lab from 2015 to 2020) and Bob, outside it, with papers at a
    CCF A venue and elsewhere, one of them cited; the counts rebuilt."""
    ann = PersonFactory(given_name="Ann", family_name="Lee", slug="ann-lee")
    bob = PersonFactory(given_name="Bob", family_name="Wu", slug="bob-wu")
    group = GroupFactory(slug="lab")
    MembershipFactory(person=ann, group=group, start=date(2015, 1, 1), end=date(2020, 12, 31))
    top = VenueFactory(slug="top")
    VenueRankFactory(venue=top, edition=2026, rank="A")
    other = VenueFactory(slug="other")
    papers = [
        paper_with_authors(ann, bob, year=2016, venue=top, slug="p2016"),
        paper_with_authors(ann, year=2019, venue=other, slug="p2019"),
        paper_with_authors(bob, year=2022, venue=top, slug="p2022"),
        paper_with_authors(ann, year=None, venue=None, slug="p-undated"),
    ]
    CitationCount.objects.create(paper=papers[0], count=7, source="test", date=date(2026, 1, 1))
    work_counts_rebuild()
    return {"ann": ann, "bob": bob, "group": group, "top": top, "papers": papers}


def assert_counts_fresh() -> None:
    """Every list's summary (every work, each person, each group) says what a fresh count
    of its papers says, and the pages may read it."""
    scopes = [(selectors.list_scope(), selectors.public_papers())]
    scopes += [
        (selectors.list_scope(person=p.pk), selectors.person_papers(p))
        for p in Person.objects.all()
    ]
    scopes += [
        (selectors.list_scope(group=g.pk), selectors.group_papers(g)) for g in Group.objects.all()
    ]
    assert len(scopes) > 2
    for scope, papers in scopes:
        assert scope.current
        fresh = selectors.tally(papers)
        summary = selectors.summary_tally(scope, papers)
        assert (summary.counts, summary.citations) == (fresh.counts, fresh.citations), scope
        assert selectors.summary_year_counts(scope, {}) == selectors.year_counts(papers), scope


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
