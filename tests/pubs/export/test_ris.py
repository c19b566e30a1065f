"""RIS export: one well-formed record per paper, with the tags Zotero reads."""

import pytest

from pubs.export.ris import ris_name, to_ris
from tests.pubs.export.formats import ris_records
from tests.pubs.export.samples import (
    CHAPTER,
    CONFERENCE,
    JIN,
    JOURNAL,
    PAPERS,
    PATENT,
    PREPRINT,
    REPORT,
    THESIS,
    UNDER_REVIEW,
    XU,
)


def tags(paper) -> dict[str, list[str]]:
    (record,) = ris_records(to_ris([paper]))
    found: dict[str, list[str]] = {}
    for tag, value in record:
        found.setdefault(tag, []).append(value)
    return found


def test_every_paper_is_a_valid_record():
    records = ris_records(to_ris(PAPERS))
    assert [record[0][1] for record in records] == [
        "CONF", "JOUR", "UNPB", "UNPB", "THES", "PAT", "CONF", "CHAP", "RPRT",
    ]  # fmt: skip


def test_a_conference_paper():
    found = tags(CONFERENCE)
    assert found["AU"] == ["Fang, J.", "Zhao, Gongming", "徐宏力"]
    assert found["T2"] == ["IEEE International Conference on Network Protocols"]
    assert (found["PY"], found["DA"]) == (["2024"], ["2024/10//"])
    assert (found["SP"], found["EP"]) == (["1"], ["12"])
    assert found["C1"] == ["Charleroi, Belgium"]
    assert found["DO"] == ["10.1109/icnp61940.2024.10858534"]
    assert found["KW"] == ["GPU clusters", "scheduling"]
    assert found["L1"] == ["https://www.fangjin.site/pdf/titan.pdf"]
    assert found["ID"] == ["fang2024nonidle"]


def test_a_journal_article():
    found = tags(JOURNAL)
    assert (found["VL"], found["IS"], found["PB"]) == (["31"], ["5"], ["IEEE"])
    assert "J2" not in found  # the CCF abbreviation is no journal abbreviation
    assert found["AB"] == ["Gradients are routed through switches that aggregate them."]


@pytest.mark.parametrize(
    ("paper", "expected"),
    [
        (
            PREPRINT,
            {"UR": ["https://arxiv.org/abs/2405.14430"], "N1": ["Preprint", "arXiv:2405.14430"]},
        ),
        (UNDER_REVIEW, {"N1": ["Under review"]}),
        (THESIS, {"M3": ["PhD thesis"], "PB": ["Tsinghua University"]}),
        (PATENT, {"SN": ["CN113961324A"]}),
        (REPORT, {"SN": ["TR-2021-7"], "PB": ["USTC"]}),
        (CHAPTER, {"T2": ["Handbook of Distributed Systems"], "PB": ["Springer"]}),
    ],
)
def test_each_kind_carries_its_own_fields(paper, expected):
    found = tags(paper)
    assert expected
    for tag, values in expected.items():
        assert found[tag] == values


def test_names_are_family_comma_given():
    assert ris_name(JIN) == "Fang, J."
    assert ris_name(XU) == "徐宏力"


def test_values_stay_on_one_line():
    paper = JOURNAL.__class__(title="A\nTitle  in two\tlines", kind="journal")
    assert tags(paper)["TI"] == ["A Title in two lines"]


def test_no_papers_no_text():
    assert to_ris([]) == ""


def test_a_list_that_goes_on_ends_with_the_author_others():
    """RIS has no mark of it; Zotero reads "others" as one more author, as from BibTeX."""
    assert tags(UNDER_REVIEW)["AU"] == ["Duan, Jiangfei", "Jäger, Michelle", "others"]
    assert tags(PATENT)["AU"] == ["Fang, Jin", "others"]


def test_a_preprint_names_its_server_as_publisher_not_as_journal():
    found = tags(PREPRINT)
    assert "T2" not in found and found["PB"] == ["arXiv"]
