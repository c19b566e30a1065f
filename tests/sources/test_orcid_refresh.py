"""A preprint's published version listed in its author's ORCID record becomes a suggestion,
as the authors' DBLP profiles do, in the scheduled refresh of preprints (pubs.jobs.refresh);
recorded answers only (Antonin Delpeuch's record, API v2.1, as dissemin recorded it)."""

import json

import pytest

from pubs.models import PaperKind, Status, Suggestion, VenueKind
from pubs.services.suggestions import orcid_preprint_suggestions
from pubs.sources import orcid
from tests.factories import PersonFactory, VenueFactory, paper_with_authors
from tests.sources.orcid_answers import DELPEUCH, DELPEUCH_RECORD
from tests.sources.replay import DATA

pytestmark = pytest.mark.django_db


@pytest.fixture
def delpeuch(replay):
    """The person holding Delpeuch's iD, and ORCID's two answers a check asks for."""
    whole = json.loads((DATA / DELPEUCH_RECORD).read_text(encoding="utf-8"))
    replay.route(f"{orcid.API}{DELPEUCH}/person", json.dumps(whole["person"]))
    replay.route(f"{orcid.API}{DELPEUCH}/works", json.dumps(whole["activities-summary"]["works"]))
    return PersonFactory(given_name="Antonin", family_name="Delpeuch", orcid=DELPEUCH)


def preprint(title: str, *people):
    arxiv = VenueFactory(name="arXiv", kind=VenueKind.PREPRINT_SERVER)
    return paper_with_authors(
        *people, title=title, venue=arxiv, year=2014, kind=PaperKind.PREPRINT,
        status=Status.PREPRINT,
    )  # fmt: skip


def test_a_preprint_its_author_s_orcid_record_lists_as_published_becomes_a_suggestion(
    http, delpeuch
):
    paper = preprint("Complexity of grammar induction for quantum types", delpeuch)
    assert orcid_preprint_suggestions(http=http) == 1
    suggestion = Suggestion.objects.get()
    assert (suggestion.source, suggestion.paper) == ("ORCID", paper)
    assert suggestion.changes["doi"] == "10.4204/eptcs.172.16"
    assert (suggestion.changes["kind"], suggestion.changes["status"]) == ("journal", "published")
    assert (
        suggestion.summary == "Complexity of grammar induction for quantum types: preprint → 2014"
    )
    paper.refresh_from_db()
    assert paper.kind == PaperKind.PREPRINT  # nothing changes before someone accepts it


def test_a_work_listed_only_as_a_preprint_is_no_published_version(http, delpeuch):
    preprint("Normal forms for planar connected string diagrams", delpeuch)
    assert orcid_preprint_suggestions(http=http) == 0


def test_authors_without_an_orcid_id_are_not_asked(http, replay):
    preprint("Complexity of grammar induction for quantum types", PersonFactory())
    assert orcid_preprint_suggestions(http=http) == 0
    assert replay.requests == []
