"""The person, group and venue pages (demo data)."""

import re

import pytest
from django.db.models import QuerySet
from django.utils import timezone

from people.models import Group, Membership, Person
from pubs.models import Paper, Venue, VenueRank
from pubs.queries.selectors import in_groups

pytestmark = pytest.mark.usefixtures("demo")


def listed(response) -> set[str]:
    return {paper.slug for _, papers in response.context["years"] for paper in papers}


# -- person -------------------------------------------------------------------------------------


def test_person_page_lists_only_their_papers(client):
    response = client.get("/people/jiangfei-duan/")
    expected = set(
        Paper.objects.filter(is_public=True, authorships__person__slug="jiangfei-duan").values_list(
            "slug", flat=True
        )
    )
    assert listed(response) == expected


def test_person_page_shows_their_name_in_bold_in_every_entry(client):
    response = client.get("/people/jiangfei-duan/")
    html = response.content.decode()
    entries = re.findall(r'<li class="paper[^"]*".*?</li>', html, re.S)
    assert len(entries) == len(listed(response))
    for entry in entries:
        assert '<strong class="self">Jiangfei Duan</strong>' in entry


def test_person_page_shows_the_native_name(client):
    html = client.get("/people/jiarui-fang/").content.decode()
    native = '<span class="native-name" lang="zh-Hans">方佳瑞</span>'
    assert f"<h1><span>Jiarui Fang</span> {native}</h1>" in html


def test_person_page_shows_role_and_group(client):
    html = client.get("/people/jin-fang/").content.decode()
    assert (
        'PhD student, <a href="/groups/ustc-int/">USTC Intelligent Network and System Group</a>'
        in html
    )


def test_person_page_shows_profile_links(client):
    Person.objects.filter(slug="jin-fang").update(
        google_scholar="https://scholar.google.com/citations?user=abc",
        dblp="https://dblp.org/pid/00/1",
        orcid="0000-0002-1825-0097",
    )
    html = client.get("/people/jin-fang/").content.decode()
    hrefs = (
        "https://www.fangjin.site/",
        "https://scholar.google.com/citations?user=abc",
        "https://dblp.org/pid/00/1",
        "https://orcid.org/0000-0002-1825-0097",
        "https://github.com/Fangjin98",
    )
    assert [href for href in hrefs if f'href="{href}"' not in html] == []


def test_person_page_counts_papers_by_rank_and_year(client):
    response = client.get("/people/jin-fang/")
    papers = Paper.objects.filter(is_public=True, authorships__person__slug="jin-fang")
    assert sum(response.context["rank_counts"].values()) == papers.count()
    a_venues = VenueRank.objects.filter(edition=2026, rank="A").values("venue")
    assert response.context["rank_counts"]["A"] == papers.filter(venue__in=a_venues).count()
    assert dict(response.context["year_counts_all"])[2024] == papers.filter(year=2024).count()


def test_person_page_lists_frequent_coauthors_most_frequent_first(client):
    coauthors = client.get("/people/jin-fang/").context["coauthors"]
    counts = [n for _, n in coauthors]
    assert counts == sorted(counts, reverse=True)
    assert coauthors[0][0].slug in {"hongli-xu", "gongming-zhao"}
    assert "jin-fang" not in {person.slug for person, _ in coauthors}


def test_people_index_lists_everyone_with_their_paper_counts(client):
    response = client.get("/people/")
    people = list(response.context["page"])
    assert len(people) == Person.objects.count()
    jin = next(p for p in people if p.slug == "jin-fang")
    assert jin.is_member
    assert jin.paper_count == Paper.objects.filter(authorships__person=jin).count()


# -- group --------------------------------------------------------------------------------------


def group_papers(slug: str) -> QuerySet[Paper]:
    """The group's public papers: those its members wrote while members, and those given it
    (tests/public/test_group_papers.py holds the rule)."""
    return Paper.objects.filter(in_groups(Group.objects.filter(slug=slug)), is_public=True)


def test_group_page_lists_the_group_papers(client):
    response = client.get("/groups/ustc-int/")
    assert listed(response) == set(group_papers("ustc-int").values_list("slug", flat=True))


def test_group_page_lists_a_members_paper_that_names_no_group(client):
    unnamed = Paper.objects.filter(slug="tilelink-generating-efficient-compute-2025")
    assert not unnamed.filter(groups__isnull=False).exists()
    assert "tilelink-generating-efficient-compute-2025" in listed(client.get("/groups/ustc-int/"))


def test_group_page_shows_members_by_role(client):
    html = client.get("/groups/ustc-int/").content.decode()
    assert html.index("<h3>Principal investigator</h3>") < html.index("Hongli Xu")
    assert html.index("<h3>PhD student</h3>") < html.index('href="/people/jin-fang/"')


def test_group_page_lists_former_members_as_alumni(client):
    html = client.get("/groups/cmu-catalyst/").content.decode()
    alumni = html.split("<h3>Alumni</h3>")[1].split("</ul>")[0]
    assert "Jiangfei Duan" in alumni
    assert "Visitor, 2022–2023" in alumni


def test_a_member_who_left_moves_to_the_alumni(client):
    Membership.objects.filter(person__slug="jin-fang").update(
        end=timezone.localdate().replace(year=timezone.localdate().year - 1)
    )
    html = client.get("/groups/ustc-int/").content.decode()
    assert "Jin Fang" in html.split("<h3>Alumni</h3>")[1]


def test_group_summary_counts_ccf_a_and_b_papers_since_the_year_it_names(client):
    response = client.get("/groups/ustc-int/")
    summary = response.context["summary"]
    since = summary["since"]
    papers = group_papers("ustc-int").filter(year__gte=since)
    for rank in "AB":
        venues = VenueRank.objects.filter(edition=2026, rank=rank).values("venue")
        assert summary[rank] == papers.filter(venue__in=venues).count()
    assert f"{summary['A']} CCF-A, {summary['B']} CCF-B papers since {since}" in (
        response.content.decode()
    )


def test_group_chart_is_inline_svg_with_a_bar_per_year_and_rank(client):
    html = client.get("/groups/ustc-int/").content.decode()
    svg = html.split('<figure class="chart">')[1].split("</figure>")[0]
    assert svg.startswith("<svg") and "<script" not in svg
    assert "<title>2024: 2 CCF A</title>" in svg


def test_group_chart_has_every_year_between_the_first_and_the_last(client):
    chart = client.get("/groups/cuhk-mmlab/").context["chart"]
    years = [row.year for row in chart]
    assert years == list(range(years[0], years[-1] + 1))


# -- venue --------------------------------------------------------------------------------------


def test_venue_page_shows_its_ranks_field_and_publisher(client):
    html = client.get("/venues/ton/").content.decode()
    assert "IEEE Transactions on Networking" in html
    assert '<span class="badge ccf-a">CCF A</span>' in html
    assert "Computer Networks" in html


def test_venue_page_lists_the_papers_published_there(client):
    response = client.get("/venues/ton/")
    expected = set(
        Paper.objects.filter(is_public=True, venue__slug="ton").values_list("slug", flat=True)
    )
    assert listed(response) == expected


def test_venues_index_sorts_by_rank_by_default(client):
    venues = list(client.get("/venues/").context["page"])
    ranks = [v.current_rank or "Z" for v in venues]
    assert ranks == sorted(ranks)


def test_venues_index_sorts_by_number_of_papers(client):
    venues = list(client.get("/venues/?sort=papers").context["page"])
    counts = [v.paper_count for v in venues]
    assert counts == sorted(counts, reverse=True)


def test_venues_index_shows_venues_with_papers_unless_asked_for_all(client):
    Venue.objects.create(slug="empty", name="A venue of no paper", kind="journal")
    assert all(v.paper_count for v in client.get("/venues/").context["page"])
    assert any(not v.paper_count for v in client.get("/venues/?all=1").context["page"])
