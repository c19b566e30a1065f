"""deploy/backup.py: a dump of the database, restored into a scratch database, has every row."""

import os
import subprocess
import sys

import pytest
from django.db import connection

from deploy.backup import differences
from tests.factories import PersonFactory, paper_with_authors
from tests.production.conftest import ROOT, database_url


def test_differences_name_each_table_that_did_not_come_back_whole():
    original = {"pubs_paper": 3, "people_person": 5, "pubs_tag": 1}
    restored = {"pubs_paper": 3, "people_person": 4, "extra": 0}
    assert differences(original, restored) == [
        "extra: only in the restored copy",
        "people_person: 5 rows, 4 restored",
        "pubs_tag: missing from the restored copy",
    ]


def test_no_differences_when_every_table_has_its_rows():
    assert differences({"pubs_paper": 3}, {"pubs_paper": 3}) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump backs up PostgreSQL")
def test_a_backup_restores_with_every_row(tmp_path):
    paper_with_authors(PersonFactory(), PersonFactory(), title="Kept Safe")
    result = subprocess.run(
        [sys.executable, "deploy/backup.py", "--dir", str(tmp_path)],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url()},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "restored and checked" in result.stdout
    (dump,) = tmp_path.glob("labpubs-*.dump")
    assert dump.stat().st_size > 0
