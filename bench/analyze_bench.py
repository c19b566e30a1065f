"""Cold public pages right after a large import on PostgreSQL, without and with the planner's
statistics refreshed (``ANALYZE``, which the import runs once it commits:
pubs/services/table_statistics.py).

    .venv/bin/python bench/analyze_bench.py [--size 10000] [--runs 3]

Twice, each in a database of its own made afresh (labpubs_analyze_<size>): pubs_<size>.bib
imported with the import's ANALYZE turned off, the pages timed, then ANALYZE run by hand and
the pages timed again; and the import as it runs in production (its ANALYZE on), the pages
timed. Each page is rendered afresh (no page cache) --runs times; the first and the median
are printed, with the load average. Autovacuum could analyse the tables in between (it wakes
every minute): the script prints when each table was last analysed, and by whom.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from common import CACHE, load_average

PG = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/")
TABLES = ("pubs_paper", "pubs_authorship", "people_person")


def child(size: int, runs: int, analyze: bool) -> None:
    """In a process of its own: import, time the pages (and ANALYZE by hand, time again)."""
    import psycopg

    name = f"labpubs_analyze_{size}"
    with psycopg.connect(PG + "postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    from common import build, setup_django

    os.environ["PUBLIC_CACHE_SECONDS"] = "0"
    os.environ.setdefault("STATIC_ROOT", str(CACHE / "load-static"))
    setup_django(PG + name)
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Count
    from django.test import Client

    from people.models import Person
    from pubs.services import table_statistics

    call_command("collectstatic", interactive=False, verbosity=0)
    min_rows = table_statistics.ANALYZE_MIN_ROWS
    if not analyze:
        table_statistics.ANALYZE_MIN_ROWS = sys.maxsize  # the import's ANALYZE off
    start = time.monotonic()
    record = build(size, "bench-lab", analyze=analyze)
    label = "import with ANALYZE" if analyze else "import without ANALYZE"
    print(f"\n{label}: {time.monotonic() - start:.1f} s (load {load_average()})", flush=True)
    top = Person.objects.annotate(n=Count("authorships")).order_by("-n", "pk").first()
    urls = [
        "/publications/?q=learning",
        f"/publications/?q={top.family_name}",
        "/publications/?q=network+scheduling",
        "/publications/",
        "/groups/bench-lab/",
        top.get_absolute_url(),
    ]

    def analysed() -> str:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT relname, last_analyze IS NOT NULL, last_autoanalyze IS NOT NULL"
                " FROM pg_stat_user_tables WHERE relname = ANY(%s) ORDER BY relname",
                [list(TABLES)],
            )
            rows = cursor.fetchall()
        return ", ".join(
            f"{table}: {'ANALYZE' if hand else 'autovacuum' if auto else 'never'}"
            for table, hand, auto in rows
        )

    def measure(when: str) -> None:
        print(f"{when} (tables analysed: {analysed()})", flush=True)
        client = Client()
        for url in urls:
            times = []
            for _ in range(runs):
                began = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - began) * 1000)
                assert response.status_code == 200, (url, response.status_code)
            print(
                f"  {url:48} first {times[0]:6.0f} ms  median {statistics.median(times):6.0f} ms",
                flush=True,
            )
        print(f"  (load {load_average()})", flush=True)

    measure("right after the import")
    if not analyze:
        tables = table_statistics.tables_to_analyze(record.changes, min_rows=min_rows)
        start = time.monotonic()
        table_statistics.analyze(tables)  # the import's ANALYZE, by hand
        print(f"ANALYZE by hand: {time.monotonic() - start:.2f} s ({', '.join(tables)})")
        measure("after ANALYZE")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10000, help="pubs_<size>.bib")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", choices=["with", "without"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.size, args.runs, analyze=args.child == "with")
        return
    for mode in ("without", "with"):
        command = [sys.executable, __file__, "--size", str(args.size), "--runs", str(args.runs)]
        subprocess.run([*command, "--child", mode], check=True)


if __name__ == "__main__":
    main()
