"""The sitemap reads its lists in a fixed number of queries, however many pages it names."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.factories import bulk_dataset

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]


def sitemap_queries(client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/sitemap.xml").status_code == 200
    return len(queries)


def test_the_sitemap_costs_the_same_queries_for_ten_and_for_sixty_papers(client):
    bulk_dataset(10, prefix="few")
    few = sitemap_queries(client)
    bulk_dataset(50, prefix="more")
    assert sitemap_queries(client) == few
