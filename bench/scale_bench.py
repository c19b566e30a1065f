"""Public pages and exports at 10,000 and 100,000 papers, cold, on PostgreSQL (issue #34).

    SHARED_DATA=/work/shared/data .venv/bin/python bench/scale_bench.py \
        [--postgres postgres://postgres@127.0.0.1:5432] [--sizes 10000 100000] \
        [--requests 5] [--fill dataset|copies] [--reuse] [--readme]

For each size it fills a database of its own (``labpubs_scale_<size>``, made again unless
--reuse finds it filled): the venues of venues.csv ranked as it says and ``pubs_10000.bib``
imported into the group "bench-lab" whose members are the ten most prolific authors
(pages_bench.build_lab). At 100,000 papers, the rest comes from ``--fill``:

- ``dataset``: the chunks ``pubs_100000_1.bib`` … ``_5.bib`` that bench/dataset_100k.py
  writes to ~/.cache/labpubs-bench/, imported with the import command (the first 10,000
  entries of the first chunk are pubs_10000.bib, there already: they change nothing):
  copies of the file whose most prolific authors are the same people and everyone else a
  person of their own, with the hard cases of real files; slow (an import per chunk);
- ``copies``: nine copies of the 10,000 papers written straight into the tables (papers,
  authors, versions, the group's papers), the 32 most prolific authors the same people in
  every copy and everyone else a new person of the same name in each; quicker, no identity
  decisions.

Then ANALYZE, ``work_counts_rebuild`` (timed), ANALYZE again, and for each page: the SQL
queries of one cold request, then --requests cold requests (the page cache emptied before
each, after one untimed request) with Django's test client in this process (DEBUG=0): the
median wall time, the median processor time of this process (the app) and of its
PostgreSQL backend (read from /proc: the server runs on this machine). Pages: every public
page and export of a list, with the lists chosen from the data (the most and the median
prolific author, the busiest venue and year).

--readme writes the table into bench/README.md between its scale_bench markers.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from common import CACHE, load_average, readme_section

BASE = "labpubs_scale"
#: Authors who are the same people in every copy (as dataset_100k.py's --prolific).
PROLIFIC = 32
BATCH = 5000
CLOCK = os.sysconf("SC_CLK_TCK")


def backend_cpu_ms(pid: int) -> float:
    """The processor time so far of the PostgreSQL backend ``pid`` (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / CLOCK


def fill_copies(copies: int) -> None:
    """``copies`` - 1 more copies of the papers in the database, written as rows."""
    from django.apps import apps
    from django.db import transaction
    from django.db.models import Count

    paper_model = apps.get_model("pubs", "Paper")
    authorship = apps.get_model("pubs", "Authorship")
    person_model = apps.get_model("people", "Person")
    papers = list(paper_model.objects.order_by("pk").values())
    authors = list(authorship.objects.order_by("pk").values("paper_id", "person_id", "position",
                                                            "printed_name"))  # fmt: skip
    groups = list(paper_model.groups.through.objects.values_list("paper_id", "group_id"))
    versions = list(
        paper_model.versions.through.objects.values_list("from_paper_id", "to_paper_id")
    )
    people = list(person_model.objects.order_by("pk").values())
    top = person_model.objects.annotate(n=Count("authorships")).order_by("-n", "pk")[:PROLIFIC]
    same = {person.pk for person in top}
    unique = ("id", "created", "modified")
    for copy in range(1, copies):
        with transaction.atomic():
            new_people = person_model.objects.bulk_create(
                [
                    person_model(
                        **{
                            **{k: v for k, v in row.items() if k not in unique},
                            "slug": f"{row['slug'][:110]}-c{copy}",
                            "orcid": "",
                            "user_id": None,
                        }
                    )
                    for row in people
                    if row["id"] not in same
                ],
                batch_size=BATCH,
            )
            person_of = {pk: pk for pk in same}
            others = [row["id"] for row in people if row["id"] not in same]
            person_of.update(zip(others, (p.pk for p in new_people), strict=True))
            fresh = []
            for row in papers:
                values = {k: v for k, v in row.items() if k not in (*unique, "folded_into_id")}
                values.update(
                    slug=f"{row['slug'][:110]}-c{copy}",
                    doi=f"{row['doi']}.c{copy}" if row["doi"] else "",
                    arxiv_id="",
                    citation_key=f"{row['citation_key']}-{copy}" if row["citation_key"] else "",
                )
                fresh.append(paper_model(**values))
            fresh = paper_model.objects.bulk_create(fresh, batch_size=BATCH)
            paper_of = {row["id"]: new.pk for row, new in zip(papers, fresh, strict=True)}
            folded = [
                paper_model(pk=paper_of[row["id"]], folded_into_id=paper_of[row["folded_into_id"]])
                for row in papers
                if row["folded_into_id"]
            ]
            paper_model.objects.bulk_update(folded, ["folded_into"], batch_size=BATCH)
            authorship.objects.bulk_create(
                (
                    authorship(
                        paper_id=paper_of[row["paper_id"]],
                        person_id=person_of[row["person_id"]],
                        position=row["position"],
                        printed_name=row["printed_name"],
                    )
                    for row in authors
                ),
                batch_size=BATCH,
            )
            paper_model.groups.through.objects.bulk_create(
                (paper_model.groups.through(paper_id=paper_of[p], group_id=g) for p, g in groups),
                batch_size=BATCH,
            )
            paper_model.versions.through.objects.bulk_create(
                (
                    paper_model.versions.through(from_paper_id=paper_of[a], to_paper_id=paper_of[b])
                    for a, b in versions
                ),
                batch_size=BATCH,
            )
        print(f"  copy {copy}: {len(fresh)} papers", file=sys.stderr, flush=True)


def fill_dataset() -> None:
    """The chunks of dataset_100k.py after the first 10,000 entries, through the import
    command into the group."""
    import io

    from django.core.management import call_command

    chunks = sorted(CACHE.glob("pubs_100000_*.bib"))
    if not chunks:
        raise SystemExit(f"no pubs_100000_*.bib in {CACHE}: run bench/dataset_100k.py first")
    flags = ["--group", "bench-lab", "--create-venues", "--allow-ambiguous", "--skip-invalid"]
    for chunk in chunks:
        start = time.perf_counter()
        call_command("import_bibtex", str(chunk), *flags, stdout=io.StringIO())
        print(f"  {chunk.name}: {time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)


def analyze() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def pages() -> dict[str, str]:
    """Name -> URL of every public page and list export, the lists chosen from the data."""
    from django.apps import apps
    from django.db.models import Count

    person, paper = apps.get_model("people", "Person"), apps.get_model("pubs", "Paper")
    venue = apps.get_model("pubs", "Venue")
    people = list(
        person.objects.annotate(n=Count("authorships"))
        .order_by("-n", "pk")
        .values_list("slug", "n")
    )
    top, median = people[0][0], people[len(people) // 2][0]
    busiest = venue.objects.annotate(n=Count("papers")).order_by("-n", "pk").first().slug
    year = paper.objects.values("year").annotate(n=Count("pk")).order_by("-n", "-year")[0]["year"]
    one = paper.objects.filter(is_public=True).order_by("pk").values_list("slug", flat=True)
    return {
        "home": "/",
        "all publications": "/publications/",
        "all publications, page 20": "/publications/?page=20",
        f"year {year}": f"/publications/?year={year}",
        "CCF A": "/publications/?rank=A",
        "search “network”": "/publications/?q=network",
        "group page": "/groups/bench-lab/",
        "group, CCF A": "/groups/bench-lab/?rank=A",
        "top author": f"/people/{top}/",
        "median author": f"/people/{median}/",
        "busiest venue": f"/venues/{busiest}/",
        "people index": "/people/",
        "venue index": "/venues/",
        "paper page": f"/publications/{one[len(one) // 2]}/",
        "feed": "/feeds/publications/",
        "median author .bib": f"/people/{median}/export.bib",
        "median author CV": f"/people/{median}/cv.md",
        f"year {year}, CCF A .bib": f"/publications/export.bib?year={year}&rank=A",
    }


def measure(url: str, requests: int) -> dict[str, float]:
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client

    client = Client()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]

    def one() -> tuple[float, float, float]:
        cache.clear()
        start, cpu, db = time.perf_counter(), time.process_time(), backend_cpu_ms(pid)
        response = client.get(url)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == 200, (url, response.status_code)
        return wall * 1000, cpu * 1000, backend_cpu_ms(pid) - db

    queries = count_queries(client, url)
    one()
    runs = [one() for _ in range(requests)]
    return {
        "ms": statistics.median(r[0] for r in runs),
        "app_cpu_ms": statistics.median(r[1] for r in runs),
        "db_cpu_ms": statistics.mean(r[2] for r in runs),  # ticks of 10 ms: a mean
        "queries": queries,
    }


def count_queries(client, url: str) -> int:
    from django.core.cache import cache
    from django.db import connection

    count = 0

    def counter(execute, sql, params, many, context):
        nonlocal count
        count += 1
        return execute(sql, params, many, context)

    cache.clear()
    with connection.execute_wrapper(counter):
        client.get(url)
    return count


def child(args: argparse.Namespace) -> None:
    """One size on its database, in a process of its own; prints its figures as JSON."""
    from common import setup_django

    os.environ.setdefault("STATIC_ROOT", str(CACHE / "scale-static"))
    setup_django(args.url)
    import pages_bench
    from django.apps import apps
    from django.core.management import call_command

    paper = apps.get_model("pubs", "Paper")
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG=0 reads a manifest
    fill_s = None
    if 0 < paper.objects.count() < args.size * 0.9:
        raise SystemExit(f"{args.url} is filled in part: run without --reuse")
    if not paper.objects.exists():
        start = time.perf_counter()
        pages_bench.build_lab(10_000)
        if args.size > 10_000:
            (fill_copies(args.size // 10_000) if args.fill == "copies" else fill_dataset())
        fill_s = time.perf_counter() - start
    analyze()
    start = time.perf_counter()
    call_command("work_counts_rebuild", verbosity=0)
    rebuild_s = time.perf_counter() - start
    analyze()
    urls = pages()
    figures = {name: {"url": url, **measure(url, args.requests)} for name, url in urls.items()}
    print(
        json.dumps(
            {
                "papers": paper.objects.count(),
                "people": apps.get_model("people", "Person").objects.count(),
                "fill_s": fill_s,
                "rebuild_s": rebuild_s,
                "pages": figures,
            }
        )
    )


def recreate(url: str, name: str) -> None:
    for sql in (f"DROP DATABASE IF EXISTS {name}", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", url + "/postgres", "-qc", sql], check=True)


def exists(url: str, name: str) -> bool:
    sql = f"SELECT 1 FROM pg_database WHERE datname = '{name}'"
    done = subprocess.run(["psql", url + "/postgres", "-tAc", sql], capture_output=True, text=True)
    return done.stdout.strip() == "1"


def table(results: dict[int, dict], sizes: list[int]) -> str:
    """The 10k → 100k table: the ratio is of the processor time (this process and its
    PostgreSQL backend), which a loaded machine disturbs less than the wall time."""
    small, large = sizes[0], sizes[-1]
    head = (
        f"| page | queries {small:,} / {large:,} | CPU ms (app + PostgreSQL) {small:,} → "
        f"{large:,} | ratio | wall ms {small:,} → {large:,} |\n|---|---|---|---|---|\n"
    )
    rows, differ = [], []
    for name, a in results[small]["pages"].items():
        b = results[large]["pages"][name]
        cpu_a, cpu_b = a["app_cpu_ms"] + a["db_cpu_ms"], b["app_cpu_ms"] + b["db_cpu_ms"]
        if a["queries"] != b["queries"]:
            differ.append(name)
        rows.append(
            f"| {name} | {a['queries']} / {b['queries']} | {a['app_cpu_ms']:.0f} + "
            f"{a['db_cpu_ms']:.0f} → {b['app_cpu_ms']:.0f} + {b['db_cpu_ms']:.0f} | "
            f"{cpu_b / cpu_a:.2f}× | {a['ms']:.0f} → {b['ms']:.0f} |"
        )
    notes = "".join(
        f"- {size:,}: {r['papers']:,} papers, {r['people']:,} people; work counts rebuilt in "
        f"{r['rebuild_s']:.1f} s\n"
        for size, r in results.items()
    )
    same = "every page" if not differ else f"all but {', '.join(differ)}"
    notes += f"- Same number of queries at both sizes: {same}.\n"
    return head + "\n".join(rows) + "\n\n" + notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432")
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--requests", type=int, default=5)
    parser.add_argument("--fill", choices=["dataset", "copies"], default="dataset")
    parser.add_argument("--reuse", action="store_true", help="keep a filled database")
    parser.add_argument("--readme", action="store_true", help="write bench/README.md's table")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--size", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    results = {}
    for size in args.sizes:
        name = f"{BASE}_{size}"
        if not (args.reuse and exists(args.postgres, name)):
            recreate(args.postgres, name)
        print(f"{size:,} papers ({name}), load {load_average()}", flush=True)
        command = [sys.executable, __file__, "--child", "--size", str(size), "--fill", args.fill]
        command += ["--url", f"{args.postgres}/{name}", "--requests", str(args.requests)]
        done = subprocess.run(command, capture_output=True, text=True)
        sys.stderr.write(done.stderr[-3000:])
        if done.returncode != 0:
            raise SystemExit(f"{size}: the child failed")
        results[size] = json.loads(done.stdout.splitlines()[-1])
        for page, row in results[size]["pages"].items():
            print(f"  {page:32} {row['queries']:3} queries {row['ms']:8.0f} ms "
                  f"app {row['app_cpu_ms']:6.0f} db {row['db_cpu_ms']:6.0f}")  # fmt: skip
    print(f"load after: {load_average()}")
    if len(results) > 1:
        text = table(results, args.sizes)
        print(text)
        if args.readme:
            sizes = " ".join(map(str, args.sizes))
            command = (
                "`SHARED_DATA=/work/shared/data .venv/bin/python bench/scale_bench.py "
                f"--sizes {sizes} --requests {args.requests} --fill {args.fill} --readme` "
                f"(load after: {load_average()})"
            )
            readme_section("scale_bench", [command, "", *text.splitlines()])


if __name__ == "__main__":
    main()
