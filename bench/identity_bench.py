"""One work, one entry; one human, one person (issue #31): what an import of a real
bibliography leaves in the database, for one checkout or several side by side.

    SHARED_DATA=/work/shared/data .venv/bin/python bench/identity_bench.py \
        --tree /work/wt/before --tree .
        [--runs 1] [--files iridia-references.bib evobib.bib bibliotex.bib pubs_10000.bib]
        [--timeout 300] [--python TREE=PYTHON]

Each file is imported whole into a fresh SQLite database (a copy of one where ``migrate``
and ``loaddata ccf_venues`` ran, untimed) by ``python manage.py import_bibtex FILE
--create-venues --allow-ambiguous --skip-invalid -v 2`` run in the tree (its own
``.venv``, or the interpreter given with --python), timed as bench/import_bench.py times
it: the wall time of the process and its peak RSS (ru_maxrss from wait4); the trees take
turns, run after run, and the table gives the median time (with its range) and the highest
peak. The database of a tree's first run is then measured by this checkout (brought to its
schema with ``migrate``), the same way for every tree:

- **listed twice**: pairs of papers not linked as versions (directly or through other
  versions) with very similar titles (below) and an author family name in common;
- **versions linked**: pairs of papers linked as versions (Paper.versions, each pair once);
- **silent merges**: entries whose paper's stored title disagrees with the entry's own title
  (token-set similarity under 60: not the same work) and for which the import printed no
  warning; the entry's paper is the one the import's report (``-v 2``) says it went to;
- **look-alike people**: the count of ``manage.py lookalike_report`` of this checkout
  (pairs that look like one human), and its count of papers that look like versions of one
  work and are not linked;
- for pubs_10000.bib, instead: its truth file's check (people merged and split wrongly).

"Very similar titles": rapidfuzz's token_sort_ratio of the folded titles (case and accents
off, anything but letters and digits a space) at least 90. The figures come out as a
Markdown table, one row a file and tree.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from common import DATA, ROOT, SHARED, load_average, setup_django
from import_bench import OUR_FLAGS, Ours, Run, match_counts, timed

BENCH = Path(__file__).resolve().parent
FILES = {
    "iridia-references.bib": SHARED / "iridia-references.bib",
    "evobib.bib": BENCH / "data" / "evobib.bib",
    "bibliotex.bib": BENCH / "data" / "bibliotex.bib",
    "pubs_10000.bib": DATA / "pubs_10000.bib",
}
TRUTH = {"pubs_10000.bib": DATA / "pubs_10000.truth.jsonl"}
SIMILAR = 90  # token_sort_ratio of folded titles: "very similar"
DISAGREE = 60  # token_set_ratio of folded titles below this: not the same work


def say(message: str) -> None:
    print(message, flush=True)


# -- the measures (pure) --------------------------------------------------------------------


def fold_title(title: str) -> str:
    """A title as the measures compare it: case and accents off, anything but letters and
    digits a space."""
    from pubs.text import without_accents

    return " ".join(re.sub(r"[^\w]+|_", " ", without_accents(title).casefold()).split())


def version_groups(links: Iterable[tuple[int, int]]) -> dict[int, int]:
    """Each linked paper's group: papers linked as versions, directly or through others."""
    parent: dict[int, int] = {}

    def root(paper: int) -> int:
        parent.setdefault(paper, paper)
        while parent[paper] != paper:
            parent[paper] = parent[parent[paper]]
            paper = parent[paper]
        return paper

    for first, second in links:
        parent[root(first)] = root(second)
    return {paper: root(paper) for paper in parent}


def listed_twice(
    titles: dict[int, str], families: dict[int, set[str]], links: Iterable[tuple[int, int]]
) -> list[tuple[int, int]]:
    """Pairs of papers (ids, the smaller first) with very similar titles and an author
    family name in common that are not versions of each other."""
    from rapidfuzz import fuzz, process

    group = version_groups(links)
    folded = {paper: fold_title(title) for paper, title in titles.items()}
    by_family: dict[str, list[int]] = defaultdict(list)
    for paper in sorted(titles):
        for family in families.get(paper, ()):
            by_family[family].append(paper)
    pairs = set()
    for papers in by_family.values():
        for index, paper in enumerate(papers[:-1]):
            others = papers[index + 1 :]
            choices = [folded[other] for other in others]
            found = process.extract(
                folded[paper],
                choices,
                scorer=fuzz.token_sort_ratio,
                score_cutoff=SIMILAR,
                limit=None,
            )
            for _, _, at in found:
                other = others[at]
                if group.get(paper, paper) != group.get(other, other) and folded[paper]:
                    pairs.add((paper, other))
    return sorted(pairs)


def titles_disagree(first: str, second: str) -> bool:
    """Whether two titles are not the same work's (retitled versions share most words); a
    title of no letters or digits ("???") disagrees with nothing."""
    from rapidfuzz import fuzz

    first, second = fold_title(first), fold_title(second)
    return bool(first and second) and fuzz.token_set_ratio(first, second) < DISAGREE


@dataclass
class Report:
    """What ``import_bibtex -v 2`` printed of each entry."""

    created: set[str] = field(default_factory=set)  # keys of entries that made a paper
    same_as: dict[str, str] = field(default_factory=dict)  # key -> the entry it joined
    elsewhere: set[str] = field(default_factory=set)  # already there, invalid, skipped...
    warned: set[str] = field(default_factory=set)  # keys a warning names


ENTRY_LINE = re.compile(r"^ {4}line \d+, (?P<key>.+?): (?P<what>.*)$")
SAME_AS = re.compile(r"^the same paper as (?P<other>\S+) in this file")


def read_report(text: str, keys: Iterable[str]) -> Report:
    """The entries' outcomes and the keys named by warnings, from the report's ``entries``
    and ``warnings`` sections."""
    known = set(keys)
    report, section = Report(), ""
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("   ") and line.rstrip().endswith(":"):
            section = line.strip().rstrip(":")
            continue
        if not line.startswith("    "):
            continue  # a count, or a line logged while planning
        if section == "entries" and (entry := ENTRY_LINE.match(line)):
            key, what = entry["key"], entry["what"]
            if what.startswith("create"):
                report.created.add(key)
            elif same := SAME_AS.match(what):
                report.same_as[key] = same["other"]
            else:
                report.elsewhere.add(key)
        elif section == "warnings":
            words = {word.strip(",;:()“”\"'.") for word in line.split()}
            words |= {word.strip(",;:()“”\"'") for word in line.split()}
            report.warned |= words & known
    return report


def silent_merges(
    entry_titles: dict[str, str], report: Report, stored_titles: dict[str, str]
) -> tuple[list[tuple[str, str, str]], int]:
    """Entries (key, its title, its paper's title) that went into a paper of another work
    with no warning naming them, and how many entries could not be traced to a paper.
    ``stored_titles``: a paper's stored title by the key of the entry that created it."""
    merges, untraced = [], 0
    for key, title in entry_titles.items():
        if key in report.elsewhere:
            continue
        creator, seen = key, set()
        while creator in report.same_as and creator not in seen:
            seen.add(creator)
            creator = report.same_as[creator]
        stored = stored_titles.get(creator)
        if stored is None:
            untraced += key in report.same_as or key in report.created
            continue
        if key not in report.warned and titles_disagree(title, stored):
            merges.append((key, title, stored))
    return merges, untraced


def count_after(pattern: str, text: str) -> int | None:
    found = re.search(pattern, text)
    return int(found.group(1).replace(",", "")) if found else None


# -- measuring a database (this checkout, in a process of its own) --------------------------


@dataclass
class Figures:
    entries: int = 0
    papers: int = 0
    listed_twice: int = 0
    versions_linked: int = 0
    silent_merges: int = 0
    untraced: int = 0
    lookalike_people: int | None = None
    lookalike_papers: int | None = None
    examples: dict[str, list] = field(default_factory=dict)


def measure_database(path: Path, report_text: str) -> Figures:
    """The measures on the database Django is set up on, which imported ``path`` and
    printed ``report_text``."""
    from io import StringIO

    from django.core.management import call_command

    from pubs.bibtex.parse import decode
    from pubs.bibtex.people_match import fold
    from pubs.models import Authorship, Paper

    text, _ = decode(path.read_bytes(), max_bytes=1 << 30)
    entry_titles = _entry_titles(text)
    papers = dict(Paper.objects.values_list("pk", "title"))
    creators = dict(Paper.objects.values_list("citation_key", "title"))
    families: dict[int, set[str]] = defaultdict(set)
    for paper, family in Authorship.objects.values_list("paper_id", "person__family_name"):
        families[paper].add(fold(family))
    through = Paper.versions.through
    links = {tuple(sorted(pair)) for pair in through.objects.values_list("from_paper", "to_paper")}
    twice = listed_twice(papers, families, links)
    report = read_report(report_text, entry_titles)
    merges, untraced = silent_merges(entry_titles, report, creators)
    out = StringIO()
    call_command("lookalike_report", limit=0, stdout=out)
    lookalike = out.getvalue()
    return Figures(
        entries=len(entry_titles),
        papers=len(papers),
        listed_twice=len(twice),
        versions_linked=len(links),
        silent_merges=len(merges),
        untraced=untraced,
        lookalike_people=count_after(r"look like one human[^:]*: ([\d,]+)", lookalike),
        lookalike_papers=count_after(r"versions of one work[^:]*: ([\d,]+)", lookalike),
        examples={
            "listed twice": [[papers[a], papers[b]] for a, b in twice[:5]],
            "silent merges": [list(merge) for merge in merges[:5]],
        },
    )


def _entry_titles(text: str) -> dict[str, str]:
    from pubs.bibtex.normalize import parse_and_normalize

    _, records = parse_and_normalize(text, max_entries=1_000_000, max_authors=10**9)
    return {record.key: record.title for record in records}


def measure_main(url: str, path: str, report_path: str) -> None:
    """The ``measure`` subcommand: the figures of one database, as JSON on the last line."""
    setup_django(url)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)  # an older tree's database, to this one's schema
    report = Path(report_path).read_text(encoding="utf-8")
    print(json.dumps(asdict(measure_database(Path(path), report)), ensure_ascii=False))


# -- the runs -------------------------------------------------------------------------------


@dataclass
class Result:
    tree: str
    file: str
    runs: list[Run] = field(default_factory=list)
    failure: str = ""
    figures: Figures | None = None
    truth: str = ""

    def seconds(self) -> str:
        if not self.runs:
            return "—"
        times = [run.seconds for run in self.runs]
        spread = f" ({min(times):.1f}–{max(times):.1f})" if len(times) > 1 else ""
        return f"{statistics.median(times):.1f} s{spread}"

    def peak(self) -> str:
        return f"{max(run.peak_mb for run in self.runs):.0f} MB" if self.runs else "—"


@dataclass
class Tree:
    """A checkout to measure: its name (short commit), interpreter and migrated database."""

    path: Path
    python: str
    directory: Path

    def __post_init__(self) -> None:
        commit = subprocess.run(
            ["git", "-C", str(self.path), "log", "-1", "--format=%h"],
            capture_output=True,
            text=True,
        ).stdout.strip()
        self.name = commit or self.path.name
        say(f"{self.name}: {self.path} with {self.python}")
        self.directory.mkdir()
        self.ours = Ours(self.path, self.python, "sqlite", self.directory)

    def run(self, result: Result, number: int, timeout: float) -> None:
        """One timed import of ``result.file`` into a fresh database; the first measured."""
        url = self.ours.database.fresh()
        command = [self.python, "manage.py", "import_bibtex", str(FILES[result.file])]
        run = timed([*command, *OUR_FLAGS, "-v", "2"], self.path, Ours.env(url), timeout)
        if run.returncode is None:
            result.failure = f"timed out after {timeout:.0f} s"
        elif run.returncode != 0 or "Imported " not in run.output:
            result.failure = "failed: " + " | ".join(run.output.strip().splitlines()[-2:])
        if result.failure:
            say(f"    {self.name}: {result.failure}")
            return
        result.runs.append(run)
        say(f"    {self.name}: {run.seconds:.1f} s, {run.peak_mb:.0f} MB")
        if number == 1:
            measure_run(result, url, run.output, self.directory)


def run_all(trees: list[Tree], labels: list[str], runs: int, timeout: float) -> list[Result]:
    """Every file into every tree, the trees taking turns run after run, so that a slow
    spell of the machine falls on all of them alike."""
    results = []
    for label in labels:
        row = [Result(tree.name, label) for tree in trees]
        for number in range(1, runs + 1):
            say(f"  {label}, run {number}: load {load_average()}")
            for tree, result in zip(trees, row, strict=True):
                if not result.failure:
                    tree.run(result, number, timeout)
        results += row
    return results


def measure_run(result: Result, url: str, output: str, tmp: Path) -> None:
    """The database of the first run measured by this checkout (or checked against the
    truth file, for pubs_10000.bib)."""
    if result.file in TRUTH:
        counts = match_counts(url, TRUTH[result.file])
        result.truth = (
            f"{counts.people:,} people for {counts.true_people:,} true; merged wrongly "
            f"{counts.merged}, split wrongly {counts.split}"
        )
        say(f"    {result.truth}")
        return
    report = tmp / "report.txt"
    report.write_text(output, encoding="utf-8")
    command = [sys.executable, __file__, "measure", url, str(FILES[result.file]), str(report)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        result.failure = "not measured: " + done.stderr.strip()[-500:]
        say(f"    {result.failure}")
        return
    result.figures = Figures(**json.loads(lines[-1]))
    say(f"    {json.dumps(asdict(result.figures), ensure_ascii=False)[:2000]}")


def table(results: list[Result]) -> list[str]:
    head = (
        "| file | tree | entries | papers | listed twice | versions linked | silent merges "
        "| look-alike people | look-alike papers (report) | import time | peak memory |"
    )
    lines = [head, "|" + "---|" * 11]
    for result in results:
        figures = result.figures
        if figures is None:
            cells = [result.truth or result.failure or "—"] + [""] * 6
        else:
            cells = [
                f"{figures.entries:,}",
                f"{figures.papers:,}",
                f"{figures.listed_twice:,}",
                f"{figures.versions_linked:,}",
                f"{figures.silent_merges:,}"
                + (f" ({figures.untraced:,} untraced)" if figures.untraced else ""),
                _count(figures.lookalike_people),
                _count(figures.lookalike_papers),
            ]
        row = [result.file, result.tree, *cells, result.seconds(), result.peak()]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def _count(value: int | None) -> str:
    return "?" if value is None else f"{value:,}"


def main() -> None:
    if sys.argv[1:2] == ["measure"]:
        measure_main(*sys.argv[2:5])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, action="append", help="a checkout (repeatable)")
    parser.add_argument(
        "--python", action="append", default=[], metavar="TREE=PYTHON", help="a tree's python"
    )
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--files", nargs="+", choices=list(FILES), default=list(FILES))
    args = parser.parse_args()
    pythons = {Path(t).resolve(): p for t, _, p in (x.partition("=") for x in args.python)}
    say(f"load average {load_average()}")
    with tempfile.TemporaryDirectory(prefix="identity-bench-") as tmp:
        paths = [t.resolve() for t in (args.tree or [ROOT])]
        trees = [
            Tree(path, pythons.get(path) or str(path / ".venv/bin/python"), Path(tmp, f"t{n}"))
            for n, path in enumerate(paths)
        ]
        results = run_all(trees, args.files, args.runs, args.timeout)
    say(f"\nload average {load_average()}\n")
    for line in table(results):
        say(line)
    for result in results:
        for what, examples in (result.figures.examples if result.figures else {}).items():
            for example in examples:
                say(f"{result.file}, {result.tree}, {what}: {example}")


if __name__ == "__main__":
    main()
