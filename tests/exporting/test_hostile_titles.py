"""A .bib export of hostile titles (lone braces, backslashes, @, %, --, #, ~, $) parses back
with bibtexparser and with pybtex, BibTeX's own rules, to the same entries and the same text:
no title can end its entry early or add one to the file."""

import bibtexparser
import pytest
from pybtex.database import parse_string as pybtex_parse

from pubs.bibtex.latex import to_text
from pubs.export.bibtex import BibtexOptions, to_bibtex
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.models import Paper
from tests.factories import PaperFactory

HOSTILE_TITLES = [
    "A } B",
    "A { B",
    "}@misc{evil, title={Added by a title}",
    "x { y } z",
    "Back\\slash and a trailing backslash \\",
    "\\} escaped \\{",
    "mail me @ example.org, @article{x,",
    "100% of it % and more",
    "one -- two --- three – four — five",
    "C# and ## twice",
    "a ~ b ~~ c",
    "$5 and $x^2$",
    "under_score & ampersand ^ caret",
    "Über {GPU}s -- naïve}",
]
OPTIONS = [BibtexOptions(), BibtexOptions(latex=False)]


def papers(titles: list[str]) -> list[ExportPaper]:
    author = ExportAuthor("Ada } Lovelace", "Ada", "Lovelace", position=1)
    return [
        ExportPaper(title=title, slug=f"p{n}", year=2024, kind="journal", authors=(author,))
        for n, title in enumerate(titles)
    ]


def bibtexparser_titles(text: str) -> list[str]:
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == []
    return [entry.fields_dict["title"].value for entry in library.entries]


def pybtex_titles(text: str) -> list[str]:
    return [entry.fields["title"] for entry in pybtex_parse(text, "bibtex").entries.values()]


@pytest.mark.parametrize("options", OPTIONS, ids=["latex", "utf8"])
@pytest.mark.parametrize("title", HOSTILE_TITLES)
def test_a_hostile_title_parses_back_to_its_entry_and_its_text(title, options):
    exported = papers(["Before it", title, "After it"])
    text = to_bibtex(exported, options)
    by_bibtexparser, by_pybtex = bibtexparser_titles(text), pybtex_titles(text)
    assert len(by_bibtexparser) == len(by_pybtex) == 3
    assert by_bibtexparser == by_pybtex  # both read the same value
    assert [to_text(value) for value in by_pybtex] == ["Before it", title, "After it"]


@pytest.mark.parametrize("options", OPTIONS, ids=["latex", "utf8"])
def test_a_file_of_hostile_titles_parses_back_to_as_many_entries(options):
    text = to_bibtex(papers(HOSTILE_TITLES), options)
    assert [to_text(value) for value in bibtexparser_titles(text)] == HOSTILE_TITLES
    assert [to_text(value) for value in pybtex_titles(text)] == HOSTILE_TITLES


def test_literal_hyphens_come_back_as_hyphens_and_dashes_as_dashes():
    (title,) = pybtex_titles(to_bibtex(papers(["a -- b – c"])))
    assert title == "a -{}- b -- c"
    assert to_text(title) == "a -- b – c"


def test_a_member_s_hostile_title_adds_no_entry_to_the_site_wide_export(client, db):
    PaperFactory(title="Honest work")
    PaperFactory(title="}@misc{added, title={Not a paper of the lab}")
    PaperFactory(title="Honest work, continued")
    response = client.get("/publications/export.bib")
    assert response.status_code == 200
    text = response.content.decode()
    assert len(pybtex_parse(text, "bibtex").entries) == Paper.objects.count() == 3
    assert len(bibtexparser.parse_string(text).entries) == 3
