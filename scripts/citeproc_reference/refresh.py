"""Refresh the citeproc-js reference citations of tests/data/csl/reference/.

    (cd scripts/citeproc_reference && npm ci)
    .venv/bin/python scripts/citeproc_reference/refresh.py
    .venv/bin/python scripts/citeproc_reference/refresh.py --corpus

With ``--corpus``: the files of the corpus (corpus.py, tests/data/corpus/README.md)
imported with the real import (``manage.py import_bibtex --skip-invalid
--allow-ambiguous``) into a temporary SQLite database, every paper's CSL item formatted
alone by citeproc-js (text) and by ``pubs.export.citations``, and the share of papers each
style prints exactly as citeproc-js printed, per style. It writes what citeproc-js printed
to tests/data/csl/corpus.json.gz, which tests/exporting/test_citeproc_corpus.py holds the
styles to.

What it formats: every paper of the demo data (fixtures/ccf_venues.json and demo.json,
loaded into a temporary SQLite database) and the edge cases of
tests/exporting/citation_cases.py, each as the CSL item ``pubs.export.csljson`` gives the
citation styles (``cited=True``). How: citeproc-js (render.js, the version package-lock.json
pins, run with the machine's Node.js) with the CSL styles and locales of tests/data/csl/styles
and tests/data/csl/locales. GB/T 7714 is formatted with the multilingual layout its style
file carries commented out (``<layout locale="en">``), which citeproc-js reads: English
entries say "et al.", Chinese ones "等".

What it writes: tests/data/csl/reference/items.json (what was formatted: the CSL item and
whether its author list goes on, by the paper's slug) and one file per style with each
paper formatted alone (text and HTML, as the paper page's cite box shows it) and the two
lists formatted whole (the demo data in the order of the lists, the edge cases), with the
year suffixes citeproc-js gave. tests/exporting/test_citeproc_reference.py compares
``pubs.export.citations`` with them, without Node.js.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CSL = ROOT / "tests" / "data" / "csl"
REFERENCE = CSL / "reference"
CORPUS_REFERENCE = CSL / "corpus.json.gz"
CORPUS_DIFFERENCES = CSL / "corpus_differences.json"
#: Our name of each style -> its file in tests/data/csl/styles.
STYLE_FILES = {
    "ieee": "ieee.csl",
    "acm": "association-for-computing-machinery.csl",
    "apa": "apa.csl",
    "gbt7714": "china-national-standard-gb-t-7714-2015-numeric.csl",
    "chicago": "chicago-author-date.csl",
}
#: The GB/T 7714 style's multilingual layout, commented out in the file.
GBT_MULTILINGUAL = (
    '<!-- <layout suffix="." locale="en">',
    '<layout suffix="." locale="en">',
    "</layout>\n    -->",
    "</layout>",
)


def style_xml(name: str) -> str:
    xml = (CSL / "styles" / STYLE_FILES[name]).read_text(encoding="utf-8")
    if name == "gbt7714":
        opening, opened, closing, closed = GBT_MULTILINGUAL
        if opening not in xml or closing not in xml:
            raise SystemExit("the GB/T 7714 style no longer carries its multilingual layout")
        xml = xml.replace(opening, opened, 1).replace(closing, closed, 1)
    return xml


def locales() -> dict[str, str]:
    return {
        path.stem.removeprefix("locales-"): path.read_text(encoding="utf-8")
        for path in sorted((CSL / "locales").glob("locales-*.xml"))
    }


def demo_papers() -> list:
    """The demo data as the exports read it, from a temporary SQLite database."""
    from django.core.management import call_command

    from pubs.models import Paper
    from pubs.queries.exporting import export_papers

    call_command("migrate", verbosity=0)
    call_command("loaddata", "ccf_venues", "demo", verbosity=0)
    return export_papers(Paper.objects.all())


def corpus_papers() -> list:
    """The corpus as the exports read it, imported into a temporary SQLite database."""
    from corpus import FILES
    from django.core.management import call_command

    from pubs.models import Paper
    from pubs.queries.exporting import export_papers

    call_command("migrate", verbosity=0)
    call_command("loaddata", "ccf_venues", verbosity=0)
    files = [str(path) for path in FILES]
    call_command("import_bibtex", *files, "--skip-invalid", "--allow-ambiguous", verbosity=0)
    return export_papers(Paper.objects.order_by("pk"))


def cases(papers: list) -> list[dict]:
    from pubs.export.csljson import csl_items

    found = []
    for paper, item in zip(papers, csl_items(papers, cited=True), strict=True):
        item["id"] = paper.slug
        found.append({"id": paper.slug, "item": item, "shortened": paper.more_authors})
    return found


def citeproc_version() -> str:
    lock = json.loads((HERE / "package-lock.json").read_text(encoding="utf-8"))
    return lock["packages"]["node_modules/citeproc"]["version"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--corpus", action="store_true", help="render and measure the corpus")
    if not (HERE / "node_modules" / "citeproc").exists():
        raise SystemExit(f"citeproc-js is not installed: run `npm ci` in {HERE}")
    sys.path.insert(0, str(ROOT))
    if parser.parse_args().corpus:
        corpus()
        return
    with tempfile.TemporaryDirectory() as directory:
        os.environ["DATABASE_URL"] = f"sqlite:///{directory}/reference.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from tests.exporting.citation_cases import CASES

        demo = cases(demo_papers())
        edge = cases(list(CASES))
    every = demo + edge
    slugs = [case["id"] for case in every]
    duplicates = sorted({slug for slug in slugs if slugs.count(slug) > 1})
    if duplicates:
        raise SystemExit(f"slugs used twice: {duplicates}")
    request = {
        "styles": {name: style_xml(name) for name in STYLE_FILES},
        "locales": locales(),
        "cases": every,
        "lists": {"demo": [c["id"] for c in demo], "edge": [c["id"] for c in edge]},
    }
    response = render(request)
    REFERENCE.mkdir(exist_ok=True)
    items = {case["id"]: {"item": case["item"], "shortened": case["shortened"]} for case in every}
    write(REFERENCE / "items.json", {**request["lists"], "items": items})
    version = citeproc_version()
    for name, result in response.items():
        write(
            REFERENCE / f"{name}.json",
            {"citeproc-js": version, "style": STYLE_FILES[name], **result},
        )
    print(f"Wrote {len(every)} papers in {len(response)} styles to {REFERENCE}.")


def render(request: dict) -> dict:
    """What citeproc-js (render.js) prints for the request."""
    rendered = subprocess.run(
        ["node", str(HERE / "render.js")],
        input=json.dumps(request, ensure_ascii=False),
        capture_output=True,
        text=True,
        check=True,
        cwd=HERE,
    )
    return json.loads(rendered.stdout)


def corpus() -> None:
    """Import the corpus, render it with citeproc-js and with our styles, print the share
    of exact matches per style and write what citeproc-js printed."""
    with tempfile.TemporaryDirectory() as directory:
        os.environ["DATABASE_URL"] = f"sqlite:///{directory}/corpus.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        every = cases(corpus_papers())
    from pubs.export import citations
    from pubs.export.styles import Item

    request = {
        "styles": {name: style_xml(name) for name in STYLE_FILES},
        "locales": locales(),
        "cases": every,
        "lists": {},
        "forms": ["text"],
    }
    response = render(request)
    printed = {
        # An item a style lists no entry for (APA's personal communications): "" printed.
        name: {slug: entry.get("text", "") for slug, entry in result["entries"].items()}
        for name, result in response.items()
    }
    version = citeproc_version()
    print(f"{len(every)} papers of the corpus; exact matches with citeproc-js {version}:")
    differences: dict[str, dict[str, str]] = {}
    for name, texts in printed.items():
        label = "[1]" if citations.STYLES[name].numbered else ""
        differences[name] = {}
        for case in every:
            ours = citations.entry(label, Item(case["item"], case["shortened"]), name)
            ours = f"{ours}\n" if ours else ""  # an item the style lists no entry for
            if ours != texts[case["id"]]:
                differences[name][case["id"]] = reason(case["item"], ours, texts[case["id"]])
        same = len(every) - len(differences[name])
        print(f"  {name:8} {same:5} of {len(every)}  {100 * same / len(every):.1f}%")
    write(CORPUS_DIFFERENCES, {name: dict(sorted(d.items())) for name, d in differences.items()})
    # The abstracts, which no style prints, are left out of the file written.
    items = {
        case["id"]: {"item": without_abstract(case["item"]), "shortened": case["shortened"]}
        for case in every
    }
    reference = {"citeproc-js": version, "items": items, "styles": printed}
    data = json.dumps(reference, ensure_ascii=False, sort_keys=True, indent=0).encode()
    # No time or name in the gzip header: the same reference gives the same bytes.
    with CORPUS_REFERENCE.open("wb") as raw, gzip.GzipFile("", "wb", fileobj=raw, mtime=0) as file:
        file.write(data)
    print(f"Wrote {CORPUS_REFERENCE.relative_to(ROOT)}.")


def reason(item: dict, ours: str, theirs: str) -> str:
    """Why our entry differs from citeproc-js's, by rules on the two texts (the reasons of
    tests/exporting/test_citeproc_corpus.py): the first that applies."""
    start = item.get("title", "")[:12]
    if (
        start
        and start in ours
        and start in theirs
        and (ours.split(start, 1)[0] != theirs.split(start, 1)[0])
    ):
        return "names"
    if '"' in item.get("title", "") and "\u2018" in theirs:
        return "quotes"
    if ours.lower() == theirs.lower():
        return "title-case"
    if ours.replace("\u2013", "-").replace("pp. ", "p. ") == theirs.replace("\u2013", "-").replace(
        "pp. ", "p. "
    ).replace("--", "-"):
        return "pages"
    volume = str(item.get("volume", ""))
    if volume and not volume.strip().isdigit():
        return "volume-title"
    return "other"


def without_abstract(item: dict) -> dict:
    return {name: value for name, value in item.items() if name != "abstract"}


def write(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
