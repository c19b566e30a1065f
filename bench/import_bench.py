"""BibTeX import end to end: ours (manage.py import_bibtex) beside django-publications 1.2.0.

    .venv/bin/python bench/import_bench.py [--tree PATH] [--python PATH] [--runs 3]
        [--timeout 120] [--files pubs_10000.bib iridia-references.bib]
        [--databases sqlite postgresql] [--no-djpub] [--quiet-below 2.5 [--quiet-wait 300]]

Both sides do the same work: the whole file into a fresh database of the same engine (a copy
of one migrated once, untimed), in a process of its own, timed from its start to its end
(interpreter, Django set-up, reading, importing, committing), with its processor time (less
disturbed by a busy machine; PostgreSQL's own is not counted) and its peak memory (the
largest resident set of the process or of a child it waited for: ru_maxrss from wait4) and
the same timeout; a run still going then is killed and reported as timed out. The budgets are
judged on processor time, with the load average printed beside them; a peer that timed out
is never beaten ("not comparable"). With --readme the table goes into bench/README.md
between its ``import_bench`` markers.

- ours: ``python manage.py import_bibtex FILE --create-venues --allow-ambiguous
  --skip-invalid`` run with --python in --tree (default: this checkout), DEBUG=0, on a
  database where ``migrate`` and ``loaddata ccf_venues`` ran. The same script therefore
  measures an older checkout: --tree /tmp/before --python /path/to/its/venv/bin/python.
- django-publications 1.2.0 (bench/djpub_import.py, its own virtualenv): its admin's
  "Import BibTeX" view, posted the file by a superuser. It takes a file whole or not at all:
  when it refuses or does not finish, that is what is reported, with no figure for part of
  the file.

The two take turns, run after run, on the same file and database engine. For pubs_10000.bib
the truth file scores our author matching (first run on SQLite). Budgets (issue #19) are
printed beside the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from common import (
    DATA,
    ROOT,
    SHARED,
    analyze_after_fill,
    ensure_djpub_venv,
    load_average,
    readme_section,
)

FILES = {
    "pubs_10000.bib": (DATA / "pubs_10000.bib", DATA / "pubs_10000.truth.jsonl"),
    "iridia-references.bib": (SHARED / "iridia-references.bib", None),
}
TIME_BUDGET = {"pubs_10000.bib": 10.0, "iridia-references.bib": 5.0}  # seconds, ours
MEMORY_BUDGET = 1.5  # our peak memory at most this many times django-publications'
PG = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/")
OURS_DB, DJPUB_DB = "labpubs_bench", "labpubs_bench_djpub"
ENGINES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
OUR_FLAGS = ["--create-venues", "--allow-ambiguous", "--skip-invalid"]
BENCH = Path(__file__).resolve().parent


def say(message: str) -> None:
    print(message, flush=True)


# -- one timed process ----------------------------------------------------------------------


@dataclass
class Run:
    seconds: float
    cpu: float  # processor seconds of the process and the children it waited for
    peak_mb: float
    returncode: int | None  # None: killed at the timeout
    output: str


def timed(command: list[str], cwd: Path, env: dict[str, str], timeout: float) -> Run:
    """Run ``command``: its wall time and peak RSS (ru_maxrss of this child, from wait4)."""
    fired = threading.Event()
    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )

        def kill() -> None:
            fired.set()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        timer.cancel()
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        output = out.read()
    code = None if fired.is_set() else process.returncode
    cpu = usage.ru_utime + usage.ru_stime
    return Run(seconds, cpu, usage.ru_maxrss / 1024, code, output)


def setup(command: list[str], cwd: Path, env: dict[str, str]) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"set-up failed: {' '.join(command)}\n{done.stdout}{done.stderr}"[-3000:])


# -- databases: a template made once, a fresh copy per run ----------------------------------


def pg(sql: str) -> None:
    import psycopg

    with psycopg.connect(PG + "postgres", autocommit=True) as admin:
        admin.execute(sql)


def pg_ready() -> bool:
    ready = ["pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432"]
    if shutil.which("pg_isready") and subprocess.run(ready).returncode == 0:
        return True
    versions = sorted(os.listdir("/etc/postgresql")) if Path("/etc/postgresql").is_dir() else []
    if versions:
        say("starting the PostgreSQL cluster")
        start = ["pg_ctlcluster", "--skip-systemctl-redirect", versions[-1], "main", "start"]
        subprocess.run(start, capture_output=True)
        time.sleep(2)
    return bool(shutil.which("pg_isready")) and subprocess.run(ready).returncode == 0


class Database:
    """``name`` on ``engine``: ``template_url`` to set up once, ``fresh()`` a copy per run."""

    def __init__(self, engine: str, name: str, directory: Path) -> None:
        self.engine, self.name, self.directory = engine, name, directory
        if engine == "sqlite":
            self.template = directory / f"{name}_template.sqlite3"
            self.template.unlink(missing_ok=True)
            self.template_url = f"sqlite:///{self.template}"
        else:
            pg(f'DROP DATABASE IF EXISTS "{name}_template" WITH (FORCE)')
            pg(f'CREATE DATABASE "{name}_template"')
            self.template_url = PG + f"{name}_template"

    def fresh(self) -> str:
        if self.engine == "sqlite":
            copy = self.directory / f"{self.name}.sqlite3"
            shutil.copyfile(self.template, copy)
            return f"sqlite:///{copy}"
        pg(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        pg(f'CREATE DATABASE "{self.name}" TEMPLATE "{self.name}_template"')
        return PG + self.name

    def drop(self) -> None:
        if self.engine == "postgresql":
            for name in (self.name, f"{self.name}_template"):
                pg(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def plain_path(url: str) -> str:
    """What djpub_site takes: an SQLite file's path, or the postgres:// URL."""
    return url.removeprefix("sqlite:///")


# -- the two imports ------------------------------------------------------------------------


@dataclass
class Side:
    runs: list[Run] = field(default_factory=list)
    papers: list[int] = field(default_factory=list)
    failure: str = ""  # why it has no time: refused, error, timed out

    def seconds(self) -> float | None:
        return statistics.median(r.seconds for r in self.runs) if self.runs else None

    def peak_mb(self) -> float | None:
        return max(r.peak_mb for r in self.runs) if self.runs else None


class Ours:
    def __init__(self, tree: Path, python: str, engine: str, directory: Path) -> None:
        self.tree, self.python = tree, python
        self.database = Database(engine, OURS_DB, directory)
        env = self.env(self.database.template_url)
        setup([python, "manage.py", "migrate", "--verbosity", "0"], tree, env)
        setup([python, "manage.py", "loaddata", "ccf_venues", "--verbosity", "0"], tree, env)

    @staticmethod
    def env(url: str) -> dict[str, str]:
        return {
            **{k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")},
            "DATABASE_URL": url,
            "DEBUG": "0",
            "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
            "ALLOWED_HOSTS": "localhost",
            "SECURE_SSL": "0",
        }

    def run(self, path: Path, timeout: float, side: Side) -> str:
        url = self.database.fresh()
        command = [self.python, "manage.py", "import_bibtex", str(path), *OUR_FLAGS]
        run = timed(command, self.tree, self.env(url), timeout)
        created = re.search(r"Imported .*?: (\d+) papers created", run.output)
        if run.returncode is None:
            side.failure = f"timed out after {timeout:.0f} s"
        elif run.returncode != 0 or not created:
            side.failure = "failed: " + " | ".join(run.output.strip().splitlines()[-2:])
        else:
            side.runs.append(run)
            side.papers.append(int(created.group(1)))
            analyze_after_fill(url)  # untimed: the database as the pages would find it
        return url


class Theirs:
    def __init__(self, python: Path, engine: str, directory: Path) -> None:
        self.python = str(python)
        self.database = Database(engine, DJPUB_DB, directory)
        script = str(BENCH / "djpub_import.py")
        setup([self.python, script, "setup", plain_path(self.database.template_url)], BENCH, {})

    def run(self, path: Path, timeout: float, side: Side) -> None:
        url = plain_path(self.database.fresh())
        command = [self.python, str(BENCH / "djpub_import.py"), "import", url, str(path)]
        env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)}
        run = timed(command, BENCH, env, timeout)
        lines = [line for line in run.output.splitlines() if line.startswith("{")]
        result = json.loads(lines[-1]) if run.returncode == 0 and lines else None
        if run.returncode is None:
            side.failure = f"timed out after {timeout:.0f} s"
        elif result is None:
            side.failure = "failed: " + " | ".join(run.output.strip().splitlines()[-2:])
        elif result["error"] and not result["imported"]:
            side.failure = f"refused the file in {run.seconds:.1f} s: {result['error']}"
        else:
            side.runs.append(run)
            side.papers.append(result["imported"])
            if result["error"]:
                side.failure = f"said: {result['error']}"


# -- author matching ------------------------------------------------------------------------


@dataclass
class MatchCounts:
    people: int  # our people
    true_people: int
    merged: int  # our people with authorships of several true people
    split: int  # true people spread over several of ours
    entries: int  # entries of the truth file
    keyed: int  # entries with a paper under their own key
    merged_pairs: int = 0  # pairs of true people one of ours holds
    split_pairs: int = 0  # pairs of our people one true person is spread over
    examples: list[str] = field(default_factory=list)  # of merged true people, by their ids


def database_rows(url: str, sql: str) -> list[tuple]:
    """The rows of ``sql`` in the database of ``url`` (SQLite or PostgreSQL)."""
    if url.startswith("sqlite:///"):
        with contextlib.closing(sqlite3.connect(url.removeprefix("sqlite:///"))) as db:
            return db.execute(sql).fetchall()
    import psycopg

    with psycopg.connect(url) as db:
        return db.execute(sql).fetchall()


def match_counts(url: str, truth_path: Path) -> MatchCounts:
    """How our people compare with the truth file's: a Person whose authorships belong to
    several true people is merged wrongly; a true person spread over several Persons is
    split wrongly. Each authorship is mapped to its true person by its paper's citation key
    and its position."""
    truth = {}
    with truth_path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                row = json.loads(line)
                truth[row["key"]] = row["person_ids"]
    rows = database_rows(
        url,
        "SELECT p.citation_key, a.position, a.person_id FROM pubs_authorship a"
        " JOIN pubs_paper p ON p.id = a.paper_id",
    )
    people = database_rows(url, "SELECT count(*) FROM people_person")[0][0]
    return count_matches(truth, rows, people)


def count_matches(
    truth: dict[str, list[int]], rows: list[tuple[str, int, int]], people: int
) -> MatchCounts:
    """:func:`match_counts` over the truth (key -> true person ids in order) and the
    authorships (key, position, our person)."""
    ours_to_true, true_to_ours = defaultdict(set), defaultdict(set)
    keys = set()
    for key, position, person in rows:
        ids = truth.get(key)
        if ids and 1 <= position <= len(ids):
            ours_to_true[person].add(ids[position - 1])
            true_to_ours[ids[position - 1]].add(person)
            keys.add(key)
    merged = [sorted(ids) for ids in ours_to_true.values() if len(ids) > 1]
    split = [ids for ids in true_to_ours.values() if len(ids) > 1]
    return MatchCounts(
        people=people,
        true_people=len({pid for ids in truth.values() for pid in ids}),
        merged=len(merged),
        split=len(split),
        entries=len(truth),
        keyed=len(keys),
        merged_pairs=sum(len(ids) * (len(ids) - 1) // 2 for ids in merged),
        split_pairs=sum(len(ids) * (len(ids) - 1) // 2 for ids in split),
        examples=[" + ".join(map(str, ids)) for ids in sorted(merged)[:20]],
    )


def matching(url: str, truth_path: Path) -> str:
    """The author matching of the SQLite run, as the report says it."""
    try:
        counts = match_counts(url, truth_path)
    except (sqlite3.Error, OSError) as error:
        return f"author matching not measured ({error})"
    return (
        f"author matching (pubs_10000.bib, SQLite): {counts.people} people for"
        f" {counts.true_people} true people; merged wrongly: {counts.merged} people; split"
        f" wrongly: {counts.split} true people; {counts.entries - counts.keyed} of"
        f" {counts.entries} entries without a paper under their own key (taken for another"
        " entry, or skipped)"
    )


# -- report ---------------------------------------------------------------------------------


def figure(side: Side) -> str:
    if not side.runs:
        return side.failure or "not run"
    note = f" (also: {side.failure})" if side.failure else ""
    low, high = min(r.seconds for r in side.runs), max(r.seconds for r in side.runs)
    spread = f" ({low:.1f}–{high:.1f})" if len(side.runs) > 1 else ""
    cpu = statistics.median(r.cpu for r in side.runs)
    papers = side.papers[-1]
    return (
        f"{side.seconds():.1f} s{spread} (cpu {cpu:.1f} s), {side.peak_mb():.0f} MB,"
        f" {papers} papers{note}"
    )


def cpu(side: Side) -> float | None:
    return statistics.median(r.cpu for r in side.runs) if side.runs else None


def verdicts(label: str, ours: Side, theirs: Side | None) -> list[str]:
    """The budgets, judged on processor time (a busy machine stretches wall time, not the
    work done), with the load average they were measured at. A peer that did not finish is
    not beaten: that comparison is "not comparable"."""
    out = []
    budget = TIME_BUDGET[label]
    mine = cpu(ours)
    if mine is None:
        return [f"budgets: ours {ours.failure}"]
    out.append(f"cpu ≤ {budget:.0f} s: {'met' if mine <= budget else 'MISSED'} ({mine:.1f} s)")
    if theirs is None:
        return out
    if theirs.runs:
        peer = cpu(theirs)
        verdict = "met" if mine <= peer else "MISSED"
        out.append(f"cpu ≤ theirs: {verdict} ({mine:.1f} / {peer:.1f} s)")
        ratio = ours.peak_mb() / theirs.peak_mb()
        met = "met" if ratio <= MEMORY_BUDGET else "MISSED"
        out.append(f"memory ≤ {MEMORY_BUDGET}× theirs: {met} ({ratio:.2f}×)")
    elif theirs.failure.startswith("timed out"):
        out.append(f"≤ theirs: not comparable (theirs {theirs.failure}); memory: not comparable")
    else:
        out.append("≤ theirs and memory: not comparable (theirs refused the file)")
    return out


def table_rows(label: str, engine: str, ours: Side, theirs: Side | None, load: str) -> str:
    """One row of the README's import table."""
    peer = figure(theirs) if theirs is not None else "not run"
    return (
        f"| {label} | {ENGINES[engine]} | {figure(ours)} | {peer} | "
        f"{'; '.join(verdicts(label, ours, theirs))} | {load} |"
    )


def wait_for_quiet(below: float, patience: int) -> None:
    """Wait (at most ``patience`` seconds) for a 1-minute load average below ``below``."""
    deadline = time.monotonic() + patience
    while os.getloadavg()[0] >= below and time.monotonic() < deadline:
        say(f"  waiting for a quieter machine: load {load_average()} (1-minute < {below})")
        time.sleep(20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="the checkout to measure")
    parser.add_argument("--python", help="its interpreter (default: --tree's .venv, or this)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120, help="seconds, for both apps")
    parser.add_argument("--files", nargs="+", choices=list(FILES), default=list(FILES))
    parser.add_argument("--databases", nargs="+", choices=list(ENGINES), default=list(ENGINES))
    parser.add_argument("--no-djpub", dest="djpub", action="store_false")
    parser.add_argument("--quiet-below", type=float, help="before each run, wait for this load")
    parser.add_argument("--quiet-wait", type=int, default=300, help="for at most this long")
    parser.add_argument(
        "--readme", action="store_true", help="write the table into bench/README.md (markers)"
    )
    args = parser.parse_args()
    tree = args.tree.resolve()
    python = args.python or str(tree / ".venv" / "bin" / "python")
    if not Path(python).exists():
        python = sys.executable
    commit = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h %cs"], capture_output=True, text=True
    ).stdout.strip()
    say(f"ours: {tree} ({commit or 'not a git checkout'}) with {python}")
    say(f"same timeout for both: {args.timeout:.0f} s; {args.runs} runs each, taking turns")
    djpub = ensure_djpub_venv(lambda m: say(f"django-publications: {m}")) if args.djpub else None
    if "postgresql" in args.databases and not pg_ready():
        say("PostgreSQL does not answer on 127.0.0.1:5432: SQLite only")
        args.databases = ["sqlite"]
    say(f"load average {load_average()}")
    results, notes, rows = [], [], []
    with tempfile.TemporaryDirectory(prefix="import-bench-") as tmp:
        for engine in args.databases:
            ours = Ours(tree, python, engine, Path(tmp))
            theirs = Theirs(djpub, engine, Path(tmp)) if djpub else None
            for label in args.files:
                path, truth = FILES[label]
                mine, peer = Side(), Side() if theirs else None
                loads = []
                for number in range(1, args.runs + 1):
                    loads.append(os.getloadavg()[0])
                    if args.quiet_below:
                        wait_for_quiet(args.quiet_below, args.quiet_wait)
                    say(f"{label}, {ENGINES[engine]}, run {number}: load {load_average()}")
                    url = ours.run(path, args.timeout, mine)
                    if truth and engine == "sqlite" and number == 1 and mine.runs:
                        notes.append(matching(url, truth))
                    say(f"  ours: {figure(mine) if mine.runs else mine.failure}")
                    if peer is not None and (number == 1 or peer.runs):
                        theirs.run(path, args.timeout, peer)  # a refusal is not repeated
                        say(f"  django-publications: {figure(peer)}")
                row = f"{label:22} {ENGINES[engine]:10}  ours: {figure(mine)}"
                if peer is not None:
                    row += f"\n{'':34}django-publications 1.2.0: {figure(peer)}"
                load = f"{min(loads):.1f}–{max(loads):.1f}"
                row += f"\n{'':34}budgets: {'; '.join(verdicts(label, mine, peer))} (load {load})"
                results.append(row)
                rows.append(table_rows(label, engine, mine, peer, load))
            ours.database.drop()
            if theirs:
                theirs.database.drop()
    say(f"\n== import of the whole file, wall time of the process (median of {args.runs} runs,")
    say("   range; cpu: its processor time, a database server's not included) and the highest")
    say("   peak RSS; papers: in the database after the import")
    for line in results + notes:
        say(line)
    say(f"load average {load_average()}")
    if args.readme:
        head = [
            f"`import_bench.py` at {commit}, {args.runs} runs each; time: median wall (range),"
            " cpu: the process's processor time (the verdicts' measure), peak RSS; load: the"
            " 1-minute load average at each run's start.",
            "",
            "| file | database | ours | django-publications 1.2.0 | budgets (on cpu) | load |",
            "|---|---|---|---|---|---|",
        ]
        written = readme_section("import_bench", head + rows + [""] + notes)
        say("bench/README.md: table written" if written else "bench/README.md: no markers")


if __name__ == "__main__":
    main()
