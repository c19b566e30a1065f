"""A person's citations on their page: the h-index and the total, with the source and the
date, computed from the citation counts of their public papers (and saying so)."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from pubs.models import CitationCount
from pubs.queries import selectors
from tests.factories import PersonFactory, paper_with_authors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

READ = datetime.date(2026, 11, 20)


def papers_cited(person, *counts: int, date=READ, **fields) -> None:
    for count in counts:
        paper = paper_with_authors(person, **fields)
        CitationCount.objects.create(paper=paper, count=count, source="OpenAlex", date=date)


def test_a_person_page_shows_the_h_index_and_the_citations_with_source_and_date(client):
    person = PersonFactory()
    papers_cited(person, 1000, 200, 30, 3, 1)
    html = client.get(person.get_absolute_url()).content.decode()
    assert "h-index 3 · 1,234 citations · " in html
    assert '<span class="citation-source">OpenAlex, 2026-11-20</span>' in html


def test_the_page_says_the_figures_are_computed_from_the_papers_counts(client):
    person = PersonFactory()
    papers_cited(person, 5, 2)
    paper_with_authors(person)  # not counted yet
    html = client.get(person.get_absolute_url()).content.decode()
    assert "Computed from the citation counts of 2 of their papers" in html


def test_only_public_papers_count(client):
    person = PersonFactory()
    papers_cited(person, 10, 4)
    papers_cited(person, 1000, 1000, 1000, is_public=False)
    html = client.get(person.get_absolute_url()).content.decode()
    assert "h-index 2 · 14 citations" in html


def test_the_date_is_the_latest_a_count_was_read():
    person = PersonFactory()
    papers_cited(person, 3, date=datetime.date(2026, 10, 1))
    papers_cited(person, 4, date=READ)
    citations = selectors.person_citations(person)
    assert (citations.total, citations.h_index, citations.papers) == (7, 2, 2)
    assert (citations.source, citations.date) == ("OpenAlex", READ)


def test_a_person_without_counted_papers_shows_no_citations(client):
    person = PersonFactory()
    paper_with_authors(person)
    html = client.get(person.get_absolute_url()).content.decode()
    assert "h-index" not in html and selectors.person_citations(person) is None


def test_the_chinese_page_says_it_in_chinese(client):
    person = PersonFactory()
    papers_cited(person, 1000, 200, 30, 3, 1)
    html = client.get(f"/zh-hans{person.get_absolute_url()}").content.decode()
    assert (
        'h 指数 3 · 被引 1234 次 · <span class="citation-source">OpenAlex，2026-11-20</span>'
        in html
    )
    assert "根据其 5 篇论文各自的被引次数计算" in html


def test_the_person_page_costs_the_same_queries_at_3_and_200_counted_papers(client):
    person = PersonFactory()
    papers_cited(person, 3, 2, 1)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(person.get_absolute_url()).status_code == 200
        return len(captured)

    at_3 = queries()
    papers_cited(person, *range(197))
    assert queries() == at_3
