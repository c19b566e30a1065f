"""A large import refreshes PostgreSQL's statistics of the tables it wrote once it commits
(``pubs.services.table_statistics``), so the pages after it are planned with its rows; so
does undoing it, for the rows it took away."""

import pytest
from django.db import connection

from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.services import table_statistics
from pubs.services.table_statistics import tables_to_analyze

on_postgresql = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL only")
on_sqlite = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite only")

ENTRIES = 12


def bibtex(count: int) -> str:
    """``count`` papers, each by an author of its own."""
    return "\n".join(
        f"@article{{p{n}, title={{Statistics Paper Number {n}}}, author={{Author{n}, Ada}},"
        f" journal={{Journal of Planner Statistics}}, year={{2024}}}}"
        for n in range(count)
    )


def imported(count: int):
    planned = bibtex_import_plan(text=bibtex(count))
    return bibtex_import_apply(planned=planned, file_name="large.bib", source="test")


def planner_rows(table: str) -> float:
    """The rows PostgreSQL's planner takes ``table`` to have (-1: never analysed)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = %s", [table])
        return cursor.fetchone()[0]


def test_the_tables_an_import_wrote_many_rows_to_are_analysed():
    changes = {"papers": range(1500), "people": range(900), "venues": [1]}
    assert tables_to_analyze(changes, min_rows=1000) == [
        "pubs_paper",
        "pubs_authorship",
        "pubs_link",
        "pubs_paper_tags",
    ]


def test_rows_of_several_changes_to_one_table_add_up():
    changes = {"people": range(600), "variants": range(600)}
    assert tables_to_analyze(changes, min_rows=1000) == ["people_person"]


def test_a_small_import_analyses_nothing():
    assert tables_to_analyze({"papers": range(999)}, min_rows=1000) == []


@on_postgresql
@pytest.mark.django_db
def test_a_large_import_on_postgresql_analyses_its_tables_once_it_commits(
    monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(table_statistics, "ANALYZE_MIN_ROWS", ENTRIES)
    with django_capture_on_commit_callbacks(execute=True):
        imported(ENTRIES)
        assert planner_rows("pubs_paper") < ENTRIES  # not before the commit
    assert planner_rows("pubs_paper") == ENTRIES
    assert planner_rows("pubs_authorship") == ENTRIES
    assert planner_rows("people_person") == ENTRIES


@on_postgresql
@pytest.mark.django_db
def test_a_smaller_import_leaves_the_statistics_to_autovacuum(
    monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(table_statistics, "ANALYZE_MIN_ROWS", ENTRIES + 1)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        imported(ENTRIES)
    assert [c for c in callbacks if c.__module__ == table_statistics.__name__] == []


@on_postgresql
@pytest.mark.django_db
def test_undoing_a_large_import_on_postgresql_analyses_its_tables_once_it_commits(
    monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(table_statistics, "ANALYZE_MIN_ROWS", ENTRIES)
    with django_capture_on_commit_callbacks(execute=True):
        record = imported(ENTRIES)
    with django_capture_on_commit_callbacks(execute=True):
        bibtex_import_undo(record=record)
        assert planner_rows("pubs_paper") == ENTRIES  # not before the commit
    assert planner_rows("pubs_paper") == 0
    assert planner_rows("pubs_authorship") == 0
    assert planner_rows("people_person") == 0


@on_sqlite
@pytest.mark.django_db
def test_on_sqlite_undoing_an_import_analyses_nothing(
    monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(table_statistics, "ANALYZE_MIN_ROWS", 1)
    record = imported(ENTRIES)
    with django_capture_on_commit_callbacks() as callbacks:
        bibtex_import_undo(record=record)
    assert [c for c in callbacks if c.__module__ == table_statistics.__name__] == []


@on_sqlite
@pytest.mark.django_db
def test_on_sqlite_an_import_analyses_nothing(monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(table_statistics, "ANALYZE_MIN_ROWS", 1)
    with django_capture_on_commit_callbacks() as callbacks:
        imported(ENTRIES)
    assert [c for c in callbacks if c.__module__ == table_statistics.__name__] == []
