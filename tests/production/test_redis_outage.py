"""The page cache is an optimisation, never a dependency: with its Redis stopped, hung or full,
the public pages and exports are rendered and served, a warning is logged once, and caching
resumes by itself when Redis is back.

Each test runs a Redis server of its own (``redis-server`` on a free port, nothing saved to
disk), which it stops, pauses and starts again. Without the ``redis-server`` program the
tests are skipped, except in CI (``CI=true``), where they fail.
"""

from __future__ import annotations

import json
import logging
import os
import time

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pubs.services import shared_cache
from pubs.services.shared_cache import CacheOutage, GuardedCache
from tests.production.conftest import run_python
from tests.production.redis_server import REDIS_SERVER, PrivateRedis, redis_server
from tests.security.test_hostile_query_strings import PUBLIC_URLS

pytestmark = [
    pytest.mark.skipif(
        REDIS_SERVER is None and os.environ.get("CI") != "true",
        reason="redis-server is not installed (Debian: apt-get install redis-server)",
    ),
    pytest.mark.usefixtures("demo"),
]

#: Public pages and an export, each cached after it is first asked for.
URLS = ["/publications/", "/people/jin-fang/", "/publications/export.bib"]
RETRY = 0.5  # CACHE_RETRY_SECONDS here: a failed cache is asked again half a second later


@pytest.fixture
def outage(monkeypatch) -> CacheOutage:
    """A fresh view of the cache's failures for the test, and the one before it afterwards."""
    fresh = CacheOutage()
    monkeypatch.setattr(shared_cache, "outage", fresh)
    return fresh


def use(server: PrivateRedis, settings) -> None:
    """The page cache in ``server``, with the timeouts the settings give a Redis cache."""
    timeout = settings.REDIS_TIMEOUT_SECONDS
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": server.url,
            "KEY_PREFIX": "labpubs-outage-test",
            "OPTIONS": {"socket_connect_timeout": timeout, "socket_timeout": timeout},
        }
    }
    settings.CACHE_RETRY_SECONDS = RETRY


@pytest.fixture
def private_redis(settings, outage):
    server = redis_server()
    use(server, settings)
    yield server
    server.stop()


def served(client, url: str) -> tuple[bytes, int]:
    """The page (it must be a 200) and the number of SQL queries it took."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return response.content, len(queries)


def from_the_cache(client, url: str) -> bool:
    """Whether ``url`` was served from the cache: one query, the version of the data."""
    return served(client, url)[1] == 1


def warnings_of_the_cache(caplog) -> list[logging.LogRecord]:
    return [
        r
        for r in caplog.records
        if r.name == "pubs.services.shared_cache" and r.levelno == logging.WARNING
    ]


def test_pages_and_exports_are_served_while_redis_is_stopped_and_cached_again_once_it_is_back(
    client, private_redis, caplog
):
    pages = {url: served(client, url)[0] for url in URLS}
    assert [from_the_cache(client, url) for url in URLS] == [True] * len(URLS)

    private_redis.stop()
    with caplog.at_level(logging.WARNING, logger="pubs.services.shared_cache"):
        while_down = {url: served(client, url) for url in URLS}
        time.sleep(RETRY + 0.1)  # asked again, failing again
        again = {url: served(client, url) for url in URLS}
    assert {url: page for url, (page, _) in while_down.items()} == pages
    assert {url: page for url, (page, _) in again.items()} == pages
    assert [queries > 1 for _, queries in [*while_down.values(), *again.values()]] == [True] * 6
    assert len(warnings_of_the_cache(caplog)) == 1

    private_redis.start()  # empty: nothing was saved
    time.sleep(RETRY + 0.1)
    assert [served(client, url)[0] for url in URLS] == list(pages.values())
    assert [from_the_cache(client, url) for url in URLS] == [True] * len(URLS)
    assert private_redis.keys() == len(URLS)


def test_every_public_route_answers_with_redis_stopped_as_it_does_with_redis_up(
    client, private_redis
):
    urls = [*PUBLIC_URLS, "/theme.css", "/health/"]
    up = {url: client.get(url).status_code for url in urls}
    private_redis.stop()
    down = {url: client.get(url).status_code for url in urls}
    assert down == up
    assert set(up.values()) == {200}


def test_the_warning_names_the_failure_and_the_return_is_logged(client, private_redis, caplog):
    served(client, URLS[0])
    private_redis.stop()
    with caplog.at_level(logging.INFO, logger="pubs.services.shared_cache"):
        served(client, URLS[0])
        private_redis.start()
        time.sleep(RETRY + 0.1)
        served(client, URLS[0])
    messages = [r.getMessage() for r in caplog.records if r.name == "pubs.services.shared_cache"]
    assert len(messages) == 2
    assert messages[0].startswith("The shared cache fails (ConnectionError: ")
    assert messages[1].startswith("The shared cache answers again, after failing for ")


def test_a_hung_redis_costs_a_request_well_under_a_second(client, private_redis, settings):
    settings.CACHE_RETRY_SECONDS = 5
    served(client, URLS[0])
    private_redis.pause()
    try:
        timings = []
        for url in URLS:
            start = time.monotonic()
            served(client, url)
            timings.append(time.monotonic() - start)
    finally:
        private_redis.resume()
    assert max(timings) < 1.0
    # The first request waited for Redis once (the timeout); the others did not ask it.
    assert timings[0] >= settings.REDIS_TIMEOUT_SECONDS


def test_a_full_redis_refusing_writes_costs_no_page(client, settings, outage):
    # Full from the start: a memory limit of one byte, and no eviction.
    server = redis_server("--maxmemory", "1", "--maxmemory-policy", "noeviction")
    try:
        use(server, settings)
        pages = [served(client, url)[0] for url in URLS]
        time.sleep(RETRY + 0.1)
        again = [served(client, url) for url in URLS]
        assert [page for page, _ in again] == pages
        assert [queries > 1 for _, queries in again] == [True] * len(URLS)
        assert server.keys() == 0
    finally:
        server.stop()


def test_health_says_the_cache_is_down_and_answers_200(client, private_redis):
    assert json.loads(client.get("/health/").content) == {"database": "ok", "cache": "ok"}
    private_redis.stop()
    response = client.get("/health/")
    assert response.status_code == 200
    assert json.loads(response.content) == {"database": "ok", "cache": "down"}


def test_health_finds_redis_back_at_once_and_pages_use_it_again(client, private_redis):
    private_redis.stop()
    served(client, URLS[0])  # fails: the pages leave the cache alone for RETRY seconds
    private_redis.start()
    assert json.loads(client.get("/health/").content)["cache"] == "ok"
    served(client, URLS[0])
    assert from_the_cache(client, URLS[0])


def test_a_redis_cache_gives_up_after_the_timeouts(production_env):
    env = {**production_env, "REDIS_URL": "redis://127.0.0.1:6379/0"}
    code = "import django; django.setup(); from django.conf import settings; import json; "
    code += "print(json.dumps(settings.CACHES['default']['OPTIONS']))"
    options = json.loads(run_python(code, env).stdout)
    assert options == {"socket_connect_timeout": 0.25, "socket_timeout": 0.25}


def test_the_outside_sources_client_keeps_and_finds_answers_in_redis_and_goes_on_without_it(
    private_redis,
):
    guarded = GuardedCache()
    guarded.set("answer", {"stored": 1.0}, 60)
    assert guarded.get("answer") == {"stored": 1.0}
    private_redis.stop()
    guarded.set("answer", {"stored": 2.0}, 60)  # not kept, no error
    assert guarded.get("answer") is None
