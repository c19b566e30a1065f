import copy
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


@pytest.mark.django_db(transaction=True)
def test_a_later_change_of_the_paper_table_runs_on_every_database():
    """SQLite rebuilds a table to change it, from the model's state: the search index,
    made on PostgreSQL alone, must not be in it."""
    from pubs.models import Paper

    old = Paper._meta.get_field("container_title")
    new = copy.copy(old)
    new.max_length = (old.max_length or 100) + 1
    with connection.schema_editor() as editor:
        editor.alter_field(Paper, old, new, strict=True)
        editor.alter_field(Paper, new, old, strict=True)
    assert ("paper_search_document" in paper_indexes()) == (connection.vendor == "postgresql")
