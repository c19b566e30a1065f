"""The fields and entry types the import keeps (tests/importing/test_record_fields.py) reach
every export: BibTeX writes them back as they came, RIS and CSL-JSON give them their own
tags and variables, and GB/T 7714 prints each type's code."""

from __future__ import annotations

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.export import citations
from pubs.export.bibtex import entry_fields, entry_type, to_bibtex
from pubs.export.csljson import csl_item
from pubs.export.model import ExportAuthor, ExportPaper
from pubs.export.ris import record


def paper(**values) -> ExportPaper:
    values.setdefault("title", "A Work")
    values.setdefault("year", 2021)
    values.setdefault("authors", (ExportAuthor("Ann Roe", "Ann", "Roe", position=1),))
    return ExportPaper(**values)


def from_bibtex(text: str) -> ExportPaper:
    """The paper one entry imports as, without a database: the record's columns and the
    fields it keeps, as the import stores them."""
    _, (found,) = parse_and_normalize(text)
    return paper(
        title=found.title,
        kind=found.kind,
        year=found.year,
        month=found.month,
        container_title=found.container,
        number=found.number,
        institution=found.institution,
        thesis_type=found.thesis_type,
        url=found.url,
        extra_fields=found.extra,
    )


STANDARD = "@standard{s, title={Audit Data Collection}, number={ISO 21378:2019}, year={2019}}"


def test_a_standard_is_written_back_as_a_standard_without_a_field_saying_so():
    standard = from_bibtex(STANDARD)
    assert entry_type(standard) == "standard"
    assert "entrytype" not in dict(entry_fields(standard, "standard"))


def test_a_standard_read_back_is_a_standard_again():
    again = from_bibtex(to_bibtex([from_bibtex(STANDARD)]))
    assert csl_item(again, "s")["type"] == "standard"


def test_a_book_s_stray_journal_is_written_back():
    book = from_bibtex("@book{b, title={A Book}, journal={Nature}, publisher={P}, year={2020}}")
    assert dict(entry_fields(book, "book"))["journal"] == "Nature"


def test_a_report_s_type_is_written_back():
    report = from_bibtex("@techreport{r, title={Heaps}, institution={MIT}, type={Working Paper}, "
                         "number={WP-12}, year={2001}}")  # fmt: skip
    assert dict(entry_fields(report, "techreport"))["type"] == "Working Paper"


@pytest.mark.parametrize(
    ("entry", "ris_type"),
    [("standard", "STAND"), ("online", "ELEC"), ("software", "COMP"), ("dataset", "DATA"),
     ("periodical", "JFULL"), ("newspaper", "NEWS"), ("proceedings", "CONF")],
)  # fmt: skip
def test_each_entry_type_has_its_ris_type(entry, ris_type):
    found = from_bibtex(f"@{entry}{{e, title={{A Work}}, year={{2021}}}}")
    assert record(found, "e")[0] == ("TY", ris_type)


def test_ris_gives_translators_edition_date_accessed_and_full_date():
    found = paper(
        kind="book",
        month=4,
        extra_fields={
            "translator": "徐超 and Roe, Ann",
            "edition": "2",
            "urldate": "2013-11-12",
            "date": "2021-04-27",
        },
    )
    lines = record(found, "b")
    assert [value for tag, value in lines if tag in ("A4", "ET", "Y2", "DA")] == [
        "徐超",
        "Roe, Ann",
        "2",
        "2013/11/12/",
        "2021/04/27/",
    ]


@pytest.mark.parametrize(
    ("entry", "code"),
    [("standard", "[S]"), ("periodical", "[J]"), ("online", "[EB/OL]"), ("software", "[CP]"),
     ("newspaper", "[N]"), ("techreport", "[R]"), ("dataset", "[DS]")],
)  # fmt: skip
def test_gbt7714_prints_each_type_s_code(entry, code):
    url = ", url={https://example.org/}" if entry == "online" else ""
    found = from_bibtex(f"@{entry}{{e, title={{A Work}}, institution={{I}}, year={{2021}}{url}}}")
    assert code in citations.cite(found, "gbt7714")
