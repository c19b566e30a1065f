"""Formatted citations of 10,000 papers in each style, and the cold paper page, beside
django-publications 1.2.0's page of one publication.

    .venv/bin/python bench/citations_bench.py [--size 10000] [--runs 3] [--requests 20]
        [--postgres postgres://postgres@127.0.0.1:5432/labpubs_bench_citations] [--no-djpub]

The data set is ../shared/data/bench/pubs_N.bib, imported (untimed) into a temporary SQLite
database, or into the PostgreSQL database given (created if missing, dropped at the end).

Timed, in this process, DEBUG=0:
- each citation style as text and as HTML: ``render(export_papers(Paper.objects.all()),
  "<style>.<ext>")``, reading the database included; the first run with the process's
  caches of names and title case emptied ("cold"), then the median of ``--runs``. Budget
  (issue #21): within 3 s cold for 10,000 papers.
- the paper page of the papers made of the file's first five entries: ``--requests``
  requests through Django's test client, the page cache emptied before each (cold), the
  median; its SQL queries. Budget: within 20 ms cold at 10,000 papers.
- django-publications' page of one publication (``/<id>/``) for the same five entries, by
  bench/djpub_pages.py in its own virtualenv (it caches nothing: every request is cold).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from common import DATA, DJPUB_PYTHON, build, ensure_djpub_venv, load_average, setup_django

FORMAT_BUDGET_S = 3.0
PAGE_BUDGET_MS = 20.0
SAMPLE = 5


def empty_caches() -> None:
    """The process's caches that a first export fills: parsed names, title case."""
    from pubs.bibtex import names
    from pubs.export.styles import names as style_names
    from pubs.export.styles import values

    names.parse_name.cache_clear()
    style_names._parsed.cache_clear()
    values.title_case.cache_clear()


def export_once(fmt: str) -> tuple[float, float, int]:
    """Wall time, processor time (of this process) and size of one export."""
    from pubs.models import Paper
    from pubs.queries.exporting import export_papers, render

    start, processor = time.perf_counter(), time.process_time()
    text, _ = render(export_papers(Paper.objects.all()), fmt)
    return time.perf_counter() - start, time.process_time() - processor, len(text)


def formatted(runs: int) -> None:
    from pubs.export.citations import STYLES

    print(f"  formatted exports of every paper (first: caches empty; budget {FORMAT_BUDGET_S} s)")
    for style in STYLES:
        for ext in ("txt", "html"):
            empty_caches()
            first, first_cpu, size = export_once(f"{style}.{ext}")
            warm = [export_once(f"{style}.{ext}") for _ in range(runs)]
            median = statistics.median(run[0] for run in warm)
            median_cpu = statistics.median(run[1] for run in warm)
            verdict = "within" if first <= FORMAT_BUDGET_S else "OVER"
            print(
                f"    {style:8} {ext:4}: first {first:5.2f} s ({first_cpu:4.2f} s processor), "
                f"median {median:5.2f} s ({median_cpu:4.2f} s), {size / 1e6:4.1f} MB — {verdict}"
            )


def paper_pages(requests: int) -> None:
    """Times the cold paper page of the papers of the file's first entries."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from pubs.bibtex.normalize import normalize
    from pubs.bibtex.parse import parse
    from pubs.models import Paper

    text = (DATA / f"pubs_{ARGS.size}.bib").read_text(encoding="utf-8")
    keys = [normalize(entry).key for entry in parse(text).entries[:SAMPLE]]
    urls = [Paper.objects.get(citation_key=key).get_absolute_url() for key in keys]
    client = Client()
    times, cpu = [], []
    for number in range(requests):
        url = urls[number % len(urls)]
        cache.clear()
        start, processor = time.perf_counter(), time.process_time()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - processor) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        client.get(urls[0])
    median = statistics.median(times)
    verdict = "within" if median <= PAGE_BUDGET_MS else "OVER"
    print(
        f"  paper page, cold (page cache emptied), {requests} requests over {len(urls)} papers: "
        f"median {median:.1f} ms ({statistics.median(cpu):.1f} ms processor), "
        f"{len(queries)} queries — {verdict} the {PAGE_BUDGET_MS:.0f} ms budget"
    )


def djpub(requests: int, tmp: Path) -> None:
    if ensure_djpub_venv(lambda message: print(f"  django-publications: {message}")) is None:
        return
    urls = {f"publication {number}": f"/{number}/" for number in range(1, SAMPLE + 1)}
    result = subprocess.run(
        [
            str(DJPUB_PYTHON),
            str(Path(__file__).with_name("djpub_pages.py")),
            str(DATA / f"pubs_{ARGS.size}.bib"),
            str(tmp / "djpub.sqlite3"),
            str(requests),
            json.dumps(urls),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    pages = json.loads(result.stdout.strip().splitlines()[-1])
    cold = statistics.median(page["cold_ms"] for page in pages.values())
    cpu = statistics.median(page["cold_cpu_ms"] for page in pages.values())
    queries = max(page["queries"] for page in pages.values())
    print(
        f"  django-publications 1.2.0, its page of one publication (/<id>/, SQLite, the same "
        f"{SAMPLE} entries): median {cold:.1f} ms ({cpu:.1f} ms processor), {queries} queries"
    )


def main() -> None:
    print(f"load average {load_average()} (timings need an otherwise idle machine)")
    with tempfile.TemporaryDirectory() as tmp:
        url = ARGS.postgres or f"sqlite:///{tmp}/citations.sqlite3"
        if ARGS.postgres:
            name = ARGS.postgres.rsplit("/", 1)[1]
            subprocess.run(["createdb", "-h", "127.0.0.1", "-U", "postgres", name], check=False)
        setup_django(url)
        start = time.perf_counter()
        build(ARGS.size)
        engine = "PostgreSQL" if ARGS.postgres else "SQLite"
        print(
            f"== pubs_{ARGS.size}.bib on {engine}, imported in "
            f"{time.perf_counter() - start:.0f} s (untimed)"
        )
        try:
            formatted(ARGS.runs)
            paper_pages(ARGS.requests)
            if not ARGS.no_djpub:
                djpub(ARGS.requests, Path(tmp))
        finally:
            if ARGS.postgres:
                from django.db import connections

                connections.close_all()
                subprocess.run(["dropdb", "-h", "127.0.0.1", "-U", "postgres", name], check=False)
        print(f"load average {load_average()}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--postgres", default="")
    parser.add_argument("--no-djpub", action="store_true")
    ARGS = parser.parse_args()
    main()
