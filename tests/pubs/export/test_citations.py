"""Formatted citations in the five styles, plain and HTML."""

from dataclasses import replace
from html import escape

import pytest

from pubs.export.citations import STYLES, UnknownStyle, bibliography, cite, entries
from tests.pubs.export.samples import CONFERENCE, JOURNAL, PAPERS


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("html", [False, True])
def test_every_style_renders_every_kind(style, html):
    rendered = entries(PAPERS, style, html=html)
    assert len(rendered) == len(PAPERS)
    for paper in PAPERS:
        title = escape(paper.title, quote=False) if html else paper.title
        assert sum(title in text for text in rendered) == 1, title


@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("ieee", "[1] J. Fang, G. Zhao, and 徐宏力, “Non-Idle Machine-Aware Worker Placement"),
        ("acm", "[1] J. Fang, Gongming Zhao, and 徐宏力. 2024. Non-Idle Machine-Aware"),
        ("apa", "Fang, J., Zhao, G., & 徐宏力. (2024). Non-Idle Machine-Aware Worker"),
        ("gbt7714", "[1] FANG J, ZHAO G, 徐宏力. Non-Idle Machine-Aware Worker Placement"),
        ("chicago", "Fang, J., G. Zhao, and 徐宏力. 2024. “Non-Idle Machine-Aware Worker"),
    ],
)
def test_each_style_reads_as_itself(style, expected):
    assert bibliography([CONFERENCE, JOURNAL], style).startswith(expected)


def test_html_writes_markup_in_a_title_as_text():
    paper = replace(CONFERENCE, title="<b>Bold</b> & <script>alert(1)</script>")
    html = bibliography([paper], "ieee", html=True)
    assert "&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<script>" not in html


def test_html_is_a_list_of_entries_with_markup():
    html = bibliography([CONFERENCE], "ieee", html=True)
    assert html.startswith('<div class="csl-bib-body ieee">')
    assert "<i>IEEE International Conference on Network Protocols</i>" in html


def test_one_citation_has_no_number():
    assert cite(CONFERENCE, "ieee").startswith("J. Fang, G. Zhao, and 徐宏力, “Non-Idle")


def test_an_unknown_style_is_refused():
    with pytest.raises(UnknownStyle, match="known: ieee"):
        bibliography([CONFERENCE], "mla")


def test_no_papers_no_text():
    assert bibliography([], "apa") == ""
