"""Versions of one work found among stored papers: a user links only papers they may change,
and does not see the pairs with another's paper."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pubs.models import BibtexImport, Paper, PaperKind
from pubs.permissions import scope_for
from pubs.services.version_links import (
    VersionLinkRefused,
    paper_versions_link,
    paper_versions_plan,
)
from tests.factories import paper_with_authors

pytestmark = pytest.mark.django_db

TITLE = "Learning to Rank Heuristics"


def linked() -> set[tuple[int, int]]:
    return set(Paper.versions.through.objects.values_list("from_paper_id", "to_paper_id"))


@pytest.fixture
def across_groups(lab) -> tuple[Paper, Paper]:
    """A preprint of group A and a journal paper of group B holding its arXiv id (as arXiv's
    DOI), one title: one work by the rules, in two groups."""
    preprint = paper_with_authors(
        lab.colleague,
        title=TITLE,
        year=2023,
        kind=PaperKind.PREPRINT,
        venue=None,
        arxiv_id="2301.01234",
    )
    journal = paper_with_authors(
        lab.stranger,
        title=TITLE,
        year=2024,
        kind=PaperKind.JOURNAL,
        doi="10.48550/arxiv.2301.01234",
    )
    preprint.groups.add(lab.group)
    journal.groups.add(lab.other_group)
    return preprint, journal


def test_a_group_editor_may_not_link_another_groups_paper(lab, across_groups):
    with pytest.raises(VersionLinkRefused):
        paper_versions_link(pairs=[tuple(p.pk for p in across_groups)], user=lab.editor)
    assert linked() == set()
    assert not BibtexImport.objects.exists()


def test_a_group_editor_does_not_see_a_pair_with_another_groups_paper(lab, across_groups):
    assert [pair.rule for pair in paper_versions_plan().links] == ["shared_arxiv_id"]
    plan = paper_versions_plan(scope=scope_for(lab.editor))
    assert plan.links == [] and plan.out_of_scope == 1


def test_an_administrator_links_papers_of_two_groups(lab, across_groups):
    record = paper_versions_link(pairs=[tuple(p.pk for p in across_groups)], user=lab.superuser)
    assert record.created_by == lab.superuser
    assert len(linked()) == 2


def test_a_group_editor_links_two_papers_of_their_group(lab):
    record = paper_versions_link(pairs=[(lab.group_paper.pk, lab.own_paper.pk)], user=lab.editor)
    assert record.created_by == lab.editor
    assert linked() == {
        (lab.group_paper.pk, lab.own_paper.pk),
        (lab.own_paper.pk, lab.group_paper.pk),
    }


def find_versions(client, papers, **data):
    return client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "find_versions", "_selected_action": [p.pk for p in papers], **data},
        follow=bool(data),
    )


def test_the_admin_preview_hides_from_a_group_editor_another_groups_paper(
    login, lab, across_groups
):
    preprint, _ = across_groups
    html = find_versions(login("editor"), [preprint]).content.decode()
    assert "1 pair is left out: you may not change one of its papers." in html
    assert TITLE not in html.split('id="content"')[1].split("1 pair is left out")[1]


def test_a_hand_made_post_of_another_groups_pair_links_nothing(login, lab, across_groups):
    preprint, journal = across_groups
    pair = "-".join(str(pk) for pk in sorted((preprint.pk, journal.pk)))
    find_versions(login("editor"), [preprint, journal], post="yes", links=[pair])
    assert linked() == set()
    assert not BibtexImport.objects.exists()


def test_an_administrator_links_them_from_the_admin(login, lab, across_groups):
    preprint, journal = across_groups
    pair = "-".join(str(pk) for pk in sorted((preprint.pk, journal.pk)))
    find_versions(login("superuser"), [preprint], post="yes", links=[pair])
    assert len(linked()) == 2
