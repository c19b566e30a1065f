"""The demo's papers as the exports read them: fields, venues and ranks, authors, links."""

import pytest

from pubs.models import Paper
from pubs.queries.exporting import export_papers

pytestmark = pytest.mark.usefixtures("catalogue")


@pytest.fixture
def papers():
    return {paper.slug: paper for paper in export_papers(Paper.objects.all())}


def test_the_fields_of_a_paper(papers):
    paper = papers["non-idle-machine-aware-worker-placement-for-2024"]
    assert (paper.kind, paper.status, paper.year) == ("conference", "published", 2024)
    assert paper.container_title == "IEEE International Conference on Network Protocols"
    assert (paper.venue_abbreviation, paper.venue_kind) == ("ICNP", "conference")
    assert paper.ccf_label == "CCF B"
    assert paper.links == {
        "pdf": "https://www.fangjin.site/pdf/titan.pdf",
        "slides": "https://www.fangjin.site/pdf/titan-slide.pdf",
    }
    assert [(a.printed, a.person, a.position) for a in paper.authors][:3] == [
        ("Jin Fang", "jin-fang", 1),
        ("Gongming Zhao", "gongming-zhao", 2),
        ("Hongli Xu", "hongli-xu", 3),
    ]
    assert (paper.authors[2].given, paper.authors[2].family, paper.authors[2].native) == (
        "Hongli",
        "Xu",
        "徐宏力",
    )


def test_the_order_is_the_lists_newest_first(papers):
    years = [paper.year for paper in papers.values()]
    dated = [year for year in years if year]
    assert dated == sorted(dated, reverse=True) and years[-1] is None


def test_equal_contribution_awards_tags_and_aliases(papers):
    spotserve = papers["spotserve-serving-generative-large-language-models-2024"]
    assert [a.equal for a in spotserve.authors][:3] == [True, True, False]
    assert spotserve.awards == ("Distinguished Artifact Award",)
    assert spotserve.tags == ("preemptible instances",)
    assert (
        "IEEE/ACM ToN"
        in papers["grid-gradient-routing-with-in-network-aggregation-2023"].venue_aliases
    )


def test_unnamed_authors_leave_a_gap_and_the_list_goes_on(papers):
    patent = papers["cn113961324a"]
    assert [(a.printed, a.position) for a in patent.authors] == [("Jin Fang", 2)]
    assert patent.more_authors and patent.number == "CN113961324A"


def test_rank_labels_follow_the_edition_in_force(papers):
    assert {paper.ccf_label for paper in papers.values()} >= {"CCF A", "CCF B", "CCF C", ""}
    autochunk = papers["autochunk-automated-activation-chunk-for-memory-2024"]
    assert autochunk.ccf_label == Paper.objects.get(slug=autochunk.slug).ccf_label
