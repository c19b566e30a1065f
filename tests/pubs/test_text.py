"""The shared vocabularies: month names, Chinese script, letters without accents."""

import pytest

from pubs.text import MONTH_MACROS, MONTH_NUMBERS, is_chinese, without_accents


def test_the_month_macros_are_bibtex_s_twelve_in_order():
    assert list(MONTH_MACROS)[9] == "oct"
    assert MONTH_MACROS["oct"] == "October"
    assert len(MONTH_MACROS) == 12


@pytest.mark.parametrize(("word", "number"), [("jan", 1), ("september", 9), ("sept", 9)])
def test_a_month_field_s_word_gives_its_number(word, number):
    assert MONTH_NUMBERS[word] == number


@pytest.mark.parametrize(("text", "chinese"), [("徐宏力", True), ("Hongli Xu", False), ("", False)])
def test_chinese_script_is_told_apart(text, chinese):
    assert is_chinese(text) is chinese


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("Müller", "Muller"),
        ("Łódź", "Lodz"),
        ("Œuvre complète", "OEuvre complete"),
        ("Straße", "Strasse"),
        ("ＤＡＣ", "DAC"),
        ("徐宏力", "徐宏力"),
    ],
)
def test_letters_lose_their_accents_and_keep_their_case(text, plain):
    assert without_accents(text) == plain
