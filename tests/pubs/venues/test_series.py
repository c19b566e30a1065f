"""One series under its yearly names and places: the printed venues of a real bibliography
(the IRIDIA lab's, shared/data/iridia-references.bib) fold into one key per series."""

import re

import pytest

from pubs.bibtex.normalize import parse_and_normalize
from pubs.venues.series import printed_series, series_abbreviation, series_groups, series_key
from tests.shared_data import shared_data


@pytest.fixture(scope="module")
def printed_venues() -> set[str]:
    """Every booktitle and journal of the file, as the import reads them."""
    text = shared_data("iridia-references.bib").read_text(encoding="utf-8")
    _, records = parse_and_normalize(text, max_entries=10_000)
    return {record.container for record in records if record.container}


@pytest.mark.parametrize(
    ("pattern", "forms", "abbreviation"),
    [
        (r"\bEvoCOP\b", 14, "EvoCOP"),
        (r"\bCPAIOR\b", 5, "CPAIOR"),
        (r"\bANTS \d{4}\b", 12, "ANTS"),
        (r"\bPPSN\b", 17, "PPSN"),
        (r"^(?!.*Compan).*\bGECCO\b", 29, "GECCO"),
        (r"\bGECCO \d{4}\b.*Companion|Companion, GECCO \d{4}", 11, "GECCO"),
    ],
)
def test_the_yearly_forms_of_a_series_are_one_series(printed_venues, pattern, forms, abbreviation):
    texts = {text for text in printed_venues if re.search(pattern, text)}
    assert len(texts) == forms  # its yearly names, places and editions
    series = {printed_series(text) for text in texts}
    assert [s.abbreviation for s in series] == [abbreviation]


def test_a_companion_is_a_series_beside_its_meeting():
    assert series_key("Genetic and Evolutionary Computation Conference Companion, GECCO 2019") != (
        series_key("Genetic and Evolutionary Computation Conference, GECCO 2019")
    )


def test_the_host_of_an_event_is_not_its_series():
    text = (
        "Evolutionary Computation in Combinatorial Optimization – 21st European Conference, "
        "EvoCOP 2021, Held as Part of EvoStar 2021, Virtual Event, April 7-9, 2021, Proceedings"
    )
    assert series_abbreviation(text) == "EvoCOP"
    assert series_abbreviation("Workshop on Foo, co-located with ICSE 2020") == ""
    assert series_abbreviation("ICSE 2020 Workshop on Bar") == ""


def test_a_series_without_abbreviation_is_its_name_without_place_and_edition():
    assert series_key(
        "Proceedings of the 7th National Conference on Artificial Intelligence, Boston, MA"
    ) == series_key("Proceedings of the Sixteenth National Conference on Artificial Intelligence")


def test_a_name_keeps_the_pieces_that_tell_which_meeting_it_is():
    assert series_key("1999 IEEE International Conference on Systems, Man, and Cybernetics") != (
        series_key("IEEE International Conference on Systems Engineering, Las Vegas")
    )


def test_a_journal_keeps_every_piece_of_its_name():
    assert series_key("IEEE Transactions on Systems, Man, and Cybernetics – Part C") != (
        series_key("IEEE Transactions on Systems, Man, and Cybernetics")
    )


def test_two_series_stay_two(printed_venues):
    evocop = {series_key(text) for text in printed_venues if "EvoCOP" in text}
    ants = {series_key(text) for text in printed_venues if re.search(r"\bANTS \d{4}", text)}
    assert len(evocop) == len(ants) == 1
    assert evocop != ants


def test_texts_with_and_without_the_abbreviation_are_one_series_among_others():
    texts = [
        "Foundations of Genetic Algorithms",
        "Foundations of Genetic Algorithms (FOGA)",
        "FOGA '25, Proceedings of the 18th ACM/SIGEVO Conference on Foundations of Genetic "
        "Algorithms",
        "Hybrid Metaheuristics HM 2007, 4th International Workshop",
    ]
    series = series_groups(texts)
    assert len({series[text] for text in texts[:3]}) == 1
    assert series[texts[3]] != series[texts[0]]


def test_the_series_of_a_real_bibliography_fold_its_printed_venues(printed_venues):
    series = series_groups(printed_venues)
    evocop = {series[text] for text in printed_venues if "EvoCOP" in text}
    assert len(evocop) == 1
    # 956 printed venues; 845 names as a new venue was keyed by before.
    assert len(printed_venues) == 956
    assert len(set(series.values())) < 700


def test_a_workshop_of_a_meeting_named_after_it_is_not_the_meeting():
    workshop = (
        "Proceedings of the 2001 Genetic and Evolutionary Computation Conference – Workshop "
        "Program. Workshop ``The Next Ten Years of Scheduling Research''"
    )
    meeting = "Proceedings of the 2020 Genetic and Evolutionary Computation Conference"
    assert series_key(workshop) != series_key(meeting)
