"""Hostile query strings against every public URL: each answers a page, a redirect, a 400 or a
404, never a 500, and never a response much larger than the page itself."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.urls import resolve
from django.utils.translation import override
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

import pubs.urls
from pubs.export.bibtex import KEY_PLACEHOLDERS
from tests.security.hostile import PAYLOADS

pytestmark = pytest.mark.usefixtures("demo")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
LISTS = ("/publications/", f"/publications/{NON_IDLE}/", "/people/jin-fang/")
#: A URL of every public route, in both languages where it has two.
PUBLIC_URLS = [
    "/",
    "/publications/",
    *(f"{base}export.{fmt}" for base in LISTS for fmt in ("bib", "ris", "json", "txt", "html")),
    f"/publications/{NON_IDLE}/",
    "/people/",
    "/people/jin-fang/",
    "/people/jin-fang/cv.md",
    "/people/jin-fang/cv.tex",
    "/people/jin-fang/cv.txt",
    "/people/jin-fang/feed/",
    "/people/jin-fang/site/papers.bib",
    "/people/jin-fang/site/publications.md",
    "/groups/ustc-int/",
    "/groups/ustc-int/export.bib",
    "/groups/ustc-int/cv.md",
    "/groups/ustc-int/feed/",
    "/groups/ustc-int/site/hugo.zip",
    "/venues/",
    "/venues/icnp/",
    "/venues/icnp/export.ris",
    "/feeds/publications/",
    "/sitemap.xml",
    "/robots.txt",
    "/zh-hans/",
    "/zh-hans/publications/",
    "/zh-hans/publications/export.html",
    "/zh-hans/venues/",
]
ANSWERS = {200, 301, 302, 400, 404}
#: A refusal says what is wrong in a few lines.
SHORT = 2048

PARAMETERS = [
    "year", "year_min", "year_max", "kind", "rank", "edition", "venue", "person", "group",
    "status", "selected", "tag", "q", "page", "sort", "all", "keys", "utf8", "extras",
    "abstract", "style", "p",
]  # fmt: skip
VALID = [
    "2024", "2023", "A", "none", "2022", "conference", "ton", "jin-fang", "ustc-int",
    "under_review", "true", "1", "0", "fang", "2", "papers", "{family}{yy}{words}", "ieee",
    "gbt7714",
]  # fmt: skip
NUMBERS = [
    "1e309", "NaN", "inf", "-0", "0x10", "2024.0", " 2024 ", "1_000", "２０２４", "9" * 40,
    "-9223372036854775809", "18446744073709551616",
]  # fmt: skip
FORMAT_SPEC = r"[^{}]?[<>^=]?[+\- ]?z?#?0?[0-9]{0,10}[,_]?(\.[0-9]{0,10})?[sdfxXne%c]?"

key_patterns = st.builds(
    lambda parts: "".join(parts),
    st.lists(
        st.one_of(
            st.builds(
                "{{{}{}{}}}".format,
                st.sampled_from([*sorted(KEY_PLACEHOLDERS), "0", "", "title[0]", "year.real"]),
                st.sampled_from(["", "!r", "!s", "!a", "!x"]),
                st.one_of(
                    st.just(""),
                    st.from_regex(FORMAT_SPEC, fullmatch=True).map(":".__add__),
                    st.just(":{year}"),
                ),
            ),
            st.text("{}:!>._-x9", max_size=6),
        ),
        max_size=8,
    ),
)
values = st.one_of(
    st.sampled_from(VALID),
    st.sampled_from(NUMBERS),
    st.integers(-(10**20), 10**20).map(str),
    key_patterns,
    st.sampled_from(PAYLOADS),
    st.text(max_size=40),
    st.integers(250, 20_000).map("x".__mul__),
)
names = st.one_of(
    st.sampled_from(PARAMETERS),
    st.sampled_from(["", "x", "utm_source", "from", "q[]", "page\x00", "__proto__", "n" * 300]),
)
#: Query string text that no encoder writes: stray separators, bad percent escapes, bytes that
#: are not UTF-8.
raw_tails = st.sampled_from(["", "&", "&&=", "=x", "%ff%fe", "%", "q=%zz", ";x=1", "page=1#x"])


@st.composite
def query_strings(draw) -> str:
    pairs = draw(st.lists(st.tuples(names, values), max_size=6))
    encoded = [f"{quote(name, safe='')}={quote(value, safe='{}:')}" for name, value in pairs]
    return "&".join([*encoded, draw(raw_tails)])


_page_sizes: dict[str, int] = {}


def page_size(client, url: str) -> int:
    """The size of the page asked for without a query string."""
    if url not in _page_sizes:
        _page_sizes[url] = len(client.get(url).content)
    return _page_sizes[url]


def refusal_page_size(client) -> int:
    """The size of a page's 400 without its list of what is wrong."""
    return len(client.get("/venues/?page=x").content) - len("<li>page: Enter a whole number.</li>")


def test_the_urls_cover_every_public_route():
    routes = {pattern.name for pattern in pubs.urls.urlpatterns} | {"sitemap", "robots"}
    with override("en"):
        covered = {resolve(url.removeprefix("/zh-hans")).url_name for url in PUBLIC_URLS}
    assert routes <= covered


@settings(
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(url=st.sampled_from(PUBLIC_URLS), query=query_strings())
@example(url="/publications/export.bib", query="keys={title:>999999999}")
@example(url="/publications/export.bib", query="keys={year:d}")
@example(url="/publications/export.bib", query="keys={title:{year}}")
@example(url="/people/jin-fang/export.bib", query="keys={family}&keys={title}")
@example(url="/venues/", query="sort=" + "x" * 20_000)
def test_hostile_query_strings_get_a_page_or_a_400_of_bounded_size(client, url, query):
    response = client.get(f"{url}?{query}")
    event(f"status {response.status_code}")
    assert response.status_code in ANSWERS, (url, query, response.content[:500])
    if response.status_code == 400:
        assert len(response.content) <= refusal_page_size(client) + SHORT
    else:
        assert len(response.content) <= 2 * page_size(client, url) + 64 * 1024
