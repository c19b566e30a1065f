"""Each static site's file costs a fixed number of SQL queries, whether 10 papers or 1,000
are public."""

import pytest

from people.models import Group, Person
from pubs.models import Venue
from tests.factories import bulk_dataset, with_preprints
from tests.query_counts import query_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

#: The owner (person or group), then the read of the papers the pages make.
MOST_QUERIES = 7
NAMES = ("papers.bib", "hugo.zip", "publications.md")


def test_query_counts_are_the_same_at_10_and_1000_papers(client):
    small = bulk_dataset(10, prefix="small")
    with_preprints(small)
    person = Person.objects.filter(slug__startswith="small").first()
    group = Group.objects.filter(slug__startswith="small").first()
    venue = Venue.objects.filter(slug__startswith="small").first()
    urls = [f"/people/{person.slug}/site/{name}" for name in NAMES]
    urls += [f"/groups/{group.slug}/site/{name}" for name in NAMES]
    urls += [f"/groups/{group.slug}/site/papers.bib?rank=A&year_min=2001"]
    at_10 = query_counts(client, urls)

    with_preprints(bulk_dataset(990, prefix="large", onto=(person, group, venue)))
    assert person.authorships.count() > 990
    at_1000 = query_counts(client, urls)

    assert at_1000 == at_10
    assert max(at_1000.values()) <= MOST_QUERIES, at_1000
