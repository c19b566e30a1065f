"""Titles and venues read as the text LaTeX typesets: TeX logos, TeX quotes, math and HTML
ampersands, through the real import and every export."""

from __future__ import annotations

import json

import pytest

from pubs.bibtex.latex import to_text
from pubs.export import citations
from pubs.models import Paper
from pubs.queries.exporting import export_papers, render
from tests.exporting.helpers import import_text

pytestmark = pytest.mark.django_db

TITLES = r"""@article{tricks,
  author = {Jane Roe},
  title = {{{\LaTeX} Tricks for Planning Papers}: ``like this'' and `single'},
  journal = {Journal of Tests},
  year = {2020},
}
@article{omega,
  author = {Jane Roe},
  title = {$\omega$Test with {\TeX}, \LaTeXe{} and \BibTeX},
  journal = {Journal of Tests},
  year = {2021},
}"""


def test_tex_logos_and_quotes_are_stored_as_text():
    import_text(TITLES)
    assert set(Paper.objects.values_list("title", flat=True)) == {
        "LaTeX Tricks for Planning Papers: “like this” and ‘single’",
        "ωTest with TeX, LaTeX2e and BibTeX",
    }


def test_tex_logos_and_quotes_are_exported_as_text():
    import_text(TITLES)
    papers = export_papers(Paper.objects.order_by("year"))
    titles = [item["title"] for item in json.loads(render(papers, "json")[0])]
    assert titles == [
        "LaTeX Tricks for Planning Papers: “like this” and ‘single’",
        "ωTest with TeX, LaTeX2e and BibTeX",
    ]
    assert "TI  - ωTest with TeX, LaTeX2e and BibTeX\r\n" in render(papers, "ris")[0]
    for style in citations.STYLES:
        assert "ωTest with TeX, LaTeX2e" in citations.cite(papers[1], style), style
        assert "LaTeX Tricks" in citations.cite(papers[0], style), style


def test_the_bibtex_export_keeps_the_titles_latex():
    import_text(TITLES)
    bib = render(export_papers(Paper.objects.all()), "bib")[0]
    assert "title = {{{\\LaTeX} Tricks for Planning Papers}: ``like this'' and `single'}" in bib
    assert "\\textdollar" not in bib


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        ("KDD &amp; Co", "KDD & Co"),
        ("A &amp B", "A & B"),
        ("\\&amp; more", "& more"),
        ("Don't ``quote'' me", "Don't “quote” me"),
        ("\\`e l\\`a", "è là"),
    ],
)
def test_html_ampersands_and_quotes_read_as_text(latex, text):
    assert to_text(latex) == text
