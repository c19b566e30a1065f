import pytest

from people.names import full_name, initials, short_name


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Jiarui", "J."),
        ("Li-Wen", "L.-W."),
        ("Cho-Jui", "C.-J."),
        ("J. R. R.", "J. R. R."),
        ("", ""),
    ],
)
def test_initials(given, expected):
    assert initials(given) == expected


def test_short_name_is_the_cv_form():
    assert short_name("Jin", "Fang") == "J. Fang"


def test_full_name_of_a_mononym():
    assert full_name("", "Plato") == "Plato"
