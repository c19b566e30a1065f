"""A group's papers: those its members wrote while members, and those given the group.

One rule (pubs.queries.selectors.in_groups) for the group's page, its exports and feed, the
``group`` filter of every list, and the papers its editors may edit.
"""

from __future__ import annotations

import datetime

import pytest

from people.models import Membership
from pubs.models import Paper
from pubs.permissions import editable_papers, scope_for
from pubs.queries.selectors import group_papers, in_groups, paper_groups
from tests.factories import GroupFactory, MembershipFactory, PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    return GroupFactory(slug="lab")


@pytest.fixture
def member(group):
    """A member of the group from 2020 to 2022."""
    person = PersonFactory()
    MembershipFactory(
        person=person, group=group, start=datetime.date(2020, 9, 1), end=datetime.date(2022, 6, 30)
    )
    return person


def papers_of(group) -> set[str]:
    return set(Paper.objects.filter(in_groups([group.pk])).values_list("title", flat=True))


def test_a_paper_a_member_wrote_while_a_member_is_the_groups_without_being_given_it(group, member):
    paper_with_authors(PersonFactory(), member, title="Written as a member", year=2021)
    assert papers_of(group) == {"Written as a member"}


@pytest.mark.parametrize("year", [2020, 2022])
def test_the_years_a_member_joined_and_left_count(group, member, year):
    paper_with_authors(member, title="Borderline", year=year)
    assert papers_of(group) == {"Borderline"}


@pytest.mark.parametrize("year", [2019, 2023])
def test_a_paper_from_before_joining_or_after_leaving_is_not_the_groups(group, member, year):
    paper_with_authors(member, title="Elsewhere", year=year)
    assert papers_of(group) == set()


def test_a_membership_without_dates_covers_every_year(group):
    person = PersonFactory()
    MembershipFactory(person=person, group=group)
    paper_with_authors(person, title="Any year", year=1999)
    assert papers_of(group) == {"Any year"}


def test_a_paper_of_unknown_year_goes_with_every_membership(group, member):
    paper_with_authors(member, title="Undated patent", year=None)
    assert papers_of(group) == {"Undated patent"}


def test_a_request_to_join_gives_the_group_no_papers(group):
    person = PersonFactory()
    request = MembershipFactory(person=person, group=group)
    Membership.objects.filter(pk=request.pk).update(confirmed=False)
    paper_with_authors(person, title="Not yet ours")
    assert papers_of(group) == set()


def test_another_groups_member_brings_this_group_nothing(group):
    person = PersonFactory()
    MembershipFactory(person=person, group=GroupFactory())
    paper_with_authors(person, title="Theirs")
    assert papers_of(group) == set()


def test_a_paper_given_the_group_is_the_groups_whoever_wrote_it(group):
    paper = paper_with_authors(PersonFactory(), title="Given", year=1990)
    paper.groups.add(group)
    assert papers_of(group) == {"Given"}


def test_a_paper_given_another_group_is_still_its_members_groups_too(group, member):
    paper = paper_with_authors(member, title="Shared", year=2021)
    paper.groups.add(GroupFactory())
    assert papers_of(group) == {"Shared"}


def test_a_paper_of_several_members_and_given_the_group_is_listed_once(group, member):
    other = PersonFactory()
    MembershipFactory(person=other, group=group)
    paper = paper_with_authors(member, other, title="Together", year=2021)
    paper.groups.add(group)
    assert list(group_papers(group).values_list("title", flat=True)) == ["Together"]


def test_the_group_page_its_exports_feed_and_filter_list_a_members_paper(client, group, member):
    title = "A Paper of a Member Without a Group"
    paper_with_authors(member, title=title, year=2021)
    urls = (
        "/groups/lab/",
        "/groups/lab/export.bib",
        "/groups/lab/export.json",
        "/groups/lab/feed/",
        "/publications/?group=lab",
    )
    pages = {url: client.get(url) for url in urls}
    assert {url: response.status_code for url, response in pages.items()} == dict.fromkeys(
        urls, 200
    )
    assert [
        url
        for url, response in pages.items()
        if title not in response.content.decode().replace("{", "").replace("}", "")
    ] == []


def test_the_group_page_lists_no_hidden_paper_of_its_members(client, group, member):
    paper_with_authors(member, title="Hidden Draft", year=2021, is_public=False)
    assert "Hidden Draft" not in client.get("/groups/lab/").content.decode()


def test_the_groups_editor_may_edit_a_paper_its_member_wrote_without_a_group(
    group, member, django_user_model
):
    editor = django_user_model.objects.create_user("lab-editor", is_staff=True)
    group.editors.add(editor)
    mine = paper_with_authors(member, title="Ours", year=2021)
    paper_with_authors(member, title="Before joining", year=2010)
    assert list(editable_papers(scope_for(editor))) == [mine]


def test_a_papers_page_names_the_groups_it_is_a_paper_of(client, group, member):
    other = GroupFactory(name="Given Group")
    paper = paper_with_authors(member, title="Named", year=2021)
    paper.groups.add(other)
    assert list(paper_groups(paper)) == sorted([group, other], key=lambda g: g.name)
    html = client.get(paper.get_absolute_url()).content.decode()
    assert f'<a href="/groups/{group.slug}/">{group.name}</a>' in html
    assert f'<a href="/groups/{other.slug}/">Given Group</a>' in html


def test_a_paper_from_before_its_author_joined_names_no_group(group, member):
    paper = paper_with_authors(member, title="Before", year=2010)
    assert list(paper_groups(paper)) == []
