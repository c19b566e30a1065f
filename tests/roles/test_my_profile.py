"""A user with a profile finds it from every admin page ("My profile") and their own papers
first in the paper list."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import MembershipFactory, PersonFactory, paper_with_authors
from tests.roles.forms import change_url


def test_a_member_finds_my_profile_in_the_header_and_on_the_index(lab, login):
    page = login("member").get(reverse("admin:index")).content.decode()
    assert page.count(f'class="my-profile" href="{change_url(lab.member_person)}"') == 2


def test_my_profile_leads_to_a_page_the_member_may_edit(lab, login):
    response = login("member").get(change_url(lab.member_person))
    assert response.context["has_change_permission"] is True


def test_a_user_without_a_profile_sees_no_my_profile(lab, login):
    assert "my-profile" not in login("editor").get(reverse("admin:index")).content.decode()


def test_an_editor_with_a_profile_finds_their_own_papers_first(lab, login):
    editor_person = PersonFactory(user=lab.editor)
    MembershipFactory(person=editor_person, group=lab.group)
    paper_with_authors(editor_person, title="Zz oldest own paper", year=1999)
    response = login("editor").get(reverse("admin:pubs_paper_changelist"))
    titles = [paper.title for paper in response.context["cl"].result_list]
    assert titles[0] == "Zz oldest own paper"
    assert set(titles) == {"Zz oldest own paper", "Own paper", "Group paper"}


def test_without_a_profile_the_paper_list_keeps_its_order(lab, login):
    paper_with_authors(lab.colleague, title="Zz oldest group paper", year=1999)
    response = login("editor").get(reverse("admin:pubs_paper_changelist"))
    titles = [paper.title for paper in response.context["cl"].result_list]
    assert titles[-1] == "Zz oldest group paper"
