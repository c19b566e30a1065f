"""The SQL queries each URL costs, for the tests that hold page, export and API costs constant
whatever the number of papers."""

from django.db import connection
from django.test.utils import CaptureQueriesContext


def query_counts(client, urls: list[str]) -> dict[str, int]:
    """The queries each of ``urls`` took (each must answer 200), by URL."""
    counts = {}
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        counts[url] = len(queries)
    return counts
