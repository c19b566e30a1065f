"""cv.md for Jin Fang against his CVs (shared/seeds/000 and 001): the eight entries, their
authors, venue abbreviation and year, CCF rank, newest first; the English CV's markup."""

import os
import re
from pathlib import Path

import pytest

from people.models import Person
from pubs.queries import selectors
from pubs.queries.exporting import export_papers, render

pytestmark = pytest.mark.usefixtures("catalogue")

SEEDS = [
    Path(os.environ["SHARED_SEEDS"]) if os.environ.get("SHARED_SEEDS") else None,
    Path(__file__).resolve().parents[3] / "shared" / "seeds",
    Path("/work/shared/seeds"),
]


def seed(prefix: str) -> str:
    for directory in filter(None, SEEDS):
        found = sorted(directory.glob(f"{prefix}_*.txt")) if directory.is_dir() else []
        if found:
            return found[0].read_text(encoding="utf-8")
    raise AssertionError(f"seed {prefix} not found in {SEEDS}; set SHARED_SEEDS")


def numbered_entries(section: str) -> list[str]:
    """The numbered entries of a list as PDF text gives them: lines joined, words that a
    line break hyphenated ("Dis-\\ntributed") made whole, curly apostrophes straight."""
    entries = re.split(r"\n\s*(?=\d+\. )", section.strip())
    joined = []
    for entry in entries:
        text = re.sub(r"-\n+(?=[a-z])", "", entry.split(". ", 1)[1])
        joined.append(" ".join(text.split()).replace("’", "'"))
    return joined


def chinese_cv_entries() -> list[str]:
    """The eight entries of 001 (学术成果), which print the CCF rank. The CV spells arXiv
    "Arxiv"; the list writes the name as arXiv does."""
    section = seed("001").split("学术成果")[1].split("奖项荣誉")[0]
    return [entry.replace("(Arxiv)", "(arXiv)") for entry in numbered_entries(section)]


@pytest.fixture
def cv_md() -> str:
    person = Person.objects.get(slug="jin-fang")
    papers = selectors.person_papers(person).exclude(kind="patent")  # the CVs list no patents
    return render(export_papers(papers), "cv.md", person=person.slug)[0]


def plain(markdown_line: str) -> str:
    """A cv.md entry without its number and its Markdown."""
    text = markdown_line.split(". ", 1)[1]
    return text.replace("**", "").replace("\\*", "\u2217").replace("*", "").replace("\u2217", "*")


def year_of(entry: str) -> str:
    match = re.search(r"'(\d\d)\)", entry)
    return match.group(1) if match else "arXiv"


def test_the_eight_entries_read_as_in_the_cv(cv_md):
    lines = cv_md.splitlines()
    assert [line.split(". ", 1)[0] for line in lines] == [str(n) for n in range(1, 9)]
    assert sorted(plain(line) for line in lines) == sorted(chinese_cv_entries())


def test_newest_first_as_in_the_cv(cv_md):
    """Years in the CV's order, the preprint leading its year. Within a year the CV's order
    is otherwise its author's choice, which the data does not record (the papers have no
    months), so the years are compared."""
    ours = [plain(line) for line in cv_md.splitlines()]
    theirs = chinese_cv_entries()
    assert [year_of(entry) for entry in ours] == ["arXiv", "25", "24", "24", "24", "23", "23", "23"]
    assert [year_of(entry) for entry in theirs] == [
        "arXiv",
        "25",
        "24",
        "24",
        "24",
        "23",
        "23",
        "23",
    ]
    assert theirs[0] == ours[0]  # the preprint first: the newest work


def test_bold_name_and_italic_title_as_in_the_english_cv(cv_md):
    """000 writes "**J. Fang**, G. Zhao, ..., *Title*, Venue name (**ICNP'24**)": the authors
    and the title are the same markup, up to the title's closing star."""
    section = seed("000").split("PUBLICATIONS")[1].split("EXPERIENCE")[0]
    theirs = {entry.split("*, ", 1)[0] for entry in numbered_entries(section)}
    ours = {line.split(". ", 1)[1].split("*, ", 1)[0] for line in cv_md.splitlines()}
    assert ours == theirs


def test_the_markdown_of_one_entry(cv_md):
    assert (
        "**J. Fang**, G. Zhao, H. Xu, L. Luo, Z. Yao, A. Xie, *Non-Idle Machine-Aware Worker "
        "Placement for Efficient Distributed Training in GPU Clusters*, (ICNP'24), CCF B"
    ) in cv_md
