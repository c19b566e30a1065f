"""Bulk inserts: primary keys handed out before the rows go in, and the rows as given."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import IntegrityError, connection, transaction

from people.models import Person
from pubs import bulk
from pubs.bulk import datetime_value, insert_rows, json_value, new_ids
from pubs.imports.importer import AUTHORSHIP_COLUMNS
from pubs.models import Authorship, Tag
from tests.factories import PaperFactory, PersonFactory


def insert_tags(names: list[str]) -> list[int]:
    with transaction.atomic():
        ids = new_ids(Tag, len(names))
        insert_rows(
            Tag, ("id", "name", "slug"), [(pk, n, n) for pk, n in zip(ids, names, strict=True)]
        )
    return ids


def test_rows_inserted_with_new_ids_are_read_back_by_them(db):
    ids = insert_tags(["alpha", "beta", "gamma"])
    assert dict(Tag.objects.values_list("pk", "name")) == dict(
        zip(ids, ["alpha", "beta", "gamma"], strict=True)
    )


def test_new_ids_follow_the_rows_already_there(db):
    existing = Tag.objects.create(name="existing", slug="existing")
    assert min(insert_tags(["later"])) > existing.pk


def test_new_ids_are_never_ids_used_before(db):
    """A deleted row's id is not handed out again (as the database's own ids are not)."""
    deleted = insert_tags(["gone"])[0]
    Tag.objects.filter(pk=deleted).delete()
    assert insert_tags(["next"])[0] > deleted


def test_new_ids_after_them_come_from_the_database_as_usual(db):
    ids = insert_tags(["one", "two"])
    assert Tag.objects.create(name="three", slug="three").pk > max(ids)


def test_new_ids_are_distinct_and_as_many_as_asked(db):
    with transaction.atomic():
        ids = new_ids(Tag, 500)
    assert len(set(ids)) == 500
    with transaction.atomic():
        assert new_ids(Tag, 0) == []


@pytest.mark.django_db(transaction=True)
def test_new_ids_need_the_transaction_that_inserts():
    with pytest.raises(RuntimeError, match="transaction"):
        new_ids(Tag, 1)


def test_rows_without_ids_get_ids_in_the_order_given(db):
    paper, people = PaperFactory(), PersonFactory.create_batch(3)
    rows = [
        (paper.pk, person.pk, position, person.family_name, False, False, "", "")
        for position, person in enumerate(reversed(people), start=1)
    ]
    with transaction.atomic():
        insert_rows(Authorship, AUTHORSHIP_COLUMNS, rows)
    by_id = Authorship.objects.order_by("pk").values_list("position", "printed_name")
    assert list(by_id) == [(row[2], row[3]) for row in rows]


def test_values_are_stored_as_the_model_reads_them(db):
    when = datetime(2026, 5, 4, 3, 2, 1, tzinfo=UTC)
    row = (
        "Jiarui", "Fang", "", "jiarui-fang", json_value(Person, "variants", ["J. Fang"]), "",
        "", "", "", "", "", "", True, "", datetime_value(Person, "created", when),
        datetime_value(Person, "modified", when),
    )  # fmt: skip
    columns = (
        "given_name", "family_name", "native_name", "slug", "variants", "affiliation",
        "homepage", "github", "google_scholar", "dblp", "orcid", "email", "email_public", "bio",
        "created", "modified",
    )  # fmt: skip
    with transaction.atomic():
        insert_rows(Person, columns, [row])
    person = Person.objects.get(slug="jiarui-fang")
    assert (person.variants, person.email_public, person.created) == (["J. Fang"], True, when)


def test_rows_beyond_one_batch_all_go_in_in_order(db, monkeypatch):
    monkeypatch.setattr(bulk, "BATCH", 2)
    names = [f"tag-{n}" for n in range(5)]
    insert_tags(names)
    assert list(Tag.objects.order_by("pk").values_list("name", flat=True)) == names


def test_a_row_breaking_a_constraint_stops_the_insert_with_django_s_error(db):
    insert_tags(["taken"])
    with pytest.raises(IntegrityError):
        insert_tags(["fresh", "taken"])
    assert list(Tag.objects.values_list("name", flat=True)) == ["taken"]


sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL aborts the transaction at the error"
)


def tag_rows(names: list[str]) -> list[tuple[str, str]]:
    return [(name, name) for name in names]


@sqlite_only
def test_a_row_breaking_a_constraint_leaves_none_of_the_others_behind(db):
    """The rows go in with one statement: no savepoint is needed to take back the others."""
    insert_tags(["taken"])
    with transaction.atomic():
        with pytest.raises(IntegrityError):
            insert_rows(Tag, ("name", "slug"), tag_rows(["fresh", "taken"]))
        assert list(Tag.objects.values_list("name", flat=True)) == ["taken"]


@sqlite_only
def test_the_same_table_takes_rows_again_after_a_failed_insert(db):
    insert_tags(["taken"])
    with transaction.atomic():
        with pytest.raises(IntegrityError):
            insert_rows(Tag, ("name", "slug"), tag_rows(["taken"]))
        insert_rows(Tag, ("name", "slug"), tag_rows(["next"]))
    assert set(Tag.objects.values_list("name", flat=True)) == {"taken", "next"}


def test_no_rows_insert_nothing(db):
    with transaction.atomic():
        insert_rows(Tag, ("name", "slug"), iter([]))
    assert not Tag.objects.exists()
