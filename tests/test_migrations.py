from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection


def paper_indexes() -> set[str]:
    with connection.cursor() as cursor:
        return set(connection.introspection.get_constraints(cursor, "pubs_paper"))


@pytest.mark.django_db
def test_models_and_migrations_agree():
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()


@pytest.mark.django_db
def test_the_search_index_is_made_on_postgresql_alone():
    assert ("paper_search_document" in paper_indexes()) == (connection.vendor == "postgresql")


@pytest.mark.django_db(transaction=True)
def test_the_search_index_migration_runs_backwards_and_forwards():
    call_command("migrate", "pubs", "0001", verbosity=0)
    assert "paper_search_document" not in paper_indexes()
    call_command("migrate", "pubs", verbosity=0)
    assert ("paper_search_document" in paper_indexes()) == (connection.vendor == "postgresql")
