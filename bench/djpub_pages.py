"""django-publications 1.2.0's list and author pages, timed (run by bench/pages_bench.py).

Runs in django-publications' own virtualenv (~/.cache/labpubs-bench/djpub-venv, Django 4.2):

    djpub-venv/bin/python bench/djpub_pages.py BIBFILE DATABASE "Given+Family" [REQUESTS]

It imports BIBFILE through django-publications' admin (untimed), then times with Django's test
client its publication list (every publication, by year) and the author page of the given
author: the median of REQUESTS requests each. django-publications caches nothing, so every
request is cold. Prints one JSON line: {"list": {...}, "author": {...}} with cold_ms,
cold_cpu_ms (processor time), queries (of the last request) and papers (listed on the page).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from djpub_site import configure, load


def measure(url: str, requests: int) -> dict:
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    client.get(url)
    times, cpu_times = [], []
    for _ in range(requests):
        with CaptureQueriesContext(connection) as queries:
            start, cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            times.append((time.perf_counter() - start) * 1000)
            cpu_times.append((time.process_time() - cpu) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    papers = response.content.decode().count('class="title"')
    return {
        "cold_ms": statistics.median(times),
        "cold_cpu_ms": statistics.median(cpu_times),
        "queries": len(queries),
        "papers": papers,
    }


def main() -> None:
    bibfile, database = Path(sys.argv[1]), Path(sys.argv[2])
    author = sys.argv[3]
    requests = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    configure(database)
    load(bibfile)
    result = {"list": measure("/", requests), "author": measure(f"/{author}/", requests)}
    print(json.dumps(result))


if __name__ == "__main__":
    main()
