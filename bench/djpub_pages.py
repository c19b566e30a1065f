"""django-publications 1.2.0's pages, timed (run by bench/pages_bench.py).

Runs in django-publications' own virtualenv (~/.cache/labpubs-bench/djpub-venv, Django 4.2):

    djpub-venv/bin/python bench/djpub_pages.py BIBFILE DATABASE REQUESTS '{"name": "/url/"}'

It imports BIBFILE through django-publications' admin (untimed), then times each URL with
Django's test client as pages_bench.py times ours: one request untimed, then the median of
REQUESTS requests. django-publications caches nothing, so every request is cold. Prints one
JSON line, {name: {...}}, with cold_ms, cold_cpu_ms (processor time), queries (of one more
request), papers (listed on the page) and peak_mb (Python memory of one request, tracemalloc).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

from djpub_site import configure, load


def count_queries(client, url: str) -> int:
    """The SQL queries of one request (apart from the timed ones: counting costs time)."""
    from django.db import connection

    count = 0

    def counter(execute, sql, params, many, context):
        nonlocal count
        count += 1
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counter):
        client.get(url)
    return count


def measure(url: str, requests: int) -> dict:
    from django.test import Client

    client = Client()
    client.get(url)
    times, cpu_times = [], []
    for _ in range(requests):
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        cpu_times.append((time.process_time() - cpu) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    papers = response.content.decode().count('class="title"')
    tracemalloc.start()
    client.get(url)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {
        "peak_mb": peak / 2**20,
        "cold_ms": statistics.median(times),
        "cold_cpu_ms": statistics.median(cpu_times),
        "queries": count_queries(client, url),
        "papers": papers,
    }


def main() -> None:
    bibfile, database = Path(sys.argv[1]), Path(sys.argv[2])
    requests, urls = int(sys.argv[3]), json.loads(sys.argv[4])
    configure(database)
    load(bibfile)
    result = {name: measure(url, requests) for name, url in urls.items()}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
