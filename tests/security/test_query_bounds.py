"""Every option of a public URL is bounded: a value out of bounds is a 400 with a short message
naming the parameter (plain text for a download, on the 400 page for a page), never a 500 and
never a response of unbounded size."""

import html
import re

import pytest

from pubs.web.query import MAX_VALUE_LENGTH

pytestmark = pytest.mark.usefixtures("demo")

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"
#: No message of a refused query is longer.
SHORT = 400


def refused(client, url: str) -> str:
    """The message of a URL that must be a 400."""
    response = client.get(url)
    assert response.status_code == 400, url
    assert response["X-Content-Type-Options"] == "nosniff"
    message = refusal(response)
    assert len(message) <= SHORT
    return message


def refusal(response) -> str:
    """What a 400 says is wrong, a line per parameter: the text of a download's plain 400, the
    list on a page's 400 page."""
    if response["Content-Type"] == "text/plain; charset=utf-8":
        return response.content.decode()
    problems = re.search(r'<ul class="problems">(.*?)</ul>', response.content.decode(), re.S)
    return "".join(
        f"{html.unescape(item)}\n" for item in re.findall(r"<li>(.*?)</li>", problems[1])
    )


def test_a_padded_citation_key_is_refused_at_once(client):
    message = refused(client, "/publications/export.bib?keys={title:>999999999}")
    assert message.startswith("keys: ")
    assert "width or precision of at most 32" in message


@pytest.mark.parametrize(
    "pattern",
    [
        "{title:>33}",
        "{title:.999999999}",
        "{title:{year}}",
        "{year:d}",
        "{year!r}",
        "{year[0]}",
        "{family}" * 6,
        "{family}" + "x" * 60,
        "{0}",
        "{}",
        "{",
    ],
)
def test_citation_key_patterns_are_bounded(client, pattern):
    assert refused(client, f"/publications/export.bib?keys={pattern}").startswith("keys: ")


@pytest.mark.parametrize(
    ("url", "parameter"),
    [
        ("/publications/export.txt?style=nope", "style"),
        ("/publications/export.html?style=../../etc/passwd", "style"),
        ("/publications/export.bib?utf8=maybe", "utf8"),
        ("/publications/export.bib?extras=2", "extras"),
        ("/people/jin-fang/cv.md?rank=S", "rank"),
        ("/groups/ustc-int/export.ris?person=a/b", "person"),
        ("/venues/icnp/export.json?tag=%3Cscript%3E", "tag"),
        ("/venues/?sort=price", "sort"),
        ("/venues/?all=perhaps", "all"),
        ("/people/?page=0", "page"),
        ("/venues/?page=10001", "page"),
        ("/publications/?page=-1", "page"),
        ("/groups/ustc-int/?year=1e309", "year"),
        ("/people/jin-fang/?year_min=NaN", "year_min"),
        ("/sitemap.xml?p=x", "p"),
    ],
)
def test_an_unknown_or_out_of_range_option_is_a_400_naming_it(client, url, parameter):
    assert refused(client, url).startswith(f"{parameter}: ")


def test_an_empty_value_is_the_default(client):
    assert client.get("/publications/export.bib?abstract=&keys=&style=").status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        "/publications/?q=",
        "/people/jin-fang/export.bib?keys=",
        f"/publications/{NON_IDLE}/export.txt?style=",
        "/venues/?sort=",
    ],
)
def test_a_very_long_value_is_refused_without_being_repeated(client, url):
    message = refused(client, url + "x" * 100_000)
    assert message.endswith(": The value is too long.\n")
    assert "xxxx" not in message


def test_a_value_just_within_the_bound_of_every_parameter_is_read_by_its_field(client):
    message = refused(client, "/publications/?q=" + "x" * MAX_VALUE_LENGTH)
    assert message.startswith("q: Ensure this value has at most 200 characters")


@pytest.mark.parametrize(
    "url",
    [
        "/publications/?rank=A&rank=B",
        "/publications/export.bib?keys={family}&keys={title}",
        "/venues/?sort=name&sort=papers",
    ],
)
def test_a_parameter_given_twice_is_refused(client, url):
    assert refused(client, url).endswith(": Give one value.\n")


def test_a_thousand_parameters_are_a_400(client):
    query = "&".join(f"x{n}=1" for n in range(1001))
    assert client.get(f"/publications/?{query}").status_code == 400


@pytest.mark.parametrize(
    "url",
    [
        "/publications/?year=2024&utm_source=x&from=timeline&isappinstalled=0",
        f"/publications/{NON_IDLE}/?page=x&keys={{title:>999999999}}",
        "/feeds/publications/?style=nope",
        "/robots.txt?q=" + "x" * 10_000,
    ],
)
def test_a_parameter_a_page_does_not_read_is_left_out(client, url):
    assert client.get(url).status_code == 200


def test_the_refusal_is_in_the_language_of_the_page(client):
    message = refused(client, "/zh-hans/publications/?year=abc")
    assert message.startswith("year: ")
    assert "Enter" not in message
