"""An entry of a publication list reads like the best CVs (demo data)."""

import re
from urllib.parse import parse_qs

import pytest

from pubs.bibtex.latex import to_text
from pubs.models import Link, Paper

pytestmark = pytest.mark.usefixtures("demo")


def entry(html: str, slug: str) -> str:
    """The <li> of one paper in a list page."""
    match = re.search(
        rf'<li class="paper[^"]*" id="paper-{re.escape(slug)}">(.*?)</li>', html, re.S
    )
    assert match, slug
    return match.group(1)


@pytest.fixture
def publications(client) -> str:
    return client.get("/publications/").content.decode()


NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
SPOTSERVE = "spotserve-serving-generative-large-language-models-2024"


def test_authors_appear_in_printed_order(publications):
    authors = re.findall(r">([^<>]+)</a>", entry(publications, NON_IDLE).split("</span>")[0])
    assert authors == ["Jin Fang", "Gongming Zhao", "Hongli Xu", "Luyao Luo", "Zhen Yao", "An Xie"]


def test_lab_members_are_highlighted_and_linked(publications):
    html = entry(publications, NON_IDLE)
    assert '<a href="/people/jin-fang/" class="member">Jin Fang</a>' in html
    assert '<a href="/people/luyao-luo/">Luyao Luo</a>' in html


def test_equal_contribution_is_marked_with_a_star(publications):
    html = entry(publications, SPOTSERVE)
    assert re.search(r"Xupeng Miao</a><abbr title=\"Equal contribution\">\*</abbr>", html)


def test_title_links_to_the_paper_page(publications):
    assert f'<a class="title" href="/publications/{NON_IDLE}/">' in entry(publications, NON_IDLE)


def test_venue_reads_as_abbreviation_and_year_with_a_ccf_badge(publications):
    html = entry(publications, NON_IDLE)
    assert 'href="/venues/icnp/"' in html
    assert "ICNP&#x27;24</a>" in html
    assert '<span class="badge ccf-b">CCF B</span>' in html


def test_status_is_shown_for_unpublished_papers(publications):
    paper = Paper.objects.filter(status="under_review").first()
    assert '<span class="badge status">Under review</span>' in entry(publications, paper.slug)


def test_awards_are_shown(publications):
    assert "Distinguished Artifact Award" in entry(publications, SPOTSERVE)


def test_links_are_shown(publications):
    html = entry(publications, NON_IDLE)
    assert '<a class="link link-pdf" href="https://www.fangjin.site/pdf/titan.pdf">PDF</a>' in html
    assert 'class="link link-slides"' in html


def test_doi_and_arxiv_are_links(client):
    Paper.objects.filter(slug=NON_IDLE).update(doi="10.1109/ICNP61940.2024.10858510")
    html = entry(client.get("/publications/").content.decode(), NON_IDLE)
    assert 'href="https://doi.org/10.1109/ICNP61940.2024.10858510"' in html
    arxiv = Paper.objects.exclude(arxiv_id="").first()
    html = entry(client.get("/publications/").content.decode(), arxiv.slug)
    assert f'href="https://arxiv.org/abs/{arxiv.arxiv_id}"' in html


def test_a_javascript_url_written_to_the_database_is_not_a_link(client):
    paper = Paper.objects.get(slug=NON_IDLE)
    Link.objects.filter(paper=paper, kind="pdf").update(url="javascript:alert(1)")
    html = (
        client.get("/publications/").content.decode()
        + client.get(paper.get_absolute_url()).content.decode()
    )
    assert "javascript:" not in html


def test_every_entry_has_a_coins_span_zotero_reads(publications):
    spans = re.findall(r'<span class="Z3988" title="([^"]+)"></span>', publications)
    assert len(spans) == Paper.objects.filter(is_public=True).count()
    fields = parse_qs(
        entry(publications, NON_IDLE)
        .split('class="Z3988" title="')[1]
        .split('"')[0]
        .replace("&amp;", "&")
    )
    assert fields["ctx_ver"] == ["Z39.88-2004"]
    assert fields["rft.genre"] == ["proceeding"]
    assert fields["rft.atitle"] == [Paper.objects.get(slug=NON_IDLE).title]
    assert fields["rft.au"][:2] == ["Fang, Jin", "Zhao, Gongming"]
    assert fields["rft.date"] == ["2024"]


def test_papers_are_grouped_by_year_newest_first_with_counts(publications):
    headings = [int(y) for y in re.findall(r"<h2>(\d{4})</h2>", publications)]
    assert headings == sorted(headings, reverse=True)
    assert len(headings) == len(set(headings))
    n_2024 = Paper.objects.filter(is_public=True, year=2024).count()
    assert f"2024 <small>({n_2024})</small>" in publications
    assert f"{Paper.objects.filter(is_public=True).count()} publications" in publications


def test_undated_papers_come_last(publications):
    assert publications.index("<h2>Undated</h2>") > publications.index("<h2>2016</h2>")


def test_latex_math_in_a_title_reads_as_text(client):
    title = to_text(r"Scaling $\alpha$-Fair Allocation to $10^6$ Flows")
    Paper.objects.filter(slug=NON_IDLE).update(
        title=title, title_bibtex=r"Scaling $\alpha$-Fair Allocation"
    )
    html = entry(client.get("/publications/").content.decode(), NON_IDLE)
    assert "Scaling α-Fair Allocation" in html
    assert "$" not in html
