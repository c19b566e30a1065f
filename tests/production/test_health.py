"""/health/: whether the database and the page cache answer, for a load balancer (with Redis
stopped: tests/production/test_redis_outage.py)."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.production.conftest import run_python
from tests.production.redis_server import free_port

pytestmark = pytest.mark.django_db


def test_health_answers_200_saying_the_database_and_the_cache_are_ok(client):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert json.loads(response.content) == {"database": "ok", "cache": "ok"}


def test_health_is_never_cached(client):
    response = client.get("/health/")
    assert "no-store" in response["Cache-Control"]


def test_health_costs_one_query(client):
    with CaptureQueriesContext(connection) as queries:
        client.get("/health/")
    assert len(queries) == 1


def test_health_takes_no_post(client):
    assert client.post("/health/").status_code == 405


DATABASE_DOWN = """
import json
import django
django.setup()
from django.test import Client
response = Client().get("/health/")
print(json.dumps({"status": response.status_code, "body": json.loads(response.content)}))
"""


def test_health_answers_503_when_the_database_is_down(production_env):
    # PostgreSQL on a port nothing listens on: every connection is refused.
    env = {
        **production_env,
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/labpubs",
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL": "0",
    }
    answer = json.loads(run_python(DATABASE_DOWN, env).stdout.splitlines()[-1])
    assert answer == {"status": 503, "body": {"database": "down", "cache": "ok"}}
