"""Inserting many rows at once, for imports of thousands of papers.

Django's bulk_create builds a model instance and prepares every value of every row, which
costs seconds for 60,000 authorships. These helpers send plain rows: PostgreSQL takes them
with COPY, in one stream, SQLite through a temporary table. The caller gives
values ready for the database (``json_value`` and ``datetime_value`` prepare the two kinds
that need it) and, from ``new_ids``, the rows' primary keys: nothing is read back.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from itertools import islice
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
            connection.wrap_database_errors,  # Django's IntegrityError, as from execute()
            connection.cursor() as cursor,
            cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy,
        ):
            for row in rows:
                copy.write_row(row)
        return
    if connection.vendor != "sqlite":
        raise NotImplementedError(f"insert_rows() does not know {connection.vendor}")
    # SQLite: the rows go to a temporary table without indexes, then into the table in one
    # INSERT ... SELECT. For narrow rows such as authorships this takes a third less time than
    # an INSERT per row, each of which opens every index of the table and, with AUTOINCREMENT,
    # writes sqlite_sequence.
    rows = iter(rows)
    batch = list(islice(rows, BATCH))
    if not batch:
        return
    staging = "temp." + quote(f"bulk_{model._meta.db_table}")
    staged = "INSERT INTO {} VALUES ({})".format(staging, ", ".join(["%s"] * len(fields)))
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {staging}")  # left by a failure outside a transaction
        cursor.execute(f"CREATE TEMPORARY TABLE {staging} ({names})")
        try:
            while batch:
                cursor.executemany(staged, batch)
                batch = list(islice(rows, BATCH))
            cursor.execute(f"INSERT INTO {table} ({names}) SELECT * FROM {staging} ORDER BY rowid")
        finally:
            # IF EXISTS: a failed statement may have rolled back the transaction, and with it
            # the table; the error to see is that one.
            cursor.execute(f"DROP TABLE IF EXISTS {staging}")


def json_value(model: type[models.Model], name: str, value: Any) -> Any:
    """A JSON field's value as the database takes it."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def datetime_value(model: type[models.Model], name: str, value: datetime) -> Any:
    """A datetime field's value as the database takes it (naive UTC text on SQLite)."""
    return model._meta.get_field(name).get_db_prep_save(value, connection)


def new_ids(model: type[models.Model], count: int) -> list[int]:
    """``count`` primary keys for rows of ``model`` about to be inserted, so that the caller
    knows them without reading the rows back. Call it inside the transaction that inserts.

    PostgreSQL hands them out from the table's sequence. SQLite has one writer at a time: this
    takes the write lock, and the ids after the largest ever used are then this transaction's
    (so insert the rows before asking again for the same table).
    """
    if not connection.in_atomic_block:
        raise RuntimeError("new_ids() needs the transaction that inserts the rows")
    if count <= 0:
        return []
    table, pk = model._meta.db_table, model._meta.pk.column
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [quote(table), pk, count],
            )
            return [row[0] for row in cursor.fetchall()]
        if connection.vendor == "sqlite":
            cursor.execute(f"UPDATE {quote(table)} SET {quote(pk)} = {quote(pk)} WHERE 0")
            cursor.execute(
                f"SELECT max(last) FROM (SELECT max({quote(pk)}) AS last FROM {quote(table)}"
                " UNION ALL SELECT seq FROM sqlite_sequence WHERE name = %s)",
                [table],
            )
            last = cursor.fetchone()[0] or 0
            return list(range(last + 1, last + 1 + count))
    raise NotImplementedError(f"new_ids() does not know {connection.vendor}")
