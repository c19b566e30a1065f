"""Each API URL costs a fixed number of SQL queries, whether 10 papers or 1,000 are public."""

import pytest

from people.models import Group, Person
from pubs.models import Venue
from tests.factories import bulk_dataset, with_preprints
from tests.query_counts import query_counts

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

#: No URL needs more (a paper: its versions, groups and citations; a person: their
#: memberships, advisors, namesakes, co-authors, counts and citations, as their pages read
#: them).
MOST_QUERIES = 11


def test_query_counts_are_the_same_at_10_and_1000_papers(client):
    """Half the papers have a preprint folded into them: the versions cost no more."""
    small = bulk_dataset(10, prefix="small")
    with_preprints(small)
    person = Person.objects.filter(slug__startswith="small").first()
    group = Group.objects.filter(slug__startswith="small").first()
    venue = Venue.objects.filter(slug__startswith="small").first()
    urls = [
        "/api/v1/papers/",
        "/api/v1/papers/?page_size=500",
        "/api/v1/papers/?rank=A&year_min=2001&q=paper",
        f"/api/v1/papers/?person={person.slug}&page_size=500",
        f"/api/v1/papers/?group={group.slug}&kind=conference",
        f"/api/v1/papers/{small[0].slug}/",
        f"/api/v1/papers/{small[0].slug}-preprint/",
        "/api/v1/people/?page_size=500",
        f"/api/v1/people/{person.slug}/",
        "/api/v1/groups/",
        f"/api/v1/groups/{group.slug}/",
        "/api/v1/venues/?all=1&sort=papers",
        f"/api/v1/venues/{venue.slug}/",
        f"/api/v1/embed/people/{person.slug}/?rank=B",
        f"/api/v1/embed/groups/{group.slug}/",
    ]
    at_10 = query_counts(client, urls)

    with_preprints(bulk_dataset(990, prefix="large", onto=(person, group, venue)))
    assert person.authorships.count() > 990
    at_1000 = query_counts(client, urls)

    assert at_1000 == at_10
    assert max(at_1000.values()) <= MOST_QUERIES, at_1000
