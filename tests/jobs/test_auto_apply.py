"""The refreshes the admin has switched on (LABPUBS_AUTO_APPLY) apply without review: each
finding is still a suggestion, accepted by nobody, in the paper's history, and undone from
the admin like one accepted by hand. By default only citation counts apply."""

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command
from django.urls import reverse

from pubs.models import CitationCount, Paper, PaperKind, Status, Suggestion, SuggestionStatus
from pubs.services.auto_apply import (
    DOI,
    MISSING_FIELDS,
    PUBLISHED_VERSION,
    suggestion_kind,
    suggestions_auto_apply,
)
from tests.factories import PaperFactory

pytestmark = pytest.mark.django_db(transaction=True)

PUBLISHED = {"citation_counts", "published_version"}


def check_preprints(run_worker) -> None:
    call_command("refresh_sources", only=["preprints"], stdout=None)
    run_worker()


def test_by_default_only_citation_counts_apply_without_review():
    assert sorted(settings.LABPUBS_AUTO_APPLY) == ["citation_counts"]


def test_by_default_a_published_version_waits_for_review(
    preprint, arxiv_says_published, run_worker
):
    check_preprints(run_worker)
    assert Suggestion.objects.get().status == SuggestionStatus.OPEN
    assert Paper.objects.get().status == Status.PREPRINT


def test_switched_on_a_published_version_applies_by_itself(
    settings, preprint, arxiv_says_published, run_worker
):
    settings.LABPUBS_AUTO_APPLY = PUBLISHED
    check_preprints(run_worker)
    paper = Paper.objects.get()
    assert (paper.kind, paper.status, paper.venue.slug, paper.doi) == (
        PaperKind.JOURNAL,
        Status.PUBLISHED,
        "prb",
        "10.1103/physrevb.85.115117",
    )
    suggestion = Suggestion.objects.get()
    assert suggestion.status == SuggestionStatus.ACCEPTED and suggestion.decided_by is None


def test_an_applied_finding_is_in_the_paper_s_history_by_nobody(
    settings, preprint, arxiv_says_published, run_worker
):
    settings.LABPUBS_AUTO_APPLY = PUBLISHED
    check_preprints(run_worker)
    record = Paper.objects.get().history.latest()
    assert record.history_user is None
    assert record.history_change_reason.startswith("Applied automatically: Quantum Criticality")


def test_the_admin_lists_it_as_applied_automatically_and_undo_restores_the_paper(
    settings, admin_client, preprint, arxiv_says_published, run_worker
):
    settings.LABPUBS_AUTO_APPLY = PUBLISHED
    check_preprints(run_worker)
    suggestion = Suggestion.objects.get()
    listing = admin_client.get(
        reverse("admin:pubs_suggestion_changelist"), {"status__exact": "accepted"}
    ).content.decode()
    undo = reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "undo"])
    assert "automatically, " in listing and f'formaction="{undo}"' in listing
    admin_client.post(undo)
    paper = Paper.objects.get()
    assert (paper.status, paper.venue.abbreviation, paper.doi) == (Status.PREPRINT, "arXiv", "")


def test_an_undone_finding_is_not_applied_again(
    settings, admin_client, preprint, arxiv_says_published, run_worker
):
    settings.LABPUBS_AUTO_APPLY = PUBLISHED
    check_preprints(run_worker)
    suggestion = Suggestion.objects.get()
    admin_client.post(reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, "undo"]))
    check_preprints(run_worker)
    assert Paper.objects.get().status == Status.PREPRINT
    assert list(Suggestion.objects.values_list("status", flat=True)) == ["undone"]


def test_only_the_kinds_switched_on_apply(settings):
    settings.LABPUBS_AUTO_APPLY = {"doi"}
    lacking_doi, lacking_pages = PaperFactory(), PaperFactory(doi="10.1000/pages")
    Suggestion.objects.create(paper=lacking_doi, summary="DOI", source="OpenAlex",
                              changes={"doi": "10.1000/found"})  # fmt: skip
    Suggestion.objects.create(paper=lacking_pages, summary="pages", source="Crossref",
                              changes={"pages": "1-10"})  # fmt: skip
    assert suggestions_auto_apply() == 1
    assert Paper.objects.get(pk=lacking_doi.pk).doi == "10.1000/found"
    assert Paper.objects.get(pk=lacking_pages.pk).pages == ""
    assert Suggestion.objects.get(summary="pages").status == SuggestionStatus.OPEN


def test_a_finding_that_cannot_apply_stays_open_for_review(settings):
    settings.LABPUBS_AUTO_APPLY = {"doi"}
    PaperFactory(doi="10.1000/taken")
    paper = PaperFactory()
    Suggestion.objects.create(paper=paper, summary="DOI", source="OpenAlex",
                              changes={"doi": "10.1000/taken"})  # fmt: skip
    assert suggestions_auto_apply() == 0
    assert Suggestion.objects.get().status == SuggestionStatus.OPEN
    assert Paper.objects.get(pk=paper.pk).doi == ""


def test_citation_counts_left_out_are_not_read(settings, sources, run_worker):
    settings.LABPUBS_AUTO_APPLY = set()
    PaperFactory(doi="10.34133/2020/8086309")
    call_command("refresh_sources", only=["citations"], stdout=None)
    run_worker()
    assert not CitationCount.objects.exists() and sources.requests == []


def test_a_kind_no_refresh_finds_is_a_configuration_error(settings):
    settings.LABPUBS_AUTO_APPLY = {"citation_counts", "abstracts"}
    with pytest.raises(ImproperlyConfigured, match="LABPUBS_AUTO_APPLY names abstracts"):
        suggestions_auto_apply()


@pytest.mark.parametrize(
    ("changes", "kind"),
    [
        ({"status": "published", "doi": "10.1/x", "venue": 1}, PUBLISHED_VERSION),
        ({"doi": "10.1/x"}, DOI),
        ({"abstract": "…", "pages": "1-2"}, MISSING_FIELDS),
    ],
)
def test_the_kind_of_a_suggestion_is_read_from_its_changes(changes, kind):
    assert suggestion_kind(Suggestion(changes=changes)) == kind


def test_a_chinese_admin_reads_that_it_was_applied_automatically(
    settings, admin_client, preprint, arxiv_says_published, run_worker
):
    settings.LABPUBS_AUTO_APPLY = PUBLISHED
    check_preprints(run_worker)
    listing = admin_client.get(
        reverse("admin:pubs_suggestion_changelist"),
        {"status__exact": "accepted"},
        HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9",
    ).content.decode()
    assert "处理情况" in listing and "自动应用，" in listing
