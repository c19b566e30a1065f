"""The query planner's statistics after a large import (PostgreSQL).

An import writes thousands of rows in one transaction; until the tables are analysed again
PostgreSQL plans the public pages with the counts of before (an empty table, a tenth of the
papers), and picks slow plans: a cold search of 10,000 papers took 507 ms before ``ANALYZE``
and 62 ms after it. Autovacuum would get there, a minute or more later. So once an import
that wrote at least ``ANALYZE_MIN_ROWS`` rows to a table commits, those tables are analysed
(sampled: a fraction of a second each, whatever their size). SQLite needs none of it.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from django.db import connection, transaction
from django.db.models import Model

from people.models import Person
from pubs.models import Authorship, Link, Paper, Tag, Venue

logger = logging.getLogger(__name__)

#: A table an import wrote fewer rows to is left to autovacuum.
ANALYZE_MIN_ROWS = 1000

#: The tables each list of an import's changes (``BibtexImport.changes``) writes to: a created
#: paper writes its authors, links and keywords with it.
TABLES_OF_CHANGES: dict[str, tuple[type[Model], ...]] = {
    "venues": (Venue,),
    "people": (Person,),
    "papers": (Paper, Authorship, Link, Paper.tags.through),
    "tags": (Tag,),
    "updated": (Paper,),
    "authorships": (Authorship,),
    "moved_authorships": (Authorship,),
    "version_links": (Paper.versions.through,),
    "variants": (Person,),
    "group_links": (Paper.groups.through,),
}


def tables_to_analyze(changes: Mapping[str, Sequence], *, min_rows: int) -> list[str]:
    """The tables an import with ``changes`` wrote at least ``min_rows`` rows to (a created
    paper counting as a row of each table it writes), in the order of TABLES_OF_CHANGES."""
    rows: Counter[str] = Counter()
    for name, models in TABLES_OF_CHANGES.items():
        for model in models:
            rows[model._meta.db_table] += len(changes.get(name, ()))
    return [table for table, count in rows.items() if count >= min_rows]


def table_statistics_refresh(*, changes: Mapping[str, Sequence]) -> list[str]:
    """After the current transaction commits, ``ANALYZE`` the tables the import with
    ``changes`` wrote many rows to (PostgreSQL; none on SQLite). Returns those tables."""
    if connection.vendor != "postgresql":
        return []
    tables = tables_to_analyze(changes, min_rows=ANALYZE_MIN_ROWS)
    if tables:
        # Robust: the import is committed; a failed ANALYZE is logged, not the import's error.
        transaction.on_commit(lambda: analyze(tables), robust=True)
    return tables


def analyze(tables: Iterable[str]) -> None:
    """``ANALYZE`` ``tables`` (PostgreSQL), logging how long it took."""
    tables = list(tables)
    start = time.monotonic()
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {', '.join(connection.ops.quote_name(t) for t in tables)}")
    logger.info(
        "Analysed %d tables after an import in %.0f ms: %s",
        len(tables),
        (time.monotonic() - start) * 1000,
        ", ".join(tables),
    )
