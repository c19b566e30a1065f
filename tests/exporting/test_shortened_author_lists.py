"""A paper whose author list goes on past the names recorded (Paper.more_authors) says so in
every output, the way each says it; and no output of the demo data writes "et al.." or,
on an HTML page, a raw "--"."""

from __future__ import annotations

import re
from xml.etree import ElementTree

import pytest

from pubs.export.citations import STYLES
from pubs.models import Paper, Venue
from tests.privacy.crawl import object_urls, site_urls
from tests.public.html import json_ld, meta

pytestmark = pytest.mark.usefixtures("catalogue")

#: Five authors recorded, and a list that goes on ("etc" in Jin Fang's CV).
TRITON = "triton-distributed-programming-overlapping-kernels-2025"
PAGE = f"/publications/{TRITON}/"
RECORDED = ("Size Zheng", "Wenlei Bao", "Qi Hou", "Xuegui Zheng", "Jin Fang")
#: How each output of the paper says that its author list goes on.
MARKS = {
    "export.bib": "Fang, Jin and others}",
    "export.ris": "AU  - Fang, Jin\r\nAU  - others\r\n",
    **{f"export.txt?style={style}": "et al." for style in STYLES},
    **{f"export.html?style={style}": "et al." for style in STYLES},
}
_TAGS = re.compile(r"<[^>]+>")
_NOT_PAGE_TEXT = re.compile(r"<pre\b[^>]*>.*?</pre>|<script.*?</script>|<!--.*?-->", re.DOTALL)


@pytest.mark.parametrize("output", MARKS)
def test_each_export_says_the_list_goes_on(client, output):
    response = client.get(f"{PAGE}{output}")
    assert response.status_code == 200
    assert MARKS[output] in response.content.decode()


def test_csl_json_ends_the_authors_with_others(client):
    (item,) = client.get(f"{PAGE}export.json").json()
    assert item["author"][-2:] == [{"family": "Fang", "given": "Jin"}, {"literal": "others"}]


@pytest.mark.parametrize("style", STYLES)
def test_each_style_of_the_cite_box_says_et_al(client, style):
    html = client.get(PAGE).content.decode()
    box = re.search(rf'<div class="citation citation-{style}".*?</div>', html, re.DOTALL)
    assert box and "et al." in box.group(0)


def test_the_page_and_every_list_entry_end_the_authors_with_et_al(client):
    page = client.get(PAGE).content.decode()
    assert "<li>Jin Fang</a></li><li>et al.</li>" in page.replace(
        '<a href="/people/jin-fang/" class="member">', "<li>"
    )
    for url in ("/publications/", "/people/jin-fang/", "/zh-hans/people/jin-fang/"):
        html = client.get(url).content.decode()
        entry = re.search(rf'<li class="paper[^"]*" id="paper-{TRITON}">.*?</li>', html, re.DOTALL)
        authors = _TAGS.sub(
            "",
            re.search(r'<span class="authors">.*?</span>[^<]*', entry.group(0), re.DOTALL).group(0),
        )
        assert authors.strip().endswith(("Jin Fang, et al.", "Jin Fang, 等.")), authors


@pytest.mark.parametrize("style", ["md", "tex", "txt"])
def test_the_cv_lists_say_etc_as_the_seed_cvs_do(client, style):
    text = client.get(f"/people/jin-fang/cv.{style}").content.decode()
    line = next(line for line in text.splitlines() if "Triton" in line)
    assert "J. Fang, etc," in line.replace(r"\textbf{J. Fang}", "J. Fang").replace(
        "**J. Fang**", "J. Fang"
    )


def test_scholar_tags_and_json_ld_name_only_the_recorded_authors(client):
    """Google Scholar and schema.org read one name per author: the page names the five
    recorded and invents no sixth ("et al." is no one)."""
    html = client.get(PAGE).content.decode()
    assert meta(html, "citation_author") == [
        "Zheng, Size", "Bao, Wenlei", "Hou, Qi", "Zheng, Xuegui", "Fang, Jin",
    ]  # fmt: skip
    assert [author["name"] for author in json_ld(html)["author"]] == list(RECORDED)


def test_the_feed_names_the_recorded_authors_and_says_et_al(client):
    Paper.objects.filter(slug=TRITON).update(created="2030-01-01T00:00:00Z")
    atom = "{http://www.w3.org/2005/Atom}"
    feed = ElementTree.fromstring(client.get("/feeds/publications/").content)
    entry = feed.find(f"{atom}entry")
    assert [author.findtext(f"{atom}name") for author in entry.findall(f"{atom}author")] == list(
        RECORDED
    )
    assert entry.findtext(f"{atom}summary").startswith(", ".join(RECORDED) + ", et al.")


@pytest.fixture(scope="module")
def demo_outputs(django_db_blocker, catalogue_module_db):
    """Every public page and export of the demo data that lists or cites papers (of the
    catalogue's venues, those with papers)."""
    from django.test import Client

    client = Client()
    with django_db_blocker.unblock():
        venues = Venue.objects.filter(papers__isnull=False).distinct()
        urls = [*site_urls(), *object_urls(papers=Paper.objects.all(), venues=venues)]
        return {url: client.get(url) for url in urls}


def test_no_output_of_the_demo_data_writes_et_al_with_two_full_stops(demo_outputs):
    doubled = re.compile(r"et al\.\s*(?:</i>)?\s*\.")
    found = [
        url for url, response in demo_outputs.items() if doubled.search(response.content.decode())
    ]
    assert not found, found[:5]


def test_no_html_page_of_the_demo_data_shows_a_raw_double_dash(demo_outputs):
    """Page ranges read "1–10". (BibTeX shown as source in ``<pre>`` keeps BibTeX's "--".)"""
    pages = {
        url: _TAGS.sub("", _NOT_PAGE_TEXT.sub("", response.content.decode()))
        for url, response in demo_outputs.items()
        if response["Content-Type"].startswith("text/html") and "/export." not in url
    }
    assert len(pages) > 100
    raw = [url for url, text in pages.items() if "--" in text]
    assert not raw, raw[:5]
