"""What keeping the history costs a BibTeX import and its undo.

Run it from the project directory:

    .venv/bin/python bench/history_bench.py [FILE.bib]

(by default ../shared/data/iridia-references.bib).

For each of "history off" (``SIMPLE_HISTORY_ENABLED = False``) and "history on", twice in
turn, a worker process migrates a fresh temporary SQLite database, installs the CCF
catalogue (not timed), plans the import, then times ``apply_import`` and the undo as the
admin runs it (``undo_import`` inside ``bulk_history``). It prints processor time, which the
machine's other load disturbs less than wall time, and wall time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import ROOT, SHARED, analyze_after_fill, load_average, setup_django

DEFAULT = SHARED / "iridia-references.bib"
RESULT = "HISTORY-BENCH "


def worker(path: Path, history: bool) -> None:
    with tempfile.TemporaryDirectory() as folder:
        setup_django(f"sqlite:///{folder}/bench.sqlite3")
        from django.conf import settings
        from django.core.management import call_command

        settings.SIMPLE_HISTORY_ENABLED = history
        from people.history import bulk_history
        from pubs.bibtex.parse import decode
        from pubs.bibtex.plan import Decisions
        from pubs.imports.apply import bibtex_import_apply
        from pubs.imports.plan import bibtex_import_plan
        from pubs.imports.undo import bibtex_import_undo
        from pubs.services.papers import catalogue_install
        from pubs.venues.catalogue import load_catalogue

        call_command("migrate", verbosity=0)
        catalogue_install(venues=load_catalogue()[0])
        text, _warnings = decode(path.read_bytes())
        planned = bibtex_import_plan(
            text=text, decisions=Decisions(create_venues=True, allow_ambiguous=True)
        )
        times = [(time.process_time(), time.perf_counter())]
        record = bibtex_import_apply(planned=planned, file_name=path.name, source="bench")
        times.append((time.process_time(), time.perf_counter()))
        analyze_after_fill()  # untimed: the database filled, as the undo would find it
        times.append((time.process_time(), time.perf_counter()))
        with bulk_history():
            bibtex_import_undo(record=record)
        times.append((time.process_time(), time.perf_counter()))
        (c0, w0), (c1, w1), (c2, w2), (c3, w3) = times
        result = {
            "papers": record.counts.get("created", 0),
            "apply": [c1 - c0, w1 - w0],
            "undo": [c3 - c2, w3 - w2],
        }
        print(RESULT + json.dumps(result), flush=True)


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    print(f"{path.name}; load average {load_average()}")
    columns = ("papers", "apply cpu", "apply wall", "undo cpu", "undo wall")
    print(f"{'history':8} " + " ".join(f"{name:>10}" for name in columns))
    for history in (False, True, False, True):
        done = subprocess.run(
            [sys.executable, __file__, "--worker", str(path), "on" if history else "off"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).parent)},
        )
        lines = done.stdout.splitlines()
        line = next((text for text in lines if text.startswith(RESULT)), None)
        if line is None:
            print(f"worker failed: {done.stderr.strip()[-500:]}")
            continue
        r = json.loads(line.removeprefix(RESULT))
        cells = [f"{r['papers']:>10}"] + [f"{t:>9.2f}s" for t in (*r["apply"], *r["undo"])]
        print(f"{'on' if history else 'off':8} " + " ".join(cells))
    print(f"load average {load_average()}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--worker":
        worker(Path(sys.argv[2]), sys.argv[3] == "on")
    else:
        main()
