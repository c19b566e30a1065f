"""The corpus: public bibliographies of other fields, taken whole, that the citation styles
are measured on (tests/data/corpus/README.md says where each comes from).

    .venv/bin/python scripts/citeproc_reference/corpus.py

prints the entries of each file by the kinds the corpus must hold (articles, proceedings
papers, books, chapters, theses, reports, misc and online) and how many have a title in
Chinese script. refresh.py --corpus imports the files and renders them.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The files of the corpus, in the order they are imported.
FILES = (
    ROOT / "bench" / "data" / "evobib.bib",
    ROOT / "bench" / "data" / "bibliotex.bib",
    ROOT / "tests" / "data" / "corpus" / "gbt7714-examples.bib",
)
#: The groups the corpus is counted in, and the entry types of each.
GROUPS = {
    "article": ("article",),
    "proceedings paper": ("inproceedings", "conference"),
    "book": ("book", "booklet", "collection", "proceedings", "mvbook", "reference"),
    "chapter": ("incollection", "inbook", "inreference"),
    "thesis": ("phdthesis", "mastersthesis", "thesis"),
    "report": ("techreport", "report"),
    "misc/online": ("misc", "online", "electronic", "www", "software", "dataset", "unpublished"),
}
GROUP_OF = {entry_type: group for group, types in GROUPS.items() for entry_type in types}


def counts(path: Path) -> Counter:
    """The file's entries by group ("other" for the rest), and "chinese" for the entries
    whose title or author is in Chinese script."""
    from pubs.bibtex.parse import parse
    from pubs.text import is_chinese

    parsed = parse(path.read_text(encoding="utf-8"), max_entries=100_000)
    found: Counter = Counter()
    for entry in parsed.entries:
        found[GROUP_OF.get(entry.entry_type, "other")] += 1
        found["entries"] += 1
        fields = entry.fields
        if is_chinese(fields.get("title", "")) or is_chinese(fields.get("author", "")):
            found["chinese"] += 1
    return found


def main() -> None:
    sys.path.insert(0, str(ROOT))
    columns = ["entries", *GROUPS, "other", "chinese"]
    every: Counter = Counter()
    print("| file | " + " | ".join(columns) + " |")
    print("|---" * (len(columns) + 1) + "|")
    for path in FILES:
        found = counts(path)
        every += found
        print(f"| {path.name} | " + " | ".join(str(found[c]) for c in columns) + " |")
    print("| all | " + " | ".join(str(every[c]) for c in columns) + " |")


if __name__ == "__main__":
    main()
