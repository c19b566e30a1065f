"""Every public page of a lab whose every text field holds a hostile string shows it as
text: no element, attribute, event handler or script URL appears that the same page with
plain text does not have (tests/public/test_hostile_strings.py checks one string in the demo
data; this module checks dozens in a lab of their own)."""

import json
from urllib.parse import quote
from xml.etree import ElementTree

import pytest
from django.test import Client

from pubs.web.feeds import xml_text
from tests.security.hostile import (
    BENIGN,
    GROUP,
    MEMBER,
    OUTSIDER,
    PAPER,
    PAYLOADS,
    VENUE,
    elements,
    fetch_all,
    foreign_scripts,
    injected,
    plain_responses,
)

PAGES = {
    "home": "/",
    "publications": "/publications/",
    "paper": f"/publications/{PAPER}/",
    "paper in Chinese": f"/zh-hans/publications/{PAPER}/",
    "people": "/people/",
    "member": f"/people/{MEMBER}/",
    "outsider": f"/people/{OUTSIDER}/",
    "group": f"/groups/{GROUP}/",
    "venues": "/venues/",
    "venue": f"/venues/{VENUE}/",
    "citations": "/publications/export.html?style=apa",
    "citations IEEE": "/publications/export.html?style=ieee",
}
#: The plain lab's people are "Plain words" too: a search for it offers their pages.
NAMING_SEARCH = {"search naming people": f"/publications/?q={quote(BENIGN)}"}


@pytest.fixture(scope="module")
def baseline(django_db_setup, django_db_blocker) -> dict[str, str]:
    """The pages of the lab with plain text in every field (nothing is kept in the database)."""
    with django_db_blocker.unblock():
        return plain_responses({**PAGES, **NAMING_SEARCH})


@pytest.fixture(scope="module")
def hostile_pages(hostile_module_db, django_db_blocker) -> dict[str, str]:
    """The pages of the hostile lab, read once for the tests of its payload."""
    with django_db_blocker.unblock():
        return fetch_all(Client(), PAGES)


def test_there_are_thirty_payloads_and_more():
    assert len(PAYLOADS) >= 30


def test_no_page_shows_an_injected_element(payload, hostile_pages, baseline):
    found = {
        name: problems
        for name, html in hostile_pages.items()
        if (problems := injected(html, baseline[name]))
    }
    assert found == {}


def test_the_paper_page_shows_the_title_as_written(payload, hostile_pages):
    parser = elements(hostile_pages["paper"])
    titles = [
        attrs["content"] for tag, attrs in parser.elements if attrs.get("name") == "citation_title"
    ]
    assert titles == [payload[:1000]]


def test_json_ld_stays_one_data_block_that_reads_back(payload, hostile_pages, baseline):
    html = hostile_pages["paper"]
    (text,) = [text for kind, text in elements(html).scripts if kind == "application/ld+json"]
    assert foreign_scripts(html, baseline["paper"]) == []
    data = json.loads(text)
    assert data["headline"] == payload
    assert data["author"][0]["name"] == payload[:200]


def test_a_hostile_search_is_shown_as_text(client, payload, baseline):
    html = client.get(f"/publications/?q={quote(payload)}").content.decode()
    nothing_found = client.get("/publications/?q=no+such+paper").content.decode()
    pages = baseline["publications"], baseline["search naming people"], nothing_found
    assert injected(html, *pages) == []


def test_the_feed_is_well_formed_xml_with_the_title_as_written(client, payload):
    response = client.get("/feeds/publications/")
    feed = ElementTree.fromstring(response.content)
    titles = [t.text for t in feed.iter("{http://www.w3.org/2005/Atom}title")]
    assert xml_text(payload).replace("\r\n", "\n") in titles  # XML's line ends
