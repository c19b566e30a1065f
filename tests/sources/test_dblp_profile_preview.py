"""A DBLP profile pasted for a member of the demo lab: its preview recognises every paper
already there, resolves every venue by its DBLP key, and fills in what the demo lacks.

The answer served for the profile is not a recording: it is Jiangfei Duan's entries of
tests/data/bibtex/dblp.bib, which was assembled by hand in dblp.org's format (see that
folder's README); no public repository keeps a recording of his profile. The pid is the
test's own. Every entry of that file is a paper the demo has, so the preview creates none;
a paper the lab has not entered yet is offered as a new one (the last test).
"""

import json
import re
from pathlib import Path

import pytest

from people.models import Person
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Paper, Venue
from pubs.services.sources import identifiers_bibtex
from pubs.sources.identifiers import read_identifiers
from pubs.venues.resolution import entry_dblp_key

pytestmark = pytest.mark.usefixtures("catalogue")

SEEDS = Path(__file__).resolve().parents[1] / "data" / "bibtex"
PROFILE = "https://dblp.org/pid/000/0001.html"


def duan_entries() -> tuple[str, list[dict]]:
    """The entries of dblp.bib that Jiangfei Duan wrote, and what the seeds expect of them."""
    expected = [
        row
        for row in json.loads((SEEDS / "expectations.json").read_text(encoding="utf-8"))
        if row["file"] == "dblp.bib" and "jiangfei-duan" in row["authors"]
    ]
    text = (SEEDS / "dblp.bib").read_text(encoding="utf-8")
    chunks = re.split(r"\n(?=@)", text)
    keys = {row["key"] for row in expected}
    body = "\n".join(
        chunk for chunk in chunks if chunk[chunk.index("{") + 1 : chunk.index(",")] in keys
    )
    return body, expected


def plan_profile(http, replay):
    """The preview of the profile pasted in the admin, and the seeds' expectations."""
    body, expected = duan_entries()
    replay.route("https://dblp.org/pid/000/0001.bib", body)
    identifiers, _ = read_identifiers(PROFILE)
    text, problems = identifiers_bibtex(identifiers=identifiers, http=http)
    assert problems == []
    return bibtex_import_plan(text=text).plan, expected


@pytest.fixture
def profile_plan(http, replay):
    return plan_profile(http, replay)


def test_the_profile_preview_recognises_every_paper_already_there(profile_plan):
    plan, expected = profile_plan
    papers = dict(Paper.objects.values_list("pk", "slug"))
    assert [papers.get(e.duplicate.paper.id) if e.duplicate else None for e in plan.entries] == [
        row["paper"] for row in expected
    ]
    assert plan.summary()["created"] == 0


def test_the_profile_preview_resolves_every_venue_by_its_dblp_key(profile_plan):
    plan, expected = profile_plan
    venues = dict(Venue.objects.values_list("pk", "slug"))
    assert [venues.get(e.venue.venue) for e in plan.entries] == [row["venue"] for row in expected]
    by_key = dict(Venue.objects.exclude(dblp_key="").values_list("dblp_key", "slug"))
    for entry in plan.entries:
        assert by_key[entry_dblp_key(entry.record.key)] == venues[entry.venue.venue]


def test_the_profile_preview_matches_every_author_to_the_demo_people(profile_plan):
    plan, expected = profile_plan
    people = dict(Person.objects.values_list("pk", "slug"))
    assert expected
    for entry, row in zip(plan.entries, expected, strict=True):
        assert [people.get(a.person, "new") for a in entry.authors] == row["authors"]


def test_the_profile_preview_fills_in_the_dois_the_demo_lacks(profile_plan):
    plan, _ = profile_plan
    filled = {entry.key: entry.fill.get("doi") for entry in plan.entries if "doi" in entry.fill}
    assert set(filled) == {"DBLP:conf/asplos/ChenLZDSZY24", "DBLP:conf/asplos/MiaoSDXLCJ24"}
    assert all(doi.startswith("10.1145/") for doi in filled.values())
    assert all(not entry.conflicts for entry in plan.entries)  # nothing the demo says is changed


def test_the_profile_preview_offers_a_paper_the_lab_has_not_entered(http, replay):
    Paper.objects.filter(title__startswith="Centauri").delete()
    plan, expected = plan_profile(http, replay)
    [offered] = plan.to_create
    row = next(row for row in expected if row["key"] == offered.key)
    people = dict(Person.objects.values_list("pk", "slug"))
    assert offered.key == "DBLP:conf/asplos/ChenLZDSZY24"
    assert Venue.objects.get(pk=offered.venue.venue).slug == row["venue"]
    assert [people.get(a.person, "new") for a in offered.authors] == row["authors"]
