"""The admin's person and venue pages name only the papers the user may open: another
group's hidden papers stay unnamed to every staff user but an admin."""

from __future__ import annotations

import pytest

from tests.roles.forms import change_url


@pytest.fixture
def hidden_paper(lab):
    """The other group's paper, hidden from the public."""
    paper = lab.other_paper
    paper.is_public = False
    paper.save()
    return paper


@pytest.mark.parametrize("role", ["editor", "member"])
@pytest.mark.parametrize("page", ["person", "venue"])
def test_another_groups_hidden_paper_is_not_named(login, lab, hidden_paper, role, page):
    url = change_url(lab.stranger if page == "person" else hidden_paper.venue)
    response = login(role).get(url)
    assert response.status_code == 200
    assert hidden_paper.title not in response.content.decode()


@pytest.mark.parametrize("page", ["person", "venue"])
def test_an_admin_sees_every_paper_named(login, lab, hidden_paper, page):
    url = change_url(lab.stranger if page == "person" else hidden_paper.venue)
    assert hidden_paper.title in login("superuser").get(url).content.decode()


def test_a_person_page_names_the_papers_the_editor_may_open(login, lab):
    response = login("editor").get(change_url(lab.colleague))
    page = response.content.decode()
    assert "Own paper" in page and "Group paper" in page
