"""A visitor opens a group's page, keeps its CCF A papers, switches to Chinese, opens a paper
and finds what Google Scholar reads in its head; screenshots of the pages are saved."""

import json

import pytest

from pubs.export.ris import ris_name
from pubs.models import Paper, VenueRank
from pubs.queries.exporting import export_papers

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(catalogue_site):
    """The CCF catalogue and the demo data on a live server."""
    return catalogue_site


def ccf_a_papers_of(group: str) -> set[str]:
    a_venues = VenueRank.objects.filter(edition=2026, rank="A").values("venue")
    papers = Paper.objects.filter(is_public=True, groups__slug=group, venue__in=a_venues)
    return set(papers.values_list("title", flat=True))


def test_group_page_filtered_to_ccf_a_in_chinese_down_to_a_paper(site, page, screenshot):
    page.goto(f"{site}/groups/ustc-int/")
    assert page.locator("svg.rank-chart").is_visible()
    screenshot("group")

    page.select_option("select[name=rank]", "A")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**rank=A**")
    titles = set(page.locator("li.paper a.title").all_inner_texts())
    assert titles == ccf_a_papers_of("ustc-int")
    assert page.locator("li.paper .badge.ccf-a").count() == len(titles)

    page.click("a.language-zh-hans")
    page.wait_for_url("**/zh-hans/groups/ustc-int/?*rank=A*")
    assert page.locator("html").get_attribute("lang") == "zh-hans"
    assert page.get_by_role("heading", name="发表论文").is_visible()
    assert set(page.locator("li.paper a.title").all_inner_texts()) == titles

    first = page.locator("li.paper a.title").first
    title = first.inner_text()
    first.click()
    page.wait_for_url("**/zh-hans/publications/**")
    paper = Paper.objects.get(title=title)
    head = page.locator("head")
    assert head.locator('meta[name="citation_title"]').get_attribute("content") == title
    authors = head.locator('meta[name="citation_author"]').evaluate_all(
        "tags => tags.map(t => t.content)"
    )
    (entry,) = export_papers(Paper.objects.filter(pk=paper.pk))
    assert authors == [ris_name(author) for author in entry.authors]
    assert head.locator('meta[name="citation_publication_date"]').get_attribute("content") == str(
        paper.year
    )
    assert head.locator('meta[property="og:title"]').get_attribute("content") == title
    assert (
        head.locator('link[rel="canonical"]')
        .get_attribute("href")
        .endswith(f"/zh-hans{paper.get_absolute_url()}")
    )
    data = json.loads(head.locator('script[type="application/ld+json"]').inner_text())
    assert data["@type"] == "ScholarlyArticle" and data["headline"] == title
    screenshot("paper")


def test_person_page_reads_on_a_desktop_and_on_a_phone(site, page, screenshot):
    page.goto(f"{site}/people/jin-fang/")
    assert page.locator("li.paper strong.self").first.inner_text() == "Jin Fang"
    screenshot("person")

    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    overflow = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert not overflow, "the person page scrolls sideways on a phone"
    screenshot("person-phone")
