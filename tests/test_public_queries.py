"""Public pages cost a fixed number of SQL queries whatever the number of papers."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from people.models import Group, Person
from pubs.models import Venue
from tests.factories import bulk_dataset


@pytest.mark.django_db
def test_public_page_query_counts_do_not_grow_with_the_number_of_papers(client):
    first_paper = bulk_dataset(10, prefix="small")[0]
    person = Person.objects.filter(slug__startswith="small").first()
    group = Group.objects.filter(slug__startswith="small").first()
    venue = Venue.objects.filter(slug__startswith="small").first()
    urls = [
        "/",
        "/publications/",
        "/people/",
        person.get_absolute_url(),
        group.get_absolute_url(),
        "/venues/",
        venue.get_absolute_url(),
        first_paper.get_absolute_url(),
    ]
    small = {}
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        small[url] = len(queries)
    bulk_dataset(290, prefix="large", onto=(person, group, venue))
    assert person.authorships.count() > 290
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        assert len(queries) == small[url], url
