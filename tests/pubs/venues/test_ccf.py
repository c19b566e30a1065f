import pytest

from pubs.venues import ccf


@pytest.mark.parametrize(
    ("year", "edition"),
    [
        (2015, 2022),
        (2022, 2022),
        (2025, 2022),
        (2026, 2026),
        (2030, 2026),
        (None, 2026),
    ],
)
def test_edition_in_force_is_the_newest_published_by_that_year(year, edition):
    assert ccf.edition_in_force(year) == edition


def test_edition_in_force_follows_the_editions_given():
    assert ccf.edition_in_force(2031, editions=(2022, 2026, 2030)) == 2030


def test_the_ten_ccf_fields_have_english_and_chinese_names():
    assert len(ccf.FIELDS) == 10
    assert ccf.FIELDS_BY_CODE["network"].chinese == "计算机网络"
    assert all(field.english and field.chinese for field in ccf.FIELDS)


@pytest.mark.parametrize(
    ("now", "then", "edition", "label"),
    [
        ("B", "B", 2022, "CCF B"),
        ("B", "A", 2022, "CCF B (A in 2022)"),
        ("A", "", 2022, "CCF A"),
        ("", "C", 2022, "Not in CCF (C in 2022)"),
        ("", "", 2026, ""),
    ],
)
def test_rank_label_shows_the_rank_then_when_it_differs(now, then, edition, label):
    assert ccf.rank_label(now, then, edition) == label
