"""The paper changelist's action "Find versions of the selected papers": a preview of the
links, suggestions and conflicts, and the pairs ticked linked as an undoable import."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pubs.models import BibtexImport, ImportStatus, Paper, PaperKind
from tests.factories import PersonFactory, paper_with_authors

pytestmark = pytest.mark.django_db

CHANGELIST = "admin:pubs_paper_changelist"


def find_versions(client, papers, **data):
    return client.post(
        reverse(CHANGELIST),
        {"action": "find_versions", "_selected_action": [p.pk for p in papers], **data},
        follow=bool(data),
    )


def linked() -> set[tuple[int, int]]:
    return set(Paper.versions.through.objects.values_list("from_paper_id", "to_paper_id"))


def key(first, second) -> str:
    return "-".join(str(pk) for pk in sorted((first.pk, second.pk)))


def test_the_preview_lists_links_ticked_suggestions_not_and_conflicts_with_their_rules(
    admin_client, patrickstar, journal_then_conference, wrong_arxiv_id
):
    response = find_versions(
        admin_client, [*patrickstar, *journal_then_conference, *wrong_arxiv_id]
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert f'name="links" value="{key(*patrickstar)}" checked>' in html
    assert "retitled_close_titles_same_authors" in html
    assert f'name="links" value="{key(*journal_then_conference)}">' in html
    assert "different_kinds" in html
    assert 'id="version-conflicts"' in html and "identifier_titles_disagree" in html
    assert key(*wrong_arxiv_id) not in html  # a conflict is no choice
    assert linked() == set()


def test_the_preview_says_when_nothing_is_found(admin_client):
    response = find_versions(admin_client, [paper_with_authors(PersonFactory())])
    assert 'id="no-versions"' in response.content.decode()


def test_apply_links_the_ticked_pairs_as_an_import_with_undo(
    admin_client, patrickstar, journal_then_conference
):
    response = find_versions(
        admin_client,
        [*patrickstar, *journal_then_conference],
        post="yes",
        links=[key(*patrickstar)],
    )
    record = BibtexImport.objects.get()
    assert record.status == ImportStatus.APPLIED
    assert "1 pairs linked as versions of one work" in response.content.decode()
    preprint, journal = patrickstar
    assert linked() == {(preprint.pk, journal.pk), (journal.pk, preprint.pk)}
    page = admin_client.get(reverse("admin:pubs_bibteximport_change", args=[record.pk]))
    assert reverse("admin:pubs_bibteximport_undo", args=[record.pk]) in page.content.decode()


def test_a_suggestion_ticked_is_linked(admin_client, journal_then_conference):
    find_versions(
        admin_client, journal_then_conference, post="yes", links=[key(*journal_then_conference)]
    )
    assert len(linked()) == 2


def test_undo_from_the_import_history_takes_the_links_off(admin_client, patrickstar):
    find_versions(admin_client, patrickstar, post="yes", links=[key(*patrickstar)])
    record = BibtexImport.objects.get()
    undo = reverse("admin:pubs_bibteximport_undo", args=[record.pk])
    assert "takes off the links between versions" in admin_client.get(undo).content.decode()
    admin_client.post(undo)
    assert linked() == set()
    assert BibtexImport.objects.get().status == ImportStatus.UNDONE


def test_a_pair_not_offered_is_a_form_error_and_links_nothing(admin_client, patrickstar):
    other = paper_with_authors(PersonFactory(), title="Unrelated", kind=PaperKind.JOURNAL)
    response = find_versions(
        admin_client, [*patrickstar, other], post="yes", links=[key(patrickstar[0], other)]
    )
    assert response.status_code == 200
    assert linked() == set() and not BibtexImport.objects.exists()


@pytest.mark.parametrize("works", [2, 6])
def test_the_preview_is_read_in_a_fixed_number_of_queries(
    admin_client, works, django_assert_num_queries
):
    papers = []
    for number in range(works):
        author = PersonFactory()
        papers += [
            paper_with_authors(author, title=f"Design of Heuristics {number}", year=year, kind=kind)
            for year, kind in ((2014, PaperKind.OTHER), (2016, PaperKind.JOURNAL))
        ]
    with django_assert_num_queries(11):
        response = find_versions(admin_client, papers)
    assert response.content.decode().count('name="links"') == works


def test_all_the_papers_selected_across_pages_are_asked_about_again_without_their_ids(
    admin_client, patrickstar
):
    response = find_versions(admin_client, patrickstar[:1], select_across="1")
    html = response.content.decode()
    assert '<input type="hidden" name="select_across" value="1">' in html
    assert html.count('name="_selected_action"') == 1
    find_versions(
        admin_client, patrickstar[:1], select_across="1", post="yes", links=[key(*patrickstar)]
    )
    assert len(linked()) == 2
