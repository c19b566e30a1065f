"""The kinds of paper are one table (pubs.kinds): the model's choices, the public filter, the
versions' forms, the BibTeX import and every export read it."""

import pytest

from pubs import kinds
from pubs.bibtex.normalize import parse_and_normalize
from pubs.bibtex.versions import version_of
from pubs.export.bibtex import entry_type
from pubs.export.csljson import csl_type
from pubs.export.model import ExportPaper
from pubs.export.ris import ris_type
from pubs.models import PaperKind
from pubs.web.filters import PaperFilter

ROWS = [pytest.param(row, id=row.name) for row in kinds.KINDS]


def paper_of(row: kinds.Kind) -> ExportPaper:
    """A paper of the row's kind, as the table tells the row from its stored kind (and the
    entry type the import kept for a row stored as another's)."""
    chapter, report = row.name == "chapter", row.name == "report"
    kept = [entry for entry, kept in kinds.KEPT_ENTRY_TYPES.items() if kept == row]
    return ExportPaper(
        title="A Paper",
        kind=row.stored,
        container_title="A Book of Papers" if chapter else "",
        institution="A University" if report else "",
        extra_fields={kinds.ENTRY_TYPE_FIELD: kept[0]} if kept else {},
    )


def test_every_kind_stored_has_a_row_and_every_row_a_kind_stored():
    assert set(PaperKind.values) == {row.stored for row in kinds.KINDS}
    assert PaperKind.choices == [(value, str(label)) for value, label in kinds.CHOICES]


def test_the_public_kind_filter_offers_the_kinds_of_the_table():
    choices = [value for value, _ in PaperFilter().filters["kind"].extra["choices"]]
    assert choices == list(kinds.STORED)


@pytest.mark.parametrize("row", ROWS)
def test_every_export_writes_the_types_of_the_kind_s_row(row):
    paper = paper_of(row)
    assert paper.row == row
    assert (entry_type(paper), csl_type(paper), ris_type(paper)) == (row.bibtex, row.csl, row.ris)


@pytest.mark.parametrize("row", ROWS)
def test_every_entry_type_a_row_reads_is_imported_as_its_kind(row):
    read = row.bibtex_read
    bibtex = "\n".join(
        f"@{entry}{{k{n}, title={{A Paper}}, author={{Ana Ruiz}}, year={{2020}}}}"
        for n, entry in enumerate(read)
    )
    records = parse_and_normalize(bibtex)[1] if read else []
    assert [record.kind for record in records] == [row.stored] * len(read)


@pytest.mark.parametrize("row", [param for param in ROWS if param.id != "preprint"])
def test_the_entry_type_a_row_writes_is_read_back_as_its_kind(row):
    # A preprint is written as @misc with its eprint, and read as a preprint by that.
    assert kinds.BIBTEX_KINDS[row.bibtex] == row.stored


@pytest.mark.parametrize("row", ROWS)
def test_a_version_of_a_kind_has_the_form_of_its_row(row):
    assert version_of(row.stored).form == row.form


def test_a_thesis_is_written_and_read_by_its_type():
    for thesis, entry in kinds.THESIS_ENTRY_TYPES.items():
        assert entry_type(ExportPaper(title="T", kind="thesis", thesis_type=thesis)) == entry
        assert kinds.THESIS_TYPES[entry] == thesis
    assert kinds.THESIS_ENTRY_TYPES
