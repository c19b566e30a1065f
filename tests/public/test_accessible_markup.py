"""What the public pages say to screen readers and search engines: the language of a name or
title in the other language, a skip link, a description, absolute hreflang links with an
x-default, the chart's numbers as a table, and a 404 page in the site's look (also with DEBUG
on) whose language switch leads to the other language."""

import re

import pytest
from django.template import Context, Template
from django.utils import translation

from pubs.models import Paper

pytestmark = pytest.mark.usefixtures("demo")

PAGES = [
    "/",
    "/publications/",
    "/people/",
    "/people/jin-fang/",
    "/groups/ustc-int/",
    "/venues/",
    "/venues/ton/",
    "/publications/non-idle-machine-aware-worker-placement-for-2024/",
    "/no-such-page/",
]
#: A paper's page (the demo's papers have no abstract).
PAPER = "/publications/non-idle-machine-aware-worker-placement-for-2024/"


def render_lang(text: str, language: str) -> str:
    with translation.override(language):
        return Template("{% load site_tags %}<b{{ text|lang }}>").render(Context({"text": text}))


@pytest.mark.parametrize(
    ("text", "language", "tag"),
    [
        ("方佳瑞", "en", '<b lang="zh-Hans">'),
        ("Jiarui Fang", "en", "<b>"),
        ("PS架构下基于可编程交换机的梯度调度方法和装置", "en", '<b lang="zh-Hans">'),
        ("Jiarui Fang", "zh-hans", '<b lang="en">'),
        ("方佳瑞", "zh-hans", "<b>"),
        ("", "zh-hans", "<b>"),
    ],
)
def test_a_name_or_title_in_the_other_script_carries_its_language(text, language, tag):
    assert render_lang(text, language) == tag


def test_a_chinese_title_on_an_english_list_carries_its_language(client):
    html = client.get("/people/jin-fang/").content.decode()
    assert 'lang="zh-Hans">一种边缘云系统中的VNF部署调度方法</a>' in html


def test_an_english_title_on_a_chinese_page_carries_its_language(client):
    html = client.get("/zh-hans/publications/").content.decode()
    assert re.search(r'<a class="title" href="[^"]+" lang="en">', html)


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("prefix", ["", "/zh-hans"])
def test_every_public_page_has_a_skip_link(client, path, prefix):
    html = client.get(f"{prefix}{path}").content.decode()
    assert '<a class="skip-link" href="#main">' in html and '<main id="main"' in html


@pytest.mark.parametrize("path", [path for path in PAGES if path != PAPER])
@pytest.mark.parametrize("prefix", ["", "/zh-hans"])
def test_every_public_page_but_a_paper_has_a_description(client, path, prefix):
    html = client.get(f"{prefix}{path}").content.decode()
    description = re.search(r'<meta name="description" content="([^"]+)">', html)
    assert description and len(description[1].strip()) > 20


def test_a_paper_page_is_described_by_its_abstract_alone(client, no_page_cache):
    # Zotero takes a page's description for the abstract of a paper that has none.
    assert '<meta name="description"' not in client.get(PAPER).content.decode()
    Paper.objects.filter(slug=PAPER.split("/")[2]).update(abstract="We place workers well.")
    html = client.get(PAPER).content.decode()
    assert '<meta name="description" content="We place workers well.">' in html


def test_language_links_are_absolute_with_an_x_default(client):
    html = client.get("/zh-hans/people/jin-fang/").content.decode()
    assert '<link rel="alternate" hreflang="en" href="http://testserver/people/jin-fang/">' in html
    assert (
        '<link rel="alternate" hreflang="zh-hans" href="http://testserver/zh-hans/people/jin-fang/">'
        in html
    )
    assert (
        '<link rel="alternate" hreflang="x-default" href="http://testserver/people/jin-fang/">'
        in html
    )


@pytest.mark.parametrize(
    ("path", "other"),
    [("/no-such-page/", "/zh-hans/no-such-page/"), ("/zh-hans/no-such-page/", "/no-such-page/")],
)
def test_the_language_switch_of_a_404_page_leads_to_the_other_language(client, path, other):
    response = client.get(path)
    assert response.status_code == 404
    assert re.search(rf'<a href="{other}" lang="[^"]+" hreflang=', response.content.decode())


@pytest.mark.parametrize(
    "path",
    [
        "/no-such-page/",  # no view answers it
        "/zh-hans/people/nobody-of-that-name/",  # the view's Http404
    ],
)
def test_a_missing_page_is_the_sites_404_page_with_debug_on(client, settings, path):
    settings.DEBUG = True
    response = client.get(path)
    assert response.status_code == 404 and 'class="error-page"' in response.content.decode()


def test_a_query_a_page_cannot_use_is_the_sites_400_page_with_debug_on(client, settings):
    settings.DEBUG = True
    response = client.get("/publications/?year=abc")
    assert response.status_code == 400 and 'class="error-page"' in response.content.decode()


def test_debug_technical_404_asks_for_djangos_page(client, settings):
    settings.DEBUG = True
    settings.DEBUG_TECHNICAL_404 = True
    response = client.get("/no-such-page/")
    assert response.status_code == 404 and 'class="error-page"' not in response.content.decode()


def test_the_group_chart_has_its_numbers_as_a_table_and_ranks_in_patterns(client):
    html = client.get("/groups/ustc-int/").content.decode()
    table = re.search(r'<table class="visually-hidden">.*?</table>', html, re.S)[0]
    assert "<caption>Papers per year by CCF rank</caption>" in table
    assert '<th scope="col">CCF A</th>' in table and '<th scope="row">2024</th>' in table
    assert 'fill="url(#rank-fill-b)"' in html and '<pattern id="rank-fill-b"' in html
