"""Public page speed at 1,000 and 10,000 papers, beside django-publications 1.2.0 on the same
papers.

    .venv/bin/python bench/pages_bench.py [--sizes 1000 10000] [--requests 20]
        [--peer-requests 5] [--no-peer] [--postgres URL] [--tree PATH] [--python PATH]
        [--pages NAME ...] [--save FILE.json] [--baseline FILE.json] [--no-readme]

For each data set of ../shared/data/bench/ (pubs_N.bib, with venues.csv giving the venues
their CCF ranks) it builds a fresh database (migrate, the venues, a group "bench-lab", then
``manage.py import_bibtex pubs_N.bib --group bench-lab --create-venues --allow-ambiguous
--skip-invalid``, the ten most prolific authors made members; the lists' stored entries
rendered by the import are timed with it, and those the memberships made stale are rendered
again, timed apart), in a process run with --python
in --tree (default: this checkout), so the same script measures an older checkout. With
Django's test client in that process (DEBUG=0) it times each page: one request untimed, then
the median of --requests requests of its server time and processor time, and the SQL
queries of one more request:

- cold: the page cache emptied before each request (every query and the whole render);
- warm: served from the page cache;
- peak: the Python memory peak of one cold request (tracemalloc).

Pages: all publications, the group page, the most prolific author's page, the median author's,
a paper page, and pages that show the same papers as a page of django-publications: the
person page of the most prolific author with at most one page of papers (and no other person
of the same initial and family name) beside its author page, and the list filtered to each
of the three busiest years with at most one page of papers (?year=Y) beside its year page
(/year/Y/). Each row says how many papers the page shows. django-publications
(bench/djpub_pages.py, its own virtualenv, the same file through its admin import, SQLite)
has no page cache: every request is cold, and only cold times are compared, only where both
pages show the same number of papers.

Full lists, like for like: django-publications shows every paper of a list on one page (its
``/`` and its author pages); ours shows 100 a page, and the whole list with ``?all=1`` (up to
10,000 papers): "all publications, whole" and "top author, whole" compare those. The median
author's page and a paper's page are compared too (its ``/<n>/`` is the n-th entry of the
file, ours the paper of that entry's key). Each compared row gets a verdict on processor
time against its target (TARGETS: ≥ 3× on full lists and a person's list, ≥ 1× on the paper
and median person pages), with the load average printed; wall time moves with the load.

--pages measures only the pages named (see PAGES). Unless --no-readme, the table of the run
(the first size's SQLite figures beside django-publications) replaces the section between
the pages_bench markers of bench/README.md.

--save writes our figures to a JSON file; --baseline compares with such a file (budget: cold
times within 2× of the baseline's, no more queries).
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from common import DATA, DJPUB_PYTHON, ROOT, ensure_djpub_venv, load_average, readme_section

OUR_PAPER = re.compile(r'<li class="paper[^"]*" id="paper-')
COLD_BUDGET = 2.0  # cold times at most this many times the baseline's
GROUP = "bench-lab"
#: The pages measured (--pages chooses among them).
PAGES = (
    "all publications", "all publications, whole", "group page", "top author",
    "top author, whole", "median author", "paper page", "author with one page", "years",
)  # fmt: skip
#: django-publications' processor time ÷ ours that a compared page must reach (issue #34).
TARGETS = {
    "all publications, whole": 3.0,
    "top author, whole": 3.0,
    "author with one page": 3.0,
    "median author": 1.0,
    "paper page": 1.0,
}
README = Path(__file__).with_name("README.md")


def build_lab(size: int) -> None:
    """The benchmark database, through the import command: venues of venues.csv ranked as it
    says (both CCF editions), pubs_<size>.bib imported into group bench-lab, whose members are
    the ten most prolific authors."""
    from django.apps import apps
    from django.core.management import call_command
    from django.db.models import Count

    venue, rank = apps.get_model("pubs", "Venue"), apps.get_model("pubs", "VenueRank")
    group, membership = apps.get_model("people", "Group"), apps.get_model("people", "Membership")
    person = apps.get_model("people", "Person")
    call_command("migrate", verbosity=0)
    with open(DATA / "venues.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    venues = venue.objects.bulk_create(
        venue(
            slug=f"bench-{row['id']}",
            name=row["name"],
            abbreviation=row["abbrev"],
            kind="journal" if row["kind"] == "journal" else "conference",
            publisher=row["publisher"],
            aliases=[],
        )
        for row in rows
    )
    rank.objects.bulk_create(
        rank(venue=v, edition=edition, rank=row["ccf_rank"], field="")
        for v, row in zip(venues, rows, strict=True)
        for edition in (2022, 2026)
        if row["ccf_rank"] in ("A", "B", "C")
    )
    lab = group.objects.create(name=GROUP.title(), slug=GROUP)
    flags = ["--group", GROUP, "--create-venues", "--allow-ambiguous", "--skip-invalid"]
    start = time.perf_counter()
    call_command("import_bibtex", str(DATA / f"pubs_{size}.bib"), *flags, stdout=io.StringIO())
    print(f"  import: {time.perf_counter() - start:.1f} s (the lists' entries in English included)")
    top = list(person.objects.annotate(n=Count("authorships")).order_by("-n", "pk")[:10])
    membership.objects.bulk_create(membership(person=p, group=lab, role="phd") for p in top)
    try:
        from pubs.services import rendering
    except ImportError:  # a checkout that renders every entry on every request
        return
    start = time.perf_counter()
    rendering.entries_forget(person_ids=[p.pk for p in top])  # as saving a membership does
    written = rendering.entries_rebuild(missing_only=True)
    took = time.perf_counter() - start
    print(
        f"  the other entries (in Chinese; the new members' papers again): {written:,}"
        f" in {took:.1f} s"
    )


def lab_pages(size: int) -> tuple[dict[str, str], dict[str, str]]:
    """Our pages to measure (name -> URL) and, for the ones django-publications can show with
    the same papers, its URL (name -> URL)."""
    from django.apps import apps
    from django.db.models import Count

    person, paper = apps.get_model("people", "Person"), apps.get_model("pubs", "Paper")
    people = list(person.objects.annotate(n=Count("authorships")).order_by("-n", "pk"))
    top, median = people[0], people[len(people) // 2]
    initials: dict[tuple[str, str], int] = {}
    for p in people:
        key = (p.given_name[:1].lower(), p.family_name.lower())
        initials[key] = initials.get(key, 0) + 1
    one_page = next(  # a name django-publications' author URL ("Given+Family") reads alike
        p
        for p in people
        if p.n <= 100
        and initials[p.given_name[:1].lower(), p.family_name.lower()] == 1
        and re.fullmatch(r"[A-Za-z-]+", p.family_name)
    )
    years = paper.objects.values("year").annotate(n=Count("pk")).order_by("-n", "-year")
    busy = [row["year"] for row in years if row["year"] and row["n"] <= 100][:3]
    number, key = _middle_entry(size)
    one = paper.objects.get(citation_key=key)
    urls = {
        "all publications": "/publications/",
        "all publications, whole": "/publications/?all=1",
        "group page": f"/groups/{GROUP}/",
        "top author": top.get_absolute_url(),
        "top author, whole": f"{top.get_absolute_url()}?all=1",
        "median author": median.get_absolute_url(),
        "paper page": one.get_absolute_url(),
        "author with one page": one_page.get_absolute_url(),
        **{f"year {year}": f"/publications/?year={year}" for year in busy},
    }
    theirs = {
        "all publications, whole": "/",
        "top author, whole": _their_author(top),
        "median author": _their_author(median),
        "paper page": f"/{number}/",
        "author with one page": _their_author(one_page),
        **{f"year {year}": f"/year/{year}/" for year in busy},
    }
    return urls, theirs


def _their_author(person) -> str:
    """django-publications' page of an author: their name, "Given+Family"."""
    return f"/{person.given_name}+{person.family_name}/".replace(" ", "+")


def _middle_entry(size: int) -> tuple[int, str]:
    """The middle entry of pubs_<size>.bib: its number in the file (django-publications'
    id of it, counted from 1) and its key."""
    keys = re.findall(r"^@\w+\{([^,\s]+),", (DATA / f"pubs_{size}.bib").read_text(), re.M)
    number = len(keys) // 2
    return number, keys[number - 1]


def chosen(pages: dict[str, str], wanted: list[str]) -> dict[str, str]:
    """The pages of ``pages`` that --pages names ("years" names every year page)."""
    return {
        name: url
        for name, url in pages.items()
        if name in wanted or (name.startswith("year ") and "years" in wanted)
    }


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


def measure(url: str, requests: int) -> dict[str, float]:
    from django.core.cache import cache
    from django.test import Client

    client = Client()

    def one(clear: bool) -> tuple[float, float, str]:
        if clear:
            cache.clear()
        start, cpu = time.perf_counter(), time.process_time()
        response = client.get(url)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        assert response.status_code == 200, (url, response.status_code)
        return elapsed * 1000, cpu * 1000, response.content.decode()

    page = one(True)[2]  # the interpreter and the database's own caches warm up
    cold = [one(True)[:2] for _ in range(requests)]
    warm = [one(False)[:2] for _ in range(requests)]
    warm_queries = count_queries(client, url)
    cache.clear()
    cold_queries = count_queries(client, url)
    cache.clear()
    tracemalloc.start()
    one(True)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {
        "papers": len(OUR_PAPER.findall(page)),
        "cold_ms": statistics.median(t for t, _ in cold),
        "cold_cpu_ms": statistics.median(c for _, c in cold),
        "cold_queries": cold_queries,
        "warm_ms": statistics.median(t for t, _ in warm),
        "warm_queries": warm_queries,
        "peak_mb": peak / 2**20,
    }


def theirs(size: int, urls: dict[str, str], requests: int, directory: str) -> dict | None:
    if ensure_djpub_venv(lambda message: print(f"  django-publications: {message}")) is None:
        return None
    database = Path(directory) / f"djpub_{size}.sqlite3"
    script = Path(__file__).with_name("djpub_pages.py")
    command = [str(DJPUB_PYTHON), str(script), str(DATA / f"pubs_{size}.bib"), str(database)]
    command += [str(requests), json.dumps(urls)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.splitlines()[-1])


def child(args: argparse.Namespace) -> None:
    """One data set on one database, in a process of its own run in --tree."""
    sys.path.insert(0, str(Path.cwd()))
    os.environ.update(
        DATABASE_URL=args.database,
        DEBUG="0",
        SECRET_KEY="bench-only-secret-key-" + "x" * 40,
        ALLOWED_HOSTS="testserver",
        SECURE_SSL="0",
        STATIC_ROOT=str(Path(args.tmp) / "static"),
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    import django

    django.setup()
    from django.apps import apps
    from django.core.management import call_command

    engine = args.database.split(":")[0]
    print(f"\n== {args.child} papers, {engine}, {Path.cwd()}, load {load_average()}", flush=True)
    start = time.perf_counter()
    build_lab(args.child)
    call_command("collectstatic", interactive=False, verbosity=0)  # DEBUG=0 reads a manifest
    papers = apps.get_model("pubs", "Paper").objects.count()
    took = time.perf_counter() - start
    print(f"  {papers} papers; built in {took:.1f} s (not timed below)", flush=True)
    urls, their_urls = lab_pages(args.child)
    urls, their_urls = chosen(urls, args.pages), chosen(their_urls, args.pages)
    load_before = load_average()
    mine = {name: measure(url, args.requests) for name, url in urls.items()}
    peer = theirs(args.child, their_urls, args.peer_requests, args.tmp) if args.peer else None
    peer = peer or {}
    print(
        f"  {'labpubs page':22} {'papers':>6} {'cold ms':>8} {'cpu ms':>7} {'queries':>7}"
        f" {'warm ms':>8} {'queries':>7} {'peak MB':>7}"
    )
    for name, row in mine.items():
        print(
            f"  {name:22} {row['papers']:6d} {row['cold_ms']:8.1f} {row['cold_cpu_ms']:7.1f}"
            f" {row['cold_queries']:7.0f} {row['warm_ms']:8.2f} {row['warm_queries']:7.0f}"
            f" {row['peak_mb']:7.1f}   {urls[name]}"
        )
    print(
        f"  (median of {args.requests} requests; cpu: this process's processor time, SQLite"
        " included; peak: Python memory of one cold request)"
    )
    if peer:
        print(
            f"  django-publications 1.2.0, SQLite, no page cache (median of"
            f" {args.peer_requests}), cold beside ours cold, the same papers on both pages:"
        )
        for name, them in peer.items():
            line = (
                f"  {name:22} {them['papers']:6d} {them['cold_ms']:8.1f}"
                f" {them['cold_cpu_ms']:7.1f} {them['queries']:7d} {'':8} {'':7}"
                f" {them['peak_mb']:7.1f}   {their_urls[name]}"
            )
            verdict = compared(name, mine.get(name), them)
            line += f"   {verdict['text']}"
            print(line)
    load_after = load_average()
    print(f"  load average {load_after}")
    result = {
        "size": args.child,
        "engine": engine,
        "load": [load_before, load_after],
        "requests": [args.requests, args.peer_requests],
        "urls": urls,
        "their_urls": their_urls,
        "mine": mine,
        "peer": peer,
    }
    Path(args.tmp, f"result_{args.child}_{engine}.json").write_text(json.dumps(result))
    if args.save:
        saved = json.loads(Path(args.save).read_text()) if Path(args.save).exists() else {}
        saved[f"{args.child} {engine}"] = mine
        Path(args.save).write_text(json.dumps(saved, indent=1))
    if args.baseline:
        compare(json.loads(Path(args.baseline).read_text()).get(f"{args.child} {engine}"), mine)


def compared(name: str, ours: dict | None, them: dict) -> dict:
    """django-publications' page beside ours: the ratios (its time ÷ ours) and the verdict
    on processor time against the page's target, when both show the same papers."""
    if ours is None:
        return {"text": "(no page of ours measured: not compared)", "cpu": None}
    per_paper = ""
    wall = them["cold_ms"] / ours["cold_ms"]
    cpu = them["cold_cpu_ms"] / ours["cold_cpu_ms"]
    if name == "paper page":
        pass  # one paper each (the page lists none)
    elif (
        name.endswith(", whole")
        and ours["papers"] != them["papers"]
        and abs(ours["papers"] - them["papers"]) <= 0.05 * them["papers"]
    ):
        # A whole list of the papers each app imported from the file (it skips a few
        # entries): compared per paper listed.
        scale = ours["papers"] / them["papers"]
        wall, cpu, per_paper = wall * scale, cpu * scale, " per paper listed"
    elif ours["papers"] != them["papers"]:
        return {"text": f"(ours shows {ours['papers']} papers: not compared)", "cpu": None}
    target = TARGETS.get(name)
    verdict = f"target ≥ {target:.0f}× in cpu: {_verdict(cpu >= target)}" if target else ""
    text = f"its time / ours{per_paper}: {wall:.1f}× ({cpu:.1f}× in cpu) {verdict}".rstrip()
    return {"text": text, "cpu": cpu, "wall": wall, "target": target, "verdict": verdict}


def readme_table(results: list[dict], command: str) -> str:
    """The run's comparison with django-publications as a Markdown table (the README's)."""
    lines = [
        f"`{command}`, {time.strftime('%d %B %Y')}, cold (page cache off), median of"
        f" {results[0]['requests'][0]} requests of ours and {results[0]['requests'][1]} of"
        " django-publications'; cpu: each process's processor time, SQLite included; verdicts"
        " on cpu.",
        "",
        "| papers, database, load | page | ours: papers, cold ms (cpu), queries"
        " | django-publications: papers, cold ms (cpu), queries | its cpu ÷ ours | verdict |",
        "|---|---|---|---|---|---|",
    ]
    for result in results:
        where = f"{result['size']:,}, {result['engine']}, load {' → '.join(result['load'])}"
        for name, ours in result["mine"].items():
            them = result["peer"].get(name)
            mine = (
                f"{ours['papers']}, {ours['cold_ms']:.1f} ({ours['cold_cpu_ms']:.1f}),"
                f" {ours['cold_queries']:.0f}"
            )
            theirs_ = ratio = verdict = ""
            if them:
                theirs_ = (
                    f"{them['papers']}, {them['cold_ms']:.1f} ({them['cold_cpu_ms']:.1f}),"
                    f" {them['queries']}"
                )
                row = compared(name, ours, them)
                per_paper = " per paper listed" if "per paper" in row["text"] else ""
                ratio = f"{row['cpu']:.2f}×{per_paper}" if row["cpu"] else row["text"]
                verdict = row.get("verdict", "")
            url = result["urls"][name]
            lines.append(
                f"| {where} | {name} (`{url}`) | {mine} | {theirs_} | {ratio} | {verdict} |"
            )
    return "\n".join(lines)


def compare(before: dict | None, after: dict) -> None:
    if not before:
        print("  no baseline for this data set and database")
        return
    print(
        f"  budget: cold within {COLD_BUDGET:.0f}× of the baseline, on wall time and on processor"
        " time (the less disturbed by a busy machine: compare the load averages), and no more"
        " queries"
    )
    for name, row in after.items():
        old = before.get(name)
        if old is None:
            continue
        ratio = row["cold_ms"] / old["cold_ms"]
        cpu = row["cold_cpu_ms"] / old["cold_cpu_ms"]
        queries = row["cold_queries"] <= old["cold_queries"]
        print(
            f"  {name:22} cold {old['cold_ms']:.1f} -> {row['cold_ms']:.1f} ms ({ratio:.2f}×:"
            f" {_verdict(ratio <= COLD_BUDGET)}; cpu {old['cold_cpu_ms']:.1f} ->"
            f" {row['cold_cpu_ms']:.1f} ms, {cpu:.2f}×: {_verdict(cpu <= COLD_BUDGET)}),"
            f" queries {old['cold_queries']:.0f} -> {row['cold_queries']:.0f}:"
            f" {_verdict(queries)}"
        )


def _verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def recreate(url: str, *, create: bool = True) -> None:
    """The PostgreSQL database ``url`` names, dropped and made again, empty."""
    import psycopg

    server, name = url.rsplit("/", 1)
    with psycopg.connect(f"{server}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            admin.execute(f'CREATE DATABASE "{name}"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--peer-requests", type=int, default=5)
    parser.add_argument("--no-peer", dest="peer", action="store_false")
    parser.add_argument("--pages", nargs="+", choices=PAGES, default=list(PAGES))
    parser.add_argument("--no-readme", dest="readme", action="store_false")
    parser.add_argument("--postgres", help="also on this PostgreSQL database (made, then dropped)")
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--python", help="its interpreter (default: --tree's .venv, or this)")
    parser.add_argument("--save", help="write our figures to this JSON file")
    parser.add_argument("--baseline", help="compare with figures --save wrote")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--database", help=argparse.SUPPRESS)
    parser.add_argument("--tmp", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return
    tree = args.tree.resolve()
    python = args.python or str(tree / ".venv" / "bin" / "python")
    if not Path(python).exists():
        python = sys.executable
    for option in ("save", "baseline"):
        if getattr(args, option):
            setattr(args, option, str(Path(getattr(args, option)).resolve()))
    print(f"ours: {tree} with {python}; load average {load_average()}")
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            databases = [f"sqlite:///{tmp}/pages_{size}.sqlite3"]
            if args.postgres:
                databases.append(args.postgres)
            for database in databases:
                if database.startswith("postgres"):
                    recreate(database)
                options = ["--requests", str(args.requests), "--tmp", tmp]
                options += ["--pages", *args.pages]
                options += ["--peer-requests", str(args.peer_requests)]
                for option in ("save", "baseline"):
                    if getattr(args, option):
                        options += [f"--{option}", getattr(args, option)]
                if not args.peer or database != databases[0]:
                    options.append("--no-peer")
                command = [python, str(Path(__file__).resolve()), "--child", str(size)]
                subprocess.run([*command, "--database", database, *options], cwd=tree, check=True)
        if args.postgres:
            recreate(args.postgres, create=False)
        results = [json.loads(path.read_text()) for path in sorted(Path(tmp).glob("result_*.json"))]
    if args.readme and results:
        table = readme_table(results, "bench/pages_bench.py " + " ".join(sys.argv[1:]))
        readme_section("pages_bench", table.splitlines())
        print(f"table written into {README}")


if __name__ == "__main__":
    main()
