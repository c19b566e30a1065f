"""CSL-JSON export: valid against the CSL data schema, with the variables styles use."""

import json

from pubs.export.csljson import csl_item, to_csl_json
from tests.pubs.export.formats import csl_items
from tests.pubs.export.samples import (
    AWARDED,
    CONFERENCE,
    JOURNAL,
    PAPERS,
    PATENT,
    PREPRINT,
    THESIS,
    UNDER_REVIEW,
)


def test_every_paper_is_valid_csl():
    items = csl_items(to_csl_json(PAPERS))
    assert [item["type"] for item in items] == [
        "paper-conference", "article-journal", "article", "article", "thesis", "patent",
        "paper-conference", "chapter", "report",
    ]  # fmt: skip


def test_a_conference_paper():
    item = csl_item(CONFERENCE, "fang2024nonidle")
    assert item["author"] == [
        {"family": "Fang", "given": "J."},
        {"family": "Zhao", "given": "Gongming"},
        {"literal": "徐宏力"},
    ]
    assert item["issued"] == {"date-parts": [[2024, 10]]}
    assert item["container-title"] == "IEEE International Conference on Network Protocols"
    assert (item["page"], item["DOI"], item["keyword"]) == (
        "1-12",
        "10.1109/icnp61940.2024.10858534",
        "GPU clusters, scheduling",
    )


def test_kinds_and_statuses():
    assert (csl_item(JOURNAL, "k")["volume"], csl_item(JOURNAL, "k")["issue"]) == ("31", "5")
    preprint = csl_item(PREPRINT, "k")
    assert (preprint["number"], preprint["publisher"]) == ("arXiv:2405.14430", "arXiv")
    assert csl_item(UNDER_REVIEW, "k")["status"] == "Under review"
    thesis = csl_item(THESIS, "k")
    assert (thesis["genre"], thesis["publisher"]) == ("PhD thesis", "Tsinghua University")
    patent = csl_item(PATENT, "k")
    assert (patent["number"], "issued" in patent) == ("CN113961324A", False)
    awarded = csl_item(AWARDED, "k")
    assert awarded["note"] == "Distinguished Artifact Award"
    assert awarded["editor"] == [
        {"family": "Guo", "given": "Shuang"},
        {"family": "Simon", "given": "Jonas"},
    ]


def test_the_document_is_utf8_json():
    text = to_csl_json([PATENT])
    assert "一种边缘云系统中的VNF部署调度方法" in text
    assert json.loads(text)[0]["id"] == "fangvnf"
