"""The public pages count from the work counts kept on write (pubs.services.work_counts):
what they show equals a fresh count, each filter the summary answers gives the count of the
filtered list, and the queries stay constant at 10 and 1,000 papers."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.http import QueryDict

from people.models import Group, Person
from pubs.models import Paper, Venue, WorkCount
from pubs.queries import selectors
from pubs.services import rendering
from pubs.services.work_counts import work_counts_rebuild
from pubs.web.filters import PaperFilter
from tests.factories import (
    VenueFactory,
    bulk_dataset,
    paper_with_authors,
    with_preprints,
)
from tests.query_counts import query_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]


@pytest.fixture
def papers():
    """150 papers over 25 years at ranked venues, a third with a preprint folded into them,
    one undated at no venue, one hidden; the counts rebuilt."""
    listed = bulk_dataset(150)
    with_preprints(listed, every=3)
    person = Person.objects.first()
    paper_with_authors(person, year=None, venue=None, slug="undated")
    paper_with_authors(person, year=2010, is_public=False, slug="hidden")
    work_counts_rebuild()
    return listed


def filtered(query: str) -> list[tuple[int | None, int]]:
    """A fresh count of every work listed with the filters of ``query``."""
    filterset = PaperFilter(QueryDict(query), queryset=selectors.public_papers())
    return selectors.year_counts(filterset.qs)


def from_summary(query: str) -> list[tuple[int | None, int]] | None:
    filterset = PaperFilter(QueryDict(query), queryset=selectors.public_papers())
    assert filterset.is_valid(), filterset.errors
    return selectors.summary_year_counts(selectors.list_scope(), filterset.form.cleaned_data)


@pytest.mark.parametrize(
    "query",
    [
        "",
        "year=2010",
        "year_min=2020",
        "year_max=2003",
        "venue=bulk-venue-1",
        "rank=A",
        "rank=none",
        "rank=B&edition=2022",
        "year_min=2005&rank=C",
    ],
)
def test_each_filter_the_summary_answers_counts_the_filtered_list(papers, query):
    assert from_summary(query) == filtered(query)
    assert sum(n for _, n in filtered(query)) > 0


@pytest.mark.parametrize("query", ["kind=journal", "q=paper", "person=bulk-person-1", "selected=1"])
def test_a_filter_the_summary_cannot_answer_is_counted_from_the_papers(papers, query):
    assert from_summary(query) is None


def test_a_list_reads_its_counts_from_the_summary(client, papers):
    fresh = selectors.public_papers().count()
    row = WorkCount.objects.filter(person=None, group=None, year=2010).order_by("pk")[:1]
    WorkCount.objects.filter(pk__in=row).update(works=F("works") + 1)
    response = client.get("/publications/")
    assert response.context["total"] == fresh + 1


def test_a_stale_summary_is_not_read(client, papers):
    WorkCount.objects.filter(person=None, group=None, year=2010).update(works=F("works") + 1)
    paper_with_authors(Person.objects.first(), year=2011)  # written outside the services
    response = client.get("/publications/")
    assert response.context["total"] == selectors.public_papers().count()


def test_the_pages_of_a_list_follow_its_counted_total(client, papers):
    total = selectors.public_papers().count()
    last = client.get(f"/publications/?page={total // selectors.PAGE_SIZE + 1}")
    assert last.context["page"].paginator.count == total
    assert len(last.context["page"].object_list) == total % selectors.PAGE_SIZE


def test_a_person_page_counts_what_a_fresh_tally_says(client, papers):
    person = Person.objects.order_by("pk").first()
    response = client.get(person.get_absolute_url())
    fresh = selectors.tally(selectors.person_papers(person))
    assert response.context["rank_counts"] == fresh.by_rank()
    assert response.context["year_counts_all"] == fresh.by_year()
    assert response.context["total"] == selectors.person_papers(person).count()


def test_a_group_page_counts_what_a_fresh_tally_says(client, papers):
    group = Group.objects.order_by("pk").first()
    response = client.get(group.get_absolute_url())
    fresh = selectors.tally(selectors.group_papers(group))
    assert response.context["chart"] == fresh.by_year_and_rank()
    assert response.context["total"] == selectors.group_papers(group).count()


def test_the_people_index_counts_each_persons_works(papers):
    current = {p.pk: p.paper_count for p in selectors.people()}
    paper_with_authors(Person.objects.first(), year=1999, is_public=False)  # makes it stale
    fresh = {p.pk: p.paper_count for p in selectors.people()}
    assert current == fresh
    assert any(fresh.values())


def test_the_venue_index_counts_each_venues_works(papers):
    current = {v.pk: v.paper_count for v in selectors.venues()}
    VenueFactory()  # makes no count stale: a venue is not counted until it has papers
    paper_with_authors(Person.objects.first(), year=1999, is_public=False)  # makes it stale
    fresh = {v.pk: v.paper_count for v in selectors.venues()}
    assert {pk: n for pk, n in fresh.items() if pk in current} == current
    assert any(fresh.values())


def test_query_counts_with_the_summary_are_the_same_at_10_and_1000_papers(client):
    small = bulk_dataset(10, prefix="small")
    with_preprints(small)
    person = Person.objects.filter(slug__startswith="small").first()
    group = Group.objects.filter(slug__startswith="small").first()
    venue = Venue.objects.filter(slug__startswith="small").first()
    urls = [
        "/publications/",
        "/publications/?page=2",
        "/publications/?year=2003&rank=A",
        "/publications/?kind=conference",
        "/people/",
        person.get_absolute_url(),
        f"{person.get_absolute_url()}?rank=B",
        group.get_absolute_url(),
        "/venues/?all=1&sort=papers",
        venue.get_absolute_url(),
    ]
    work_counts_rebuild()
    rendering.entries_rebuild()  # every entry stored, at both sizes
    at_10 = query_counts(client, urls)

    with_preprints(bulk_dataset(990, prefix="large", onto=(person, group, venue)))
    work_counts_rebuild()
    rendering.entries_rebuild()
    assert selectors.counts_current()
    assert Paper.objects.filter(venue=venue).count() > 990
    at_1000 = query_counts(client, urls)

    assert at_1000 == at_10


def test_a_person_walked_lists_the_same_works_in_the_same_order(papers):
    person = Person.objects.order_by("pk").first()
    read = list(selectors.person_papers(person).values_list("pk", flat=True))
    walked = list(selectors.person_papers(person, walk=True).values_list("pk", flat=True))
    assert walked == read
    assert len(read) > 2


def test_a_group_walked_lists_the_same_works_in_the_same_order(papers):
    group = Group.objects.order_by("pk").first()
    read = list(selectors.group_papers(group).values_list("pk", flat=True))
    walked = list(selectors.group_papers(group, walk=True).values_list("pk", flat=True))
    assert walked == read
    assert len(read) > 2


def test_a_list_of_most_works_is_walked(papers):
    bulk_dataset(
        1000,
        prefix="mine",
        onto=(Person.objects.first(), Group.objects.first(), Venue.objects.first()),
    )
    work_counts_rebuild()
    assert selectors.walk_pays(selectors.list_scope(person=Person.objects.first().pk), 0)


def test_a_short_list_is_read_whole(papers):
    person = Person.objects.order_by("-pk").first()
    assert not selectors.walk_pays(selectors.list_scope(person=person.pk), 0)


def test_a_deep_page_of_a_long_list_is_read_whole(papers):
    bulk_dataset(
        200,
        prefix="mine",
        onto=(Person.objects.first(), Group.objects.first(), Venue.objects.first()),
    )
    work_counts_rebuild()
    assert not selectors.walk_pays(selectors.list_scope(person=Person.objects.first().pk), 10_000)


def test_a_list_is_not_walked_on_stale_counts(papers):
    bulk_dataset(
        200,
        prefix="mine",
        onto=(Person.objects.first(), Group.objects.first(), Venue.objects.first()),
    )
    assert not selectors.walk_pays(selectors.list_scope(person=Person.objects.first().pk), 0)
