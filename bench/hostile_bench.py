"""Hostile files through the import: the longest time and the highest memory any file of a
corpus takes, beside the budget of a file under the upload limit (issue #18).

    .venv/bin/python bench/hostile_bench.py [--files NAME ...] [--modes planner ...]
        [--timeout 120] [--keep DIR]

The corpus is made here: files built to stall, crash or exhaust the import (a command and
@string macros that double, braces 100,000 deep, 33,000 authors, 5,000 entries of one title,
thousands of people of one name ...), each at most the upload limit (IMPORT_MAX_BYTES, 20 MB),
and a realistic file near that limit (pubs_10000.bib twice over, its keys renamed, when the
shared data is there). Each file is read in a process of its own, on a copy of an SQLite
database where ``migrate`` and ``loaddata ccf_venues`` ran, with the project's settings
(DEBUG=0), three ways:

- **planner**: ``bibtex_import_plan`` as the admin's preview calls it (IMPORT_MAX_ENTRIES,
  IMPORT_PREVIEW_SECONDS): a plan, or the error that refuses the file;
- **unbudgeted**: the same without the time budget, as ``manage.py import_bibtex`` and an
  import job plan (the bounds on what a file holds still apply);
- **preview**: the admin's upload and preview pages through Django's test client, logged in
  as a superuser (static files served unhashed, as with DEBUG=1): the status of each and what
  the preview says (a text over IMPORT_JOB_BYTES goes to a job: the preview is its progress).

Measured: the wall time of the work (Django set-up and the database copy not included) and
the peak memory of the process (ru_maxrss from wait4, Django and the interpreter included).
A process still going at --timeout is killed and reported so. The budget is printed beside
each figure: 10 s and 500 MB for the preview and the planner (which may stop at its time
budget, with its message), 500 MB for the planner without a time budget.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from common import DATA, ROOT, load_average

TIME_BUDGET = 10.0  # seconds, a file under the upload limit
MEMORY_BUDGET = 500.0  # MB, the same
UPLOAD_LIMIT = 20 * 1024 * 1024  # IMPORT_MAX_BYTES's default
MODES = ("planner", "unbudgeted", "preview")


def say(message: str) -> None:
    print(message, flush=True)


# -- the corpus -------------------------------------------------------------------------------


def entry(key: str, title: str, authors: str = "Ada Lovelace", **fields: str) -> str:
    more = "".join(f", {name}={{{value}}}" for name, value in fields.items())
    return f"@article{{{key}, title={{{title}}}, author={{{authors}}}, year=2024{more}}}\n"


def up_to_limit(make: Callable[[int], str], limit: int = UPLOAD_LIMIT - 1024) -> str:
    """As many of ``make(n)`` as fit under the upload limit."""
    parts, size, n = [], 0, 0
    while True:
        part = make(n)
        if size + len(part.encode("utf-8")) > limit:
            return "".join(parts)
        parts.append(part)
        size += len(part.encode("utf-8"))
        n += 1


def names(count: int, prefix: str = "A") -> str:
    return " and ".join(f"{prefix}{n} Person{n}" for n in range(count))


def command_bomb(width: int) -> str:
    body = "\\a" * width
    preamble = f'@preamble{{"\\newcommand{{\\a}}{{{body}}}"}}\n'
    return preamble + entry("bomb", "\\a")


def string_chain(levels: int) -> str:
    strings = "".join(
        f"@string{{s{n} = s{n - 1} # s{n - 1} # s{n - 1} # s{n - 1}}}\n"
        for n in range(1, levels + 1)
    )
    return '@string{s0 = "lol"}\n' + strings + f"@article{{chain, title=s{levels}, year=2024}}\n"


def realistic_at_the_limit() -> str | None:
    """pubs_10000.bib twice over (the second copy's keys renamed): 20,000 real-looking entries,
    17 MB."""
    path = DATA / "pubs_10000.bib"
    if not path.exists():
        return None
    text = path.read_text(encoding="utf-8")
    return text + re.sub(r"(@\w+\{)", r"\1again-", text)


def corpus() -> dict[str, Callable[[], str | None]]:
    """Each file of the corpus, by name, made on demand."""
    latex_abstract = "\\'e\\\"o {\\ss} $x^2$ \\emph{word} " * 3000  # ~99,000 characters
    return {
        "huge equal count": lambda: entry("eq", "Equal", "A B and C D", equal="999999999999"),
        "malformed link host": lambda: entry("host", "Link", pdf="http://[x/paper.pdf"),
        "href in a title": lambda: entry("href", "See \\href{https://a.org}{here}"),
        "command bomb, 10 wide": lambda: command_bomb(10),
        "command bomb, 1,000 wide": lambda: command_bomb(1000),
        "@string chain, 40 levels": lambda: string_chain(40),
        "braces 100,000 deep": lambda: entry("deep", "{" * 100_000 + "T" + "}" * 100_000),
        "braces 99 deep, 50,000 entries": lambda: "".join(
            entry(f"d{n}", "{" * 99 + f"T{n}" + "}" * 99) for n in range(50_000)
        ),
        "little entries to the upload limit": lambda: up_to_limit(
            lambda n: f"@misc{{m{n}, year=1}}\n"
        ),
        "33,000 authors": lambda: entry("crowd", "Crowd", names(33_000)),
        "9,999 authors an entry, to the limit": lambda: up_to_limit(
            lambda n: entry(f"c{n}", f"Crowd {n}", names(9_999, f"E{n}x"))
        ),
        "15 entries of 9,999 authors (near the file's 150,000)": lambda: "".join(
            entry(f"c{n}", f"Crowd {n}", names(9_999, f"E{n}x")) for n in range(15)
        ),
        "150,000 authors, 30,000 entries": lambda: "".join(
            entry(f"f{n}", f"Five {n}", names(5, f"F{n}x")) for n in range(30_000)
        ),
        "25,000 'J. Wang' and 25,000 J… Wangs": lambda: (
            "".join(entry(f"w{n}", f"Full {n}", f"J{n}x Wang") for n in range(25_000))
            + "".join(
                entry(f"i{n}", f"Initials {n}", f"J. Wang and X{n} Y{n}") for n in range(25_000)
            )
        ),
        "5,000 entries of one title": lambda: "".join(
            entry(f"s{n}", "One Title", f"Author{n} Person{n}") for n in range(5000)
        ),
        "50,000 entries (the entry limit)": lambda: "".join(
            entry(f"k{n}", f"Paper number {n}", f"Author{n % 7000} Person{n % 6000}")
            for n in range(50_000)
        ),
        "unknown commands to the upload limit": lambda: up_to_limit(
            lambda n: entry(f"u{n}", f"Unknown {n}", abstract="\\unknown{x} " * 8000)
        ),
        "99,999-character abstracts of LaTeX": lambda: up_to_limit(
            lambda n: entry(f"l{n}", f"Long {n}", abstract=latex_abstract)
        ),
        "macros past the allowance": lambda: (
            f"@string{{big = {{{'x' * 99_000}}}}}\n"
            + "".join(f"@misc{{m{n}, title={{T{n}}}, note=big, year=2024}}\n" for n in range(999))
        ),
        "realistic, near the limit": realistic_at_the_limit,
    }


# -- one file in a process of its own ---------------------------------------------------------


def work(mode: str, path: str) -> dict:
    """In the child: read the file ``mode``'s way; what came of it and how long it took."""
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings

    from pubs.bibtex.parse import BibtexError
    from pubs.bibtex.plan import Decisions

    text = Path(path).read_text(encoding="utf-8")
    if mode in ("planner", "unbudgeted"):
        from pubs.imports.plan import bibtex_import_plan

        start = time.perf_counter()
        try:
            planned = bibtex_import_plan(
                text=text,
                decisions=Decisions(allow_ambiguous=True, create_venues=True),
                max_entries=settings.IMPORT_MAX_ENTRIES,
                seconds=settings.IMPORT_PREVIEW_SECONDS if mode == "planner" else None,
            )
        except BibtexError as exc:
            outcome = f"refused: {exc}"
        else:
            counts = planned.plan.summary()
            first = planned.plan.errors[:1]
            outcome = (
                f"a plan: {counts['entries']} entries, {counts['created']} to create, "
                f"{counts['errors']} errors" + (f" ({first[0]})" if first else "")
            )
        return {"seconds": time.perf_counter() - start, "outcome": outcome}
    from django.contrib.auth.models import User
    from django.contrib.messages import get_messages
    from django.test import Client
    from django.test.utils import override_settings

    static = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    override_settings(STORAGES={**settings.STORAGES, "staticfiles": static}).enable()

    user = User.objects.create_superuser("bench", "bench@example.org", "x")
    client = Client()
    client.force_login(user)
    start = time.perf_counter()
    upload = client.post("/admin/pubs/bibteximport/upload/", {"text": text})
    statuses = [upload.status_code]
    outcome = ""
    if upload.status_code == 302:
        preview = client.get(upload["Location"])
        statuses.append(preview.status_code)
        said = [str(m) for m in get_messages(preview.wsgi_request)]
        if preview.status_code == 302:
            outcome = f"to {preview['Location']}" + (f": {said[0]}" if said else "")
        else:
            page = preview.content.decode()
            errors = page.count('<ul class="errorlist">')
            outcome = f"the preview ({errors} error lists)" if errors else "the preview"
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "outcome": f"HTTP {' then '.join(map(str, statuses))}; {outcome}"}


@dataclass
class Result:
    seconds: float | None  # None: killed at the timeout
    peak_mb: float
    outcome: str


def measure(mode: str, path: Path, database: Path, timeout: float) -> Result:
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")},
        "DATABASE_URL": f"sqlite:///{database}",
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL": "0",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    command = [sys.executable, __file__, "--child", mode, str(path)]
    fired = threading.Event()
    with tempfile.TemporaryFile("w+") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )

        def kill() -> None:
            fired.set()
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)

        timer = threading.Timer(timeout, kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        out.seek(0)
        output = out.read()
    peak = usage.ru_maxrss / 1024
    if fired.is_set():
        return Result(None, peak, f"killed after {timeout:.0f} s")
    lines = [line for line in output.splitlines() if line.startswith("{")]
    if os.waitstatus_to_exitcode(status) != 0 or not lines:
        tail = " | ".join(output.strip().splitlines()[-2:])
        return Result(None, peak, f"failed: {tail}")
    found = json.loads(lines[-1])
    return Result(found["seconds"], peak, found["outcome"])


def verdict(mode: str, result: Result) -> str:
    """The budget, as it applies to ``mode``: the preview's request and the planner with its
    time budget, 10 s and 500 MB (the planner may stop at its budget, with its message); the
    planner without one (a job, the command), 500 MB."""
    if result.peak_mb > MEMORY_BUDGET or result.seconds is None:
        return "MISSED"
    if mode == "unbudgeted":
        return "met (memory)"
    if "takes more than" in result.outcome:
        return "stopped at its budget"
    return "met" if result.seconds <= TIME_BUDGET else "MISSED"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", nargs="+", help="names of the corpus (default: all)")
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--timeout", type=float, default=120, help="seconds a file may take")
    parser.add_argument("--keep", type=Path, help="write the corpus to this folder too")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(work(*args.child)), flush=True)
        return
    files = corpus()
    chosen = args.files or list(files)
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%h %cs"], capture_output=True, text=True
    ).stdout.strip()
    say(f"hostile files through the import ({commit}); budget per file under the upload")
    say(f"limit: {TIME_BUDGET:.0f} s and {MEMORY_BUDGET:.0f} MB; load average {load_average()}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="hostile-bench-") as tmp:
        folder = Path(tmp)
        template = folder / "template.sqlite3"
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{template}", "DEBUG": "0"}
        env.setdefault("SECRET_KEY", "bench-only-secret-key-" + "x" * 40)
        for step in (["migrate"], ["loaddata", "ccf_venues"]):
            manage = [sys.executable, "manage.py", *step, "--verbosity", "0"]
            subprocess.run(manage, cwd=ROOT, env=env, check=True)
        for name in chosen:
            text = files[name]()
            if text is None:
                say(f"{name}: no data (set SHARED_DATA), skipped")
                continue
            size = len(text.encode("utf-8"))
            path = folder / "file.bib"
            path.write_text(text, encoding="utf-8")
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, args.keep / (name.replace(" ", "_") + ".bib"))
            for mode in args.modes:
                database = folder / "run.sqlite3"
                shutil.copyfile(template, database)
                result = measure(mode, path, database, args.timeout)
                rows.append((name, size, mode, result))
                took = f"{result.seconds:.2f} s" if result.seconds is not None else "—"
                say(
                    f"{name} ({size / 1024 / 1024:.2f} MB), {mode}: {took}, "
                    f"{result.peak_mb:.0f} MB [{verdict(mode, result)}]: {result.outcome[:160]}"
                )
    say("\n== the largest any file took (budget: 10 s and 500 MB a file under the upload limit)")
    for mode in args.modes:
        mine = [row for row in rows if row[2] == mode]
        if not mine:
            continue
        timed = [row for row in mine if row[3].seconds is not None]
        slowest = max(timed, key=lambda row: row[3].seconds, default=None)
        largest = max(mine, key=lambda row: row[3].peak_mb)
        missed = [row[0] for row in mine if verdict(mode, row[3]) == "MISSED"]
        if slowest:
            took = slowest[3].seconds
            say(f"{mode}: longest {took:.2f} s ({slowest[0]}) beside {TIME_BUDGET:.0f} s")
        budget = f"MISSED by {', '.join(missed)}" if missed else "met by every file"
        say(
            f"{mode}: highest peak {largest[3].peak_mb:.0f} MB ({largest[0]}) beside "
            f"{MEMORY_BUDGET:.0f} MB; budget {budget}"
        )
    say(f"load average {load_average()}")


if __name__ == "__main__":
    main()
