"""Fixtures loaded once per test run, then copied back in as rows.

``loaddata`` resolves natural keys and saves object by object: the CCF catalogue and the demo
data take it about 9 s on PostgreSQL, and a dozen test modules and the browser tests load
them. The first load in a run goes through ``loaddata``; the rows it added are then kept,
table by table, and later loads write those rows back in one statement a table (COPY on
PostgreSQL), keys included, with the sequences moved past them. Papers come back with the
search text the fixture gave them.
"""

from __future__ import annotations

from django.apps import apps
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction

from pubs.services import public_version

#: The rows each list of fixtures added: (table, columns, rows or COPY data), in load order.
_LOADED: dict[tuple[str, ...], list[tuple[str, list[str], object]]] = {}


def load_fixtures(*names: str) -> None:
    """``loaddata names``, or what it added the first time, written back as rows."""
    if names in _LOADED:
        _write_back(_LOADED[names])
        return
    tables = _model_tables()
    before = _counts(tables)
    call_command("loaddata", *names, verbosity=0)
    after = _counts(tables)
    _LOADED[names] = [_read(table) for table in tables if after[table] != before[table]]


def _model_tables() -> list[str]:
    """The tables of the models, in the order the apps declare them."""
    tables = []
    for model in apps.get_models(include_auto_created=True):
        if model._meta.managed and not model._meta.proxy:
            tables.append(model._meta.db_table)
    return list(dict.fromkeys(tables))


def _counts(tables: list[str]) -> dict[str, int]:
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        union = " UNION ALL ".join(
            f"SELECT {index}, count(*) FROM {quote(table)}" for index, table in enumerate(tables)
        )
        cursor.execute(union)
        counts = dict(cursor.fetchall())
    return {table: counts[index] for index, table in enumerate(tables)}


def _read(table: str) -> tuple[str, list[str], object]:
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            data = bytearray()
            with cursor.copy(f"COPY {quote(table)} TO STDOUT") as copy:
                for block in copy:
                    data += block
            return table, [], bytes(data)
        cursor.execute(f"SELECT * FROM {quote(table)} ORDER BY rowid")
        columns = [column[0] for column in cursor.description]
        return table, columns, cursor.fetchall()


def _write_back(loaded: list[tuple[str, list[str], object]]) -> None:
    """The rows, in one transaction: the foreign keys are checked at its end, so the order of
    the tables does not matter (outside a test's transaction too: the browser tests')."""
    quote = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        for table, columns, rows in loaded:
            if connection.vendor == "postgresql":
                with cursor.copy(f"COPY {quote(table)} FROM STDIN") as copy:
                    copy.write(rows)
            else:
                names = ", ".join(quote(column) for column in columns)
                marks = ", ".join(["%s"] * len(columns))
                cursor.executemany(f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", rows)
        models = [
            model
            for model in apps.get_models(include_auto_created=True)
            if model._meta.db_table in {table for table, _, _ in loaded}
        ]
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)
    public_version.bump()  # as loaddata's saves did
