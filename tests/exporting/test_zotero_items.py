"""What Zotero makes of every paper page and of every BibTeX and RIS export of the demo.

The items are tests/data/zotero/items.json, made by scripts/zotero_items/make_items.py with
Zotero's translation-server (Node.js and the translators' repository: outside CI). This test
needs neither: it renders the same pages and exports from the same data
(fixtures/ccf_venues.json and demo.json) with the test client and fails, naming the page,
when a body is not the one its items were made from. Then it holds each item to the paper it
describes: item type, creators in order, container, date, pages, DOI, publisher, editors and
abstract. The data is tests/exporting/zotero_sources.py's: the demo and the example references
of GB/T 7714. Where Zotero reads a field otherwise than we write it, ``KNOWN`` says so and why.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from pubs.export.fields import issued_parts, names
from pubs.export.model import ExportPaper
from pubs.export.ris import ris_name
from pubs.queries import selectors
from pubs.queries.exporting import export_papers
from pubs.web.presentation import PAGE_TAGS, page_range, venue_title
from tests.conftest import fixtures_loaded
from tests.exporting.zotero_sources import ORIGIN, body_hash, import_examples, read_items, sources


@pytest.fixture(scope="module")
def site_module_db(django_db_setup, django_db_blocker):
    """The catalogue, the demo and the examples, loaded once for the module."""
    with fixtures_loaded(django_db_blocker, "ccf_venues", "demo"):
        with django_db_blocker.unblock():
            import_examples()
        yield


@pytest.fixture(autouse=True)
def site(site_module_db, db) -> None:
    """The data the items were made from, in the test database."""


pytestmark = pytest.mark.one_database

KEPT = read_items()["sources"]
MAKE_AGAIN = "run .venv/bin/python scripts/zotero_items/make_items.py to make the items again"
#: The Zotero item type of each kind of paper (the rows of pubs.kinds's table), as the
#: paper page names it to Zotero.
ITEM_TYPES = {name: tags.zotero for name, tags in PAGE_TAGS.items()}
#: Where an item of each type names its container, its publisher.
CONTAINERS = ("publicationTitle", "proceedingsTitle", "bookTitle", "websiteTitle")
PUBLISHERS = ("publisher", "repository", "institution", "university", "assignee")
MONTHS = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1
    )
}


def _paper_slugs() -> list[str]:
    return list(selectors.public_versions().values_list("slug", flat=True))


@pytest.fixture
def papers() -> dict[str, ExportPaper]:
    return {paper.slug: paper for paper in export_papers(selectors.public_versions())}


def test_the_items_come_from_every_paper_page_and_export():
    assert sorted(KEPT) == sorted(source.path for source in sources(_paper_slugs()))


def test_every_page_and_export_is_the_one_its_items_were_made_from(client):
    changed = [
        path
        for path, kept in KEPT.items()
        if body_hash(client.get(path).content, ORIGIN) != kept["sha256"]
    ]
    assert changed == [], f"changed since their items were made: {changed}; {MAKE_AGAIN}"


def test_each_paper_page_and_export_gives_one_item_at_most():
    counts = {path: len(_described(kept)) for path, kept in KEPT.items() if path.count("/") == 3}
    assert counts and set(counts.values()) <= {0, 1}


@pytest.mark.parametrize("fmt", ["bib", "ris"])
def test_the_list_exports_give_the_items_of_the_papers_own_exports(fmt):
    listed = _described(KEPT[f"/publications/export.{fmt}"])
    own = [
        item
        for path, kept in KEPT.items()
        if path.endswith(f"/export.{fmt}") and path.count("/") == 3
        for item in _described(kept)
    ]
    assert listed and [item for item in listed if item not in own] == []


# What Zotero reads of each field, and what we wrote.


def _described(kept: dict[str, Any]) -> list[dict[str, Any]]:
    """The items of a source that describe a paper (not the notes Zotero attaches)."""
    return [item for item in kept["items"] if item["itemType"] != "note"]


def _name(creator: dict[str, str]) -> str:
    return creator.get("name") or f"{creator['lastName']}, {creator['firstName']}".strip(", ")


def _page_name(name: dict[str, str]) -> str:
    if "literal" in name:
        return name["literal"]
    family = " ".join(name[part] for part in ("non-dropping-particle", "family") if part in name)
    return ", ".join(part for part in (family, name.get("given"), name.get("suffix")) if part)


def _date(value: str) -> str:
    """A date as Zotero's items write it ("2024/05/02", "2024-05", "May 2024") as
    "2024-05-02", "2024-05"."""
    year = re.search(r"\b(\d{4})\b", value)
    if not year:
        return value
    numbers = re.search(r"\b\d{4}[-/](\d{1,2})(?:[-/](\d{1,2}))?\b", value)
    named = re.search(r"\b([A-Za-z]{3})[a-z]*\.?\s", value)
    month = (
        int(numbers.group(1)) if numbers else MONTHS.get(named.group(1).lower(), 0) if named else 0
    )
    day = int(numbers.group(2)) if numbers and numbers.group(2) else 0
    parts = [int(year.group(1)), month, day]
    return "-".join(f"{part:02d}" for part in parts if part)


def _issued(paper: ExportPaper) -> str:
    return "-".join(
        f"{part:02d}" for part in issued_parts(paper.year, paper.month, paper.extra_fields)
    )


def _first(item: dict[str, Any], fields: tuple[str, ...]) -> str:
    return next((item[name] for name in fields if item.get(name)), "")


def _doi(item: dict[str, Any]) -> str:
    found = re.search(r"^DOI: (\S+)$", item.get("extra", ""), re.MULTILINE)
    return item.get("DOI") or (found.group(1) if found else "")


#: Each field checked: (what we wrote, what Zotero read).
FIELDS: dict[str, Callable[[ExportPaper, dict[str, Any]], tuple[Any, Any]]] = {
    "item type": lambda paper, item: (ITEM_TYPES[paper.row.name], item["itemType"]),
    "creators": lambda paper, item: (
        [ris_name(author) for author in paper.authors],
        [_name(c) for c in item["creators"] if c["creatorType"] in ("author", "inventor")],
    ),
    "container": lambda paper, item: (venue_title(paper), _first(item, CONTAINERS)),
    "date": lambda paper, item: (
        _issued(paper),
        _date(item.get("date") or item.get("issueDate") or ""),
    ),
    # Zotero's BibTeX translator writes a range with an en dash, its others with a hyphen.
    "pages": lambda paper, item: (
        page_range(paper.pages).replace("\u2013", "-"),
        item.get("pages", "").replace("\u2013", "-"),
    ),
    "DOI": lambda paper, item: (paper.doi, _doi(item)),
    "publisher": lambda paper, item: (
        paper.publisher or paper.repository or paper.institution,
        _first(item, PUBLISHERS),
    ),
    "editors": lambda paper, item: (
        [_page_name(name) for name in names(paper.editor)],
        [_name(c) for c in item["creators"] if c["creatorType"] == "editor"],
    ),
    "abstract": lambda paper, item: (paper.abstract, item.get("abstractNote", "")),
}


@dataclass(frozen=True)
class Difference:
    path: str
    field: str
    ours: Any
    zotero: Any


@dataclass(frozen=True)
class Known:
    """A field Zotero reads otherwise than we write it: in which sources ("page", "bib",
    "ris"), for which papers, and why. "Ours" starts the reason of what is ours to mend;
    the others are how Zotero's translators read what we write as it should be written."""

    sources: tuple[str, ...]
    field: str
    applies: Callable[[ExportPaper, Difference], bool]
    why: str


def _row(*names: str, zotero: Any = "") -> Callable[[ExportPaper, Difference], bool]:
    """Papers of these rows of pubs.kinds's table of which Zotero read ``zotero``."""
    return lambda paper, difference: paper.row.name in names and difference.zotero == zotero


def _goes_on(paper: ExportPaper, difference: Difference) -> bool:
    return paper.more_authors and difference.zotero == [*difference.ours, "others"]


def _stopped_initials(paper: ExportPaper, difference: Difference) -> bool:
    ours = [re.sub(r"\b([A-Z])(?=\s|$)", r"\1.", name) for name in difference.ours]
    return ours == difference.zotero


def _suffix_dropped(paper: ExportPaper, difference: Difference) -> bool:
    ours = [re.sub(r", (Jr\.|Sr\.|I{2,3}|IV)$", "", name) for name in difference.ours]
    return ours != difference.ours and ours == difference.zotero


def _same_words(paper: ExportPaper, difference: Difference) -> bool:
    def words(names: list[str]) -> list[str]:
        return sorted(" ".join(names).replace(",", " ").split())

    return words(difference.ours) == words(difference.zotero)


def _cyrillic_commands(paper: ExportPaper, difference: Difference) -> bool:
    return "\\CYR" in str(difference.zotero)


KNOWN = (
    Known(
        ("bib", "page", "ris"),
        "publisher",
        _row("letter"),
        "Zotero's letter has no publisher field: the archive that holds a letter is lost.",
    ),
    Known(
        ("page", "ris"),
        "container",
        _row("map"),
        "Zotero's map has no container field: a map in a book or an atlas loses it.",
    ),
    Known(
        ("page", "ris"),
        "pages",
        _row("map"),
        "Zotero's map has no pages field.",
    ),
    Known(
        ("ris",),
        "creators",
        _row("map", "video", zotero=[]),
        "Zotero's RIS translator makes a map's AU its cartographers and a video's its "
        "directors, not authors.",
    ),
    Known(
        ("bib",),
        "item type",
        _row("preprint", zotero="document"),
        "Zotero's BibTeX translator reads every @misc as a document; BibTeX has no preprint type.",
    ),
    Known(
        ("bib",),
        "item type",
        _row("standard", "dataset", "periodical", "artwork", "map", "preprint_entry", zotero=None),
        "Zotero's BibTeX translator leaves out an entry of a type it has no item type for "
        "(biblatex's @standard, @dataset, @periodical, @artwork, @map, @preprint).",
    ),
    Known(
        ("ris",),
        "item type",
        _row("preprint", "preprint_entry", "other", "periodical", zotero="journalArticle"),
        "Zotero's RIS translator reads UNPB (unpublished work), GEN (generic) and JFULL (a "
        "whole journal) as journal articles.",
    ),
    Known(
        ("ris",),
        "item type",
        _row("proceedings", zotero="conferencePaper"),
        "RIS has one type, CONF, for a proceedings volume and a paper in it; Zotero reads it "
        "as a conference paper.",
    ),
    Known(
        ("ris",),
        "item type",
        _row("standard", zotero="report"),
        "Zotero's RIS translator has no standard type and reads STAND as a report.",
    ),
    Known(
        ("bib",),
        "publisher",
        _row("preprint"),
        "Zotero's BibTeX translator reads @misc as a document and leaves out eprint and "
        "archivePrefix: the preprint's server is only in its URL and in howpublished, which "
        "it keeps in Extra.",
    ),
    Known(
        ("ris",),
        "publisher",
        _row("preprint", "preprint_entry", "other", "periodical"),
        "Read as journal articles (above), which have no publisher, these lose PB.",
    ),
    Known(
        ("page",),
        "publisher",
        _row("patent"),
        "Zotero reads no tag of a page as a patent's assignee (citation_publisher is a "
        "publisher, which a patent has not).",
    ),
    Known(
        ("bib",),
        "publisher",
        _row("patent"),
        "Zotero's BibTeX translator reads a patent's assignee from `assignee` only; our "
        "@patent gives it as `institution`, the field the import reads.",
    ),
    Known(
        ("page",),
        "creators",
        lambda paper, d: any(author.organisation for author in paper.authors),
        "Google Scholar's citation_author has no mark for an organisation: Zotero splits "
        "its name at the last space (at its commas when it is the only author).",
    ),
    Known(
        ("page",),
        "creators",
        _stopped_initials,
        "Zotero's page translator puts a full stop after an initial written without one.",
    ),
    Known(
        ("page",),
        "creators",
        _suffix_dropped,
        "Zotero's page translator drops a suffix after the second comma (Peebles, Peyton Z., Jr.).",
    ),
    Known(
        ("page",),
        "editors",
        _suffix_dropped,
        "Zotero's page translator drops a suffix after the second comma.",
    ),
    Known(
        ("page", "ris"),
        "editors",
        _same_words,
        "Ours: the import keeps the editors as BibTeX text, an organisation's braces left "
        "out ({American Water Works Association}), and RIS writes each as the text has it "
        '("Sodeman, Jr., William A."), so the names are split otherwise than the source.',
    ),
    Known(
        ("bib",),
        "creators",
        lambda paper, d: any(author.equal for author in paper.authors),
        "Ours: the BibTeX export marks equal contribution with a star on the family name "
        '("Duan*, Jiangfei"), which Zotero reads as part of the name.',
    ),
    Known(
        ("bib",),
        "creators",
        _goes_on,
        "Zotero's BibTeX translator reads BibTeX's `and others` as an author named others.",
    ),
    Known(
        ("ris",),
        "creators",
        _goes_on,
        "Ours: RIS ends a list that goes on with `AU  - others` (pubs.export.ris), which "
        "Zotero reads as an author named others.",
    ),
    Known(
        ("bib",),
        "creators",
        _cyrillic_commands,
        "Ours: the BibTeX export writes Cyrillic as LaTeX's T2A commands (\\CYRK), which "
        "Zotero's BibTeX translator keeps as text.",
    ),
    Known(
        ("bib",),
        "container",
        _cyrillic_commands,
        "Ours: the BibTeX export writes Cyrillic as LaTeX's T2A commands (\\CYRK).",
    ),
    Known(
        ("page",),
        "container",
        lambda paper, d: paper.row.name == "webpage" and d.ours == "",
        "Zotero reads og:site_name, the name of our site, as a web page's website title.",
    ),
    Known(
        ("page", "bib", "ris"),
        "pages",
        _row("book", "thesis", "other", "proceedings"),
        "Zotero's book, thesis and document have no page range, only a number of pages.",
    ),
)


def _differences(papers: dict[str, ExportPaper]) -> list[tuple[str, ExportPaper, Difference]]:
    found = []
    for path, kept in KEPT.items():
        slug = path.split("/")[2] if path.count("/") >= 3 else ""
        if slug not in papers or "/publications/export." in path:
            continue
        source = "page" if path.endswith("/") else path.rsplit(".", 1)[-1]
        paper = papers[slug]
        items = _described(kept)
        if not items:
            ours = ITEM_TYPES[paper.row.name]
            found.append((source, paper, Difference(path, "item type", ours, None)))
        for item in items:
            for field, read in FIELDS.items():
                ours, zotero = read(paper, item)
                if ours != zotero:
                    found.append((source, paper, Difference(path, field, ours, zotero)))
    return found


def _explained(source: str, paper: ExportPaper, difference: Difference) -> Known | None:
    return next(
        (
            known
            for known in KNOWN
            if source in known.sources
            and known.field == difference.field
            and known.applies(paper, difference)
        ),
        None,
    )


@pytest.mark.parametrize("field", FIELDS)
def test_zotero_reads_the_field_as_we_write_it(papers, field):
    assert len(papers) == len(_paper_slugs()) > 0
    unexplained = [
        difference
        for source, paper, difference in _differences(papers)
        if difference.field == field and _explained(source, paper, difference) is None
    ]
    assert unexplained == []


def test_every_known_difference_is_still_seen(papers):
    seen = {_explained(*found) for found in _differences(papers)}
    assert [known.why for known in KNOWN if known not in seen] == []
