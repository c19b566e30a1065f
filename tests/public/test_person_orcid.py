"""A person's ORCID iD on their page: the iD mark linking to orcid.org, and the page's
schema.org Person naming it in ``sameAs``; their papers' pages name it for the author."""

import json
import re

import pytest

from tests.factories import PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db


def json_ld(html: str) -> dict:
    found = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))


def author(**fields):
    """A person with a public paper (people without one have no page)."""
    person = PersonFactory(**fields)
    paper_with_authors(person, is_public=True)
    return person


def test_the_person_page_shows_the_orcid_mark_with_the_ids_link(client):
    person = author(orcid="0000-0002-1825-0097")
    html = client.get(person.get_absolute_url()).content.decode()
    mark = re.search(
        r'<a class="orcid" href="([^"]+)" rel="me"><svg[^>]*>.*?</svg> ([^<]+)</a>', html
    )
    assert mark is not None
    assert mark.groups() == ("https://orcid.org/0000-0002-1825-0097",) * 2
    assert 'aria-label="ORCID iD"' in mark.group(0)


def test_a_person_without_an_id_has_no_mark(client):
    html = client.get(author(orcid="").get_absolute_url()).content.decode()
    assert 'class="orcid"' not in html


def test_the_person_pages_json_ld_names_the_id_first_in_same_as(client):
    person = author(
        given_name="Josiah", family_name="Carberry", orcid="0000-0002-1825-0097",
        dblp="https://dblp.org/pid/00/1",
    )  # fmt: skip
    data = json_ld(client.get(person.get_absolute_url()).content.decode())
    assert data["@type"] == "Person" and data["name"] == "Josiah Carberry"
    assert data["sameAs"] == ["https://orcid.org/0000-0002-1825-0097", "https://dblp.org/pid/00/1"]


def test_the_paper_pages_json_ld_names_an_authors_id(client):
    paper = paper_with_authors(
        PersonFactory(orcid="0000-0002-1825-0097"), PersonFactory(orcid=""), is_public=True
    )
    data = json_ld(client.get(paper.get_absolute_url()).content.decode())
    assert [author.get("sameAs") for author in data["author"]] == [
        "https://orcid.org/0000-0002-1825-0097",
        None,
    ]
