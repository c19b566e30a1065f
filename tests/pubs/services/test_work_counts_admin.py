"""The admin's writes keep the work counts current (pubs.services.work_counts): after each,
the counts the pages read equal a fresh count, and the pages may still read them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from people.models import Membership
from pubs.queries import selectors
from tests.pubs.services.conftest import assert_counts_fresh

pytestmark = pytest.mark.django_db


def test_papers_hidden_by_the_admin_action_leave_the_counts_current(admin_client, lab):
    papers = [lab["papers"][0].pk, lab["papers"][1].pk]
    response = admin_client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "make_private", "_selected_action": papers},
    )
    assert response.status_code == 302
    assert_counts_fresh()


def test_a_paper_deleted_in_the_admin_leaves_the_counts_current(admin_client, lab):
    paper = lab["papers"][0]
    response = admin_client.post(
        reverse("admin:pubs_paper_delete", args=[paper.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert_counts_fresh()


def test_a_membership_deleted_in_the_admin_leaves_the_counts_current(admin_client, lab):
    membership = Membership.objects.get(person=lab["ann"])
    response = admin_client.post(
        reverse("admin:people_membership_delete", args=[membership.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert_counts_fresh()
    group = selectors.list_scope(group=lab["group"].pk)
    assert selectors.summary_year_counts(group, {}) == []
