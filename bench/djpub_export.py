"""django-publications 1.2.0's BibTeX export, timed (run by bench/export_bench.py).

Runs in django-publications' own virtualenv (~/.cache/labpubs-bench/djpub-venv, Django 4.2):

    djpub-venv/bin/python bench/djpub_export.py BIBFILE DATABASE OUTPUT [RUNS]

It imports BIBFILE through django-publications' admin import page (untimed), then times its
BibTeX export, the list page with ``?bibtex`` (every publication, newest first), with Django's
test client, and writes the last export to OUTPUT. Prints one JSON line: papers imported,
seconds of the first export and the median of RUNS, bytes written.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

from djpub_site import configure, load


def export(runs: int, output: Path) -> list[float]:
    from django.test import Client

    client = Client()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get("/?bibtex")
        content = response.content
        times.append(time.perf_counter() - start)
        assert response.status_code == 200
    output.write_bytes(content)
    return times


def main() -> None:
    bibfile, database, output = (Path(arg) for arg in sys.argv[1:4])
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    configure(database)
    papers = load(bibfile)
    times = export(runs, output)
    result = {
        "papers": papers,
        "first_s": times[0],
        "median_s": statistics.median(times),
        "bytes": output.stat().st_size,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
