"""The API shows what the public pages show and nothing private: on the privacy suite's data
(tests.privacy.markers: a marker in every private field, a hidden paper with an outside
co-author of its own), for the papers of a person of each role, of the outside co-authors,
and for every public paper, person, group and venue."""

from urllib.parse import quote

import pytest

from people.models import Group, Membership, Person, Role
from pubs.models import Venue
from pubs.queries import selectors
from tests.api.entries import ShownEntry, shown_entries
from tests.privacy.markers import (
    HIDDEN_PAPER,
    HIDDEN_PERSON,
    HIDDEN_TAG,
    PUBLISHED_EMAIL,
    shows_marker,
)

pytestmark = pytest.mark.usefixtures("private")

#: The roles the demo's members have.
ROLES = [Role.PI, Role.FACULTY, Role.PHD, Role.RESEARCH_ASSISTANT, Role.VISITOR]
MOST = 500


def api_papers(client, query: str) -> dict[str, dict]:
    response = client.get(f"/api/v1/papers/?{query}&page_size={MOST}")
    assert response.status_code == 200
    body = response.json()
    assert body["count"] <= MOST
    return {paper["slug"]: paper for paper in body["results"]}


def shown_in(entry: ShownEntry, paper: dict) -> list[str]:
    """What the page's entry shows that the API's paper does not give."""
    missing = []
    titles = {paper["title"], f"Patent {paper['number']}"}
    if entry.title not in titles:
        missing.append(f"title {entry.title!r}")
    names = [author["name"] for author in paper["authors"]]
    if [name for name in entry.authors] != [name for name in names if name in entry.authors]:
        missing.append(f"authors {entry.authors}")
    if set(entry.authors) - set(names):
        missing.append(f"authors {set(entry.authors) - set(names)}")
    equal = {a["name"] for a in paper["authors"] if a["equal_contribution"]}
    if set(entry.equal) != equal:
        missing.append(f"equal contribution {entry.equal}")
    if entry.venue.strip() != paper["venue_label"]:
        missing.append(f"venue {entry.venue!r}")
    badges = {paper["ccf"]["label"], *paper["awards"]}
    if paper["status"] != "published":
        badges.add(dict(STATUS_LABELS)[paper["status"]])
    if set(entry.badges) - badges:
        missing.append(f"badges {set(entry.badges) - badges}")
    hrefs = {link["url"] for link in paper["links"]} | {paper["url"]}
    if paper["doi"]:
        hrefs.add(f"https://doi.org/{quote(paper['doi'], safe='/()')}")
    if paper["arxiv_id"]:
        hrefs.add(f"https://arxiv.org/abs/{quote(paper['arxiv_id'])}")
    if set(entry.links) - hrefs:
        missing.append(f"links {set(entry.links) - hrefs}")
    versions = {f"/publications/{v['slug']}/" for v in paper["other_versions"]}
    if set(entry.versions) != versions:
        missing.append(f"other versions {entry.versions}")
    return missing


STATUS_LABELS = [
    ("accepted", "Accepted"),
    ("under_review", "Under review"),
    ("preprint", "Preprint"),
]


def people_of(role: str | None) -> list[Person]:
    if role is None:  # outside co-authors
        members = Membership.objects.values("person")
        return list(selectors.public_people().exclude(pk__in=members).order_by("slug")[:5])
    return list(Person.objects.filter(memberships__role=role).distinct().order_by("slug"))


@pytest.mark.parametrize("role", [*ROLES, None], ids=[*ROLES, "outside"])
def test_every_part_of_an_entry_on_a_persons_page_is_in_the_api(client, role):
    people = people_of(role)
    assert people
    problems = {}
    for person in people:
        shown = shown_entries(client.get(f"/people/{person.slug}/").content.decode())
        given = api_papers(client, f"person={person.slug}")
        assert [entry.slug for entry in shown] == list(given), person.slug
        for entry in shown:
            missing = shown_in(entry, given[entry.slug])
            if missing:
                problems[f"{person.slug}: {entry.slug}"] = missing
    assert problems == {}


@pytest.mark.parametrize("role", [*ROLES, None], ids=[*ROLES, "outside"])
def test_no_private_value_is_in_the_api_for_the_people_of_a_role(client, role):
    people = people_of(role)
    assert people
    urls = [f"/api/v1/people/{p.slug}/" for p in people]
    urls += [f"/api/v1/papers/?person={p.slug}&page_size={MOST}" for p in people]
    urls += [f"/api/v1/embed/people/{p.slug}/" for p in people]
    assert [url for url in urls if shows_marker(client.get(url).content.decode())] == []


def test_no_paper_of_the_api_shows_a_private_value(client):
    papers = selectors.public_versions()
    urls = [f"/api/v1/papers/{paper.slug}/" for paper in papers]
    assert len(urls) > 50
    assert [url for url in urls if shows_marker(client.get(url).content.decode())] == []


def test_no_list_group_venue_or_embedded_list_shows_a_private_value(client):
    urls = [
        f"/api/v1/papers/?page_size={MOST}",
        f"/api/v1/people/?page_size={MOST}",
        "/api/v1/groups/",
        f"/api/v1/venues/?all=1&page_size={MOST}",
        *(f"/api/v1/groups/{group.slug}/" for group in Group.objects.all()),
        *(f"/api/v1/embed/groups/{group.slug}/" for group in Group.objects.all()),
        *(f"/api/v1/venues/{venue.slug}/" for venue in Venue.objects.filter(papers__isnull=False)),
    ]
    responses = {url: client.get(url) for url in urls}
    assert {url: r.status_code for url, r in responses.items() if r.status_code != 200} == {}
    assert [url for url, r in responses.items() if shows_marker(r.content.decode())] == []


@pytest.mark.parametrize(
    "url",
    [
        f"/api/v1/papers/{HIDDEN_PAPER}/",
        f"/api/v1/people/{HIDDEN_PERSON}/",
        f"/api/v1/embed/people/{HIDDEN_PERSON}/",
    ],
)
def test_a_hidden_paper_and_its_outside_author_are_not_found(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert not shows_marker(response.content.decode())


@pytest.mark.parametrize("query", [f"tag={HIDDEN_TAG}", f"person={HIDDEN_PERSON}", "q=private"])
def test_a_filter_naming_what_only_a_hidden_paper_has_finds_nothing(client, query):
    assert api_papers(client, query) == {}


def test_a_published_email_is_given_and_no_other(client):
    assert client.get("/api/v1/people/jin-fang/").json()["email"] == PUBLISHED_EMAIL
    assert client.get("/api/v1/people/hongli-xu/").json()["email"] == ""
