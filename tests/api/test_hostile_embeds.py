"""The embedded lists and the API of a lab whose every text field holds a hostile string
(tests.security.hostile): the embed page has no element the plain lab's does not, and the
API gives each string back as it was written."""

import json

import pytest
from django.test import Client

from tests.security.conftest import hostile_module_db, payload  # noqa: F401
from tests.security.hostile import GROUP, MEMBER, PAPER, fetch_all, injected, plain_responses

EMBEDS = {
    "member": f"/api/v1/embed/people/{MEMBER}/",
    "group": f"/api/v1/embed/groups/{GROUP}/",
    "member in Chinese": f"/api/v1/embed/people/{MEMBER}/?lang=zh-hans",
}


@pytest.fixture(scope="module")
def baseline(django_db_setup, django_db_blocker) -> dict[str, str]:
    """The embedded lists of the lab with plain text in every field."""
    with django_db_blocker.unblock():
        return plain_responses(EMBEDS)


def test_no_embedded_list_shows_an_injected_element(payload, baseline):  # noqa: F811
    pages = fetch_all(Client(), EMBEDS)
    found = {
        name: problems
        for name, html in pages.items()
        if (problems := injected(html, baseline[name]))
    }
    assert found == {}


def test_the_api_gives_a_hostile_title_back_as_written(client, payload):  # noqa: F811
    paper = json.loads(client.get(f"/api/v1/papers/{PAPER}/").content)
    assert paper["title"] == payload[:1000]
    assert paper["url"] == ""  # a hostile URL is no web address
