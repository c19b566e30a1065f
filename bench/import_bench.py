"""BibTeX import benchmark: bibtexparser alone, our import, django-publications 1.2.0.

Run it from the project directory, in one command (it takes a few minutes):

    .venv/bin/python bench/import_bench.py

For each benchmark file it reports bibtexparser 2's plain parse (no middleware, the median of
three processes' medians of three runs), our full import (bytes → ``decode`` →
``prepare_import`` → ``apply_import``, median of three runs, each into a fresh SQLite file and
a fresh PostgreSQL database), the ratio of the two, django-publications' admin BibTeX import
of the same file, and, where a truth file exists, how well authors were matched to people.
The three take turns, run after run. See bench/README.md.

Django settings are per process, so every (file, database) import runs in a subprocess: this
script again with ``--worker`` for ours (and ``--parse-worker`` for the plain parse, so that
both start from a fresh process), and a throwaway Django project written to a temporary
directory and run with a separate virtualenv for django-publications. Each prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from common import ROOT, SHARED, ensure_djpub_venv

if TYPE_CHECKING:
    from pubs.bibtex.plan import ImportPlan

PROJECT = ROOT
DATA = SHARED


@dataclass(frozen=True)
class BenchFile:
    """A BibTeX file to benchmark, with the file saying who each author really is, if any."""

    label: str
    path: Path
    truth: Path | None = None


FILES = (
    BenchFile(
        "pubs_10000.bib",
        DATA / "bench" / "pubs_10000.bib",
        DATA / "bench" / "pubs_10000.truth.jsonl",
    ),
    BenchFile("iridia-references.bib", DATA / "iridia-references.bib"),
)

SQLITE, POSTGRES = "sqlite", "postgresql"
ENGINE_LABELS = {SQLITE: "SQLite", POSTGRES: "PostgreSQL"}
PG_HOST, PG_PORT, PG_USER = "127.0.0.1", 5432, "postgres"
OUR_DATABASE = "labpubs_bench"
DJPUB_DATABASE = "labpubs_bench_djpub"


RESULT_PREFIX = "BENCH-RESULT "
PARSE_RUNS = 3
OUR_RUNS = 3  # our import, each time into a fresh database: the run of median total is shown
PARSE_TARGET = 3.0  # our full import at most this many times bibtexparser's plain parse
SPEEDUP_TARGET = 2.0  # and at least this many times faster than django-publications


# -- our import, in a worker process ------------------------------------------------------------


def run_our_worker(path: Path, truth: Path | None) -> dict[str, Any]:
    """Set up the database named by DATABASE_URL, then time one import of ``path``."""
    import django

    sys.path.insert(0, str(PROJECT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    _install_catalogue()
    result, plan = _timed_import(path)
    if truth is not None:
        result["quality"] = matching_quality(truth, plan)
    return result


def _install_catalogue() -> None:
    """Migrate and install the CCF catalogue, as a lab's database has it (not timed)."""
    from django.core.management import call_command

    from pubs.ccf_catalogue import load_catalogue
    from pubs.services import catalogue_install

    call_command("migrate", verbosity=0)
    catalogue_install(venues=load_catalogue()[0])


def _timed_import(path: Path) -> tuple[dict[str, Any], ImportPlan]:
    """Bytes → text → plan → committed import, the plan and apply parts timed apart; and the
    plan."""
    from pubs.bibtex.parse import decode
    from pubs.bibtex.plan import Decisions
    from pubs.importer import apply_import, prepare_import

    start, cpu = time.perf_counter(), processor_seconds()
    text, _warnings = decode(path.read_bytes())
    prepared = prepare_import(text, decisions=Decisions(create_venues=True, allow_ambiguous=True))
    planned = time.perf_counter()
    record = apply_import(prepared, file_name=path.name, source="bench")
    applied, cpu = time.perf_counter(), processor_seconds() - cpu
    timings = {
        "plan": planned - start,
        "apply": applied - planned,
        "total": applied - start,
        "cpu": cpu,
        "counts": record.counts,
    }
    return timings, prepared.plan


def processor_seconds() -> float:
    """Processor time of this process and of its children that ended (the import reads half
    of a large file in a child process)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def matching_quality(truth_path: Path, plan: ImportPlan) -> dict[str, Any]:
    """Compare the people of the imported authorships with the true people.

    A Person is merged wrongly when its authorships belong to more than one true person; a
    true person is split wrongly when their authorships went to more than one Person.
    """
    from people.models import Person
    from pubs.models import Authorship

    truth = {row["key"]: row for row in read_jsonl(truth_path)}
    ours_to_true: dict[int, set[int]] = defaultdict(set)
    true_to_ours: dict[int, set[int]] = defaultdict(set)
    printed: dict[tuple[int, int], set[str]] = defaultdict(set)  # (Person, true id) -> names
    rows = Authorship.objects.values_list(
        "paper__citation_key", "position", "person_id", "printed_name"
    )
    compared = 0
    for key, position, person, name in rows.iterator(chunk_size=10_000):
        row = truth.get(key)
        if row is None or not 1 <= position <= len(row["person_ids"]):
            continue
        true_id = row["person_ids"][position - 1]
        ours_to_true[person].add(true_id)
        true_to_ours[true_id].add(person)
        printed[person, true_id].add(name)
        compared += 1
    merged = {person: ids for person, ids in ours_to_true.items() if len(ids) > 1}
    split = {true_id: ids for true_id, ids in true_to_ours.items() if len(ids) > 1}
    return {
        "authorships_in_truth": sum(len(row["person_ids"]) for row in truth.values()),
        "authorships_compared": compared,
        "our_people": Person.objects.count(),
        "true_people": len({pid for row in truth.values() for pid in row["person_ids"]}),
        "merged_people": len(merged),
        "merged_true_people": len(set().union(*merged.values())),
        "split_true_people": len(split),
        "split_our_people": len(set().union(*split.values())),
        # Each example: the names as printed, grouped by the side that should have been one.
        "split_examples": [
            [sorted(printed[person, true_id]) for person in sorted(split[true_id])]
            for true_id in sorted(split)[:3]
        ],
        "merged_examples": [
            [sorted(printed[person, true_id]) for true_id in sorted(merged[person])]
            for person in sorted(merged)[:3]
        ],
        **in_file_duplicates(plan, truth),
    }


def in_file_duplicates(plan: ImportPlan, truth: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Entries the plan took for another entry of the same file, and how many of those the
    truth file says are different works (different true authors)."""
    pairs = [
        (entry.key, entry.same_as_entry)
        for entry in plan.entries
        if entry.action == "duplicate" and entry.same_as_entry
    ]
    different = [
        (key, other)
        for key, other in pairs
        if key in truth
        and other in truth
        and truth[key]["person_ids"] != truth[other]["person_ids"]
    ]
    return {
        "duplicates_in_file": len(pairs),
        "duplicates_different_authors": len(different),
        "duplicate_examples": different[:3],
    }


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


# -- django-publications, in its own virtualenv -------------------------------------------------

DJPUB_SETTINGS = '''\
"""Throwaway settings: django-publications 1.2.0 with the admin, for the import benchmark."""
import os

BASE_DIR = os.path.dirname(os.path.abspath(__file__))
SECRET_KEY = "bench"
DEBUG = False
ALLOWED_HOSTS = ["localhost"]
INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "publications",
]
MIDDLEWARE = [
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
]
ROOT_URLCONF = "urls"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
    ]},
}]
DATABASES = {"default": {
    "ENGINE": "django.db.backends." + os.environ["DJPUB_DB_ENGINE"],
    "NAME": os.environ["DJPUB_DB_NAME"],
    "HOST": os.environ.get("DJPUB_DB_HOST", ""),
    "PORT": os.environ.get("DJPUB_DB_PORT", ""),
    "USER": os.environ.get("DJPUB_DB_USER", ""),
}}
DEFAULT_AUTO_FIELD = "django.db.models.AutoField"
USE_TZ = True
STATIC_URL = "static/"
MEDIA_ROOT = os.path.join(BASE_DIR, "media")
'''

DJPUB_URLS = """\
from django.contrib import admin
from django.urls import path

urlpatterns = [path("admin/", admin.site.urls)]
"""

DJPUB_DRIVER = r'''
"""Drive django-publications' admin BibTeX import view on a file; print one JSON line.

Usage: driver.py FILE whole|readable TIMEOUT_SECONDS

"whole" posts the file as it is. "readable" first keeps only the entries the view can take
(its regex parser reads them, they have title, author and year, a known type, numeric volume
and number), so that there is something to time when it cannot take the whole file.
The view is given TIMEOUT_SECONDS: SIGALRM's default action ends the process, which works even
inside a regular expression that never returns.
"""
import collections
import json
import os
import re
import signal
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "settings")

import django

django.setup()

from django.contrib.auth import get_user_model
from django.contrib.messages.storage.cookie import CookieStorage
from django.core.management import call_command
from django.http import HttpRequest, QueryDict
from publications.admin_views import import_bibtex
from publications.bibtex import parse
from publications.models import Publication, Type

NOT_ENTRIES = {"string", "preamble", "comment"}


def readable(text):
    """The entries of text the view would import, and why the others would fail."""
    known = {name for kind in Type.objects.all() for name in kind.bibtex_type_list}
    kept, reasons = [], collections.Counter()
    for block in re.split(r"(?m)^(?=@)", text):
        head = re.match(r"@\s*(\w+)", block)
        if not head or head.group(1).lower() in NOT_ENTRIES:
            continue
        reason = shape_problem(block) or entry_problem(block, known)
        if reason:
            reasons[reason] += 1
        else:
            kept.append(block)
    return "".join(kept), dict(reasons)


def shape_problem(block):
    """What its regex parser cannot read; these entries can make it backtrack for minutes."""
    depth = deepest = 0
    for char in block:
        if char == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif char == "}":
            depth -= 1
        elif char == "#" and depth == 1:
            return "@string concatenation (#)"
    if deepest > 3:
        return "braces nested 3 deep in a value"
    return ""


def entry_problem(block, known):
    entries = parse(block)
    if len(entries) != 1:
        return "not parsed"
    entry = entries[0]
    if not all(name in entry for name in ("title", "author", "year")):
        return "no title, author or year"
    if entry["type"] not in known:
        return "unknown type (a type field replaces the entry type)"
    for name in ("volume", "number"):
        if name in entry and not re.sub("[^0-9]", "", entry[name]):
            return "volume or number without digits"
    if not entry["year"].strip().isdigit():
        return "year not a number"
    return ""


def post(text, user):
    request = HttpRequest()
    request.method = "POST"
    request.META.update(SERVER_NAME="localhost", SERVER_PORT="80")
    request.POST = QueryDict(mutable=True)
    request.POST["bibliography"] = text
    request.user = user
    request._messages = CookieStorage(request)
    return request


def main():
    path, mode, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3])
    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_superuser("bench", "bench@example.org", "bench")
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    result = {"mode": mode}
    if mode == "readable":
        text, result["rejected"] = readable(text)
        result["offered"] = len(re.findall(r"(?m)^@", text))
    request = post(text, user)
    print("view starts", flush=True)
    signal.alarm(timeout)
    start = time.perf_counter()
    response = import_bibtex(request)
    result["seconds"] = time.perf_counter() - start
    signal.alarm(0)
    result["imported"] = Publication.objects.count()
    error = re.search(r'class="errorlist"><li>(.*?)</li>', response.content.decode())
    result["error"] = error.group(1) if response.status_code == 200 and error else ""
    result["messages"] = [str(message) for message in request._messages._queued_messages]
    print("BENCH-RESULT " + json.dumps(result), flush=True)


main()
'''


def djpub_version(python: Path) -> str:
    code = "import django, publications; print(publications.__version__, django.get_version())"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True)
    version, django_version = done.stdout.split()
    return f"django-publications {version} on Django {django_version}"


def write_djpub_project(directory: Path) -> Path:
    """The throwaway project: settings, URLs (the admin) and the driver script."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / "settings.py").write_text(DJPUB_SETTINGS)
    (directory / "urls.py").write_text(DJPUB_URLS)
    driver = directory / "driver.py"
    driver.write_text(DJPUB_DRIVER.lstrip())
    return driver


def run_djpub(
    python: Path, driver: Path, bench_file: BenchFile, engine: str, mode: str, timeout: int
) -> dict[str, Any]:
    """One django-publications import into a fresh database."""
    with fresh_database(engine, DJPUB_DATABASE, driver.parent) as location:
        backend = "sqlite3" if engine == SQLITE else "postgresql"
        env = {**os.environ, "DJPUB_DB_ENGINE": backend, "DJPUB_DB_NAME": location}
        if engine == POSTGRES:
            env.update(DJPUB_DB_HOST=PG_HOST, DJPUB_DB_PORT=str(PG_PORT), DJPUB_DB_USER=PG_USER)
        command = [str(python), str(driver), str(bench_file.path), mode, str(timeout)]
        try:
            done = subprocess.run(
                command,
                cwd=driver.parent,
                env=env,
                capture_output=True,
                text=True,
                timeout=timeout + 600,
            )
        except subprocess.TimeoutExpired:
            done = subprocess.CompletedProcess(command, -9, "", "the driver never finished")
        result = worker_result(done)
        if result is None:
            killed = done.returncode == -14 and "view starts" in done.stdout
            result = {
                "mode": mode,
                "seconds": None,
                "error": f"killed after {timeout} s" if killed else tail(done.stderr),
                "imported": count_rows(engine, location, "publications_publication"),
            }
        return result


# -- databases ------------------------------------------------------------------------------


def postgres_available() -> bool:
    """Whether PostgreSQL answers on 127.0.0.1:5432, starting the cluster if it is down."""
    if _pg_ready():
        return True
    versions = sorted(os.listdir("/etc/postgresql")) if Path("/etc/postgresql").is_dir() else []
    if not versions or shutil.which("pg_ctlcluster") is None:
        return False
    progress("starting the PostgreSQL cluster")
    start = ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", "start"]
    subprocess.run(start, capture_output=True)
    for _ in range(30):
        if _pg_ready():
            return True
        time.sleep(1)
    return False


def _pg_ready() -> bool:
    try:
        with _pg_admin():
            return True
    except Exception:
        return False


def _pg_admin():
    import psycopg

    return psycopg.connect(
        host=PG_HOST, port=PG_PORT, user=PG_USER, dbname="postgres", autocommit=True
    )


def _pg_recreate(name: str, *, create: bool = True) -> None:
    with _pg_admin() as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if create:
            connection.execute(f'CREATE DATABASE "{name}"')


@contextmanager
def fresh_database(engine: str, name: str, directory: Path) -> Iterator[str]:
    """A new empty database: its SQLite file path or its PostgreSQL name; dropped after."""
    if engine == SQLITE:
        location = directory / f"{name}.sqlite3"
        location.unlink(missing_ok=True)
        try:
            yield str(location)
        finally:
            location.unlink(missing_ok=True)
    else:
        _pg_recreate(name)
        try:
            yield name
        finally:
            _pg_recreate(name, create=False)


def database_url(engine: str, location: str) -> str:
    if engine == SQLITE:
        return f"sqlite:///{location}"
    return f"postgres://{PG_USER}@{PG_HOST}:{PG_PORT}/{location}"


def count_rows(engine: str, location: str, table: str) -> int | None:
    """Rows in a table, read from outside (for a worker that was killed)."""
    try:
        if engine == SQLITE:
            with sqlite3.connect(location) as connection:
                return connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
        import psycopg

        with psycopg.connect(host=PG_HOST, port=PG_PORT, user=PG_USER, dbname=location) as db:
            return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    except Exception:
        return None


def pg_server_version() -> str:
    with _pg_admin() as connection:
        return "PostgreSQL " + connection.execute("SHOW server_version").fetchone()[0].split()[0]


# -- running the parts ----------------------------------------------------------------------


def plain_parse(path: Path, *, collector: bool = True) -> tuple[float, float, int]:
    """Median seconds (wall and processor) of bibtexparser 2's parse_string with no
    middleware, and its entries; with Python's cyclic garbage collector on (as bibtexparser
    runs by default) or paused (as our import runs)."""
    import gc

    import bibtexparser

    text = path.read_text(encoding="utf-8")
    times, cpu_times, entries = [], [], 0
    for _ in range(PARSE_RUNS):
        library = None  # each run starts with nothing of the last one left
        gc.collect()
        if not collector:
            gc.disable()
        start, cpu = time.perf_counter(), time.process_time()
        library = bibtexparser.parse_string(text, parse_stack=[])
        times.append(time.perf_counter() - start)
        cpu_times.append(time.process_time() - cpu)
        gc.enable()
        entries = len(library.entries)
    return statistics.median(times), statistics.median(cpu_times), entries


def run_parse_worker(path: Path) -> dict[str, Any]:
    """The plain parse, timed in a fresh process as our import is (a process holding more
    objects would make bibtexparser's garbage collection, and so its time, longer)."""
    command = [sys.executable, str(Path(__file__).resolve()), "--parse-worker", str(path)]
    done = subprocess.run(command, cwd=PROJECT, capture_output=True, text=True, check=True)
    result = worker_result(done)
    if result is None:
        raise RuntimeError(f"the plain parse failed: {tail(done.stderr)}")
    return result


def median_of(*runs: dict[str, Any], key: str = "seconds") -> dict[str, Any]:
    """The run of median ``key`` (a failed run counts as the slowest)."""
    ordered = sorted(runs, key=lambda run: run.get(key) or float("inf"))
    return dict(ordered[len(ordered) // 2])


def median_run(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """The run of median total time (a failed run counts as the slowest), with the matching
    quality the first run measured."""
    chosen = median_of(*runs, key="total")
    if "quality" in runs[0]:
        chosen["quality"] = runs[0]["quality"]
    return chosen


def run_ours(
    bench_file: BenchFile, engine: str, directory: Path, *, truth: bool = True
) -> dict[str, Any]:
    """Our import of one file into a fresh database, in a worker process."""
    with fresh_database(engine, OUR_DATABASE, directory) as location:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": "bench",
            "ALLOWED_HOSTS": "localhost",
            "DATABASE_URL": database_url(engine, location),
        }
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(bench_file.path)]
        if truth and bench_file.truth is not None and engine == SQLITE:
            command += ["--truth", str(bench_file.truth)]
        done = subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, text=True)
        return worker_result(done) or {"error": tail(done.stderr)}


def worker_result(done: subprocess.CompletedProcess[str]) -> dict[str, Any] | None:
    """The JSON line a worker printed last, if it got that far."""
    for line in reversed(done.stdout.splitlines()):
        if line.startswith(RESULT_PREFIX):
            return json.loads(line.removeprefix(RESULT_PREFIX))
    return None


def tail(text: str, lines: int = 3) -> str:
    return " | ".join(text.strip().splitlines()[-lines:]) or "no output"


@dataclass
class FileResult:
    """Everything measured for one file."""

    bench_file: BenchFile
    parse_seconds: float = 0.0
    parse_cpu_seconds: float = 0.0
    parse_paused_seconds: float = 0.0  # the same, the garbage collector paused
    entries: int = 0
    ours: dict[str, dict[str, Any]] = field(default_factory=dict)
    djpub: dict[str, list[dict[str, Any]]] = field(default_factory=dict)


def bench_one_file(
    bench: BenchFile,
    engines: list[str],
    directory: Path,
    djpub: tuple[Path, Path] | None,
    timeout: int,
) -> FileResult:
    """Each engine's runs take turns (the plain parse, ours, django-publications', and again),
    so that a slow spell of the machine falls on all of them alike."""
    result = FileResult(bench)
    parses: list[dict[str, Any]] = []
    for engine in engines:
        label = ENGINE_LABELS[engine]
        ours: list[dict[str, Any]] = []
        theirs: list[dict[str, Any]] = []
        for run in range(OUR_RUNS):
            if engine == engines[0]:
                progress(f"{bench.label}: bibtexparser plain parse x{PARSE_RUNS}")
                parses.append(run_parse_worker(bench.path))
            progress(f"{bench.label}: our import on {label} ({run + 1} of {OUR_RUNS})")
            ours.append(run_ours(bench, engine, directory, truth=run == 0))
            # A run that did not finish in time is not made again.
            if djpub is not None and (run == 0 or theirs[0].get("seconds") is not None):
                progress(f"{bench.label}: django-publications on {label} ({run + 1})")
                theirs.append(run_djpub(*djpub, bench, engine, "whole", timeout))
        if engine == engines[0]:
            _take_parse_figures(result, parses)
        result.ours[engine] = median_run(ours)
        if djpub is None:
            continue
        runs = [median_of(*theirs)]
        if (runs[0].get("imported") or 0) < result.entries:
            progress(f"{bench.label}: django-publications, the entries it can read only")
            runs.append(run_djpub(*djpub, bench, engine, "readable", timeout))
        result.djpub[engine] = runs
    return result


def _take_parse_figures(result: FileResult, parses: list[dict[str, Any]]) -> None:
    """The plain parse: the median of the workers' medians, collector on and paused."""
    on = sorted((parse["collector_on"] for parse in parses), key=lambda figures: figures[0])
    result.parse_seconds, result.parse_cpu_seconds, result.entries = on[len(on) // 2]
    paused = sorted(parse["collector_paused"][0] for parse in parses)
    result.parse_paused_seconds = paused[len(paused) // 2]


# -- the report -----------------------------------------------------------------------------

Row = tuple[str, list[str]]


def seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f} s"


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def our_rows(results: list[FileResult], engine: str) -> list[Row]:
    """Plan, apply, total, the ratio to the plain parse, and what the import did."""
    label = f"ours, {ENGINE_LABELS[engine]}, median of {OUR_RUNS}"
    cells: dict[str, list[str]] = defaultdict(list)
    for result in results:
        ours = result.ours.get(engine, {})
        if "total" not in ours:
            for name in ("plan", "apply", "total", "ratio", "cpu", "cpu_ratio", "counts"):
                cells[name].append("failed" if name == "total" else "—")
            continue
        ratio = ours["total"] / result.parse_seconds
        cpu_ratio = ours["cpu"] / result.parse_cpu_seconds
        counts = ours["counts"]
        cells["plan"].append(seconds(ours["plan"]))
        cells["apply"].append(seconds(ours["apply"]))
        cells["total"].append(seconds(ours["total"]))
        cells["ratio"].append(f"{ratio:.1f}× {verdict(ratio <= PARSE_TARGET)}")
        cells["cpu"].append(f"{ours['cpu']:.2f} s / {result.parse_cpu_seconds:.2f} s")
        cells["cpu_ratio"].append(f"{cpu_ratio:.1f}× {verdict(cpu_ratio <= PARSE_TARGET)}")
        cells["counts"].append(
            f"{counts['entries']} / {counts['created']} / {counts['duplicates']}"
            f" / {counts['people_new']}"
        )
    return [
        (f"{label}: plan (decode + prepare)", cells["plan"]),
        (f"{label}: apply (committed)", cells["apply"]),
        (f"{label}: full import", cells["total"]),
        (f"  full import / plain parse (≤ {PARSE_TARGET:g}×)", cells["ratio"]),
        *(
            [
                ("  processor time: ours / plain parse", cells["cpu"]),
                (f"  the same as a ratio (≤ {PARSE_TARGET:g}×)", cells["cpu_ratio"]),
            ]
            if engine == SQLITE  # in-process database: its work is in the processor time
            else []
        ),
        ("  entries / papers / duplicates / people", cells["counts"]),
    ]


def djpub_rows(results: list[FileResult], engine: str) -> list[Row]:
    """django-publications on the whole file, on the part it can read, and our speed-up."""
    label = f"django-publications, {ENGINE_LABELS[engine]}"
    whole, part, speedup = [], [], []
    for result in results:
        runs = result.djpub.get(engine, [])
        whole.append(djpub_cell(runs[0]) if runs else "not run")
        part.append(djpub_cell(runs[1]) if len(runs) > 1 else "—")
        speedup.append(speedup_cell(runs, result.ours.get(engine, {}), result.entries))
    return [
        (f"{label}: whole file", whole),
        (f"{label}: readable part", part),
        (f"  speed-up, ours vs it (≥ {SPEEDUP_TARGET:g}×)", speedup),
    ]


def djpub_cell(run: dict[str, Any]) -> str:
    imported = run.get("imported")
    saved = f"{imported if imported is not None else '?'} saved"
    if run.get("seconds") is None:
        return f"{run.get('error', 'failed')[:30]}, {saved}"
    if run.get("mode") == "readable":
        saved = f"{saved} of {run.get('offered', '?')}"
    return f"{seconds(run['seconds'])}, {saved}" + (" (error)" if run.get("error") else "")


def speedup_cell(runs: list[dict[str, Any]], ours: dict[str, Any], entries: int) -> str:
    """Their time over ours; per entry when they could only take part of the file."""
    if "total" not in ours or not runs:
        return "—"
    whole = runs[0]
    if whole.get("seconds") is not None and whole.get("imported") == entries:
        ratio = whole["seconds"] / ours["total"]
        return f"{ratio:.1f}× {verdict(ratio >= SPEEDUP_TARGET)}"
    if len(runs) > 1 and runs[1].get("seconds") and runs[1].get("imported"):
        theirs = runs[1]["seconds"] / runs[1]["imported"]
        mine = ours["total"] / ours["counts"]["entries"]
        ratio = theirs / mine
        return f"{ratio:.1f}× per entry {verdict(ratio >= SPEEDUP_TARGET)}"
    return "— (it saved nothing)"


def djpub_notes(results: list[FileResult]) -> list[str]:
    """Why django-publications could not take a file whole, and what it refused."""
    lines = []
    for result in results:
        for engine, runs in result.djpub.items():
            where = f"{result.bench_file.label}, {ENGINE_LABELS[engine]}"
            whole = runs[0]
            if whole.get("error"):
                lines.append(f"  {where}, whole file: {whole['error']}")
            if len(runs) > 1 and runs[1].get("rejected"):
                refused = ", ".join(f"{n} {why}" for why, n in runs[1]["rejected"].items())
                lines.append(f"  {where}, entries it cannot take: {refused}")
    if lines:
        lines.insert(0, "django-publications:")
    return lines


def quality_lines(results: list[FileResult]) -> list[str]:
    """Author matching against the truth file, with a few examples of each mistake."""
    lines = []
    for result in results:
        quality = result.ours.get(SQLITE, {}).get("quality")
        if not quality:
            continue
        lines += [
            f"Author matching against the truth, {result.bench_file.label} (SQLite run):",
            f"  authorships compared     {quality['authorships_compared']}"
            f" of {quality['authorships_in_truth']} in the truth file",
            f"  our Persons              {quality['our_people']}"
            f" (true people: {quality['true_people']})",
            f"  people merged wrongly    {quality['merged_people']} Persons,"
            f" involving {quality['merged_true_people']} true people",
            f"  people split wrongly     {quality['split_true_people']} true people,"
            f" over {quality['split_our_people']} Persons",
            f"  papers merged wrongly    {quality['duplicates_in_file']} entries taken for another"
            f" entry of the file ({quality['duplicates_different_authors']} with other authors)",
        ]
        lines += [
            "    split, e.g. one person as: " + " | ".join("/".join(names) for names in groups)
            for groups in quality["split_examples"]
        ]
        lines += [
            "    merged, e.g. one Person for: " + " | ".join("/".join(names) for names in groups)
            for groups in quality["merged_examples"]
        ]
        lines += [
            f"    duplicate, e.g. {key} taken for {other}"
            for key, other in quality["duplicate_examples"]
        ]
    return lines


def machine_info(engines: list[str], djpub: str) -> list[str]:
    import bibtexparser
    import django

    versions = [
        f"Python {platform.python_version()}",
        f"Django {django.get_version()}",
        f"bibtexparser {bibtexparser.__version__}",
    ]
    if POSTGRES in engines:
        versions.append(pg_server_version())
    return [
        f"date: {datetime.now().astimezone():%Y-%m-%d %H:%M %Z}",
        f"machine: {os.cpu_count()} cores, {cpu_model()}, {platform.system()} {platform.release()}",
        f"ours: {', '.join(versions)}",
        f"compared with: {djpub}",
    ]


def cpu_model() -> str:
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown CPU"


def load_average() -> str:
    try:
        return "/".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def render_table(header: list[str], rows: list[Row]) -> list[str]:
    width = max(len(label) for label, _ in rows)
    columns = [
        max(len(title), *(len(cells[i]) for _, cells in rows if i < len(cells)))
        for i, title in enumerate(header)
    ]
    lines = ["  ".join([" " * width, *(h.ljust(w) for h, w in zip(header, columns, strict=True))])]
    lines.append("-" * len(lines[0]))
    for label, cells in rows:
        padded = [cell.ljust(w) for cell, w in zip(cells, columns, strict=False)]
        lines.append("  ".join([label.ljust(width), *padded]).rstrip())
    return lines


def report(results: list[FileResult], engines: list[str], djpub: str, loads: list[str]) -> str:
    rows: list[Row] = [
        ("entries in the file (bibtexparser)", [str(r.entries) for r in results]),
        (
            f"bibtexparser 2 plain parse, median of {OUR_RUNS}×{PARSE_RUNS}",
            [seconds(r.parse_seconds) for r in results],
        ),
        (
            "  the same, garbage collector paused",
            [seconds(r.parse_paused_seconds) for r in results],
        ),
    ]
    for engine in engines:
        rows += our_rows(results, engine)
    for engine in engines:
        rows += djpub_rows(results, engine)
    header = [result.bench_file.label for result in results]
    return "\n".join(
        [
            "labpubs BibTeX import benchmark",
            *machine_info(engines, djpub),
            f"load average (1/5/15 min) before: {loads[0]}, after: {loads[-1]}",
            "",
            *render_table(header, rows),
            "",
            *djpub_notes(results),
            "",
            *quality_lines(results),
        ]
    )


def progress(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


# -- entry point ----------------------------------------------------------------------------


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--djpub-timeout",
        type=int,
        default=60,
        help="seconds django-publications' import view gets per run (default 60)",
    )
    parser.add_argument("--no-djpub", action="store_true", help="skip django-publications")
    parser.add_argument("--worker", metavar="FILE", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--parse-worker", metavar="FILE", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--truth", type=Path, help=argparse.SUPPRESS)
    return parser.parse_args()


def main() -> None:
    args = parse_args()
    if args.worker:
        print(RESULT_PREFIX + json.dumps(run_our_worker(args.worker, args.truth)), flush=True)
        return
    if args.parse_worker:
        timings = {
            "collector_on": plain_parse(args.parse_worker),
            "collector_paused": plain_parse(args.parse_worker, collector=False),
        }
        print(RESULT_PREFIX + json.dumps(timings), flush=True)
        return
    loads = [load_average()]
    engines = [SQLITE]
    if postgres_available():
        engines.append(POSTGRES)
    else:
        progress("PostgreSQL is not reachable on 127.0.0.1:5432: SQLite only")
    python = None if args.no_djpub else ensure_djpub_venv(progress)
    djpub_label = djpub_version(python) if python else "django-publications: not run"
    with tempfile.TemporaryDirectory(prefix="labpubs-bench-") as tmp:
        directory = Path(tmp)
        djpub = (python, write_djpub_project(directory / "djpub")) if python else None
        results = [
            bench_one_file(bench, engines, directory, djpub, args.djpub_timeout) for bench in FILES
        ]
    loads.append(load_average())
    print(report(results, engines, djpub_label, loads))


if __name__ == "__main__":
    main()
