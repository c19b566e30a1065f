"""Two app servers sharing one Redis and one database share their cached pages, and a change
made through either renews the pages of both.

The other server is a separate process with the settings REDIS_URL gives (PostgreSQL: it
reads the test database, so the test's writes are committed).
"""

import json
import os
import subprocess
import sys

import pytest
from django.db import connection

from pubs.models import Paper
from tests.factories import PersonFactory, paper_with_authors
from tests.production.conftest import ROOT, database_url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="two processes share a PostgreSQL database"
    ),
]

URL = "/publications/"
OTHER_SERVER = """
import json, sys
import django
django.setup()
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
with CaptureQueriesContext(connection) as queries:
    response = Client().get(sys.argv[1])
print(json.dumps({"status": response.status_code, "queries": len(queries),
                  "page": response.content.decode()}))
"""


@pytest.fixture
def other_server(redis_cache, settings):
    """Ask the other server for a page: its status, its SQL queries and its text."""
    cache = settings.CACHES["default"]
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "REDIS_URL": cache["LOCATION"],
        "CACHE_KEY_PREFIX": cache["KEY_PREFIX"],
        "ALLOWED_HOSTS": "testserver",
    }

    def get(url: str) -> dict:
        result = subprocess.run(
            [sys.executable, "-c", OTHER_SERVER, url],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return json.loads(result.stdout)

    return get


@pytest.fixture
def paper(db) -> Paper:
    return paper_with_authors(PersonFactory(), title="The Title Before", slug="the-paper")


def test_a_page_one_server_rendered_is_served_by_the_other_from_the_cache(
    paper, client, other_server
):
    here = client.get(URL)
    there = other_server(URL)
    assert there["status"] == 200
    assert there["page"] == here.content.decode()
    assert there["queries"] == 1  # the version of the public data, nothing else


def test_a_change_made_on_one_server_renews_the_page_on_the_other(paper, client, other_server):
    assert "The Title Before" in other_server(URL)["page"]
    paper.title = "The Title After"
    paper.save()
    there = other_server(URL)
    assert "The Title After" in there["page"]
    assert there["queries"] > 1  # rendered afresh
    assert "The Title After" in client.get(URL).content.decode()
