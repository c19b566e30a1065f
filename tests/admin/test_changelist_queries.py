"""Admin changelists cost a fixed number of SQL queries whatever the number of papers."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pubs.models import Paper
from tests.admin.conftest import REGISTERED
from tests.factories import bulk_dataset

CHANGELISTS = [f"admin:{app}_{model}_changelist" for app, model in REGISTERED]


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", CHANGELISTS)
def test_changelist_query_count_does_not_grow_with_the_number_of_papers(admin_client, url_name):
    url = reverse(url_name)
    bulk_dataset(10, prefix="small")
    with CaptureQueriesContext(connection) as small:
        assert admin_client.get(url).status_code == 200
    bulk_dataset(490, prefix="large")
    assert Paper.objects.count() == 500
    with CaptureQueriesContext(connection) as large:
        assert admin_client.get(url).status_code == 200
    assert len(large) == len(small), [q["sql"] for q in large.captured_queries]


@pytest.mark.django_db
def test_paper_changelist_shows_authors_venue_and_rank(admin_client):
    bulk_dataset(3, prefix="tiny")
    response = admin_client.get(reverse("admin:pubs_paper_changelist"))
    html = response.content.decode()
    assert "G. tiny0" in html
    assert "TINY0" in html


PAPER_LIST_VIEWS = [
    {"q": "Given1"},
    {"q": "paper 1"},
    {"ccf2026": "A"},
    {"ccf2022": "none"},
    {"year": "2001"},
    {"kind": "conference", "status": "published"},
    {"groups__id__exact": "1"},
]


@pytest.mark.django_db
@pytest.mark.parametrize("params", PAPER_LIST_VIEWS)
def test_filtered_paper_changelist_query_count_is_fixed(admin_client, params):
    url = reverse("admin:pubs_paper_changelist")
    bulk_dataset(10, prefix="small")
    with CaptureQueriesContext(connection) as small:
        assert admin_client.get(url, params).status_code == 200
    bulk_dataset(490, prefix="large")
    with CaptureQueriesContext(connection) as large:
        assert admin_client.get(url, params).status_code == 200
    assert len(large) == len(small), [q["sql"] for q in large.captured_queries]
