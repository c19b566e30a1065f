"""Back up the PostgreSQL database with pg_dump, and prove the copy restores.

    .venv/bin/python deploy/backup.py [--dir backups] [--keep 14]

``DATABASE_URL`` names the database, as for the app. The dump (pg_dump's custom format, for
pg_restore) is written from one snapshot of the database, in which the rows of every table are
counted too. It is then restored into a scratch database (the database's name +
``_restore_check``, dropped afterwards) whose tables are counted again. The exit status is 0
only when every table came back with as many rows. ``--keep N`` deletes all but the N newest
dumps in the directory. The database user needs the right to create databases.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import dj_database_url
import psycopg
from psycopg import sql

TABLES = """
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name
"""


def count_rows(connection: psycopg.Connection) -> dict[str, int]:
    """The number of rows of every table, in the connection's current snapshot."""
    tables = [name for (name,) in connection.execute(TABLES)]
    query = sql.SQL("SELECT count(*) FROM {}")
    return {
        name: connection.execute(query.format(sql.Identifier(name))).fetchone()[0]
        for name in tables
    }


def differences(original: dict[str, int], restored: dict[str, int]) -> list[str]:
    """What the restored copy lacks or has in excess, table by table."""
    lines = []
    for table in sorted(original.keys() | restored.keys()):
        if table not in restored:
            lines.append(f"{table}: missing from the restored copy")
        elif table not in original:
            lines.append(f"{table}: only in the restored copy")
        elif original[table] != restored[table]:
            lines.append(f"{table}: {original[table]} rows, {restored[table]} restored")
    return lines


class Database:
    """The database DATABASE_URL names: how psycopg and the pg_* tools reach it."""

    def __init__(self, url: str) -> None:
        config = dj_database_url.parse(url)
        if "postgresql" not in config["ENGINE"]:
            raise SystemExit("DATABASE_URL is not a PostgreSQL database")
        self.name = config["NAME"]
        self.env = {
            **os.environ,
            "PGHOST": config.get("HOST") or "127.0.0.1",
            "PGPORT": str(config.get("PORT") or 5432),
            "PGUSER": config.get("USER") or "postgres",
            "PGPASSWORD": config.get("PASSWORD") or "",
        }

    def connect(self, name: str | None = None, **options) -> psycopg.Connection:
        env = self.env
        return psycopg.connect(
            host=env["PGHOST"],
            port=env["PGPORT"],
            user=env["PGUSER"],
            password=env["PGPASSWORD"] or None,
            dbname=name or self.name,
            **options,
        )

    def run(self, *command: str, check: bool = True) -> str:
        """Run a pg_* tool on the database's server; what it wrote to stderr."""
        done = subprocess.run(command, env=self.env, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise SystemExit(f"{command[0]} failed:\n{done.stderr}")
        return done.stderr


def dump(database: Database, path: Path) -> dict[str, int]:
    """Dump the database to ``path``; the row counts of the snapshot dumped."""
    with database.connect() as connection:
        connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        with connection.transaction():
            snapshot = connection.execute("SELECT pg_export_snapshot()").fetchone()[0]
            counts = count_rows(connection)
            database.run(
                "pg_dump", "--format=custom", f"--snapshot={snapshot}", f"--file={path}",
                database.name,
            )  # fmt: skip
    return counts


def restored_counts(database: Database, path: Path) -> dict[str, int]:
    """Restore ``path`` into a scratch database; the row counts found there."""
    scratch = f"{database.name}_restore_check"
    with database.connect("postgres", autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(scratch)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(scratch)))
        try:
            # Errors are reported and the counts decide: a user who is not a superuser cannot
            # restore the comment of the unaccent extension, and that is all it cannot do.
            errors = database.run(
                "pg_restore", "--no-owner", f"--dbname={scratch}", str(path), check=False
            )
            if errors:
                print(f"pg_restore said:\n{errors.strip()}")
            with database.connect(scratch) as connection:
                return count_rows(connection)
        finally:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(scratch))
            )


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the ``keep`` newest dumps; the ones deleted."""
    dumps = sorted(directory.glob("labpubs-*.dump"), reverse=True)
    for old in dumps[keep:]:
        old.unlink()
    return dumps[keep:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, default=Path("backups"))
    parser.add_argument("--keep", type=int, default=0, help="dumps to keep (0: all)")
    args = parser.parse_args()
    database = Database(os.environ.get("DATABASE_URL", ""))
    args.dir.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = args.dir / f"labpubs-{database.name}-{stamp}.dump"
    original = dump(database, path)
    problems = differences(original, restored_counts(database, path))
    size = path.stat().st_size / 1e6
    if problems:
        print(f"{path} ({size:.1f} MB) does NOT restore as it was:", *problems, sep="\n  ")
        sys.exit(1)
    rows = sum(original.values())
    print(f"{path} ({size:.1f} MB): restored and checked, {len(original)} tables, {rows} rows")
    if args.keep:
        for old in prune(args.dir, args.keep):
            print(f"deleted {old}")


if __name__ == "__main__":
    main()
