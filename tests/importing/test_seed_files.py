"""The seeds' papers as DBLP, IEEE, Scholar, al-folio and hand-written BibTeX, imported into
the demo database: nothing duplicated, every author and venue matched as expected."""

import json
from pathlib import Path

import pytest

from people.models import Person
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Paper, Venue

DATA = Path(__file__).resolve().parent.parent / "data" / "bibtex"
FILES = sorted(path.name for path in DATA.glob("*.bib"))
EXPECTATIONS = json.loads((DATA / "expectations.json").read_text(encoding="utf-8"))

pytestmark = pytest.mark.usefixtures("catalogue")


def plan_for(name: str):
    return bibtex_import_plan(text=(DATA / name).read_text(encoding="utf-8")).plan


def author_outcome(author, slugs) -> str:
    if author.person is not None and not author.is_new:
        return slugs[author.person]
    if author.match.kind == "suggestion":
        return "suggest:" + ",".join(slugs[c] for c in author.match.candidates if c in slugs)
    if author.match.kind == "ambiguous":
        return "ambiguous"
    return "new"


@pytest.mark.parametrize("name", FILES)
def test_every_entry_is_a_paper_already_there(name):
    plan = plan_for(name)
    assert plan.errors == []
    assert {e.action for e in plan.entries} == {"duplicate"}


@pytest.mark.parametrize("name", FILES)
def test_every_author_and_venue_matches_as_expected(name):
    plan = plan_for(name)
    people = dict(Person.objects.values_list("pk", "slug"))
    papers = dict(Paper.objects.values_list("pk", "slug"))
    venues = dict(Venue.objects.values_list("pk", "slug"))
    expected = {x["key"]: x for x in EXPECTATIONS if x["file"] == name}
    assert len(expected) == len(plan.entries)
    for entry in plan.entries:
        want = expected[entry.key]
        assert papers[entry.duplicate.paper.id] == want["paper"], entry.key
        venue = venues.get(entry.venue.venue) if entry.venue and entry.venue.venue else None
        assert venue == want["venue"], entry.key
        assert [author_outcome(a, people) for a in entry.authors] == want["authors"], entry.key


def test_jin_fang_and_jiarui_fang_are_never_confused():
    jin, jiarui = Person.objects.get(slug="jin-fang").pk, Person.objects.get(slug="jiarui-fang").pk
    assert FILES
    for name in FILES:
        for entry in plan_for(name).entries:
            people = {a.person for a in entry.authors}
            demo = set(
                entry.duplicate.paper
                and Paper.objects.get(pk=entry.duplicate.paper.id).authorships.values_list(
                    "person", flat=True
                )
            )
            assert not ({jin, jiarui} & people) - demo, (name, entry.key)


def test_gongmin_zhao_with_gongming_zhao_s_co_authors_is_him_misspelt():
    plan = plan_for("handwritten.bib")
    gongming = Person.objects.get(slug="gongming-zhao").pk
    (author,) = [a for e in plan.entries for a in e.authors if a.author.printed == "Gongmin Zhao"]
    assert (author.match.kind, author.person) == ("misspelling", gongming)
    assert "Hongli Xu" in author.match.reason


def test_xu_hongli_in_chinese_is_hongli_xu():
    plan = plan_for("handwritten.bib")
    hongli = Person.objects.get(slug="hongli-xu").pk
    matches = [a for e in plan.entries for a in e.authors if a.author.native == "徐宏力"]
    assert matches and {a.person for a in matches} == {hongli}
