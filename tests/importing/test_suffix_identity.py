"""A person's suffix in an import (pubs.bibtex.people_match's rule "other_suffix"): kept on
the people it creates, and what tells two people of one name apart."""

import pytest

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Paper
from tests.factories import PersonFactory

pytestmark = pytest.mark.usefixtures("demo")


def entry(key: str, authors: str) -> str:
    return (
        f"@article{{{key}, title={{Ranking Tournaments {key}}}, author={{{authors}}},"
        " journal={Operations Research}, year=1978}\n"
    )


def run(text: str):
    planned = bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True))
    bibtex_import_apply(planned=planned, file_name="suffix.bib", source="test")
    return planned.plan


def author_of(key: str) -> Person:
    return Paper.objects.get(title=f"Ranking Tournaments {key}").authorships.get(position=1).person


def test_a_new_person_keeps_the_suffix_as_a_field_of_its_own():
    run(entry("a", "Doe, Jr., John A."))
    person = author_of("a")
    assert (person.given_name, person.family_name, person.suffix) == ("John A.", "Doe", "Jr.")
    assert person.name == "John A. Doe Jr." and person.slug == "john-a-doe-jr"


def test_one_name_with_another_suffix_is_another_human():
    senior = PersonFactory(given_name="John A.", family_name="Doe", suffix="Sr.")
    plan = run(entry("a", "John A. Doe Jr."))
    assert plan.entries[0].authors[0].match.kind == "other_suffix"
    assert author_of("a") != senior and author_of("a").suffix == "Jr."


def test_two_suffixes_of_one_name_in_one_file_make_two_people():
    run(entry("a", "Doe, Jr., John A.") + entry("b", "Doe, Sr., John A."))
    assert (author_of("a").suffix, author_of("b").suffix) == ("Jr.", "Sr.")


def test_a_name_without_its_suffix_is_found_for_the_person_with_it():
    junior = PersonFactory(given_name="John A.", family_name="Doe", suffix="Jr.")
    run(entry("a", "John A. Doe"))
    assert author_of("a") == junior
