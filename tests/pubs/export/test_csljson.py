"""CSL-JSON export: valid against the CSL data schema, with the variables styles use."""

import json
from dataclasses import replace

from pubs.export.csljson import OTHERS, UNNAMED, csl_item, to_csl_json
from pubs.export.fields import csl_name
from pubs.export.model import ExportAuthor
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


def test_a_list_that_goes_on_ends_with_the_name_others():
    """What Zotero reads back as one more author named "others" (and pandoc as "et al.")."""
    assert csl_item(UNDER_REVIEW, "k")["author"][-1] == {"literal": "others"}
    assert csl_item(PATENT, "k")["author"] == [{"family": "Fang", "given": "Jin"}, OTHERS]


def test_the_styles_get_unnamed_positions_and_no_others():
    assert csl_item(PATENT, "k", cited=True)["author"] == [
        UNNAMED,
        {"family": "Fang", "given": "Jin"},
    ]


def test_each_item_says_its_language():
    assert csl_item(PATENT, "k")["language"] == "zh-CN"
    assert csl_item(JOURNAL, "k")["language"] == "en"
    german = replace(JOURNAL, extra_fields={"language": "ngerman"})
    assert csl_item(german, "k")["language"] == "de"


def test_a_preprint_names_its_server_as_publisher_not_as_journal():
    preprint = csl_item(PREPRINT, "k")
    assert "container-title" not in preprint and preprint["publisher"] == "arXiv"


def test_a_patent_known_by_number_keeps_it_as_title_but_not_in_citations():
    known = replace(PATENT, title=PATENT.number)
    assert csl_item(known, "k")["title"] == "CN113961324A"
    assert "title" not in csl_item(known, "k", cited=True)


def test_a_name_parts_particles_and_suffix_are_csl_name_parts():
    assert csl_name(ExportAuthor("Beethoven, Ludwig van", "Ludwig van", "Beethoven")) == {
        "family": "Beethoven",
        "given": "Ludwig",
        "dropping-particle": "van",
    }
    assert csl_name(ExportAuthor("Johannes van der Waals", "Johannes", "van der Waals")) == {
        "family": "Waals",
        "given": "Johannes",
        "non-dropping-particle": "van der",
    }
    assert csl_name(ExportAuthor("Henry Ford II", "Henry", "Ford")) == {
        "family": "Ford",
        "given": "Henry",
        "suffix": "II",
    }


def test_an_organisation_is_a_literal_and_a_one_word_name_a_family_name():
    committee = "Example Standards Committee"
    assert csl_name(ExportAuthor(committee, "", committee)) == {"literal": committee}
    assert csl_name(ExportAuthor("Google", "", "Google")) == {"family": "Google"}
    assert csl_name(ExportAuthor("de la Rosa", "", "de la Rosa")) == {"family": "de la Rosa"}
