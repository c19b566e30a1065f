"""Titles and venues read as the text LaTeX typesets: TeX logos, TeX quotes, math and HTML
ampersands, through the real import and every export."""

from __future__ import annotations

import json

import pytest

from pubs.bibtex.latex import to_text
from pubs.bibtex.plan import Decisions
from pubs.export import citations
from pubs.imports.plan import bibtex_import_plan
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
        ("Couplings in ``kilogauss per {$μ_{B}$}''", "Couplings in “kilogauss per μ_B”"),
        ("\\`e l\\`a", "è là"),
    ],
)
def test_html_ampersands_and_quotes_read_as_text(latex, text):
    assert to_text(latex) == text


#: Crossref's BibTeX of a title with formulas writes their letters as "\\{\\upOmega}".
CROSSREF = r"""@article{Aaij_2020,
	title={Measurements of \{\upOmega} and \{\upLambda} baryon masses},
	volume={102},
	journal={Physical Review D},
	publisher={American Physical Society (APS)},
	author={Aaij, R. and Abdelmotteleb, A. S. W.},
	year={2020},
	month=nov }

@article{next, author = {Jane Roe}, title = {Another}, journal = {J}, year = {2021}}
"""


def test_a_group_written_with_an_escaped_brace_does_not_end_the_title():
    import_text(CROSSREF)
    paper = Paper.objects.get(citation_key="Aaij_2020")
    assert paper.title == "Measurements of Ω and Λ baryon masses"
    assert (paper.container_title, paper.volume, paper.month) == ("Physical Review D", "102", 11)
    assert Paper.objects.filter(citation_key="next").exists()


def test_the_preview_says_the_group_was_read_as_bibtex_reads_it():
    planned = bibtex_import_plan(text=CROSSREF, decisions=Decisions(create_venues=True))
    warnings = [str(problem) for problem in planned.plan.warnings]
    assert [w for w in warnings if "read as BibTeX reads it" in w] == [
        "line 1, entry Aaij_2020: a group written \\{...} (as Crossref writes a formula's "
        "letters) is read as BibTeX reads it, {...}; bibtexparser would end the value at its "
        "} and lose the fields after it"
    ]
    assert not [w for w in warnings if "@string" in w]
