"""Exporting 10,000 papers as BibTeX, beside django-publications 1.2.0's export, in one run.

    .venv/bin/python bench/export_bench.py [--size 10000] [--runs 5] [--no-round-trip]

The data set is ../shared/data/bench/pubs_N.bib (venues.csv gives its venues CCF ranks).
Untimed: it is imported with our importer into a temporary SQLite database (DEBUG=0).
Timed: ``render(export_papers(Paper.objects.all()), "bib")``, reading the database included;
the first run with every cache of the process emptied, then the median of ``--runs``.
Target: ≤ 1.5 s for 10,000 papers, with nothing lost.

Then, untimed, the checks that nothing was lost: the file parses with bibtexparser with no
failed blocks and no duplicate keys; read back by our import's parser, every entry gives the
paper's fields, authors and keywords as the database holds them; and (unless
``--no-round-trip``) importing it into the emptied database and exporting again gives the
same bytes.

django-publications runs in its own virtualenv, the one bench/import_bench.py makes and shares
(~/.cache/labpubs-bench/djpub-venv; made here the same way when missing):
bench/djpub_export.py imports the same file through its admin page (untimed) and times its
BibTeX export (the list page with ?bibtex). Both files are then counted field by field
against the source.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
from collections import Counter
from pathlib import Path

from common import DATA, DJPUB_PYTHON, build, ensure_djpub_venv, setup_django

TARGET_SECONDS = 1.5
#: Fields compared between the source file and each export.
COUNTED = (
    "author", "title", "year", "month", "journal", "booktitle", "editor", "series", "volume",
    "number", "pages", "publisher", "address", "school", "institution", "doi", "url",
    "keywords", "abstract", "note",
)  # fmt: skip


def empty_caches() -> None:
    """The process's cache of parsed names: the import filled it; an export on its own
    starts without."""
    from pubs.bibtex import names

    names.parse_name.cache_clear()


def export_once() -> tuple[float, str]:
    from pubs.models import Paper
    from pubs.queries.exporting import export_papers, render

    start = time.perf_counter()
    text, _ = render(export_papers(Paper.objects.all()), "bib")
    return time.perf_counter() - start, text


def timed(runs: int) -> tuple[float, float, str]:
    empty_caches()
    first, text = export_once()
    times = [export_once()[0] for _ in range(runs)]
    return first, statistics.median(times), text


# -- nothing lost -------------------------------------------------------------------------------


def check_parses(text: str) -> int:
    import bibtexparser

    library = bibtexparser.parse_string(text)
    keys = [entry.key for entry in library.entries]
    assert not library.failed_blocks, f"{len(library.failed_blocks)} failed blocks"
    assert len(keys) == len({key.lower() for key in keys}), "duplicate keys"
    return len(keys)


def check_nothing_lost(text: str) -> int:
    """Every entry, read back by our import's parser, against the paper it was written from.
    Returns the number of entries compared; fails on the first difference."""
    from pubs.bibtex.normalize import normalize
    from pubs.bibtex.parse import parse
    from pubs.models import Paper
    from pubs.queries.exporting import export_papers

    papers = export_papers(Paper.objects.all())
    parsed = parse(text)
    assert not parsed.errors, parsed.errors[:3]
    records = [normalize(entry) for entry in parsed.entries]
    assert len(records) == len(papers)
    scalars = (
        "volume", "number", "pages", "publisher", "address", "editor", "series", "institution",
        "doi", "arxiv_id", "url", "abstract", "kind", "status",
    )  # fmt: skip
    for paper, record in zip(papers, records, strict=True):
        wanted = {
            "title": " ".join(paper.title.split()),
            "year": paper.year,
            "month": paper.month,
            "authors": [(" ".join(a.printed.split()), a.equal) for a in paper.authors],
            "more_authors": paper.more_authors,
            "container": paper.container,
            "keywords": sorted(paper.tags),
            **{name: getattr(paper, name) for name in scalars},
        }
        got = {
            "title": record.title,
            "year": record.year,
            "month": record.month,
            "authors": [(a.printed, a.equal) for a in record.authors],
            "more_authors": record.more_authors,
            "container": record.container or record.extra.get("howpublished", ""),
            "keywords": sorted(record.keywords),
            **{name: getattr(record, name) for name in scalars},
        }
        for name, value in wanted.items():
            assert got[name] == value, (record.key, name, value, got[name])
        for name, value in paper.extra_fields.items():
            assert record.extra.get(name) == value, (record.key, name)
    return len(records)


def check_round_trip(text: str, size: int) -> bool:
    """Import the export into the emptied database and export again: the same bytes?"""
    from people.models import Person
    from pubs.models import Authorship, BibtexImport, Link, Paper, Tag

    for model in (Authorship, Link, BibtexImport, Paper, Tag, Person):
        model.objects.all().delete()
    import_text(text, size)
    return export_once()[1] == text


def import_text(text: str, size: int) -> None:
    from pubs.bibtex.plan import Decisions
    from pubs.imports.apply import bibtex_import_apply
    from pubs.imports.plan import bibtex_import_plan

    decisions = Decisions(allow_ambiguous=True, create_venues=True, skip_invalid=True)
    planned = bibtex_import_plan(text=text, decisions=decisions, max_entries=size * 2)
    bibtex_import_apply(planned=planned, file_name="export.bib", source="bench")


def field_counts(text: str) -> tuple[Counter, int]:
    """How many entries have each field, how many blocks failed, and how many author names
    are written out or in initials only, as bibtexparser and our name parser read them."""
    import bibtexparser

    from pubs.bibtex.names import parse_authors

    library = bibtexparser.parse_string(text)
    counts: Counter = Counter()
    for entry in library.entries:
        counts.update(field.key.lower() for field in entry.fields)
        field = entry.fields_dict.get("author")
        if field is not None:
            authors, _ = parse_authors(str(field.value))
            counts["names"] += len(authors)
            counts["initials only"] += sum(author.is_initials for author in authors)
    counts["entries"] = len(library.entries)
    return counts, len(library.failed_blocks)


# -- django-publications ------------------------------------------------------------------------


def djpub(size: int, runs: int, tmp: Path) -> tuple[dict, str] | None:
    if ensure_djpub_venv(lambda message: print(f"  django-publications: {message}")) is None:
        return None
    output = tmp / "djpub.bib"
    result = subprocess.run(
        [
            str(DJPUB_PYTHON),
            str(Path(__file__).with_name("djpub_export.py")),
            str(DATA / f"pubs_{size}.bib"),
            str(tmp / "djpub.sqlite3"),
            str(output),
            str(runs),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1]), output.read_text(encoding="utf-8")


# -- report -------------------------------------------------------------------------------------


def report_fields(source: str, ours: str, theirs: str | None) -> None:
    counts = {"source": field_counts(source), "labpubs": field_counts(ours)}
    if theirs is not None:
        counts["django-publications"] = field_counts(theirs)
    print(f"\n  entries having each field (bibtexparser's reading; {'/'.join(counts)}):")
    for name in ("entries", *COUNTED):
        row = " / ".join(f"{counts[who][0][name]:>6}" for who in counts)
        print(f"    {name:12} {row}")
    failed = " / ".join(f"{counts[who][1]:>6}" for who in counts)
    print(f"    {'failed':12} {failed}")
    for name in ("names", "initials only"):
        row = " / ".join(f"{counts[who][0][name]:>6}" for who in counts)
        print(f"    {name:12} {row}   (author names)")


def ours(size: int, runs: int) -> tuple[float, str]:
    """Import (untimed), export (timed), check; the median export time and the file."""
    start = time.perf_counter()
    from pubs.models import Paper

    build(size)
    papers = Paper.objects.count()
    print(f"== BibTeX export of pubs_{size}.bib (SQLite, DEBUG=0)")
    print(f"  labpubs: {papers} papers imported in {time.perf_counter() - start:.1f} s, untimed")
    first, median, text = timed(runs)
    verdict = "within" if first <= TARGET_SECONDS else "OVER"
    print(
        f"  labpubs export: first {first:.2f} s (caches empty), median of {runs} "
        f"{median:.2f} s, {len(text) / 1e6:.1f} MB — {verdict} the {TARGET_SECONDS} s target"
    )
    print(f"    parses: {check_parses(text)} entries, no failed blocks, no duplicate keys")
    compared = check_nothing_lost(text)
    print(f"    nothing lost: {compared} entries read back as the database holds them")
    return median, text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-round-trip", action="store_true")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (timings need an otherwise idle machine)")
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(f"sqlite:///{tmp}/export.sqlite3")
        median, text = ours(args.size, args.runs)
        peer = djpub(args.size, min(args.runs, 3), Path(tmp))
        if peer is not None:
            result = peer[0]
            print(
                f"  django-publications 1.2.0 export: first {result['first_s']:.2f} s, median "
                f"{result['median_s']:.2f} s, {result['papers']} papers, "
                f"{result['bytes'] / 1e6:.1f} MB → ours {result['median_s'] / median:.1f}× faster"
            )
        source = (DATA / f"pubs_{args.size}.bib").read_text(encoding="utf-8")
        report_fields(source, text, peer[1] if peer else None)
        if not args.no_round_trip:
            same = "same bytes" if check_round_trip(text, args.size) else "DIFFERENT"
            print(f"\n  export → import into the emptied database → export: {same}")


if __name__ == "__main__":
    main()
