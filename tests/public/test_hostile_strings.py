"""Hostile strings in any field are shown as text on every page, never run as markup."""

import re
from xml.etree import ElementTree

import pytest

from people.models import Group, Membership, Person
from pubs.models import Authorship, Link, Paper, Tag, Venue
from tests.public.html import json_ld, meta

pytestmark = pytest.mark.usefixtures("demo")

HOSTILE = '</script><script>alert("x")</script><img src=x onerror=alert(1)>"\'{{ 7|add:1 }}&amp;'
MARKERS = ("<script>alert", "<img src=x")
NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"


@pytest.fixture
def hostile() -> Paper:
    """Every text field of a paper and of what it shows holds HOSTILE."""
    paper = Paper.objects.get(slug=NON_IDLE)
    for field in (
        "title",
        "container_title",
        "abstract",
        "awards",
        "publisher",
        "series",
        "editor",
        "institution",
        "volume",
        "number",
        "pages",
        "doi",
    ):
        setattr(paper, field, HOSTILE[: Paper._meta.get_field(field).max_length or None])
    paper.save()
    paper.tags.add(Tag.objects.create(name=HOSTILE, slug="hostile"))
    Link.objects.create(paper=paper, kind="code", url="https://example.org/", label=HOSTILE)
    Venue.objects.filter(slug="icnp").update(name=HOSTILE, abbreviation=HOSTILE[:50])
    Authorship.objects.filter(paper=paper, position=1).update(
        printed_name=HOSTILE[:200], affiliation=HOSTILE
    )
    Person.objects.filter(slug="jin-fang").update(
        given_name=HOSTILE[:100],
        family_name=HOSTILE[:100],
        native_name=HOSTILE[:100],
        bio=HOSTILE,
        affiliation=HOSTILE,
    )
    Group.objects.filter(slug="ustc-int").update(
        name=HOSTILE, description=HOSTILE, institution=HOSTILE
    )
    Membership.objects.filter(person__slug="jin-fang").update(note=HOSTILE)
    return paper


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/publications/",
        "/publications/?q=" + HOSTILE,
        f"/publications/{NON_IDLE}/",
        "/people/",
        "/people/jin-fang/",
        "/groups/ustc-int/",
        "/venues/",
        "/venues/icnp/",
        "/zh-hans/groups/ustc-int/",
    ],
)
def test_hostile_strings_are_escaped(client, hostile, url):
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    for marker in MARKERS:
        assert marker not in html
    assert "&lt;script&gt;alert" in html  # shown, as text


def test_json_ld_of_a_hostile_title_stays_one_script_and_reads_back(client, hostile):
    html = client.get(hostile.get_absolute_url()).content.decode()
    scripts = ['<script type="application/ld+json">', '<script src="/static/js/cite.js" defer>']
    assert re.findall(r"<script[^>]*>", html) == scripts  # the cite box's script file after it
    assert html.count("</script>") == len(scripts)
    assert json_ld(html)["headline"] == hostile.title


def test_meta_tags_of_a_hostile_title_read_back(client, hostile):
    html = client.get(hostile.get_absolute_url()).content.decode()
    assert meta(html, "citation_title") == [hostile.title]


def test_the_feed_summary_a_reader_renders_as_html_shows_hostile_strings_as_text(client, hostile):
    Paper.objects.filter(pk=hostile.pk).update(created="2030-01-01T00:00:00Z")
    feed = ElementTree.fromstring(client.get("/feeds/publications/").content)
    summaries = [s.text for s in feed.iter("{http://www.w3.org/2005/Atom}summary")]
    assert any("&lt;script&gt;alert" in summary for summary in summaries)
    assert not any("<script" in summary for summary in summaries)
