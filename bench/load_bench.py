"""Load test: labpubs and django-publications 1.2.0, each under gunicorn with 2 workers on
PostgreSQL with the same 10,000 papers, loaded by wrk on loopback. Run it with bench/load.sh:

    bench/load.sh [--duration 30] [--connections 64] [--warmup 5] [--workers 2]
                  [--cache locmem|redis|none] [--no-djpub] [--rebuild] [--quiet-below 1.0]

Databases (on 127.0.0.1:5432, or the server BENCH_POSTGRES names as postgres://user@host:port/;
kept between runs, --rebuild makes them again): labpubs_load, pubs_10000.bib imported as
bench/pages_bench.py builds it (a lab group holding every paper, its ten most prolific authors
as members); labpubs_load_djpub, the same file through django-publications' admin import.

Our gunicorn runs config/gunicorn.py with production settings (DEBUG=0, HTTPS behind a proxy:
wrk sends X-Forwarded-Proto as nginx would; static files collected for whitenoise); the page
cache is each worker's memory, with --cache redis the Redis server on 127.0.0.1:6379, and with
--cache none there is none (every request renders its page: the worst case, as right after
a change). Our pages: the group page and the whole list (each the first 100 of 10,000 papers),
the most prolific author's page (the first 100 of that author's papers), the list with filters
(/publications/?rank=A&year_min=2020), and the page of the most prolific author whose papers
fit on one page (see pages_bench.lab_pages). Each row says how many papers the page shows.

django-publications caches no page, so it runs only with --cache none, where both apps render
every request, and on one page only: the author page of that same person, which shows the
same papers as ours (the report compares the two only when the numbers of papers agree).

Each page gets a server of its own and --warmup seconds of load first (unmeasured: as many
connections as workers, to fill each worker's cache), then --duration seconds measured with
--connections connections: requests/s, median and 99th percentile latency, responses other than
2xx and socket errors (connect, read, write, timeout after 60 s), the highest resident memory
of a worker (VmHWM), with the load average of the machine before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

from common import (
    CACHE,
    DATA,
    DJPUB_PYTHON,
    ROOT,
    analyze_after_fill,
    ensure_djpub_venv,
    load_average,
)

SIZE = 10000
# The PostgreSQL server, as a URL without a database name.
PG = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/")
OURS_DATABASE, DJPUB_DATABASE = "labpubs_load", "labpubs_load_djpub"
OURS_PORT, DJPUB_PORT = 8701, 8702
STATIC_ROOT = CACHE / "load-static"
BENCH = Path(__file__).resolve().parent
WRK_SCRIPT = BENCH / "load_wrk.lua"
WRK_TIMEOUT = "60s"  # django-publications' whole list takes seconds even alone
GROUP_PAGE = "group page"
SAME_PAPERS = "person page, author with one page"  # the page both apps show alike
TARGET = {"requests_per_s": 300, "p99_ms": 250}
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}


@dataclass
class Page:
    app: str
    name: str
    path: str


@dataclass
class Result:
    page: Page
    size_kb: float
    papers: int
    peak_worker_mb: float
    requests_per_s: float
    p50_ms: float
    p99_ms: float
    non_2xx: int
    socket_errors: int
    load_before: str
    load_after: str

    @property
    def errors(self) -> int:
        return self.non_2xx + self.socket_errors


def say(message: str) -> None:
    print(message, flush=True)


# -- databases ------------------------------------------------------------------------------


def database_exists(name: str) -> bool:
    import psycopg

    with psycopg.connect(PG + "postgres", autocommit=True) as admin:
        found = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
    return found is not None


def create_database(name: str) -> None:
    import psycopg

    with psycopg.connect(PG + "postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def prepare_ours(rebuild: bool) -> tuple[list[Page], str]:
    """Our database built (or reused) and the static files collected, in a process of its own
    (Django is set up there): our pages, and the top author's page in django-publications."""
    if rebuild or not database_exists(OURS_DATABASE):
        create_database(OURS_DATABASE)
        say(f"building {OURS_DATABASE} from pubs_{SIZE}.bib (a minute)")
    env = {**os.environ, "STATIC_ROOT": str(STATIC_ROOT)}
    done = subprocess.run(
        [sys.executable, __file__, "--prepare"], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise SystemExit(f"could not prepare {OURS_DATABASE}:\n{done.stderr[-3000:]}")
    prepared = json.loads(done.stdout.splitlines()[-1])
    pages = [Page("labpubs", name, path) for name, path in prepared["pages"].items()]
    return pages, prepared["djpub_author"]


def prepare_child() -> None:
    """In the child: migrate, import unless done, collect static files; print the pages."""
    from common import analyze_after_fill, setup_django

    setup_django(PG + OURS_DATABASE)
    from django.apps import apps
    from django.core.management import call_command
    from pages_bench import GROUP, build_lab, lab_pages

    call_command("migrate", verbosity=0)
    if not apps.get_model("people", "Group").objects.filter(slug=GROUP).exists():
        build_lab(SIZE)  # the import, the lab group and its members
        analyze_after_fill()
    call_command("collectstatic", interactive=False, verbosity=0)
    urls, theirs = lab_pages()
    pages = {
        GROUP_PAGE: urls["group page"],
        "person page, top author": urls["top author"],
        SAME_PAPERS: urls["author with one page"],
        "list, filtered": "/publications/?rank=A&year_min=2020",
        "list, all": urls["all publications"],
    }
    print(json.dumps({"pages": pages, "djpub_author": theirs["author with one page"]}))


def prepare_djpub(rebuild: bool, author: str) -> list[Page] | None:
    """django-publications' virtualenv (with gunicorn) and database: its pages."""
    python = ensure_djpub_venv(lambda message: say(f"django-publications: {message}"))
    if python is None:
        return None
    gunicorn = f"gunicorn=={version('gunicorn')}"  # the same server as ours
    if subprocess.run([str(python), "-c", "import gunicorn"], capture_output=True).returncode:
        say(f"django-publications: installing {gunicorn} in its virtualenv")
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", gunicorn], check=True)
    if rebuild or not database_exists(DJPUB_DATABASE):
        create_database(DJPUB_DATABASE)
        say(f"building {DJPUB_DATABASE}: pubs_{SIZE}.bib through its admin import (a minute)")
        env = {**os.environ, "DJPUB_DATABASE_URL": PG + DJPUB_DATABASE}
        command = [str(python), str(BENCH / "load_djpub.py"), str(DATA / f"pubs_{SIZE}.bib")]
        subprocess.run(command, env=env, check=True, capture_output=True)
        analyze_after_fill(PG + DJPUB_DATABASE)
    return [Page("django-publications", SAME_PAPERS, author)]


# -- servers --------------------------------------------------------------------------------


def our_server(workers: int, cache: str) -> tuple[list[str], dict[str, str]]:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SECURE_SSL")},
        "DATABASE_URL": PG + OURS_DATABASE,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_ROOT": str(STATIC_ROOT),
        "PUBLIC_CACHE_SECONDS": "0" if cache == "none" else str(24 * 3600),
    }
    if cache == "redis":
        env["REDIS_URL"] = "redis://127.0.0.1:6379/0"
        env["CACHE_KEY_PREFIX"] = f"labpubs-load-{secrets.token_hex(4)}"
    command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py"]
    command += ["--workers", str(workers), "--bind", f"127.0.0.1:{OURS_PORT}", "config.wsgi"]
    return command, env


def djpub_server(workers: int) -> tuple[list[str], dict[str, str]]:
    env = {**os.environ, "DJPUB_DATABASE_URL": PG + DJPUB_DATABASE}
    command = [str(DJPUB_PYTHON), "-m", "gunicorn", "--chdir", str(BENCH)]
    command += ["--workers", str(workers), "--bind", f"127.0.0.1:{DJPUB_PORT}"]
    return [*command, "load_djpub:application"], env


def get(url: str) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers=PROXY_HEADERS)
    try:
        with urllib.request.urlopen(request, timeout=600) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@contextmanager
def serving(command: list[str], env: dict[str, str], port: int, log: Path):
    """A gunicorn running ``command`` until the block ends (its URL and its master process);
    its output in ``log``."""
    with log.open("a") as out:
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=out)
    try:
        deadline = time.monotonic() + 60
        while True:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"gunicorn did not start:\n{log.read_text()[-3000:]}")
            try:
                get(f"http://127.0.0.1:{port}/no-such-page/")
                break
            except OSError:
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}", server
    finally:
        server.send_signal(signal.SIGQUIT)  # quick shutdown: requests still queued are dropped
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


# -- load -----------------------------------------------------------------------------------


def wrk(url: str, seconds: int, connections: int) -> dict:
    command = ["wrk", "--threads", "1", "--connections", str(connections)]
    command += ["--duration", f"{seconds}s", "--timeout", WRK_TIMEOUT, "--script", str(WRK_SCRIPT)]
    done = subprocess.run([*command, url], capture_output=True, text=True, check=True)
    line = next(x for x in done.stdout.splitlines() if x.startswith("LOAD-RESULT "))
    return json.loads(line.removeprefix("LOAD-RESULT "))


def papers_on(page: Page, body: bytes) -> int:
    if page.app == "labpubs":
        return len(re.findall(rb'<li class="paper[^"]*" id="paper-', body))
    return body.count(b'class="title"')


def peak_worker_mb(master: int) -> float:
    """The highest resident set (VmHWM) any worker of the gunicorn ``master`` has had."""
    peak = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) != master:
                continue
            status = (stat.parent / "status").read_text()
        except (OSError, IndexError, ValueError):
            continue
        found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
        peak = max(peak, int(found.group(1)) if found else 0)
    return peak / 1024


def measure(base: str, page: Page, args: argparse.Namespace, master: int) -> Result:
    url = base + page.path
    status, body = get(url)
    if status != 200:
        raise SystemExit(f"{page.app} {url} answers {status}")
    if args.warmup:
        # As many connections as workers: every worker renders the page into its cache, and
        # nothing is left queued for the measured run (django-publications' take seconds).
        wrk(url, args.warmup, args.workers)
        for _ in range(args.workers):
            get(base + "/no-such-page/")  # answered once a worker is free
    before = load_average()
    run = wrk(url, args.duration, args.connections)
    socket_errors = run["connect"] + run["read"] + run["write"] + run["timeout"]
    return Result(
        page=page,
        size_kb=len(body) / 1024,
        papers=papers_on(page, body),
        peak_worker_mb=peak_worker_mb(master),
        requests_per_s=run["requests"] / (run["duration_us"] / 1e6),
        p50_ms=run["p50_us"] / 1000,
        p99_ms=run["p99_us"] / 1000,
        non_2xx=run["non_2xx"],
        socket_errors=socket_errors,
        load_before=before,
        load_after=load_average(),
    )


def run_pages(label, server, port, pages, args, log) -> list[Result]:
    """Each page against a server of its own, so that requests still queued from one page's
    load (django-publications' take seconds each) do not slow the next."""
    results = []
    for page in pages:
        with serving(*server, port, log) as (base, master):
            say(f"{label}: {page.name} {page.path} (load {load_average()})")
            result = measure(base, page, args, master.pid)
        say(f"  {line(result)}")
        results.append(result)
    return results


def wait_for_quiet(below: float, patience: int) -> None:
    deadline = time.monotonic() + patience
    while os.getloadavg()[0] >= below and time.monotonic() < deadline:
        say(f"waiting for a quiet machine: load {load_average()} (1-minute < {below})")
        time.sleep(30)


# -- report ---------------------------------------------------------------------------------

HEADER = (
    f"{'app':20} {'page':34} {'papers':>6} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}"
    f" {'non-2xx':>8} {'sock err':>8} {'KB':>7} {'peak MB':>7}   load avg before -> after"
)


def line(r: Result) -> str:
    return (
        f"{r.page.app:20} {r.page.name:34} {r.papers:6d} {r.requests_per_s:8.1f}"
        f" {r.p50_ms:8.1f} {r.p99_ms:8.1f} {r.non_2xx:8d} {r.socket_errors:8d}"
        f" {r.size_kb:7.1f} {r.peak_worker_mb:7.0f}   {r.load_before} -> {r.load_after}"
    )


def compared(ours: Result, theirs: Result) -> str:
    if ours.papers != theirs.papers:
        return f"not compared: {ours.papers} papers on ours, {theirs.papers} on its page"
    if theirs.requests_per_s == 0:
        return "django-publications served none"
    return (
        f"{ours.papers} papers on both, both rendered on every request: ours"
        f" {ours.requests_per_s / theirs.requests_per_s:.1f}x its requests/s, p50"
        f" {ours.p50_ms:.0f} ms against {theirs.p50_ms:.0f} ms, worker peak memory"
        f" {ours.peak_worker_mb:.0f} MB against {theirs.peak_worker_mb:.0f} MB"
    )


def report(results: list[Result], args: argparse.Namespace) -> None:
    say("")
    say(
        f"== {args.workers} gunicorn sync workers per app, PostgreSQL, pubs_{SIZE}.bib; "
        f"wrk 1 thread, {args.connections} connections, {args.duration} s per page "
        f"after {args.warmup} s of warm-up; labpubs page cache: {args.cache}"
    )
    say(HEADER)
    for result in results:
        say(line(result))
    ours = {r.page.name: r for r in results if r.page.app == "labpubs"}
    theirs = {r.page.name: r for r in results if r.page.app != "labpubs"}
    group = ours[GROUP_PAGE]
    met = (
        group.requests_per_s >= TARGET["requests_per_s"]
        and group.p99_ms <= TARGET["p99_ms"]
        and group.errors == 0
    )
    say(
        f"target, group page: >= {TARGET['requests_per_s']} req/s, p99 <= {TARGET['p99_ms']} ms,"
        f" 0 errors: {'met' if met else 'MISSED'} ({group.requests_per_s:.0f} req/s, "
        f"p99 {group.p99_ms:.0f} ms, {group.errors} errors)"
    )
    if theirs:
        say(f"{SAME_PAPERS} vs its author page: {compared(ours[SAME_PAPERS], theirs[SAME_PAPERS])}")
    else:
        say("django-publications: not run (it has no page cache: it is compared with --cache none)")
    errors = sum(r.errors for r in results if r.page.app == "labpubs")
    say(f"labpubs errors over all pages: {errors}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=30, help="seconds measured per page")
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--warmup", type=int, default=5, help="seconds of load before each")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", choices=("locmem", "redis", "none"), default="locmem")
    parser.add_argument("--no-djpub", dest="djpub", action="store_false")
    parser.add_argument("--rebuild", action="store_true", help="build the databases again")
    parser.add_argument("--quiet-below", type=float, help="first wait for this 1-minute load")
    parser.add_argument("--quiet-wait", type=int, default=900, help="for at most this long")
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare_child()
        return
    say(f"bench/load.sh {' '.join(sys.argv[1:])}".rstrip())
    ours, author = prepare_ours(args.rebuild)
    # django-publications caches no page: it is compared only with ours uncached.
    djpub = prepare_djpub(args.rebuild, author) if args.djpub and args.cache == "none" else None
    if args.quiet_below:
        wait_for_quiet(args.quiet_below, args.quiet_wait)
    logs = CACHE / "load-logs"
    logs.mkdir(parents=True, exist_ok=True)
    for log in ("ours.log", "djpub.log"):
        (logs / log).write_text("")
    results = run_pages(
        "labpubs", our_server(args.workers, args.cache), OURS_PORT, ours, args, logs / "ours.log"
    )
    if djpub:
        server = djpub_server(args.workers)
        results += run_pages(
            "django-publications", server, DJPUB_PORT, djpub, args, logs / "djpub.log"
        )
    report(results, args)


if __name__ == "__main__":
    main()
