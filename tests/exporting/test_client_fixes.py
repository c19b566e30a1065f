"""What the clients' tests revealed in the exports, each fixed with a reproduction of its
own (tests/exporting/test_latex_clients.py, test_reader_clients.py run the whole corpus)."""

from __future__ import annotations

import dataclasses

import pytest

from pubs.bibtex.latex import to_text
from pubs.export.bibtex import entry_fields, latex_encode
from pubs.export.csljson import csl_item
from pubs.export.ris import record
from tests.exporting.clients import latex
from tests.pubs.export.samples import CHAPTER, CONFERENCE

# -- BibTeX, as pdfLaTeX and BibTeX read it ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("Melč́uk", "Mel{\\'{\\v{c}}}uk"),  # č and a combining acute: no composed form
        ("Dos̆a", "Do{\\u{s}}a"),  # s and a combining breve (pdfLaTeX stopped on U+0306)
        ("OB́rien", "O{\\'{B}}rien"),
    ],
)
def test_a_letter_with_combining_marks_is_written_as_nested_latex_accents(text, written):
    assert latex_encode(text) == written
    assert to_text(written) == text


def test_a_combining_mark_after_a_space_stays_as_it_is():
    assert latex_encode("Ninel ́Z.") == "Ninel ́Z."


def test_chinese_script_in_editors_is_one_bibtex_special_character():
    chapter = dataclasses.replace(CHAPTER, editor="Hóu, Jīngyī 侯精一")
    fields = dict(entry_fields(chapter, "incollection"))
    assert fields["editor"] == "H{\\'o}u, J{\\={i}}ngy{\\={i}} {\\relax 侯精一}"
    assert to_text(fields["editor"]) == "Hóu, Jīngyī 侯精一"


def test_ieeetran_abbreviates_a_given_name_in_chinese_script_whole(tmp_path):
    latex.require_latex("IEEEtran.bst")
    entry = (
        "@book{hou2004,\n  editor = {H{\\'o}u, J{\\={i}}ngy{\\={i}} {\\relax 侯精一}},\n"
        "  title = {T},\n  publisher = {P},\n  year = {2004}\n}\n"
    )
    report = latex.with_ieeetran(entry, tmp_path)
    assert report.errors == []
    assert "J.~{\\relax 侯精一}. H{\\'o}u" in (tmp_path / "doc.bbl").read_text(encoding="utf-8")


# -- RIS and CSL-JSON, as citation-js and rispy read them ------------------------------------


def test_ris_editors_are_family_comma_given():
    chapter = dataclasses.replace(CHAPTER, editor="Charles G. Häberl and Toivonen, Ida")
    assert [value for tag, value in record(chapter, "k") if tag == "A2"] == [
        "Häberl, Charles G.",
        "Toivonen, Ida",
    ]


def test_a_book_s_editors_stay_ed():
    book = dataclasses.replace(CHAPTER, container_title="", editor="Ida Toivonen")
    assert ("ED", "Toivonen, Ida") in record(book, "k")


def test_a_conference_paper_gives_its_proceedings_as_c3_and_its_date_as_da():
    lines = record(dataclasses.replace(CONFERENCE, month=None), "k")
    assert ("C3", CONFERENCE.container_title) in lines
    assert ("T2", CONFERENCE.container_title) in lines
    assert ("DA", "2024///") in lines


def test_a_run_of_dashes_in_pages_is_one_dash():
    paper = dataclasses.replace(CONFERENCE, pages="1957–-1964")
    assert csl_item(paper, "k")["page"] == "1957-1964"
    lines = record(paper, "k")
    assert ("SP", "1957") in lines
    assert ("EP", "1964") in lines
