"""Imports apply one at a time.

Two imports planned against the same database at once would each create the papers the
other creates. So the transaction that applies an import first waits for its turn and keeps
it until it commits; an import that waited then plans again (``pubs.imports.apply``).

On PostgreSQL the turn is a transaction-level advisory lock. On SQLite it is the database's
write lock, taken before the import reads anything: a SQLite transaction that has read fails
at once ("database is locked") when it comes to write while another one writes, whereas one
that asks for the write lock first waits.
"""

from __future__ import annotations

from django.db import OperationalError, connection

from pubs.imports.errors import ImportBlocked
from pubs.models import BibtexImport

#: The PostgreSQL advisory lock that imports take turns on.
IMPORT_LOCK = 0x6C6162707562  # "labpub"

#: How long an import on SQLite waits for another writer (PostgreSQL waits as long as needed).
SQLITE_WAIT_MS = 20_000


def bibtex_import_lock() -> None:
    """Wait until no other import is being written, and hold the turn until this transaction
    ends. Call it first in the transaction, before anything is read.

    Raises ImportBlocked when SQLite's writer does not finish in time.
    """
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [IMPORT_LOCK])
        elif connection.vendor == "sqlite":
            _sqlite_write_lock(cursor)


def _sqlite_write_lock(cursor) -> None:
    cursor.execute("PRAGMA busy_timeout")
    usual = cursor.fetchone()[0]
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_WAIT_MS}")
    try:
        table = connection.ops.quote_name(BibtexImport._meta.db_table)
        cursor.execute(f"UPDATE {table} SET id = id WHERE 0")  # writes nothing, takes the lock
    except OperationalError as exc:
        if "locked" not in str(exc):
            raise
        raise ImportBlocked("another import is being written; try again in a moment") from exc
    finally:
        cursor.execute(f"PRAGMA busy_timeout = {int(usual)}")
