"""Two imports of one file at the same time, in two processes, create each paper and each
person once (PostgreSQL: the imports take turns, and the second plans again against what the
first wrote). SQLite: test_concurrent_imports_sqlite."""

import pytest
from django.db import connection
from django.db.models import Count

from people.models import Person
from pubs.models import BibtexImport, Paper
from tests.importing.conftest import run_two_imports_at_once

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="concurrent writers need PostgreSQL"
    ),
]


def database_url() -> str:
    settings = connection.settings_dict
    user = settings["USER"] or "postgres"
    host = settings["HOST"] or "127.0.0.1"
    return f"postgres://{user}@{host}:{settings['PORT'] or 5432}/{settings['NAME']}"


@pytest.fixture
def two_imports_at_once(bib_file) -> list[str]:
    return run_two_imports_at_once(bib_file, database_url())


def test_two_imports_at_once_create_each_paper_once(two_imports_at_once):
    assert Paper.objects.count() > 200
    twice = Paper.objects.values("title", "year").annotate(n=Count("pk")).filter(n__gt=1)
    assert list(twice) == []


def test_two_imports_at_once_create_each_person_once(two_imports_at_once):
    twice = (
        Person.objects.values("given_name", "family_name").annotate(n=Count("pk")).filter(n__gt=1)
    )
    assert list(twice) == []


def test_the_second_of_two_imports_at_once_finds_the_first_one_s_papers(two_imports_at_once):
    created = sorted(record.counts["created"] for record in BibtexImport.objects.all())
    assert created[0] == 0 and created[1] == Paper.objects.count()
