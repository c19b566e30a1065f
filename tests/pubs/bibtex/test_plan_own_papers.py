"""A member's import of their own papers (keep_authored): the entries they are not an author
of are skipped, each named with its line, and nothing is written for them."""

from pubs.bibtex.plan import NEW, Decisions, keep_authored
from tests.pubs.bibtex.test_plan import plan_of

JIN_FANG = 1

OWN_AND_OTHERS = """@inproceedings{own,
  title = {A Paper of Jin Fang},
  author = {Jin Fang and Newcomer One},
  booktitle = {Workshop on Odd Things},
  year = {2024}
}

@article{others,
  title = {A Paper Jin Fang Did Not Write},
  author = {Hongli Xu and Newcomer Two},
  journal = {IEEE/ACM Transactions on Networking},
  year = {2023}
}
"""


def own_plan(text: str = OWN_AND_OTHERS, decisions: Decisions | None = None):
    plan = plan_of(text, (decisions or Decisions()).creating_no_venue())
    keep_authored(plan, JIN_FANG)
    return plan


def test_an_entry_they_wrote_is_planned_and_one_they_did_not_is_skipped():
    plan = own_plan()
    assert [entry.action for entry in plan.entries] == ["create", "skipped"]
    assert [entry.key for entry in plan.to_write] == ["own"]


def test_a_skipped_entry_is_named_with_its_line():
    warnings = [str(problem) for problem in own_plan().warnings]
    assert any(text.startswith("line 8, entry others: skipped") for text in warnings), warnings


def test_the_people_only_a_skipped_entry_names_are_not_created():
    names = {person.name for person in own_plan().new_people.values()}
    assert names == {"Newcomer One"}


def test_skipped_entries_block_nothing_and_are_counted():
    plan = own_plan()
    assert plan.ready
    assert plan.summary()["skipped"] == 1
    assert plan.summary()["created"] == 1


def test_a_member_import_creates_no_venue_even_when_asked():
    plan = own_plan(decisions=Decisions(venues={"Workshop on Odd Things": NEW}))
    entry = plan.entries[0]
    assert entry.action == "create"
    assert not entry.venue.create and entry.paper_venue is None


def test_an_entry_where_they_choose_themselves_for_an_ambiguous_name_is_theirs():
    text = """@inproceedings{initials,
  title = {Written with Initials},
  author = {J. Fang and Somebody Else},
  booktitle = {ICNP},
  year = {2024}
}
"""
    assert own_plan(text).entries[0].action == "skipped"
    chosen = Decisions(people={"initials#1": JIN_FANG})
    assert own_plan(text, chosen).entries[0].action == "create"
