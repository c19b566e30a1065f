"""The Suggestions list's actions: accepting or dismissing the selected suggestions answers
with the list again, for every role that may decide them, and decides only the papers the
user may edit."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pubs.models import Suggestion, SuggestionStatus

CHANGELIST = "admin:pubs_suggestion_changelist"


@pytest.fixture
def suggestions(lab) -> dict[str, Suggestion]:
    """A suggestion for the member's own paper and one for the other group's paper."""
    return {
        name: Suggestion.objects.create(
            paper=paper,
            summary=f"{paper.title}: pages",
            source="Crossref",
            changes={"pages": "1--9"},
        )
        for name, paper in (("own", lab.own_paper), ("other", lab.other_paper))
    }


def act(client, action: str, suggestions: list[Suggestion]):
    return client.post(
        reverse(CHANGELIST),
        {"action": action, "_selected_action": [s.pk for s in suggestions]},
        follow=True,
    )


@pytest.mark.parametrize("role", ["superuser", "editor", "member"])
@pytest.mark.parametrize(
    ("action", "status"),
    [
        ("accept_selected", SuggestionStatus.ACCEPTED),
        ("dismiss_selected", SuggestionStatus.DISMISSED),
    ],
)
def test_a_bulk_decision_answers_with_the_list(login, suggestions, role, action, status):
    response = act(login(role), action, [suggestions["own"]])
    assert response.status_code == 200
    [(url, code)] = response.redirect_chain
    assert code == 302 and url.startswith(reverse(CHANGELIST))
    suggestions["own"].refresh_from_db()
    assert suggestions["own"].status == status


def test_a_bulk_decision_leaves_the_papers_an_editor_may_not_edit(login, suggestions):
    response = act(login("editor"), "accept_selected", list(suggestions.values()))
    assert response.status_code == 200
    statuses = dict(Suggestion.objects.values_list("pk", "status"))
    assert statuses == {
        suggestions["own"].pk: SuggestionStatus.ACCEPTED,
        suggestions["other"].pk: SuggestionStatus.OPEN,
    }
