"""With a replica configured, the public pages read from it and everything else from the primary.

The replica here is a second connection to the test database.
"""

import pytest
from django.db import connections, router
from django.http import HttpResponse
from django.test.utils import CaptureQueriesContext

from config.routers import REPLICA, PublicReadsMiddleware, is_public_page, replica_reads
from pubs.models import Paper
from tests.factories import VenueFactory
from tests.test_settings import settings_with

MIDDLEWARE = "config.routers.PublicReadsMiddleware"


@pytest.fixture
def replica(db, settings, monkeypatch):
    """The replica database, the router and the middleware, as DATABASE_REPLICA_URL sets them.

    The replica is a second connection to the test database, made here rather than declared
    in settings: the test's transaction wraps the primary alone, as on a real replica.
    """
    default = connections["default"]
    connections[REPLICA] = default.__class__(dict(default.settings_dict), alias=REPLICA)
    made = settings_with(monkeypatch, DATABASE_REPLICA_URL="sqlite:///replica.sqlite3")
    settings.DATABASE_ROUTERS = made["DATABASE_ROUTERS"]
    settings.MIDDLEWARE = made["MIDDLEWARE"]
    assert MIDDLEWARE in settings.MIDDLEWARE
    yield
    if connections[REPLICA].connection is not None:
        connections[REPLICA].connection.close()
    del connections[REPLICA]


def queries_by_database(client, url: str) -> tuple[int, int, int]:
    """The status of ``url`` and how many queries it made on the primary and the replica."""
    with (
        CaptureQueriesContext(connections["default"]) as primary,
        CaptureQueriesContext(connections[REPLICA]) as secondary,
    ):
        response = client.get(url)
    return response.status_code, len(primary), len(secondary)


@pytest.mark.parametrize(
    "url", ["/publications/?rank=A", "/people/", "/venues/", "/", "/zh-hans/publications/"]
)
def test_public_pages_read_from_the_replica(replica, client, url):
    status, on_primary, on_replica = queries_by_database(client, url)
    assert status == 200
    assert on_replica > 0
    assert on_primary == 0


def test_the_admin_reads_from_the_primary(replica, admin_client):
    status, _, on_replica = queries_by_database(admin_client, "/admin/")
    assert status == 200
    assert on_replica == 0


def test_writes_during_a_public_request_go_to_the_primary(replica):
    with (
        replica_reads(),
        CaptureQueriesContext(connections["default"]) as primary,
        CaptureQueriesContext(connections[REPLICA]) as secondary,
    ):
        Paper.objects.create(title="Written", slug="written", kind="other", venue=VenueFactory())
    assert any(query["sql"].startswith("INSERT") for query in primary)
    assert not secondary


def test_reads_outside_public_requests_use_the_primary(replica):
    assert router.db_for_read(Paper) == "default"
    with replica_reads():
        assert router.db_for_read(Paper) == REPLICA


def test_only_the_primary_is_migrated(replica):
    assert router.allow_migrate("default", "pubs")
    assert not router.allow_migrate(REPLICA, "pubs")


@pytest.mark.parametrize(
    ("method", "path", "public"),
    [
        ("get", "/publications/", True),
        ("head", "/people/jin-fang/", True),
        ("get", "/publications/export.bib", True),
        ("post", "/publications/", False),
        ("get", "/admin/", False),
        ("get", "/no/such/page/", False),
    ],
)
def test_which_requests_are_public_pages(rf, method, path, public):
    assert is_public_page(getattr(rf, method)(path)) is public


def answer_with_the_read_database(request):
    return HttpResponse(router.db_for_read(Paper))


@pytest.mark.parametrize(
    ("method", "database"), [("get", REPLICA), ("head", REPLICA), ("post", "default")]
)
def test_the_middleware_marks_the_reads_of_public_pages(replica, rf, method, database):
    middleware = PublicReadsMiddleware(answer_with_the_read_database)
    response = middleware(getattr(rf, method)("/publications/"))
    assert response.content.decode() == database
