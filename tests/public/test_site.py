"""The lab's name and look on every page (SITE_* settings, pubs.web.site), the pages' titles,
and the pages of a bad request, of a missing page and of a server error."""

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest
from django.core.exceptions import BadRequest, ImproperlyConfigured
from django.template.loader import render_to_string
from django.test import Client
from django.urls import path
from django.utils import translation

from config.env import env_colour
from config.urls import urlpatterns as site_urlpatterns
from people.models import Group, Person
from pubs.models import Paper, Venue
from pubs.web.site import DARK_TEXT, LIGHT_TEXT, text_on
from tests.privacy.crawl import object_urls, site_urls

ATOM = "{http://www.w3.org/2005/Atom}"


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


@pytest.fixture
def lab(settings):
    settings.SITE_NAME = "Systems & Networks Lab"
    settings.SITE_NAME_ZH = "系统与网络实验室"
    settings.SITE_FOOTER = "Hefei, China · https://lab.example.edu/"
    settings.SITE_LOGO = "css/site.css"  # any static file stands for the logo here
    settings.SITE_ACCENT_COLOUR = "#8c1515"
    settings.SITE_HEADER_COLOUR = "#1f2a44"
    return settings


# -- name, title, footer --------------------------------------------------------------------


@pytest.mark.usefixtures("demo")
class TestPages:
    @pytest.mark.parametrize(
        ("url", "expected"),
        [
            ("/", "Lab publications"),
            ("/publications/", "Publications · Lab publications"),
            ("/people/jin-fang/", "Jin Fang · Lab publications"),
            ("/groups/ustc-int/", "USTC Intelligent Network and System Group · Lab publications"),
            ("/venues/", "Venues · Lab publications"),
            ("/venues/icnp/", "ICNP · Lab publications"),
            ("/zh-hans/people/", "人员 · 实验室发表论文"),
        ],
    )
    def test_every_page_is_titled_page_then_lab(self, client, url, expected):
        assert title(client.get(url).content.decode()) == expected

    def test_the_paper_page_is_titled_by_the_paper(self, client):
        html = client.get("/publications/spotserve-serving-generative-large-language-models-2024/")
        assert title(html.content.decode()).startswith("SpotServe: Serving Generative")
        assert title(html.content.decode()).endswith(" · Lab publications")

    def test_the_lab_s_name_heads_the_pages_and_their_titles(self, client, lab):
        html = client.get("/people/jin-fang/").content.decode()
        assert title(html) == "Jin Fang · Systems &amp; Networks Lab"
        assert "<span>Systems &amp; Networks Lab</span>" in html
        assert "<h1>Systems &amp; Networks Lab</h1>" in client.get("/").content.decode()

    def test_the_chinese_pages_carry_the_chinese_name(self, client, lab):
        html = client.get("/zh-hans/people/jin-fang/").content.decode()
        assert title(html) == "Jin Fang · 系统与网络实验室"

    def test_the_footer_links_its_address(self, client, lab):
        html = client.get("/venues/").content.decode()
        footer = html[html.index('<footer class="site-footer">') :]
        assert "Hefei, China" in footer
        assert 'href="https://lab.example.edu/"' in footer

    def test_the_logo_and_the_favicon_are_static_files(self, client, lab):
        html = client.get("/").content.decode()
        assert '<img src="/static/css/site.css" alt="" class="logo">' in html
        assert '<link rel="icon" href="/static/favicon.svg">' in html

    def test_the_paper_page_and_the_feed_name_the_lab(self, client, lab):
        paper = "/publications/spotserve-serving-generative-large-language-models-2024/"
        html = client.get(paper).content.decode()
        assert '<meta property="og:site_name" content="Systems &amp; Networks Lab">' in html
        feed = ElementTree.fromstring(client.get("/feeds/publications/").content)
        assert feed.findtext(f"{ATOM}author/{ATOM}name") == "Systems & Networks Lab"

    def test_the_admin_is_headed_by_the_lab_s_name(self, admin_client, lab):
        assert "Systems &amp; Networks Lab" in admin_client.get("/admin/").content.decode()

    def test_a_new_name_is_not_hidden_by_the_page_cache(self, client, settings):
        assert title(client.get("/venues/").content.decode()) == "Venues · Lab publications"
        settings.SITE_NAME = "Renamed Lab"
        assert title(client.get("/venues/").content.decode()) == "Venues · Renamed Lab"


# -- colours --------------------------------------------------------------------------------


def test_the_theme_gives_the_lab_s_colours(client, lab):
    response = client.get("/theme.css")
    assert response["Content-Type"] == "text/css; charset=utf-8"
    css = response.content.decode()
    assert "--accent: #8c1515;" in css
    assert "--header-bg: #1f2a44;" in css
    assert f"--header-fg: {LIGHT_TEXT};" in css


def test_pages_link_the_theme_by_a_url_that_changes_with_it(client, db, settings):
    first = re.search(r'href="(/theme\.css\?v=\w+)"', client.get("/").content.decode()).group(1)
    settings.SITE_ACCENT_COLOUR = "#123456"
    second = re.search(r'href="(/theme\.css\?v=\w+)"', client.get("/").content.decode()).group(1)
    assert first != second


@pytest.mark.parametrize(
    ("colour", "text"),
    [("#ffffff", DARK_TEXT), ("#fff", DARK_TEXT), ("#1f2a44", LIGHT_TEXT), ("#000", LIGHT_TEXT),
     ("#0b57d0", LIGHT_TEXT), ("#ffd54f", DARK_TEXT)],
)  # fmt: skip
def test_the_header_text_reads_on_its_colour(colour, text):
    assert text_on(colour) == text


@pytest.mark.parametrize("value", ["red", "#12345", "#1234567", "#ggg", "#fff;}body{x:y"])
def test_a_colour_setting_that_is_no_colour_stops_the_start(monkeypatch, value):
    monkeypatch.setenv("SITE_ACCENT_COLOUR", value)
    with pytest.raises(ImproperlyConfigured, match="SITE_ACCENT_COLOUR"):
        env_colour("SITE_ACCENT_COLOUR", "#000000")


def test_a_colour_setting_is_read_in_lower_case(monkeypatch):
    monkeypatch.setenv("SITE_HEADER_COLOUR", " #1F2A44 ")
    assert env_colour("SITE_HEADER_COLOUR", "#ffffff") == "#1f2a44"


TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_every_page_but_the_home_page_fills_in_its_title():
    pages = [
        path
        for path in TEMPLATES.rglob("*.html")
        if re.match(r"{% extends \"base.html\" %}", path.read_text(encoding="utf-8"))
    ]
    untitled = [
        str(path.relative_to(TEMPLATES))
        for path in pages
        if not re.search(r"{% block title %}(?!\s*{% endblock %})", path.read_text("utf-8"))
    ]
    assert len(pages) > 8
    assert untitled == ["pubs/home.html"]  # the lab's name alone


def html_pages(urls: list[str]) -> list[str]:
    """The pages among ``urls``, not their exports, CVs, feeds or the sitemap."""
    return [url for url in urls if "." not in url.split("?")[0] and "/feeds/" not in url]


@pytest.mark.usefixtures("demo")
def test_each_page_of_the_demo_data_is_titled_by_what_it_shows(client):
    one_of_each = object_urls(
        papers=Paper.objects.filter(is_public=True)[:1],
        people=Person.objects.filter(authorships__isnull=False)[:1],
        groups=Group.objects.all()[:1],
        venues=Venue.objects.filter(papers__isnull=False)[:1],
    )
    pages = html_pages([*site_urls(), *one_of_each])
    assert len(pages) > 30
    untitled = [
        f"{url}: {text}"
        for url in pages
        if url not in ("/", "/zh-hans/")
        and not re.fullmatch(
            r".+ · (Lab publications|实验室发表论文)",
            text := title(client.get(url).content.decode()),
        )
    ]
    assert untitled == []


# -- 400, 404 and 500 -----------------------------------------------------------------------


def test_a_bad_query_of_a_list_page_is_the_styled_400_naming_the_parameter(client, db):
    response = client.get("/publications/?kind=poem")
    assert response.status_code == 400
    html = response.content.decode()
    assert title(html) == "Bad request · Lab publications"
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html
    assert "<li>kind: Select a valid choice. poem is not one of the available choices.</li>" in html


def test_a_bad_query_of_a_chinese_page_is_the_400_in_chinese(client, db):
    response = client.get("/zh-hans/people/?page=x")
    assert response.status_code == 400
    assert title(response.content.decode()) == "请求有误 · 实验室发表论文"


def test_a_bad_query_of_an_export_stays_plain_text(client, db):
    response = client.get("/publications/export.txt?style=nope")
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"


def test_the_400_page_renders_without_a_database_or_a_request():
    """Django's bad_request view renders it with no context at all."""
    html = render_to_string("400.html")
    assert title(html) == "Bad request · Lab publications"
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html


def test_a_missing_page_is_a_styled_404(client, db):
    response = client.get("/people/nobody-of-this-name/")
    assert response.status_code == 404
    html = response.content.decode()
    assert title(html) == "Page not found · Lab publications"
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html
    assert 'action="/publications/"' in html  # a search of the publications


def test_a_missing_page_in_chinese(client, db):
    response = client.get("/zh-hans/no/such/page/")
    assert response.status_code == 404
    assert title(response.content.decode()) == "页面不存在 · 实验室发表论文"


def test_the_500_page_renders_without_a_database_or_a_request():
    """Django renders it with no context at all; a database query here would fail (no
    ``db`` fixture)."""
    with translation.override("zh-hans"):
        html = render_to_string("500.html")
    assert title(html) == "服务器错误 · 实验室发表论文"
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html


def failing_view(request):
    raise RuntimeError("the database is down")


def refusing_view(request):
    raise BadRequest("A hand-made post.")


urlpatterns = [path("fails/", failing_view), path("refuses/", refusing_view), *site_urlpatterns]


def test_a_bad_request_answers_the_styled_400_page(settings):
    settings.ROOT_URLCONF = __name__
    settings.DEBUG = False
    response = Client().get("/refuses/")
    assert response.status_code == 400
    assert title(response.content.decode()) == "Bad request · Lab publications"


def test_a_server_error_answers_the_500_page(settings):
    settings.ROOT_URLCONF = __name__
    settings.DEBUG = False
    response = Client(raise_request_exception=False).get("/fails/")
    assert response.status_code == 500
    html = response.content.decode()
    assert title(html) == "Server error · Lab publications"
    assert "Something went wrong on our side" in html
