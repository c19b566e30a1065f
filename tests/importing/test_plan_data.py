"""A planned import kept as JSON data: read back, it is the plan; data that does not fit the
classes of the running code is a stale plan."""

import dataclasses
import json
import pickle
from decimal import Decimal
from pathlib import Path

import pytest

from people.models import Group
from pubs.bibtex.plan import Decisions, NewPerson, NewVenue
from pubs.bibtex.plan import model as plan_module
from pubs.imports import plan_data
from pubs.imports.plan import PlannedImport, bibtex_import_plan
from pubs.imports.plan_data import FORMAT, StalePlan, planned_from_data, planned_to_data
from pubs.permissions import Scope
from tests.shared_data import shared_data

SEEDS = Path(__file__).resolve().parents[1] / "data" / "bibtex"
SEED_FILES = ("dblp.bib", "ieee.bib", "scholar.bib", "alfolio.bib", "handwritten.bib")
#: Decisions that bring every kind of value into a plan: venues it creates, new people for
#: ambiguous names.
CREATING = Decisions(create_venues=True, allow_ambiguous=True)


def kept(planned: PlannedImport) -> object:
    """``planned`` kept as a job keeps it: JSON text, read back."""
    return json.loads(json.dumps(planned_to_data(planned)))


def read_back(planned: PlannedImport) -> PlannedImport:
    return planned_from_data(kept(planned), text=planned.text)


def as_kept(planned: PlannedImport) -> PlannedImport:
    """``planned`` but for what is not kept of it: its file's raw entries."""
    return dataclasses.replace(planned, parsed=dataclasses.replace(planned.parsed, entries=[]))


@pytest.fixture(scope="module")
def iridia(catalogue_module_db, django_db_blocker) -> PlannedImport:
    """IRIDIA's bibliography (2,882 entries) planned against the catalogue and the demo."""
    text = shared_data("iridia-references.bib").read_text(encoding="utf-8")
    with django_db_blocker.unblock():
        return bibtex_import_plan(text=text, decisions=CREATING)


@pytest.fixture
def forget_classes():
    """The codec reads the classes afresh (as a newly deployed version of the code does),
    before the test and after it (the classes as they were)."""
    caches = (plan_data._fields, plan_data._dump, plan_data._load, plan_data.shape)

    def forget() -> None:
        for cached in caches:
            cached.cache_clear()

    forget()
    yield forget
    forget()


def new_person_class(name: str, *, without: str = "", extra: tuple = ()) -> type:
    """NewPerson as a later version of the code may declare it: under another ``name``,
    ``without`` one of its fields, or with ``extra`` ones."""
    fields = [
        (f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory))
        for f in dataclasses.fields(NewPerson)
        if f.name != without
    ]
    return dataclasses.make_dataclass(
        name,
        [*fields, *extra],
        slots=True,
        namespace={"__module__": plan_module.__name__},
    )


def test_iridia_read_back_from_its_json_is_the_plan(iridia):
    assert read_back(iridia) == as_kept(iridia)


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
@pytest.mark.parametrize("name", SEED_FILES)
def test_a_seed_file_planned_against_the_demo_is_read_back_as_planned(name):
    text = (SEEDS / name).read_text(encoding="utf-8")
    planned = bibtex_import_plan(text=text, decisions=CREATING)
    assert any(entry.action == "duplicate" for entry in planned.plan.entries)
    assert read_back(planned) == as_kept(planned)


@pytest.mark.django_db
@pytest.mark.usefixtures("catalogue")
def test_a_group_editors_plan_keeps_its_scope_and_the_papers_outside_it():
    group = Group.objects.order_by("pk").first()
    scope = Scope(
        user_id=7,
        edited_group_ids=frozenset({group.pk}),
        edited_group_slugs=frozenset({group.slug}),
    )
    text = (SEEDS / "dblp.bib").read_text(encoding="utf-8")
    planned = bibtex_import_plan(text=text, scope=scope)
    assert planned.outside
    assert read_back(planned) == as_kept(planned)


def test_the_venues_a_plan_creates_are_read_back_as_venues_to_create(iridia):
    assert any(isinstance(e.paper_venue, NewVenue) for e in iridia.plan.to_create)
    assert [e.paper_venue for e in read_back(iridia).plan.to_create] == [
        e.paper_venue for e in iridia.plan.to_create
    ]


def test_the_database_state_is_read_back_with_its_dates(iridia):
    assert read_back(iridia).state == iridia.state != ()


def test_the_text_is_not_kept_but_given_back(iridia):
    data = planned_to_data(iridia)
    assert iridia.text[:200] not in json.dumps(data)
    assert planned_from_data(data, text="the text").text == "the text"


def test_the_raw_entries_are_not_kept(iridia):
    assert iridia.parsed.entries
    assert read_back(iridia).parsed.entries == []


def test_the_records_come_back_as_the_entries_records(iridia):
    planned = read_back(iridia)
    assert len(planned.records) == len(iridia.records) == 2882
    assert all(r is e.record for r, e in zip(planned.records, planned.plan.entries, strict=True))


def test_iridia_kept_as_json_is_smaller_than_its_pickle_without_the_text(iridia):
    # 3.65 MB; pickled, 6.64 MB with the text (1.65 MB), 4.82 MB without
    size = len(json.dumps(planned_to_data(iridia)).encode("utf-8"))
    without_text = dataclasses.replace(iridia, text="")
    assert size < len(pickle.dumps(without_text, protocol=pickle.HIGHEST_PROTOCOL))


def test_a_renamed_class_still_reads_the_data(iridia, monkeypatch, forget_classes):
    data = kept(iridia)
    monkeypatch.setattr(plan_module, "NewPerson", new_person_class("PersonToCreate"))
    forget_classes()
    planned = planned_from_data(data, text=iridia.text)
    people = list(planned.plan.new_people.values())
    assert people and all(type(person).__name__ == "PersonToCreate" for person in people)
    assert kept(planned) == data


def test_a_field_added_since_makes_the_plan_stale(iridia, monkeypatch, forget_classes):
    data = kept(iridia)
    added = new_person_class("NewPerson", extra=(("email", str, dataclasses.field(default="")),))
    monkeypatch.setattr(plan_module, "NewPerson", added)
    forget_classes()
    with pytest.raises(StalePlan):
        planned_from_data(data)


def test_a_field_removed_since_makes_the_plan_stale(iridia, monkeypatch, forget_classes):
    data = kept(iridia)
    monkeypatch.setattr(plan_module, "NewPerson", new_person_class("NewPerson", without="flagged"))
    forget_classes()
    with pytest.raises(StalePlan):
        planned_from_data(data)


def test_a_plan_of_another_format_is_stale(iridia):
    data = kept(iridia)
    data["format"] = FORMAT + 1
    with pytest.raises(StalePlan):
        planned_from_data(data)


def test_a_field_the_classes_do_not_have_makes_the_plan_stale(iridia):
    data = kept(iridia)
    data["planned"]["plan"]["entries"][0]["colour"] = "red"
    with pytest.raises(StalePlan, match="colour"):
        planned_from_data(data)


def test_a_required_field_missing_makes_the_plan_stale(iridia):
    data = kept(iridia)
    del data["planned"]["plan"]["entries"][0]["record"]["key"]
    with pytest.raises(StalePlan, match="key"):
        planned_from_data(data)


def test_a_value_of_another_shape_makes_the_plan_stale(iridia):
    data = kept(iridia)
    data["planned"]["plan"]["entries"][0]["record"]["authors"] = {"not": "a list"}
    with pytest.raises(StalePlan):
        planned_from_data(data)


@pytest.mark.parametrize("data", [None, [], "plan", {"format": FORMAT}])
def test_what_is_no_kept_plan_at_all_is_stale(data):
    with pytest.raises(StalePlan):
        planned_from_data(data)


def test_a_value_with_no_json_form_is_refused_when_kept(iridia):
    planned = read_back(iridia)
    planned.plan.entries[0].fill["volume"] = Decimal("1.5")
    with pytest.raises(TypeError, match="Decimal"):
        planned_to_data(planned)
