"""Public page speed at 1,000 and 10,000 papers, beside django-publications 1.2.0.

    .venv/bin/python bench/pages_bench.py [--sizes 1000 10000] [--requests 20]
                                          [--peer-requests 5] [--postgres URL]

For each data set of ../shared/data/bench/ (pubs_N.bib, with venues.csv giving the venues
their CCF ranks) it builds a fresh database with the importer, makes a lab group of the ten
most prolific authors holding every paper, and times, with Django's test client in this
process (DEBUG=0), the median server time and SQL query count of --requests requests per page:

- cold: the page cache emptied before each request (every query and the whole render);
- warm: the page served from the cache.

Pages: all publications, the group page, the person page of the most prolific author, the
person page of the median author, and a paper page. django-publications is measured the same
way on the same file in its own virtualenv (bench/djpub_pages.py; --peer-requests requests,
fewer by default since one of its pages takes seconds), for its list page (every paper) and
the author page of the same most prolific author; the ratio is its time to ours, cold.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import DATA, DJPUB_PYTHON, build, ensure_djpub_venv, load_average, setup_django

#: Our page -> django-publications' page showing the same papers.
COMPARABLE = {"all publications": "list", "top author": "author"}


def lab_pages(size: int) -> tuple[dict[str, str], str]:
    """Build the database: the URLs to measure, and the most prolific author's name as
    django-publications' author URL writes it ("Given+Family")."""
    from django.core.management import call_command
    from django.db.models import Count

    from people.models import Group, Membership, Person, Role
    from pubs.models import Paper

    build(size, group="bench-lab")
    call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG=0 reads a manifest
    people = list(Person.objects.annotate(n=Count("authorships")).order_by("-n", "pk"))
    group = Group.objects.get(slug="bench-lab")
    Membership.objects.bulk_create(
        Membership(person=person, group=group, role=Role.PHD) for person in people[:10]
    )
    top, median = people[0], people[len(people) // 2]
    paper = Paper.objects.order_by("pk")[size // 2]
    urls = {
        "all publications": "/publications/",
        "group page": "/groups/bench-lab/",
        f"top author ({top.n} papers)": top.get_absolute_url(),
        f"median author ({median.n} papers)": median.get_absolute_url(),
        "paper page": paper.get_absolute_url(),
    }
    return urls, f"{top.given_name}+{top.family_name}".replace(" ", "+")


def measure(url: str, requests: int) -> dict[str, float]:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()

    def one(clear: bool) -> tuple[float, float, int]:
        if clear:
            cache.clear()
        with CaptureQueriesContext(connection) as queries:
            start, cpu = time.perf_counter(), time.process_time()
            response = client.get(url)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == 200, (url, response.status_code)
        return elapsed * 1000, cpu * 1000, len(queries)

    one(True)  # the interpreter and the database's own caches warm up
    cold = [one(True) for _ in range(requests)]
    warm = [one(False) for _ in range(requests)]
    return {
        "cold_ms": statistics.median(t for t, _, _ in cold),
        "cold_cpu_ms": statistics.median(c for _, c, _ in cold),
        "cold_queries": statistics.median(q for _, _, q in cold),
        "warm_ms": statistics.median(t for t, _, _ in warm),
        "warm_queries": statistics.median(q for _, _, q in warm),
    }


def theirs(size: int, author: str, requests: int, directory: str) -> dict[str, dict] | None:
    if ensure_djpub_venv(lambda message: print(f"  django-publications: {message}")) is None:
        return None
    database = Path(directory) / f"djpub_{size}.sqlite3"
    script = Path(__file__).with_name("djpub_pages.py")
    command = [str(DJPUB_PYTHON), str(script), str(DATA / f"pubs_{size}.bib"), str(database)]
    result = subprocess.run(
        [*command, author, str(requests)], capture_output=True, text=True, check=True
    )
    return json.loads(result.stdout.splitlines()[-1])


def child(args: argparse.Namespace) -> None:
    """One data set on one database, in a process of its own (Django is set up once)."""
    setup_django(args.database)
    print(f"\n== {args.child} papers, {args.database.split(':')[0]}, load {load_average()}")
    start = time.perf_counter()
    urls, top_author = lab_pages(args.child)
    print(f"  imported in {time.perf_counter() - start:.1f} s (not timed below)")
    mine = {name: measure(url, args.requests) for name, url in urls.items()}
    peer = theirs(args.child, top_author, args.peer_requests, args.tmp) if args.peer else None
    print(
        f"  {'labpubs page':30} {'cold ms':>8} {'cpu ms':>7} {'queries':>7} {'warm ms':>8}"
        f" {'queries':>7}   django-publications, cold (cpu)"
    )
    for name, row in mine.items():
        line = (
            f"  {name:30} {row['cold_ms']:8.1f} {row['cold_cpu_ms']:7.1f} "
            f"{row['cold_queries']:7.0f} {row['warm_ms']:8.2f} {row['warm_queries']:7.0f}"
        )
        key = next((v for k, v in COMPARABLE.items() if name.startswith(k)), None)
        if peer and key:
            them = peer[key]
            line += (
                f"   {them['cold_ms']:7.0f} ms ({them['cold_cpu_ms']:.0f}), {them['queries']}"
                f" queries, {them['papers']} papers on the page: ours"
                f" {them['cold_ms'] / row['cold_ms']:.0f}× faster"
                f" ({them['cold_cpu_ms'] / row['cold_cpu_ms']:.0f}× in cpu time)"
            )
        print(line)
    print(
        f"  (median of {args.requests} requests; django-publications: {args.peer_requests}."
        " cpu: this process's processor time, SQLite included, less disturbed by a busy machine)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--peer-requests", type=int, default=5)
    parser.add_argument("--no-peer", dest="peer", action="store_false")
    parser.add_argument("--postgres", help="also measure on this (empty) PostgreSQL database")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--tmp", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            databases = [f"sqlite:///{tmp}/pages_{size}.sqlite3"]
            if args.postgres:
                databases.append(args.postgres)
            for database in databases:
                options = [
                    "--requests",
                    str(args.requests),
                    "--peer-requests",
                    str(args.peer_requests),
                    "--tmp",
                    tmp,
                ]
                if not args.peer or database != databases[0]:
                    options.append("--no-peer")
                subprocess.run(
                    [
                        sys.executable,
                        __file__,
                        "--child",
                        str(size),
                        "--database",
                        database,
                        *options,
                    ],
                    check=True,
                )


if __name__ == "__main__":
    main()
