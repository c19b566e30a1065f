"""Keeping current: the scheduled checks offer suggestions (accepted with one click, undone
as easily) and read citation counts, through the real queue and recorded answers."""

import httpx
import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from pubs.models import (
    CitationCount,
    Paper,
    PaperKind,
    Suggestion,
    SuggestionStatus,
)
from tests.factories import PaperFactory

pytestmark = pytest.mark.django_db(transaction=True)


def check_preprints(run_worker) -> None:
    call_command("refresh_sources", only=["preprints"], stdout=None)
    run_worker()


def test_a_preprint_arxiv_says_is_published_becomes_a_suggestion(
    preprint, arxiv_says_published, run_worker
):
    check_preprints(run_worker)
    suggestion = Suggestion.objects.get()
    assert suggestion.summary.endswith(": arXiv preprint → PRB 2012")
    assert suggestion.status == SuggestionStatus.OPEN and suggestion.source == "arXiv"
    preprint.refresh_from_db()
    assert preprint.kind == PaperKind.PREPRINT and preprint.doi == ""  # nothing changed yet


def test_the_suggestion_is_offered_once(preprint, arxiv_says_published, run_worker):
    check_preprints(run_worker)
    check_preprints(run_worker)
    assert Suggestion.objects.count() == 1


def test_accepting_the_suggestion_publishes_the_paper_at_its_venue_and_undo_restores_it(
    admin_client, preprint, arxiv_says_published, run_worker
):
    check_preprints(run_worker)
    suggestion = Suggestion.objects.get()
    listing = admin_client.get(reverse("admin:pubs_suggestion_changelist")).content.decode()
    accept = reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "accept"])
    assert f'formaction="{accept}"' in listing and "arXiv preprint → PRB 2012" in listing
    admin_client.post(accept)
    paper = Paper.objects.get()
    assert (paper.kind, paper.status, paper.venue.slug) == ("journal", "published", "prb")
    assert (paper.doi, paper.year, paper.volume, paper.pages) == (
        "10.1103/physrevb.85.115117",
        2012,
        "85",
        "115117",
    )
    assert paper.history.latest().history_user.username == "admin"
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "undo"]))
    paper.refresh_from_db()
    assert (paper.kind, paper.status, paper.venue.abbreviation, paper.doi, paper.year) == (
        "preprint",
        "preprint",
        "arXiv",
        "",
        2011,
    )
    assert Suggestion.objects.get().status == SuggestionStatus.UNDONE


def test_undo_is_refused_once_the_paper_was_changed_since(
    admin_client, preprint, arxiv_says_published, run_worker
):
    check_preprints(run_worker)
    suggestion = Suggestion.objects.get()
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "accept"]))
    Paper.objects.filter(pk=preprint.pk).update(pages="115117-1")
    response = admin_client.post(
        reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "undo"]), follow=True
    )
    assert "the paper was changed since (pages)" in response.content.decode()
    assert Paper.objects.get().pages == "115117-1"


def test_a_dismissed_suggestion_changes_nothing_and_is_not_offered_again(
    admin_client, preprint, arxiv_says_published, run_worker
):
    check_preprints(run_worker)
    suggestion = Suggestion.objects.get()
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "dismiss"]))
    check_preprints(run_worker)
    assert list(Suggestion.objects.values_list("status", flat=True)) == ["dismissed"]
    assert Paper.objects.get().kind == PaperKind.PREPRINT


def test_arxiv_being_down_fails_the_check_and_changes_nothing(preprint, sources, run_worker):
    sources.fail_with(lambda request: httpx.Response(503))
    check_preprints(run_worker)
    assert not Suggestion.objects.exists()
    from django_tasks_db.models import DBTaskResult

    task = DBTaskResult.objects.get()
    assert task.status == "FAILED" and "arXiv answered 503; try again later" in task.traceback


def test_citation_counts_are_read_with_their_source_and_date(sources, run_worker):
    paper = PaperFactory(doi="10.34133/2020/8086309")
    other = PaperFactory(doi="")
    sources.recorded("https://api.openalex.org/works", "openalex/work_by_doi.json")
    call_command("refresh_sources", only=["citations"], stdout=None)
    run_worker()
    count = CitationCount.objects.get(paper=paper)
    assert (count.count, count.source, count.date) == (14, "OpenAlex", timezone.localdate())
    assert not CitationCount.objects.filter(paper=other).exists()


def test_a_paper_without_a_doi_gets_the_one_openalex_has_for_its_title(sources, run_worker):
    paper = PaperFactory(
        title="Evaluating and Mapping Grape Color Using Image-Based Phenotyping",
        year=2020,
        kind=PaperKind.JOURNAL,  # as OpenAlex has it: a journal article of 2020
    )
    sources.recorded(
        "https://api.openalex.org/works", "openalex/work_by_doi.json", filter="title.search"
    )
    call_command("refresh_sources", only=["fields"], stdout=None)
    run_worker()
    suggestion = Suggestion.objects.get()
    assert (
        suggestion.changes == {"doi": "10.34133/2020/8086309"} and suggestion.source == "OpenAlex"
    )
    assert suggestion.summary.endswith(": DOI 10.34133/2020/8086309 from OpenAlex")
    assert Paper.objects.get(pk=paper.pk).doi == ""
