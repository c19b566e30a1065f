"""Citation counts on the paper page, with their source and date (a person's:
tests/public/test_person_citations.py)."""

import datetime

import pytest

from pubs.models import CitationCount
from tests.factories import PaperFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache")]

READ = datetime.date(2026, 11, 20)


def test_a_paper_page_shows_its_citation_count_with_source_and_date(client):
    paper = PaperFactory(doi="10.34133/2020/8086309")
    CitationCount.objects.create(paper=paper, count=14, source="OpenAlex", date=READ)
    html = client.get(paper.get_absolute_url()).content.decode()
    assert "Cited by" in html and "14 <span" in html and "(OpenAlex, 2026-11-20)" in html


def test_a_paper_without_a_count_shows_none(client):
    paper = PaperFactory()
    assert "Cited by" not in client.get(paper.get_absolute_url()).content.decode()
