"""The round trip on the import tests' files (tests/data/bibtex/*.bib), imported into an
empty database: export, import into an empty database, export gives the same bytes; export
then import into the same database changes nothing."""

from pathlib import Path

import pytest

from pubs.models import Paper
from tests.database_state import snapshot
from tests.exporting.helpers import empty_database, export_all, import_text
from tests.pubs.export.formats import bibtex_keys

DATA = Path(__file__).resolve().parent.parent / "data" / "bibtex"
FILES = sorted(path.name for path in DATA.glob("*.bib"))
OPTIONS = [{}, {"extras": True}]

pytestmark = pytest.mark.django_db


def test_there_are_files():
    assert FILES == ["alfolio.bib", "dblp.bib", "handwritten.bib", "ieee.bib", "scholar.bib"]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("name", FILES)
def test_export_import_export_gives_the_same_bytes(name, options):
    import_text((DATA / name).read_text(encoding="utf-8"))
    papers = Paper.objects.count()
    first = export_all(**options)
    assert len(bibtex_keys(first)) == papers
    empty_database()
    assert import_text(first).counts["created"] == papers
    assert export_all(**options) == first


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
@pytest.mark.parametrize("name", FILES)
def test_export_then_import_into_the_same_database_changes_nothing(name, options):
    import_text((DATA / name).read_text(encoding="utf-8"))
    before = snapshot()
    record = import_text(export_all(**options))
    assert record.counts["created"] == record.counts["updated"] == 0
    assert snapshot() == before
