"""A person's or a group's list embedded in another site: the entries of their page (the same
partial), grouped by year, in the visitor's language; only this page may be framed."""

import re

import pytest

from tests.api.entries import shown_entries

pytestmark = pytest.mark.usefixtures("demo")

EMBED = "/api/v1/embed/people/jin-fang/"


@pytest.mark.parametrize(
    ("embed", "page"),
    [
        (EMBED, "/people/jin-fang/"),
        (f"{EMBED}?rank=A", "/people/jin-fang/?rank=A"),
        ("/api/v1/embed/groups/ustc-int/", "/groups/ustc-int/"),
        (
            "/api/v1/embed/groups/ustc-int/?year_min=2024&kind=conference",
            "/groups/ustc-int/?year_min=2024&kind=conference",
        ),
    ],
)
def test_an_embedded_list_shows_the_entries_of_its_page(client, embed, page):
    shown = shown_entries(client.get(embed).content.decode())
    assert shown
    assert shown == shown_entries(client.get(page).content.decode())


def test_an_embedded_list_is_grouped_by_year_newest_first(client):
    html = client.get(EMBED).content.decode()
    headings = re.findall(r'<h3 class="labpubs-year">(\d{4})</h3>', html)
    assert headings == sorted(set(headings), reverse=True)
    assert len(headings) > 2


def test_an_embedded_list_links_to_the_whole_list_on_the_site(client):
    html = client.get(f"{EMBED}?rank=A").content.decode()
    assert '<a href="http://testserver/people/jin-fang/?rank=A">All publications</a>' in html


def test_an_embedded_frame_opens_an_entry_s_bibtex_in_place(client):
    html = client.get(EMBED).content.decode()
    assert re.search(r'<script src="[^"]*js/bibtex[.\w]*\.js" defer></script>', html)
    assert "Download BibTeX" in html


@pytest.mark.parametrize(
    ("url", "headers"),
    [(EMBED, {"Accept-Language": "zh-CN,zh;q=0.9"}), (f"{EMBED}?lang=zh-hans", {})],
)
def test_an_embedded_list_is_in_the_visitors_language(client, url, headers):
    response = client.get(url, headers=headers)
    html = response.content.decode()
    assert response["Content-Language"] == "zh-hans"
    assert 'lang="zh-hans"' in html
    assert 'href="/zh-hans/publications/' in html
    assert "全部论文" in html


def test_the_languages_of_an_embedded_list_are_cached_apart(client):
    english = client.get(EMBED).content.decode()
    chinese = client.get(EMBED, headers={"Accept-Language": "zh-CN"}).content.decode()
    assert "All publications" in english
    assert "全部论文" in chinese
    assert client.get(EMBED).content.decode() == english


def test_an_unknown_language_is_refused(client):
    assert client.get(f"{EMBED}?lang=fr").status_code == 400


def test_any_site_may_frame_an_embedded_list(client):
    response = client.get(EMBED)
    assert "frame-ancestors *" in response["Content-Security-Policy"]
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert "X-Frame-Options" not in response


@pytest.mark.parametrize(
    "url", ["/people/jin-fang/", "/groups/ustc-int/", "/api/v1/papers/", "/api/v1/docs/"]
)
def test_no_other_page_may_be_framed(client, url):
    response = client.get(url)
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"


def test_any_origin_may_fetch_an_embedded_list_and_revalidate_it(client):
    first = client.get(EMBED, headers={"Origin": "https://lab.example.org"})
    assert first["Access-Control-Allow-Origin"] == "*"
    again = client.get(EMBED, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_the_embedded_list_of_no_one_is_not_found(client):
    assert client.get("/api/v1/embed/people/nobody/").status_code == 404
