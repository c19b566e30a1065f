"""A preprint's published version found by Crossref's relations and by its author's DBLP
profile becomes a suggestion, accepted with one click and undone as easily; recorded answers
only (DBLP: Di Xu 0001's XML; Crossref: a work of Acta Physica Polonica B naming its arXiv
preprint, in the list answer the works API gives for it)."""

import json

import pytest
from django.urls import reverse

from pubs.bibtex.versions import version_of
from pubs.jobs.refresh import refresh_preprints
from pubs.models import Paper, PaperKind, Status, Suggestion, SuggestionStatus, Venue, VenueKind
from pubs.services.suggestions import (
    SuggestionRefused,
    crossref_preprint_suggestions,
    dblp_preprint_suggestions,
    missing_field_suggestions,
    preprints,
    suggestion_accept,
    suggestion_offer,
)
from pubs.sources.http import SourceError
from tests.factories import PaperFactory, PersonFactory, VenueFactory, paper_with_authors
from tests.sources.replay import DATA

PERSON_XML = "https://dblp.org/pid/95/7448-1.xml"
WORKS = "https://api.crossref.org/works"


def preprint(title: str, *people, **fields) -> Paper:
    arxiv = Venue.objects.filter(dblp_key="journals/corr").first() or VenueFactory(
        name="arXiv", kind=VenueKind.PREPRINT_SERVER, dblp_key="journals/corr"
    )
    fields = {"year": 2010, "kind": PaperKind.PREPRINT, "status": Status.PREPRINT, **fields}
    return paper_with_authors(*people, title=title, venue=arxiv, **fields)


def unoffered(paper: Paper):
    """The paper, if it is a preprint not offered a published version yet (the other papers
    of the database, the demo's, are left out of the check)."""
    return preprints(unoffered=True).filter(pk=paper.pk)


@pytest.fixture
def every_version():
    """A paper of every kind and status, at no venue, at arXiv and in a journal."""
    arxiv = VenueFactory(name="arXiv", kind=VenueKind.PREPRINT_SERVER)
    journal = VenueFactory(name="Journal of Things", kind=VenueKind.JOURNAL)
    return [
        PaperFactory(kind=kind, status=status, venue=venue)
        for kind in PaperKind.values
        for status in Status.values
        for venue in (None, arxiv, journal)
    ]


@pytest.mark.django_db
def test_the_preprints_checked_are_the_papers_not_published_yet_as_versions_says(every_version):
    def is_preprint(paper: Paper) -> bool:
        venue_kind = paper.venue.kind if paper.venue else ""
        return version_of(paper.kind, paper.status, venue_kind=venue_kind).is_preprint

    expected = {paper.pk for paper in every_version if is_preprint(paper)}
    assert 0 < len(expected) < len(every_version)
    found = preprints().filter(pk__in=[paper.pk for paper in every_version])
    assert set(found.values_list("pk", flat=True)) == expected


@pytest.mark.django_db
def test_a_journal_paper_under_review_is_checked_for_its_published_version():
    paper = PaperFactory(kind=PaperKind.JOURNAL, status=Status.UNDER_REVIEW, arxiv_id="2405.14430")
    assert unoffered(paper).exists()


@pytest.fixture
def di_xu():
    return PersonFactory(
        given_name="Di", family_name="Xu", dblp="https://dblp.org/pid/95/7448-1.html"
    )


@pytest.fixture
def dblp_profile(replay):
    replay.recorded(PERSON_XML, "dblp/95-7448-1.xml")
    return replay


@pytest.fixture
def acta_names_its_preprint(replay):
    """Crossref's works naming arXiv 2503.12208 as their preprint: one, in Acta Phys. Pol. B."""
    record = json.loads((DATA / "crossref/json_response_content.json").read_text("utf-8"))
    answer = {"status": "ok", "message-type": "work-list", "message": {"items": [record]}}
    replay.route(WORKS, json.dumps(answer), filter="2503.12208")
    return VenueFactory(
        name="Acta Physica Polonica B",
        abbreviation="Acta Phys. Pol. B",
        kind=VenueKind.JOURNAL,
        slug="acta-phys-pol-b",
    )


@pytest.mark.usefixtures("catalogue")
def test_a_preprint_dblp_lists_at_a_venue_becomes_a_suggestion(http, di_xu, dblp_profile):
    paper = preprint("Correction of clipped pixels in color images", di_xu)
    assert dblp_preprint_suggestions(http=http) == 1
    suggestion = Suggestion.objects.get()
    tvcg = Venue.objects.get(dblp_key="journals/tvcg")
    assert suggestion.source == "DBLP" and suggestion.paper == paper
    assert (
        suggestion.summary == "Correction of clipped pixels in color images: preprint → TVCG 2011"
    )
    assert suggestion.changes == {
        "status": "published",
        "doi": "10.1109/tvcg.2010.63",
        "year": 2011,
        "volume": "17",
        "number": "3",
        "pages": "333--344",
        "container_title": "IEEE Trans. Vis. Comput. Graph.",
        "kind": "journal",
        "venue": tvcg.pk,
    }
    paper.refresh_from_db()
    assert paper.kind == PaperKind.PREPRINT  # nothing changes before someone accepts it


@pytest.mark.usefixtures("catalogue")
def test_accepting_dblp_s_suggestion_publishes_the_paper_at_the_venue_and_undo_restores_it(
    admin_client, http, di_xu, dblp_profile
):
    paper = preprint("Correction of Clipped Pixels in Color Images", di_xu)
    dblp_preprint_suggestions(http=http)
    suggestion = Suggestion.objects.get()
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "accept"]))
    paper.refresh_from_db()
    assert (paper.kind, paper.status, paper.venue.dblp_key, paper.doi, paper.year) == (
        "journal",
        "published",
        "journals/tvcg",
        "10.1109/tvcg.2010.63",
        2011,
    )
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "undo"]))
    paper.refresh_from_db()
    assert (paper.kind, paper.status, paper.venue.dblp_key, paper.doi, paper.year) == (
        "preprint",
        "preprint",
        "journals/corr",
        "",
        2010,
    )
    assert Suggestion.objects.get().status == SuggestionStatus.UNDONE


@pytest.mark.usefixtures("catalogue")
def test_a_published_version_undone_is_not_offered_again_by_another_source(
    admin_client, http, di_xu, dblp_profile
):
    paper = preprint("Correction of Clipped Pixels in Color Images", di_xu)
    dblp_preprint_suggestions(http=http)
    suggestion = Suggestion.objects.get()
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "accept"]))
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "undo"]))
    assert not unoffered(paper).exists()
    again = suggestion_offer(
        paper=paper, summary="…", source="Crossref", changes=suggestion.changes
    )
    assert again is None and Suggestion.objects.count() == 1


@pytest.mark.usefixtures("catalogue")
def test_a_venue_key_the_catalogue_lacks_gives_the_printed_venue_only(http, di_xu, dblp_profile):
    preprint("Automatic Stereoscopic 3D Video Reframing", di_xu)
    dblp_preprint_suggestions(http=http)
    changes = Suggestion.objects.get().changes
    assert changes["venue"] is None  # not arXiv's, which the preprint had
    assert (changes["container_title"], changes["kind"], changes["pages"]) == (
        "3DTV-Conference",
        "conference",
        "1--4",
    )


@pytest.mark.usefixtures("catalogue")
def test_a_preprint_whose_title_dblp_does_not_list_gets_no_suggestion(http, di_xu, dblp_profile):
    preprint("Color Images Without Clipped Pixels", di_xu)
    assert dblp_preprint_suggestions(http=http) == 0
    assert len(dblp_profile.requests) == 1  # the profile is asked for, once


@pytest.mark.usefixtures("catalogue")
def test_people_without_a_dblp_profile_are_not_asked_about(http, replay):
    preprint("Correction of Clipped Pixels in Color Images", PersonFactory(family_name="Xu"))
    assert dblp_preprint_suggestions(http=http) == 0
    assert replay.requests == []


@pytest.mark.django_db
def test_an_arxiv_preprint_a_published_work_names_as_its_own_becomes_a_suggestion(
    http, acta_names_its_preprint
):
    paper = preprint("Gluonic Structure from Instantons", year=2025, arxiv_id="2503.12208")
    assert crossref_preprint_suggestions(http=http, papers=unoffered(paper)) == 1
    suggestion = Suggestion.objects.get()
    assert suggestion.source == "Crossref"
    assert suggestion.summary == (
        "Gluonic Structure from Instantons: arXiv preprint → Acta Phys. Pol. B 2025"
    )
    assert suggestion.changes == {
        "status": "published",
        "doi": "10.5506/aphyspolb.56.3-a7",
        "volume": "56",
        "number": "3",
        "pages": "1",
        "month": 4,
        "container_title": "Acta Physica Polonica B",
        "kind": "journal",
        "venue": acta_names_its_preprint.pk,
    }
    assert paper.doi == "" and Paper.objects.get(pk=paper.pk).kind == PaperKind.PREPRINT


@pytest.mark.django_db
def test_a_preprint_offered_its_published_version_already_is_not_asked_about(http, replay):
    paper = preprint("Gluonic Structure from Instantons", year=2025, arxiv_id="2503.12208")
    suggestion_offer(paper=paper, summary="…", source="arXiv", changes={"status": "published"})
    assert crossref_preprint_suggestions(http=http, papers=unoffered(paper)) == 0
    assert replay.requests == []


@pytest.mark.usefixtures("catalogue")
def test_a_source_that_fails_leaves_the_others_their_turn_and_fails_the_job(
    settings, replay, di_xu, dblp_profile
):
    preprint("Correction of Clipped Pixels in Color Images", di_xu, arxiv_id="1003.00001")
    replay.route("https://export.arxiv.org/api/query", "", status=503)
    replay.route(WORKS, "", status=503)
    settings.SOURCES_TRANSPORT, settings.SOURCES_ATTEMPTS = replay, 1
    with pytest.raises(SourceError) as failed:
        refresh_preprints.call()
    assert str(failed.value) == (
        "arXiv answered 503; try again later; Crossref answered 503; try again later"
    )
    assert Suggestion.objects.get().source == "DBLP"


@pytest.mark.django_db
def test_a_published_paper_gets_the_arxiv_id_its_publisher_names_as_its_preprint(http, replay):
    record = json.loads((DATA / "crossref/json_response_content.json").read_text("utf-8"))
    replay.route(
        f"{WORKS}/10.5506/aphyspolb.56.3-a7", json.dumps({"status": "ok", "message": record})
    )
    paper = PaperFactory(
        title="Gluonic Structure from Instantons",
        doi="10.5506/aphyspolb.56.3-a7",
        kind=PaperKind.JOURNAL,
        year=2025,
    )
    assert missing_field_suggestions(http=http, papers=[paper]) == 1
    suggestion = Suggestion.objects.get()
    assert suggestion.changes["arxiv_id"] == "2503.12208"
    assert suggestion.summary.startswith("Gluonic Structure from Instantons: abstract, ")


@pytest.mark.usefixtures("catalogue")
def test_a_published_version_another_paper_has_is_refused_on_accepting_not_written(
    admin_user, http, di_xu, dblp_profile
):
    paper = preprint("Correction of Clipped Pixels in Color Images", di_xu)
    published = PaperFactory(title="Correction of clipped pixels", doi="10.1109/tvcg.2010.63")
    dblp_preprint_suggestions(http=http)
    with pytest.raises(SuggestionRefused, match=r"another paper has 10\.1109/tvcg\.2010\.63"):
        suggestion_accept(suggestion=Suggestion.objects.get(), user=admin_user)
    paper.refresh_from_db()
    assert (paper.kind, paper.doi) == (PaperKind.PREPRINT, "")
    assert Suggestion.objects.get().status == SuggestionStatus.OPEN and published.doi


@pytest.mark.django_db
def test_a_preprint_whose_own_doi_crossref_does_not_know_is_looked_up_by_its_arxiv_id(
    http, replay, acta_names_its_preprint
):
    paper = preprint(
        "Gluonic Structure from Instantons",
        year=2025,
        arxiv_id="2503.12208",
        doi="10.5281/zenodo.0000001",  # DataCite's: Crossref answers 404 (written here)
    )
    replay.route(f"{WORKS}/10.5281/zenodo.0000001", "Resource not found.", status=404)
    assert crossref_preprint_suggestions(http=http, papers=unoffered(paper)) == 1
    assert Suggestion.objects.get().changes["doi"] == "10.5506/aphyspolb.56.3-a7"
