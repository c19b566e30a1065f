"""The deployed page cache is bounded: entries of bounded size, and a bounded number of them in
each process's memory (in Redis, maxmemory bounds them: docs/deploy.md)."""

import json

from tests.production.conftest import run_python

MiB = 1024 * 1024


def cache_settings(env: dict[str, str]) -> dict:
    code = (
        "import django, json; django.setup(); from django.conf import settings; "
        "print(json.dumps({'cache': settings.CACHES['default'], "
        "'max_bytes': settings.PUBLIC_CACHE_MAX_BYTES}))"
    )
    return json.loads(run_python(code, env).stdout)


def test_the_memory_cache_of_a_process_holds_at_most_500_entries_of_1_mib(production_env):
    production_env.pop("REDIS_URL", None)
    found = cache_settings(production_env)
    assert found["cache"]["BACKEND"].endswith("LocMemCache")
    assert found["cache"]["OPTIONS"]["MAX_ENTRIES"] == 500
    assert found["max_bytes"] == MiB


def test_in_redis_an_entry_may_hold_a_large_export(production_env):
    found = cache_settings({**production_env, "REDIS_URL": "redis://127.0.0.1:6379/0"})
    assert found["cache"]["BACKEND"].endswith("RedisCache")
    assert found["max_bytes"] == 16 * MiB


def test_the_entry_bound_is_set_from_the_environment(production_env):
    found = cache_settings({**production_env, "PUBLIC_CACHE_MAX_BYTES": "65536"})
    assert found["max_bytes"] == 65536
