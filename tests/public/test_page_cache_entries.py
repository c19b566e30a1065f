"""What the page cache (Redis here) keeps: one entry per page, keyed on what changes the page
(scheme, host, path, language, the checked query in one canonical form), holding the whole
response with its headers; nothing for a refused query or an oversized response."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.privacy.test_page_cache import cached_values

pytestmark = pytest.mark.usefixtures("demo", "redis_cache")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
EXPORTS = [
    *(f"/publications/export.{fmt}" for fmt in ("bib", "ris", "json", "txt", "html")),
    "/publications/export.bib?rank=A&keys={family}{yy}",
    "/publications/export.html?style=apa",
    f"/publications/{NON_IDLE}/export.bib",
    f"/publications/{NON_IDLE}/export.ris",
    "/people/jin-fang/export.json",
    "/people/jin-fang/cv.md",
    "/people/jin-fang/cv.tex",
    "/people/jin-fang/cv.txt",
    "/groups/ustc-int/export.bib",
    "/groups/ustc-int/cv.tex",
    "/venues/icnp/export.txt",
    "/zh-hans/people/jin-fang/export.bib",
    "/zh-hans/people/jin-fang/cv.md",
]


def fetch(client, url: str, **headers):
    """The response and the number of SQL queries it took (1 when it came from the cache:
    the version of the public data)."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, **headers)
    return response, len(queries)


@pytest.mark.parametrize("url", EXPORTS)
def test_a_cached_export_keeps_its_file_name_and_every_header(client, url):
    first, _ = fetch(client, url)
    again, queries = fetch(client, url)
    assert queries == 1
    assert first.status_code == again.status_code == 200
    assert again["Content-Disposition"] == first["Content-Disposition"]
    assert 'filename="export.' not in again["Content-Disposition"]
    assert dict(again.headers) == dict(first.headers)
    assert again.content == first.content


@pytest.mark.parametrize("url", ["/sitemap.xml", "/zh-hans/publications/", "/venues/"])
def test_a_cached_page_keeps_every_header(client, url):
    first, _ = fetch(client, url)
    again, queries = fetch(client, url)
    assert queries == 1
    assert dict(again.headers) == dict(first.headers)


def test_the_cached_sitemap_still_asks_not_to_be_indexed_itself(client):
    fetch(client, "/sitemap.xml")
    again, _ = fetch(client, "/sitemap.xml")
    assert "noindex" in again["X-Robots-Tag"]


def test_one_page_asked_for_with_its_query_in_other_words_is_one_entry(client, redis_cache):
    fetch(client, "/publications/?rank=A&year_min=2023")
    for url in (
        "/publications/?year_min=2023&rank=A",
        "/publications/?year_min=2023.0&rank=A&page=1",
        "/publications/?rank=A&year_min=+2023&edition=&from=timeline",
        "/publications/?rank=A&year_min=2023&utm_source=x&fbclid=y",
    ):
        response, queries = fetch(client, url)
        assert response.status_code == 200
        assert queries == 1, url
    assert len(cached_values(redis_cache)) == 1


def test_query_strings_a_page_does_not_read_add_no_entry(client, redis_cache):
    for n in range(600):
        fetch(client, f"/people/jin-fang/?utm_source=s{n}&isappinstalled={n}")
    assert len(cached_values(redis_cache)) == 1


def test_a_refused_query_adds_no_entry(client, redis_cache):
    for url in ("/publications/?year=abc", "/publications/export.bib?keys={title:>99999}"):
        assert fetch(client, url)[0].status_code == 400
    assert cached_values(redis_cache) == []


def test_a_page_of_another_host_is_another_entry(client, settings):
    settings.ALLOWED_HOSTS = ["one.example", "two.example"]
    url = f"/publications/{NON_IDLE}/"
    fetch(client, url, HTTP_HOST="one.example")
    other, queries = fetch(client, url, HTTP_HOST="two.example")
    assert queries > 1
    assert f"http://two.example{url}" in other.content.decode()
    assert "one.example" not in other.content.decode()


def test_a_host_the_site_does_not_serve_is_refused_before_the_cache(client, settings):
    settings.ALLOWED_HOSTS = ["one.example"]
    assert fetch(client, "/publications/", HTTP_HOST="evil.example")[0].status_code == 400


def test_a_page_over_https_is_another_entry(client):
    fetch(client, f"/publications/{NON_IDLE}/")
    secure, queries = fetch(client, f"/publications/{NON_IDLE}/", secure=True)
    assert queries > 1
    assert f"https://testserver/publications/{NON_IDLE}/" in secure.content.decode()


def test_each_language_of_a_page_is_its_own_entry(client):
    english, _ = fetch(client, "/publications/")
    chinese, queries = fetch(client, "/zh-hans/publications/")
    assert queries > 1
    assert chinese["Content-Language"] == "zh-hans"
    assert english["Content-Language"] == "en"


def test_a_response_larger_than_the_bound_is_rendered_each_time(client, settings, redis_cache):
    settings.PUBLIC_CACHE_MAX_BYTES = 1000
    fetch(client, "/publications/export.bib")
    again, queries = fetch(client, "/publications/export.bib")
    assert again.status_code == 200
    assert queries > 1
    assert cached_values(redis_cache) == []
