"""Checks that an export is well-formed: BibTeX that bibtexparser reads cleanly, RIS as the
RIS specification and Zotero's reader expect it, CSL-JSON valid against the CSL schema."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import bibtexparser
import jsonschema

CSL_SCHEMA = Path(__file__).resolve().parents[2] / "data" / "csl" / "csl-data.json"

#: Reference types of the RIS specification.
RIS_TYPES = frozenset(
    {
        "ABST", "ADVS", "AGGR", "ANCIENT", "ART", "BILL", "BLOG", "BOOK", "CASE", "CHAP",
        "CHART", "CLSWK", "COMP", "CONF", "CPAPER", "CTLG", "DATA", "DBASE", "DICT", "EBOOK",
        "ECHAP", "EDBOOK", "EJOUR", "ELEC", "ENCYC", "EQUA", "FIGURE", "GEN", "GOVDOC", "GRANT",
        "HEAR", "ICOMM", "INPR", "JFULL", "JOUR", "LEGAL", "MANSCPT", "MAP", "MGZN", "MPCT",
        "MULTI", "MUSIC", "NEWS", "PAMP", "PAT", "PCOMM", "RPRT", "SER", "SLIDE", "SOUND",
        "STAND", "STAT", "THES", "UNBILL", "UNPB", "VIDEO",
    }
)  # fmt: skip
#: Tags of the RIS specification (those Zotero reads).
RIS_TAGS = frozenset(
    {
        "TY", "ID", "AU", "A1", "A2", "A3", "A4", "TI", "T1", "T2", "T3", "J2", "JO", "JF", "PY",
        "Y1", "DA", "VL", "IS", "SP", "EP", "PB", "CY", "C1", "C2", "C3", "SN", "M1", "M3", "DO",
        "UR", "L1", "L2", "KW", "AB", "N1", "N2", "ED", "ET", "LA", "ST", "ER",
    }
)  # fmt: skip
_RIS_LINE = re.compile(r"^([A-Z][A-Z0-9])  - (.*)$")


def bibtex_keys(text: str) -> list[str]:
    """The entry keys of a BibTeX file; fails on failed blocks and duplicate keys."""
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == [], [block.raw for block in library.failed_blocks][:3]
    keys = [entry.key for entry in library.entries]
    assert len(keys) == len({key.lower() for key in keys}), "duplicate keys"
    return keys


def ris_records(text: str) -> list[list[tuple[str, str]]]:
    """The records of an RIS file as (tag, value) lines; fails on anything malformed."""
    assert "\n" not in text.replace("\r\n", ""), "RIS lines end with CRLF"
    records: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] | None = None
    for number, line in enumerate(text.split("\r\n"), start=1):
        if not line:
            assert current is None, f"line {number}: blank line inside a record"
            continue
        match = _RIS_LINE.match(line)
        assert match, f"line {number}: not 'XX  - value': {line!r}"
        tag, value = match.groups()
        assert tag in RIS_TAGS, f"line {number}: unknown tag {tag}"
        if current is None:
            assert tag == "TY" and value in RIS_TYPES, f"line {number}: a record starts with TY"
            current = []
        current.append((tag, value))
        if tag == "ER":
            assert value == "", f"line {number}: ER has no value"
            records.append(current)
            current = None
        else:
            assert value == value.strip() and value, f"line {number}: empty or padded value"
    assert current is None, "the last record is not closed by ER"
    for record in records:
        tags = [tag for tag, _ in record]
        assert tags.count("TY") == 1 and tags.count("TI") == 1, record
    return records


@cache
def _csl_validator() -> jsonschema.Draft7Validator:
    schema = json.loads(CSL_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def csl_items(text: str) -> list[dict]:
    """The items of a CSL-JSON document; fails with the schema's first complaint."""
    items = json.loads(text)
    errors = sorted(_csl_validator().iter_errors(items), key=lambda e: list(e.path))
    assert not errors, f"{list(errors[0].path)}: {errors[0].message}"
    ids = [item["id"] for item in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    return items
