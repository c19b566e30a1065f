"""The choices a preview stored, read back as the planner's decisions (pubs.imports.decisions)."""

from pubs.bibtex.plan import NEW
from pubs.imports.decisions import decisions_from_options

VENUE_IDS = {"icnp": 7, "ton": 9}


def test_a_venue_chosen_by_slug_is_planned_with_its_id():
    decisions = decisions_from_options({"venues": {"(ICNP'24)": "icnp"}}, VENUE_IDS)
    assert decisions.venues == {"(ICNP'24)": 7}


def test_a_new_venue_and_no_venue_are_kept_as_chosen():
    options = {"venues": {"NSDI": NEW, "Workshop on Things": "-"}}
    assert decisions_from_options(options, VENUE_IDS).venues == {
        "NSDI": NEW,
        "Workshop on Things": "",
    }


def test_a_venue_whose_slug_is_gone_is_left_undecided():
    decisions = decisions_from_options({"venues": {"ToN": "removed-venue"}}, VENUE_IDS)
    assert decisions.venues == {}


def test_people_overwrites_and_switches_are_read_back():
    options = {
        "people": {"fang2024#0": 12, "Gongmin Zhao": NEW},
        "overwrite": {"fang2024": True},
        "skip_invalid": True,
        "allow_ambiguous": True,
        "create_venues": True,
    }
    decisions = decisions_from_options(options, VENUE_IDS)
    assert decisions.people == {"fang2024#0": 12, "Gongmin Zhao": NEW}
    assert decisions.overwrite == {"fang2024": True}
    assert (decisions.skip_invalid, decisions.allow_ambiguous, decisions.create_venues) == (
        True,
        True,
        True,
    )


def test_options_without_choices_decide_nothing():
    decisions = decisions_from_options({}, VENUE_IDS)
    assert (decisions.people, decisions.venues, decisions.overwrite) == ({}, {}, {})
    assert not (decisions.skip_invalid or decisions.allow_ambiguous or decisions.create_venues)
