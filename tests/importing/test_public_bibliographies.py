"""Real bibliographies of other fields than ours (tests/data/bibtex/public/, sources in its
README): imported twice, the second import changes nothing, and their names are read right."""

from pathlib import Path

import pytest

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Paper, Venue
from tests.database_state import snapshot

pytestmark = pytest.mark.usefixtures("demo")

PUBLIC = Path(__file__).resolve().parent.parent / "data" / "bibtex" / "public"
FILES = sorted(path.name for path in PUBLIC.glob("*.bib"))
FLAGS = Decisions(create_venues=True, allow_ambiguous=True, skip_invalid=True)


def import_file(name: str, decisions: Decisions = FLAGS):
    text = (PUBLIC / name).read_text(encoding="utf-8")
    planned = bibtex_import_plan(text=text, decisions=decisions)
    bibtex_import_apply(planned=planned, file_name=name, source="test")
    return planned.plan


@pytest.mark.parametrize("name", FILES)
def test_a_public_bibliography_imported_again_changes_nothing(name):
    first = import_file(name)
    assert first.summary()["created"] > 0
    before = snapshot()
    second = import_file(name)
    summary = second.summary()
    assert (summary["created"], summary["updated"], summary["people_new"]) == (0, 0, 0), [
        (e.key, e.action, e.fill) for e in second.entries if e.action == "create" or e.updates
    ]
    assert snapshot() == before


TIRAILLEUR = "hedvig-tirailleur.bib"


def test_a_capitalised_particle_is_read_into_the_family_name():
    import_file(TIRAILLEUR)
    assert Person.objects.filter(given_name="Lauren", family_name="Van Alsenoy").exists()
    assert Person.objects.filter(given_name="Cécile", family_name="Van Den Avenne").exists()


def test_anonymous_texts_have_no_author_rather_than_one_person_anon():
    import_file(TIRAILLEUR)
    assert not Person.objects.filter(family_name__iexact="anon").exists()
    assert not Paper.objects.get(citation_key="anon1899").authorships.exists()


def test_a_venue_made_from_an_accented_name_keeps_its_accents():
    import_file(TIRAILLEUR)
    assert Venue.objects.filter(name="La Race Nègre").exists()
    assert Venue.objects.filter(name="À travers le monde").count() == 1
