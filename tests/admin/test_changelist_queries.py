"""Admin changelists cost a fixed number of SQL queries whatever the number of papers."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from pubs.models import Paper
from tests.admin.conftest import REGISTERED
from tests.factories import bulk_dataset

#: Every test reads the database, if only through the module's ``sizes``.
pytestmark = pytest.mark.django_db

CHANGELISTS = [f"admin:{app}_{model}_changelist" for app, model in REGISTERED]
PAPER_LIST_VIEWS = [
    {"q": "Given1"},
    {"q": "paper 1"},
    {"ccf2026": "A"},
    {"ccf2022": "none"},
    {"year": "2001"},
    {"kind": "conference", "status": "published"},
    {"groups__id__exact": "1"},
]


@dataclass(frozen=True)
class Answer:
    """What a page answered: its status, and the SQL it ran to answer."""

    status: int
    queries: list[str]


@dataclass(frozen=True)
class Sizes:
    """One page's answers with 10 papers and with 500."""

    small: Answer
    large: Answer
    papers: tuple[int, int]


def answer(client: Client, url: str, params: dict | None = None) -> Answer:
    with CaptureQueriesContext(connection) as queries:
        status = client.get(url, params).status_code
    return Answer(status, [query["sql"] for query in queries.captured_queries])


@pytest.fixture(scope="module")
def sizes(django_db_setup, django_db_blocker) -> dict[str, Sizes]:
    """Each changelist, and the paper changelist with each filter, read by a superuser with
    10 papers and then, 490 more written, with 500 (the papers written once for the module,
    in a transaction rolled back before its tests)."""
    pages = {name: (reverse(name), None) for name in CHANGELISTS}
    paper_list = reverse("admin:pubs_paper_changelist")
    pages |= {repr(params): (paper_list, params) for params in PAPER_LIST_VIEWS}
    with django_db_blocker.unblock(), transaction.atomic():
        client = Client()
        client.force_login(
            get_user_model().objects.create_superuser("admin", "admin@example.com", "password")
        )
        bulk_dataset(10, prefix="small")
        small = {key: answer(client, *page) for key, page in pages.items()}
        papers = Paper.objects.count()
        bulk_dataset(490, prefix="large")
        large = {key: answer(client, *page) for key, page in pages.items()}
        counts = (papers, Paper.objects.count())
        transaction.set_rollback(True)
    return {key: Sizes(small[key], large[key], counts) for key in pages}


@pytest.mark.parametrize("url_name", CHANGELISTS)
def test_changelist_query_count_does_not_grow_with_the_number_of_papers(sizes, url_name):
    page = sizes[url_name]
    assert page.papers == (10, 500)
    assert page.small.status == page.large.status == 200
    assert len(page.large.queries) == len(page.small.queries), page.large.queries


def test_paper_changelist_shows_authors_venue_and_rank(admin_client):
    bulk_dataset(3, prefix="tiny")
    response = admin_client.get(reverse("admin:pubs_paper_changelist"))
    html = response.content.decode()
    assert "G. tiny0" in html
    assert "TINY0" in html


@pytest.mark.parametrize("params", PAPER_LIST_VIEWS)
def test_filtered_paper_changelist_query_count_is_fixed(sizes, params):
    page = sizes[repr(params)]
    assert page.small.status == page.large.status == 200
    assert len(page.large.queries) == len(page.small.queries), page.large.queries
