"""Accepting a published version makes the paper that version whole (kind, venue, status,
year, month, volume, number, pages) and undo puts every field back; a record of another
version (another year, kind or form) never fills a paper's fields. Recorded answers only:
arXiv's record of 1111.2011 (Phys. Rev. B, whose DOI Crossref's 404 leaves to the journal
reference), Crossref's record of an Acta Physica Polonica B article published in April 2025,
and OpenAlex's of a Plant Phenomics article of 2020."""

import json

import pytest

from pubs.models import Paper, PaperKind, Status, Suggestion, SuggestionStatus, VenueKind
from pubs.services.suggestions import (
    VERSION_FIELDS,
    doi_suggestions,
    missing_field_suggestions,
    preprint_suggestions,
    suggestion_accept,
    suggestion_undo,
)
from tests.factories import PaperFactory, VenueFactory
from tests.sources.replay import DATA

ACTA_DOI = "10.5506/aphyspolb.56.3-a7"
PRB_DOI = "10.1103/physrevb.85.115117"
GRAPES = "Evaluating and Mapping Grape Color Using Image-Based Phenotyping"


@pytest.fixture
def arxiv():
    return VenueFactory(name="arXiv", abbreviation="arXiv", kind=VenueKind.PREPRINT_SERVER)


@pytest.fixture
def acta(replay):
    """Crossref's record of the Acta Physica Polonica B article, and the journal."""
    record = json.loads((DATA / "crossref/json_response_content.json").read_text("utf-8"))
    replay.route(
        f"https://api.crossref.org/works/{ACTA_DOI}",
        json.dumps({"status": "ok", "message": record}),
    )
    return VenueFactory(
        name="Acta Physica Polonica B",
        abbreviation="Acta Phys. Pol. B",
        kind=VenueKind.JOURNAL,
        slug="acta",
    )


@pytest.fixture
def prb_on_arxiv(replay):
    """arXiv's record of 1111.2011 names its DOI and journal reference ("Phys. Rev. B 85,
    115117 (2012)"); Crossref does not answer for the DOI (its 404, written here)."""
    replay.recorded(
        "https://export.arxiv.org/api/query", "arxiv/id_list=1111.2011v2.xml", id_list="1111.2011"
    )
    replay.route(f"https://api.crossref.org/works/{PRB_DOI}", "Resource not found.", status=404)
    return replay


def accepted(paper: Paper, admin_user) -> Paper:
    """The paper once its one suggestion is accepted."""
    suggestion_accept(suggestion=Suggestion.objects.get(paper=paper), user=admin_user)
    paper.refresh_from_db()
    return paper


def version_fields(paper: Paper) -> dict:
    return {
        name: getattr(paper, "venue_id" if name == "venue" else name) for name in VERSION_FIELDS
    } | {"doi": paper.doi, "arxiv_id": paper.arxiv_id}


@pytest.fixture
def prb_preprint(arxiv) -> Paper:
    """The preprint as DBLP's CoRR record has it: November 2011, volume abs/1111.2011."""
    return PaperFactory(
        title="Quantum Criticality for Extended Nodes on a Bethe Lattice in the Large Connectivity Limit",
        kind=PaperKind.PREPRINT,
        status=Status.PREPRINT,
        venue=arxiv,
        container_title="CoRR",
        year=2011,
        month=11,
        volume="abs/1111.2011",
        arxiv_id="1111.2011",
    )


@pytest.mark.django_db
def test_a_journal_outside_the_catalogue_makes_the_preprint_a_journal_paper_printed_there(
    http, prb_on_arxiv, prb_preprint, admin_user
):
    assert preprint_suggestions(http=http, papers=[prb_preprint]) == 1
    paper = accepted(prb_preprint, admin_user)
    assert version_fields(paper) == {
        "kind": PaperKind.JOURNAL,
        "status": Status.PUBLISHED,
        "venue": None,  # not arXiv: the venue picker resolves the name as printed
        "container_title": "Phys. Rev. B",
        "year": 2012,
        "month": None,  # November was the preprint's
        "volume": "85",
        "number": "",
        "pages": "115117",
        "doi": PRB_DOI,
        "arxiv_id": "1111.2011",  # one work: the preprint's id stays
    }


@pytest.mark.django_db
def test_undoing_a_published_version_puts_every_field_of_the_preprint_back(
    http, prb_on_arxiv, prb_preprint, admin_user
):
    before = version_fields(prb_preprint)
    preprint_suggestions(http=http, papers=[prb_preprint])
    assert accepted(prb_preprint, admin_user).kind == PaperKind.JOURNAL
    suggestion_undo(suggestion=Suggestion.objects.get(), user=admin_user)
    prb_preprint.refresh_from_db()
    assert version_fields(prb_preprint) == before
    assert Suggestion.objects.get().status == SuggestionStatus.UNDONE


@pytest.mark.django_db
def test_a_preprint_holding_its_published_doi_is_offered_that_version_whole(
    http, acta, arxiv, admin_user
):
    paper = PaperFactory(
        title="Gluonic Structure from Instantons",
        kind=PaperKind.PREPRINT,
        status=Status.PREPRINT,
        venue=arxiv,
        year=2025,
        month=3,
        doi=ACTA_DOI,
        arxiv_id="2503.12208",
    )
    assert missing_field_suggestions(http=http, papers=[paper]) == 1
    assert Suggestion.objects.get().summary == (
        "Gluonic Structure from Instantons: arXiv preprint → Acta Phys. Pol. B 2025"
    )
    assert version_fields(accepted(paper, admin_user)) == {
        "kind": PaperKind.JOURNAL,
        "status": Status.PUBLISHED,
        "venue": acta.pk,
        "container_title": "Acta Physica Polonica B",
        "year": 2025,
        "month": 4,  # the published version's, not the preprint's March
        "volume": "56",
        "number": "3",
        "pages": "1",
        "doi": ACTA_DOI,
        "arxiv_id": "2503.12208",
    }


@pytest.mark.django_db
def test_a_doi_of_another_year_fills_nothing_on_a_demo_paper(http, acta):
    demo = PaperFactory(
        title="Gluonic Structure from Instantons",
        kind=PaperKind.CONFERENCE,
        container_title="Proceedings of the Demo Track of Hadron Physics",
        year=2023,
        doi=ACTA_DOI,
    )
    assert missing_field_suggestions(http=http, papers=[demo]) == 0
    assert not Suggestion.objects.exists()


@pytest.mark.django_db
def test_a_doi_of_another_form_fills_nothing_on_a_paper_of_its_year(http, acta):
    conference_paper = PaperFactory(
        title="Gluonic Structure from Instantons",
        kind=PaperKind.CONFERENCE,
        year=2025,
        doi=ACTA_DOI,
    )
    assert missing_field_suggestions(http=http, papers=[conference_paper]) == 0


@pytest.fixture
def grapes_on_openalex(replay):
    replay.recorded(
        "https://api.openalex.org/works", "openalex/work_by_doi.json", filter="title.search"
    )
    return replay


@pytest.mark.django_db
def test_a_journal_article_openalex_finds_for_a_preprint_is_its_published_version_whole(
    http, grapes_on_openalex, arxiv
):
    paper = PaperFactory(
        title=GRAPES,
        kind=PaperKind.PREPRINT,
        status=Status.PREPRINT,
        venue=arxiv,
        year=2020,
        month=6,
    )
    assert doi_suggestions(http=http, papers=[paper]) == 1
    suggestion = Suggestion.objects.get()
    assert suggestion.source == "OpenAlex"
    assert suggestion.summary.endswith(": preprint → Plant phenomics 2020")
    assert suggestion.changes == {
        "status": Status.PUBLISHED,
        "kind": PaperKind.JOURNAL,
        "venue": None,
        "container_title": "Plant phenomics",
        "month": None,  # OpenAlex's 2020-01-01 gives the year alone
        "volume": "2020",
        "doi": "10.34133/2020/8086309",
    }


@pytest.mark.django_db
def test_a_journal_article_openalex_finds_is_not_a_conference_paper_s_doi(http, grapes_on_openalex):
    paper = PaperFactory(title=GRAPES, kind=PaperKind.CONFERENCE, year=2020)
    assert doi_suggestions(http=http, papers=[paper]) == 0
    assert not Suggestion.objects.exists()
