"""The changelists a group editor and a member see cost a fixed number of queries too."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import VenueFactory, bulk_dataset

CHANGELISTS = [
    "admin:pubs_paper_changelist",
    "admin:people_person_changelist",
    "admin:people_membership_changelist",
    "admin:pubs_bibteximport_changelist",
]


@pytest.mark.parametrize("role", ["editor", "member"])
@pytest.mark.parametrize("url_name", CHANGELISTS)
def test_query_count_does_not_grow_with_the_papers_in_scope(login, lab, role, url_name):
    client = login(role)
    onto = (lab.member_person, lab.group, VenueFactory())
    bulk_dataset(5, prefix="small", onto=onto)
    url = reverse(url_name)
    with CaptureQueriesContext(connection) as small:
        response = client.get(url)
    bulk_dataset(120, prefix="large", onto=onto)
    with CaptureQueriesContext(connection) as large:
        assert client.get(url).status_code == response.status_code
    assert len(large) == len(small), [q["sql"] for q in large.captured_queries]
