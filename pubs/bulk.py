"""Inserting many rows at once, for imports of thousands of papers.

Django's bulk_create builds a model instance and prepares every value of every row, which
costs seconds for 60,000 authorships. These helpers send plain rows: PostgreSQL takes them
with COPY, in one stream, other databases with one executemany per batch. The caller gives
values ready for the database (``json_value`` and ``datetime_value`` prepare the two kinds
that need it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from django.db import connection, models

BATCH = 5000


def insert_rows(
    model: type[models.Model], columns: Sequence[str], rows: Iterable[Sequence]
) -> None:
    """INSERT ``rows`` (tuples in the order of ``columns``, field names) into ``model``."""
    fields = [model._meta.get_field(name) for name in columns]
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    names = ", ".join(quote(field.column) for field in fields)
    if connection.vendor == "postgresql":
        with (
            connection.cursor() as cursor,
            cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        return
    sql = "INSERT INTO {} ({}) VALUES ({})".format(table, names, ", ".join(["%s"] * len(fields)))
    batch: list[Sequence] = []
    with connection.cursor() as cursor:
        for row in rows:
            batch.append(row)
            if len(batch) >= BATCH:
                cursor.executemany(sql, batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)


def json_value(model: type[models.Model], name: str, value: Any) -> Any:
    """A JSON field's value as the database takes it."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def datetime_value(model: type[models.Model], name: str, value: datetime) -> Any:
    """A datetime field's value as the database takes it (naive UTC text on SQLite)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def ids_by(model: type[models.Model], name: str, values: Iterable[Any]) -> dict[Any, int]:
    """Primary keys of the rows whose unique field ``name`` has one of ``values``."""
    wanted = list(values)
    found: dict[Any, int] = {}
    for start in range(0, len(wanted), 900):
        chunk = wanted[start : start + 900]
        found.update(model.objects.filter(**{f"{name}__in": chunk}).values_list(name, "pk"))
    return found
