"""What the service tests share: a small lab with its work counts rebuilt, and the check
that every list's counts equal a fresh count."""

from __future__ import annotations

from datetime import date

import pytest

from people.models import Group, Person
from pubs.models import CitationCount
from pubs.queries import selectors
from pubs.services.work_counts import work_counts_rebuild
from tests.factories import (
    GroupFactory,
    MembershipFactory,
    PersonFactory,
    VenueFactory,
    VenueRankFactory,
    paper_with_authors,
)


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
