"""An edited URL or a hand-made POST reaches no row outside the user's scope."""

from __future__ import annotations

import pytest
from django.urls import reverse

from people.models import Membership, Role
from pubs.models import BibtexImport, Paper
from tests.admin.test_paper_form import paper_form_data
from tests.factories import MembershipFactory, PersonFactory
from tests.roles.forms import authors_data, change_url, profile_data


def test_a_member_posting_to_another_groups_paper_changes_nothing(login, lab):
    paper = lab.other_paper
    data = paper_form_data(paper, authors_data(paper), title="Hijacked", groups=[lab.group.pk])
    response = login("member").post(change_url(paper), data)
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:index")  # "no such paper"
    paper.refresh_from_db()
    assert paper.title == "Other paper"
    assert list(paper.groups.all()) == [lab.other_group]


def test_a_member_cannot_attach_their_paper_to_another_group(login, lab):
    paper = lab.own_paper
    data = paper_form_data(paper, authors_data(paper), groups=[lab.other_group.pk])
    response = login("member").post(change_url(paper), data)
    assert response.status_code == 200
    assert "groups" in response.context["adminform"].form.errors
    assert list(paper.groups.all()) == [lab.group]


def test_a_member_adding_a_paper_cannot_give_it_another_group(login, lab):
    data = paper_form_data(
        slug="new", authors=[{"person": lab.member_person.pk}], groups=[lab.other_group.pk]
    )
    response = login("member").post(reverse("admin:pubs_paper_add"), data)
    assert response.status_code == 200
    assert not Paper.objects.filter(slug="new").exists()


def test_the_groups_a_member_may_not_choose_stay_on_their_paper(login, lab):
    lab.own_paper.groups.add(lab.other_group)
    paper = lab.own_paper
    data = paper_form_data(paper, authors_data(paper), title="Renamed", groups=[lab.group.pk])
    assert login("member").post(change_url(paper), data).status_code == 302
    paper.refresh_from_db()
    assert paper.title == "Renamed"
    assert set(paper.groups.all()) == {lab.group, lab.other_group}


def test_the_group_choices_of_a_member_are_their_own_groups(login, lab):
    response = login("member").get(change_url(lab.own_paper))
    field = response.context["adminform"].form.fields["groups"]
    assert list(field.queryset) == [lab.group]


def test_a_member_cannot_give_their_authorship_to_someone_else(login, lab):
    paper = lab.own_paper
    authors = authors_data(paper)
    authors[0]["person"] = PersonFactory().pk  # the member was first author
    response = login("member").post(change_url(paper), paper_form_data(paper, authors))
    assert response.status_code == 200
    assert "list yourself as an author" in response.content.decode()
    assert paper.authorships.filter(person=lab.member_person).exists()


def test_a_member_cannot_add_a_paper_they_did_not_author(login, lab):
    data = paper_form_data(slug="not-mine", authors=[{"person": PersonFactory().pk}])
    response = login("member").post(reverse("admin:pubs_paper_add"), data)
    assert response.status_code == 200
    assert not Paper.objects.filter(slug="not-mine").exists()


def test_a_member_cannot_revert_another_groups_paper_through_its_history(login, lab):
    paper = lab.other_paper
    paper.title = "Other paper, renamed"
    paper.save()
    version = paper.history.earliest()
    url = reverse("admin:pubs_paper_simple_history", args=[paper.pk, version.history_id])
    data = paper_form_data(paper, title="Hijacked", groups=[lab.group.pk])
    response = login("member").post(url, data)
    assert response.status_code == 403
    paper.refresh_from_db()
    assert paper.title == "Other paper, renamed"


def test_a_member_edits_their_own_profile(login, lab):
    person = lab.member_person
    data = profile_data(person, bio="I build networks.")
    assert login("member").post(change_url(person), data).status_code == 302
    person.refresh_from_db()
    assert person.bio == "I build networks."


def test_a_member_cannot_move_their_login_to_another_person(login, lab, django_user_model):
    person, other = lab.member_person, PersonFactory()
    data = profile_data(person, user=lab.editor.pk)
    login("member").post(change_url(person), data)
    person.refresh_from_db()
    assert person.user == lab.member
    assert other.user is None


def test_a_member_cannot_edit_someone_elses_profile(login, lab):
    colleague = lab.group_paper.authorships.get().person
    response = login("member").post(change_url(colleague), profile_data(colleague, bio="Hacked"))
    assert response.status_code == 403
    colleague.refresh_from_db()
    assert colleague.bio == ""


def test_someone_elses_private_email_is_hidden_from_a_member(login, lab):
    colleague = lab.group_paper.authorships.get().person
    colleague.email = "private@example.org"
    colleague.save()
    response = login("member").get(change_url(colleague))
    assert response.status_code == 200  # people are public: their profile can be viewed
    assert "private@example.org" not in response.content.decode()


def test_a_group_editor_cannot_add_a_membership_of_another_group(login, lab):
    person = PersonFactory()
    response = login("editor").post(
        reverse("admin:people_membership_add"),
        {"person": person.pk, "group": lab.other_group.pk, "role": Role.PHD},
    )
    assert response.status_code == 200
    assert not Membership.objects.filter(person=person).exists()


def test_a_group_editor_cannot_confirm_someone_elses_import(login, lab):
    record = BibtexImport.objects.create(
        created_by=lab.superuser,
        file_name="theirs.bib",
        sha256="",
        text="@misc{x, title={Theirs}, year=2024, author={Ada Lovelace}}",
        options={"group": lab.other_group.slug},
    )
    url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
    response = login("editor").post(url, {"confirm": "1"})
    assert response.status_code == 404
    assert not Paper.objects.filter(title="Theirs").exists()


def test_a_group_editor_cannot_reassign_an_import_to_another_group(login, lab):
    client = login("editor")
    text = "@misc{x, title={Mine}, year=2024, author={Ada Lovelace}}"
    client.post(reverse("admin:pubs_bibteximport_upload"), {"text": text, "group": lab.group.pk})
    record = BibtexImport.objects.get()
    record.options = {**record.options, "group": lab.other_group.slug}  # tampered with
    record.save()
    response = client.post(
        reverse("admin:pubs_bibteximport_preview", args=[record.pk]), {"confirm": "1"}
    )
    assert response.status_code == 403
    assert not Paper.objects.filter(title="Mine").exists()


@pytest.mark.parametrize("role", ["editor", "member"])
def test_the_changelist_lists_only_the_papers_in_scope(login, lab, role):
    response = login(role).get(reverse("admin:pubs_paper_changelist"))
    titles = {paper.title for paper in response.context["cl"].result_list}
    expected = {"editor": {"Own paper", "Group paper"}, "member": {"Own paper"}}[role]
    assert titles == expected


def test_someone_elses_history_is_hidden_from_a_member(login, lab):
    colleague = lab.group_paper.authorships.get().person
    colleague.email = "private@example.org"
    colleague.save()
    client = login("member")
    assert (
        client.get(reverse("admin:people_person_history", args=[colleague.pk])).status_code == 403
    )
    version = colleague.history.latest()
    url = reverse("admin:people_person_simple_history", args=[colleague.pk, version.history_id])
    assert client.get(url).status_code == 403


def test_a_member_sees_their_own_papers_history(login, lab):
    url = reverse("admin:pubs_paper_history", args=[lab.own_paper.pk])
    assert login("member").get(url).status_code == 200


def test_a_group_editor_sees_only_their_groups_memberships_on_a_persons_page(login, lab):
    person = lab.member_person
    MembershipFactory(person=person, group=lab.other_group)
    response = login("editor").get(change_url(person))
    formset = next(
        f.formset for f in response.context["inline_admin_formsets"] if f.opts.model is Membership
    )
    assert [form.instance.group for form in formset.initial_forms] == [lab.group]
    assert list(formset.forms[0].fields["group"].queryset) == [lab.group]
