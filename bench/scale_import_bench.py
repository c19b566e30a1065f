"""Importing at department scale (issue #34): the five 20,000-entry chunks of the 100,000-entry
data set (bench/dataset_100k.py) one after the other into one database, each chunk's time and
peak memory, and who is who against the truth after all of them.

    SHARED_DATA=/work/shared/data .venv/bin/python bench/scale_import_bench.py \
        [--databases postgresql sqlite] [--chunks 5] [--timeout 3600] [--tree PATH]
        [--python PATH] [--readme]

Each chunk is imported by ``python manage.py import_bibtex CHUNK --create-venues
--allow-ambiguous --skip-invalid`` in a process of its own, timed as bench/import_bench.py
times it (wall time, processor time, peak RSS), into the database the chunks before filled
(made afresh: ``migrate`` and ``loaddata ccf_venues``), then ``ANALYZE`` (PostgreSQL). The
budget: at most 300 MB peak for a chunk into 80,000 papers or more. After the last chunk the
truth file says how many pairs of people were merged wrongly and split wrongly, and of which
hard case: a look-alike merged with the person it looks like, a name written another way
split from its person (see dataset_100k.py). With --readme the table goes into
bench/README.md between its ``scale_import_bench`` markers.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from common import CACHE, ROOT, analyze_after_fill, load_average, readme_section
from import_bench import ENGINES, OUR_FLAGS, Ours, database_rows, pg_ready, timed

MEMORY_BUDGET_MB = 300
SIZE = 100_000


def say(message: str) -> None:
    print(message, flush=True)


def chunk_paths(chunks: int) -> list[Path]:
    paths = [CACHE / f"pubs_{SIZE}_{number}.bib" for number in range(1, chunks + 1)]
    if not all(path.exists() for path in paths):
        say("building the data set (bench/dataset_100k.py)")
        subprocess.run(
            [sys.executable, str(Path(__file__).with_name("dataset_100k.py"))], check=True
        )
    return paths


def hard_cases(url: str) -> dict[str, Counter]:
    """Pairs of true people merged into one of ours and true people split over several of
    ours, by the hard case that explains them ("none": not one of them)."""
    truth, variants = {}, {}
    with (CACHE / f"pubs_{SIZE}.truth.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            truth[row["key"]] = row["person_ids"]
            for position, how in row.get("variants", {}).items():
                variants[row["key"], int(position)] = how
    with (CACHE / f"people_{SIZE}.csv").open(encoding="utf-8") as f:
        how_alike = {int(row["id"]): row["how"] for row in csv.DictReader(f)}
    rows = database_rows(
        url,
        "SELECT p.citation_key, a.position, a.person_id FROM pubs_authorship a"
        " JOIN pubs_paper p ON p.id = a.paper_id",
    )
    ours_to_true = defaultdict(set)
    true_to_ours: dict[int, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for key, position, person in rows:
        ids = truth.get(key)
        if ids and 1 <= position <= len(ids):
            ours_to_true[person].add(ids[position - 1])
            true_to_ours[ids[position - 1]][person].append((key, position))
    merged, split = Counter(), Counter()
    for ids in ours_to_true.values():
        if len(ids) > 1:
            hows = sorted({how_alike.get(pid) for pid in ids} - {"", None})
            merged["look-alike " + "/".join(hows) if hows else "none"] += len(ids) - 1
    for ours in true_to_ours.values():
        if len(ours) > 1:
            occurrences = [o for found in ours.values() for o in found]
            hows = sorted({variants.get(o) for o in occurrences} - {None})
            split["written " + "/".join(hows) if hows else "none"] += len(ours) - 1
    return {"merged": merged, "split": split}


def run(engine: str, tree: Path, python: str, chunks: int, timeout: float, tmp: Path) -> list:
    ours = Ours(tree, python, engine, tmp)
    url = ours.database.fresh()
    rows = []
    for number, path in enumerate(chunk_paths(chunks), start=1):
        load = load_average()
        say(f"{ENGINES[engine]}, chunk {number}: load {load}")
        command = [python, "manage.py", "import_bibtex", str(path), *OUR_FLAGS, "--seconds", "3600"]
        done = timed(command, tree, Ours.env(url), timeout)
        papers = database_rows(url, "SELECT count(*) FROM pubs_paper")[0][0]
        if done.returncode != 0:
            say(f"  failed: {' | '.join(done.output.strip().splitlines()[-2:])}")
            rows.append((number, None, papers, load))
            break
        analyze_after_fill(url)
        figures = f"{done.seconds:.0f} s (cpu {done.cpu:.1f} s), {done.peak_mb:.0f} MB"
        say(f"  {figures}, {papers:,} papers")
        rows.append((number, done, papers, load))
    cases = hard_cases(url)
    ours.database.drop()
    return [rows, cases]


def table(engine: str, rows: list, cases: dict[str, Counter]) -> list[str]:
    lines = [
        f"{ENGINES[engine]}:",
        "",
        "| chunk | papers after | time (cpu) | peak | ≤ 300 MB | load |",
        "|---|---|---|---|---|---|",
    ]
    for number, done, papers, load in rows:
        if done is None:
            lines.append(f"| {number} | {papers:,} | failed | | | {load} |")
            continue
        budget = "met" if done.peak_mb <= MEMORY_BUDGET_MB else "MISSED"
        budget = budget if papers > 80_000 else "—"
        lines.append(
            f"| {number} | {papers:,} | {done.seconds:.0f} s ({done.cpu:.1f} s) |"
            f" {done.peak_mb:.0f} MB | {budget} | {load} |"
        )
    for what in ("merged", "split"):
        found = cases[what]
        detail = ", ".join(f"{how} {count}" for how, count in sorted(found.items())) or "none"
        lines += ["", f"Pairs {what} wrongly against the truth: {sum(found.values())} ({detail})."]
    return [*lines, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--databases", nargs="+", choices=list(ENGINES), default=["postgresql"])
    parser.add_argument("--chunks", type=int, default=5)
    parser.add_argument("--timeout", type=float, default=3600)
    parser.add_argument("--tree", type=Path, default=ROOT)
    parser.add_argument("--python", default="")
    parser.add_argument("--readme", action="store_true")
    args = parser.parse_args()
    tree = args.tree.resolve()
    python = args.python or str(tree / ".venv" / "bin" / "python")
    commit = subprocess.run(
        ["git", "-C", str(tree), "log", "-1", "--format=%h"], capture_output=True, text=True
    ).stdout.strip()
    if "postgresql" in args.databases and not pg_ready():
        say("PostgreSQL does not answer on 127.0.0.1:5432: SQLite only")
        args.databases = ["sqlite"]
    lines = [
        f"`scale_import_bench.py` at {commit}: each 20,000-entry chunk of the 100,000-entry data"
        " set into the database the chunks before filled; time: wall (cpu of the process),"
        " peak RSS; load: the load average at the chunk's start.",
        "",
    ]
    with tempfile.TemporaryDirectory(prefix="scale-import-") as tmp:
        for engine in args.databases:
            rows, cases = run(engine, tree, python, args.chunks, args.timeout, Path(tmp))
            lines += table(engine, rows, cases)
    for line in lines:
        say(line)
    if args.readme:
        written = readme_section("scale_import_bench", lines)
        say("bench/README.md: table written" if written else "bench/README.md: no markers")


if __name__ == "__main__":
    main()
