"""Bulk inserts: primary keys handed out before the rows go in, and the rows as given."""

from __future__ import annotations

import pytest
from django.db import transaction

from pubs.bulk import insert_rows, new_ids
from pubs.models import Tag


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
