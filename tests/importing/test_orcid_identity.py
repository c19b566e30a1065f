"""ORCID iDs in an import (pubs.bibtex.people_match's rules "orcid" and "other_orcid"): the
strongest evidence that two names are one human, and that two people of one name are two;
the iDs a record gives are kept on the people it creates or finds, and undoing the import
takes them off again."""

import pytest

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Paper
from tests.factories import PersonFactory

pytestmark = pytest.mark.usefixtures("demo")

ORCID = "0000-0002-1825-0097"
OTHER_ORCID = "0000-0001-5109-3700"


def entry(key: str, authors: str, orcids: str) -> str:
    return (
        f"@article{{{key}, title={{Exact Solvers for Knapsack {key}}}, author={{{authors}}},"
        f" journal={{INFORMS Journal on Computing}}, year=2026, author+an:orcid={{{orcids}}}}}\n"
    )


def run(text: str):
    planned = bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True))
    return bibtex_import_apply(planned=planned, file_name="orcid.bib", source="test"), planned.plan


def author_of(key: str, position: int = 1) -> Person:
    paper = Paper.objects.get(title=f"Exact Solvers for Knapsack {key}")
    return paper.authorships.get(position=position).person


def test_an_orcid_id_links_a_name_written_another_way_to_its_person():
    ruiz = PersonFactory(given_name="Ana", family_name="Ruiz", orcid=ORCID)
    _, plan = run(entry("a", "Ruiz-Garcia, A. and Piet Hein", f'1="{ORCID}"'))
    assert plan.entries[0].authors[0].match.kind == "orcid"
    assert author_of("a") == ruiz


def test_one_name_with_another_orcid_id_is_another_human():
    ruiz = PersonFactory(given_name="Ana", family_name="Ruiz", orcid=ORCID)
    _, plan = run(entry("a", "Ana Ruiz", f'1="{OTHER_ORCID}"'))
    assert plan.entries[0].authors[0].match.kind == "other_orcid"
    other = author_of("a")
    assert other != ruiz and other.orcid == OTHER_ORCID


def test_a_new_person_keeps_the_orcid_id_the_record_gives():
    run(entry("a", "Piet Hein and Ulla Stern", f'2="{ORCID}"'))
    assert author_of("a", 2).orcid == ORCID and author_of("a", 1).orcid == ""


def test_a_person_found_by_name_takes_the_orcid_id_and_undo_takes_it_off():
    stern = PersonFactory(given_name="Ulla", family_name="Stern")
    record, _ = run(entry("a", "Ulla Stern", f'1="{ORCID}"'))
    stern.refresh_from_db()
    assert stern.orcid == ORCID
    bibtex_import_undo(record=record)
    stern.refresh_from_db()
    assert stern.orcid == ""


def test_an_orcid_id_the_file_gives_two_people_found_by_name_is_given_to_neither():
    stern = PersonFactory(given_name="Ulla", family_name="Stern")
    hein = PersonFactory(given_name="Piet", family_name="Hein")
    run(entry("a", "Ulla Stern", f'1="{ORCID}"') + entry("b", "Piet Hein", f'1="{ORCID}"'))
    stern.refresh_from_db()
    hein.refresh_from_db()
    assert (stern.orcid, hein.orcid) == ("", "")


def test_an_orcid_id_that_fails_its_check_is_left_out():
    run(entry("a", "Piet Hein", '1="0000-0002-1825-0098"'))
    assert author_of("a").orcid == ""


def test_a_file_with_orcid_ids_imported_again_changes_nothing():
    PersonFactory(given_name="Ana", family_name="Ruiz", orcid=ORCID)
    text = entry("a", "Ana Ruiz and Piet Hein", f'1="{OTHER_ORCID}"; 2="{ORCID}"') + entry(
        "b", "A. Ruiz and Piet Hein", f'1="{OTHER_ORCID}"'
    )
    run(text)
    plan = bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True)).plan
    summary = plan.summary()
    assert (summary["created"], summary["updated"], summary["people_new"]) == (0, 0, 0)
