"""A list's citations: a style picker beside its export links, the citations as a page of
the site that says its style, or as the bare list to paste elsewhere."""

import re

import pytest

from pubs.export.citations import STYLE_LABELS

pytestmark = pytest.mark.usefixtures("demo")


def picker(html: str) -> str:
    found = re.search(
        r'<form method="get" action="([^"]*)" class="citation-export">.*?</form>', html, re.S
    )
    assert found, "no style picker"
    return found.group(0)


def test_a_list_page_offers_every_citation_style_with_ieee_chosen(client):
    form = picker(client.get("/publications/").content.decode())
    options = re.findall(r'<option value="([^"]+)"( selected)?>([^<]+)</option>', form)
    assert [(value, label) for value, _, label in options] == list(STYLE_LABELS.items())
    assert [label for _, selected, label in options if selected] == ["IEEE"]
    assert {"GB/T 7714-2015", "Chicago", "APA", "ACM"} <= {label for _, _, label in options}


def test_the_picker_exports_the_list_with_its_filters(client):
    form = picker(client.get("/people/jin-fang/?rank=A&page=1").content.decode())
    assert 'action="/people/jin-fang/export.html"' in form
    assert 'formaction="/people/jin-fang/export.txt"' in form
    assert '<input type="hidden" name="rank" value="A">' in form
    assert 'name="page"' not in form


def test_the_html_export_is_a_page_of_the_site_saying_its_style(client):
    response = client.get("/people/jin-fang/export.html?style=apa")
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith("<!doctype html>") and 'class="site-header"' in html
    assert "Citations in the APA style." in html and "<h1>Jin Fang</h1>" in html
    assert '<div class="csl-bib-body apa">' in html


def test_the_html_export_by_default_says_it_is_ieee(client):
    html = client.get("/publications/export.html").content.decode()
    assert "Citations in the IEEE style." in html and "csl-bib-body ieee" in html


def test_a_fragment_is_the_bare_list_when_asked_for(client):
    response = client.get("/publications/export.html?style=ieee&fragment=1")
    assert response.content.decode().startswith('<div class="csl-bib-body ieee">')


def test_the_chinese_page_says_the_style_in_chinese(client):
    html = client.get("/zh-hans/groups/ustc-int/export.html?style=gbt7714").content.decode()
    assert "引文格式为 GB/T 7714-2015。" in html
