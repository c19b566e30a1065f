"""Reading papers for export: what each ExportPaper holds, and a fixed number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pubs.models import Paper
from pubs.queries import selectors
from pubs.queries.exporting import export_papers
from tests.factories import bulk_dataset, with_preprints

#: Papers with their venues, venue ranks, authorships with their people, links, tags, the
#: other versions folded into them.
QUERIES = 6


@pytest.mark.parametrize("papers", [10, 200])
def test_the_number_of_queries_does_not_grow_with_the_papers(db, papers, django_assert_num_queries):
    bulk_dataset(papers, authors_per_paper=5)
    with django_assert_num_queries(QUERIES):
        exported = export_papers(Paper.objects.all())
    assert len(exported) == papers
    assert all(len(paper.authors) == 5 and paper.ccf_label for paper in exported)


def test_a_selectors_list_costs_the_same(db, django_assert_num_queries):
    bulk_dataset(50, authors_per_paper=3)
    with django_assert_num_queries(QUERIES):
        assert len(export_papers(selectors.public_papers())) == 50


def test_nothing_to_export_is_one_query(db, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert export_papers(Paper.objects.all()) == []


def test_uploaded_files_get_absolute_urls(db):
    paper = bulk_dataset(1)[0]
    paper.links.create(kind="slides", file="papers/slides/talk.pdf")
    (exported,) = export_papers(
        Paper.objects.all(), absolute_url=lambda path: f"https://lab.example{path}"
    )
    assert exported.links["slides"].startswith("https://lab.example/")
    assert exported.links["slides"].endswith("papers/slides/talk.pdf")


def test_the_read_selects_no_private_column(db):
    bulk_dataset(3, authors_per_paper=2)
    with CaptureQueriesContext(connection) as queries:
        export_papers(Paper.objects.all())
    selected = " ".join(query["sql"].split(" FROM ")[0] for query in queries.captured_queries)
    private = ("internal_note", "email", "search_text", "bio")
    assert [column for column in private if f'."{column}"' in selected] == []


@pytest.mark.parametrize("papers", [10, 200])
def test_the_versions_folded_into_the_papers_cost_no_query_more(
    db, papers, django_assert_num_queries
):
    with_preprints(bulk_dataset(papers, authors_per_paper=2))
    with django_assert_num_queries(QUERIES):
        exported = export_papers(selectors.public_papers())
    assert len(exported) == papers
    folded = [paper for paper in exported if paper.other_versions]
    assert len(folded) == papers // 2
    assert all(paper.other_versions[0].version.stage == "preprint" for paper in folded)
