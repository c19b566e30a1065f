"""Every format on the demo data: BibTeX that bibtexparser reads, valid RIS and CSL-JSON,
each citation style rendering every paper, CV lists; and the render() switch."""

import pytest

from pubs.export.citations import STYLES
from pubs.models import Paper
from pubs.queries.exporting import FORMATS, UnknownFormat, export_papers, render
from tests.pubs.export.formats import bibtex_keys, csl_items, ris_records

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def papers():
    return export_papers(Paper.objects.all())


@pytest.mark.parametrize("options", [{}, {"extras": True}, {"latex": False}])
def test_bibtex_parses_with_no_failed_blocks_and_no_duplicate_keys(papers, options):
    content, content_type = render(papers, "bib", **options)
    assert content_type.startswith("application/x-bibtex")
    keys = bibtex_keys(content)
    assert len(keys) == len(papers) == 53
    assert "fang2024nonidle" in keys and "fang2023goat" in keys


def test_ris_is_valid(papers):
    content, content_type = render(papers, "ris")
    assert content_type.startswith("application/x-research-info-systems")
    records = ris_records(content)
    assert len(records) == len(papers)
    patents = sum(paper.kind == "patent" for paper in papers)
    assert sum(record[0] == ("TY", "PAT") for record in records) == patents > 0


def test_csl_json_is_valid(papers):
    content, content_type = render(papers, "json")
    assert content_type.startswith("application/vnd.citationstyles.csl+json")
    items = csl_items(content)
    assert [item["title"] for item in items] == [paper.title for paper in papers]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("ext", ["txt", "html"])
def test_each_citation_style_renders_every_demo_paper(papers, style, ext):
    content, content_type = render(papers, f"{style}.{ext}")
    assert content_type.startswith(f"text/{'plain' if ext == 'txt' else 'html'}")
    if ext == "txt":
        entries = content.lower().splitlines()
    else:
        entries = content.lower().split('<div class="csl-entry">')[1:]
    assert len(entries) == len(papers)
    for paper in papers:  # (Chicago writes titles in title case; a patent known by number)
        assert sum(paper.title.lower() in entry for entry in entries) == 1, (style, paper.title)


def test_txt_with_a_style_option(papers):
    assert render(papers[:2], "txt", style="apa") == render(papers[:2], "apa.txt")


@pytest.mark.parametrize("fmt", ["cv.md", "cv.tex", "cv.txt"])
def test_cv_lists(papers, fmt):
    content, _ = render(papers, fmt, person="jiarui-fang")
    assert content.count("J. Fang") >= 20


def test_every_format_renders(papers):
    assert FORMATS
    assert [fmt for fmt in FORMATS if not render(papers[:3], fmt)[0]] == []


def test_an_unknown_format_is_refused(papers):
    with pytest.raises(UnknownFormat, match="known: bib, ris, json"):
        render(papers, "docx")
