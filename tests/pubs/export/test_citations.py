"""Formatted citations in the five styles, plain and HTML (tests/exporting/
test_citeproc_reference.py holds each style to citeproc-js)."""

from dataclasses import replace

import pytest

from pubs.export.citations import STYLES, UnknownStyle, bibliography, cite, entries
from tests.pubs.export.samples import CONFERENCE, JOURNAL, PAPERS, PATENT, UNDER_REVIEW


def _html_text(text: str) -> str:
    return text.replace("&", "&#38;").replace("<", "&#60;").replace(">", "&#62;")


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("html", [False, True])
def test_every_style_renders_every_kind(style, html):
    rendered = [text.lower() for text in entries(PAPERS, style, html=html)]
    assert len(rendered) == len(PAPERS)
    for paper in PAPERS:  # (Chicago writes English titles in title case)
        title = (_html_text(paper.title) if html else paper.title).lower()
        assert sum(title in text for text in rendered) == 1, title


@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("ieee", "[1] J. Fang, G. Zhao, and 徐宏力, “Non-Idle Machine-Aware Worker Placement"),
        ("acm", "[1] J. Fang, Gongming Zhao, and 徐宏力. 2023. GRID: Gradient Routing"),
        ("apa", "Fang, J., Zhao, G., & 徐宏力. (2023). GRID: Gradient Routing with"),
        ("gbt7714", "[1] FANG J, ZHAO G, 徐宏力. Non-Idle Machine-Aware Worker Placement"),
        ("chicago", "Fang, J., Gongming Zhao, and 徐宏力. 2023. “GRID: Gradient Routing with"),
    ],
)
def test_each_style_reads_as_itself(style, expected):
    assert bibliography([CONFERENCE, JOURNAL], style).startswith(expected)


@pytest.mark.parametrize(
    ("style", "shortened"),
    [
        ("ieee", "J. Duan, M. Jäger, et al.,"),
        ("acm", "Jiangfei Duan, Michelle Jäger, et al. 2024."),
        ("apa", "Duan, J., Jäger, M., et al. (2024)."),
        ("gbt7714", "DUAN J, JÄGER M, et al. MuxServe"),
        ("chicago", "Duan, Jiangfei, Michelle Jäger, et al. 2024."),
    ],
)
def test_a_shortened_author_list_ends_with_et_al(style, shortened):
    assert cite(UNDER_REVIEW, style).startswith(shortened)


def test_gbt7714_says_deng_after_a_chinese_author_list():
    assert cite(PATENT, "gbt7714").startswith(
        "…, FANG J, 等. 一种边缘云系统中的VNF部署调度方法: CN113961324A[P]."
    )


@pytest.mark.parametrize("style", STYLES)
def test_no_doubled_full_stop(style):
    texts = entries(PAPERS, style)
    assert texts
    for text in texts:
        assert ".." not in text and ". ." not in text, text


@pytest.mark.parametrize("style", ["ieee", "chicago"])
def test_commas_and_full_stops_go_inside_quotation_marks(style):
    text = cite(CONFERENCE, style)
    assert "Clusters,”" in text or "Clusters.”" in text
    assert "”," not in text and "”." not in text


def test_html_writes_markup_in_a_title_as_text():
    paper = replace(CONFERENCE, title="<b>Bold</b> & <script>alert(1)</script>")
    html = bibliography([paper], "ieee", html=True)
    assert "&#60;b&#62;Bold&#60;/b&#62; &#38; &#60;script&#62;alert(1)&#60;/script&#62;" in html
    assert "<script>" not in html and "<b>" not in html


def test_html_is_a_list_of_entries_with_markup():
    html = bibliography([CONFERENCE], "ieee", html=True)
    assert html.startswith('<div class="csl-bib-body ieee">\n  <div class="csl-entry">')
    assert '<div class="csl-left-margin">[1]</div>' in html
    assert "<i>IEEE International Conference on Network Protocols</i>" in html


def test_one_citation_has_no_number():
    assert cite(CONFERENCE, "ieee").startswith("J. Fang, G. Zhao, and 徐宏力, “Non-Idle")


def test_an_unknown_style_is_refused():
    with pytest.raises(UnknownStyle, match="known: ieee"):
        bibliography([CONFERENCE], "mla")


def test_no_papers_no_text():
    assert bibliography([], "apa") == ""
