"""Look-alike people and papers filled in from two entries, from plain rows."""

import pytest

from pubs.bibtex.people_match import PersonRecord
from pubs.lookalike import filled_in, lookalikes, relation

HOLTE = PersonRecord(1, "Robert", "Holte")
HOLTE_C = PersonRecord(2, "Robert C.", "Holte")
FELNER = PersonRecord(3, "Ariel", "Felner")
KORF = PersonRecord(4, "Richard E.", "Korf")


def test_two_names_with_a_co_author_in_common_look_like_one_human():
    [pair] = lookalikes([HOLTE, HOLTE_C, FELNER], [{1, 3}, {2, 3}])
    assert {pair.first, pair.second} == {HOLTE, HOLTE_C}
    assert pair.relation == "middle name" and pair.shared == {3} and not pair.together


def test_names_without_a_co_author_in_common_are_not_listed():
    assert lookalikes([HOLTE, HOLTE_C, FELNER, KORF], [{1, 3}, {2, 4}]) == []


def test_another_family_name_or_first_initial_is_not_listed():
    people = [HOLTE, PersonRecord(5, "Robert", "Holt"), PersonRecord(6, "Bob", "Holte"), FELNER]
    assert lookalikes(people, [{1, 3}, {5, 3}, {6, 3}]) == []


def test_two_names_of_one_author_list_are_marked_together():
    [pair] = lookalikes([HOLTE, HOLTE_C, FELNER], [{1, 2, 3}])
    assert pair.together


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("Robert", "ROBERT", "same name"),
        ("Robert", "Robert C.", "middle name"),
        ("Nils", "Nils Christian", "middle name"),
        ("M. Fatih", "Mehmet Fatih", "initials"),
        ("N. R.", "Nasser", "initials"),
        ("Jin", "Jiarui", "other given name"),
        ("Bin", "Bingdong", "other given name"),
    ],
)
def test_how_two_given_names_differ(first, second, expected):
    assert relation(PersonRecord(1, first, "X"), PersonRecord(2, second, "X")) == expected


def test_a_paper_a_later_import_filled_in_has_fields_from_two_entries():
    imports = [
        (1, {"papers": [10, 11]}),
        (2, {"updated": [[10, {"pages": "", "volume": "", "modified": "2026-01-01"}]]}),
        (3, {"updated": [[12, {"modified": "2026-01-02"}]]}),  # nothing but the date
    ]
    [paper] = filled_in(imports)
    assert (paper.paper, paper.created_by, paper.filled_by) == (10, 1, ((2, ("pages", "volume")),))


def test_authors_a_later_import_added_are_filled_in_too():
    imports = [(1, {"papers": [10]}), (2, {"authorships": [501, 502]})]
    [paper] = filled_in(imports, {501: 10, 502: 10})
    assert paper.filled_by == ((2, ("authors",)),)
