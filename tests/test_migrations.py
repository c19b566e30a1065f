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


@pytest.mark.django_db(transaction=True)
def test_the_folding_migration_folds_the_versions_linked_before_it():
    from django.db.migrations.executor import MigrationExecutor

    before, after = [("pubs", "0008_source_state")], [("pubs", "0009_paper_folded_into")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    Paper = executor.loader.project_state(before).apps.get_model("pubs", "Paper")
    common = {"title": "Automatic Design of Heuristics", "extra_fields": {}}
    report = Paper.objects.create(slug="report", kind="other", year=2014, **common)
    journal = Paper.objects.create(slug="journal", kind="journal", year=2016, **common)
    Paper.objects.create(slug="alone", kind="preprint", year=2015, **common)
    journal.versions.add(report)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    Paper = executor.loader.project_state(after).apps.get_model("pubs", "Paper")
    folded = dict(Paper.objects.values_list("slug", "folded_into__slug"))
    assert folded == {"report": "journal", "journal": None, "alone": None}
    call_command("migrate", "pubs", verbosity=0)  # the migrations after it, if any
