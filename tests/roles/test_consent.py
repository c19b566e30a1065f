"""Consent across groups, as the issue's attacker tried it: group A's editor names group B's
member (the stranger) on a paper of A, or as a student. The paper shows at once on A's pages
and its own page; on the stranger's and B's pages, exports, feeds and counts only once the
stranger or B's editor accepts it, and until then B's editor gains no right over it. B may
trust A; the stranger may decline, for good."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from people.models import Advising, AdvisingRole, Consent
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Authorship, BibtexImport, Paper
from pubs.permissions import scope_for
from pubs.queries import selectors
from pubs.services import rendering
from tests.admin.test_paper_form import paper_form_data
from tests.factories import paper_with_authors
from tests.query_counts import query_counts
from tests.roles.conftest import staff_user
from tests.roles.forms import change_url, profile_data
from tests.test_chinese_pages import database_text, english_on

WAITING = reverse("admin:consent_requests")
TITLE = "Cross-group paper"


def add_paper(client, lab, *people) -> Paper:
    """Post the paper form: a paper of group A by ``people`` in that order."""
    authors = [{"person": person.pk, "position": i} for i, person in enumerate(people, start=1)]
    data = paper_form_data(authors=authors, title=TITLE, slug="cross-group-paper")
    data["groups"] = [lab.group.pk]
    response = client.post(reverse("admin:pubs_paper_add"), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Paper.objects.get(slug="cross-group-paper")


def stranger_row(paper: Paper) -> Authorship:
    return paper.authorships.get(position=2)


def decide(client, row, decision: str, kind: str = "authorship"):
    return client.post(WAITING, {"kind": kind, "pk": row.pk, "decision": decision}, follow=True)


def shown(url: str) -> str:
    """What an anonymous visitor reads at ``url``."""
    response = Client().get(url)
    assert response.status_code == 200, url
    return response.content.decode()


@pytest.fixture
def asked(login, lab) -> Paper:
    """A's editor adds a paper of A by A's colleague and B's stranger."""
    return add_paper(login("editor"), lab, lab.colleague, lab.stranger)


@pytest.fixture
def stranger_user(lab, django_user_model):
    """The stranger, logging in (no role needed to decide)."""
    user = staff_user(django_user_model, "stranger")
    lab.stranger.user = user
    lab.stranger.save()
    return user


# -- the attacker's case ---------------------------------------------------------------------


def test_naming_another_groups_member_makes_a_request(lab, asked):
    row = stranger_row(asked)
    assert (row.consent, row.requested_by) == (Consent.REQUESTED, lab.editor)


def test_a_request_shows_on_the_adding_groups_page_and_the_papers_page(lab, asked):
    assert TITLE in shown(lab.group.get_absolute_url())
    assert lab.stranger.family_name in shown(asked.get_absolute_url())


def test_a_request_is_not_on_the_other_groups_page_export_or_feed(lab, asked):
    slug = lab.other_group.slug
    for url in (
        f"/groups/{slug}/",
        f"/groups/{slug}/export.bib",
        f"/groups/{slug}/feed/",
        f"/publications/?group={slug}",
    ):
        assert TITLE not in shown(url), url
    assert "Other paper" in shown(f"/groups/{slug}/")  # the page does list B's own paper


def test_a_request_is_not_on_the_persons_page_export_or_feed(lab, asked):
    slug = lab.stranger.slug
    for url in (
        f"/people/{slug}/",
        f"/people/{slug}/export.bib",
        f"/people/{slug}/feed/",
        f"/people/{slug}/cv.md",
        f"/publications/?person={slug}",
    ):
        assert TITLE not in shown(url), url
    assert "Other paper" in shown(f"/people/{slug}/")


def test_a_request_counts_for_neither_the_other_group_nor_the_person(lab, asked):
    assert selectors.tally(selectors.group_papers(lab.other_group)).by_year() == [(2024, 1)]
    assert selectors.year_counts(selectors.person_papers(lab.stranger)) == [(2024, 1)]
    assert selectors.people().get(pk=lab.stranger.pk).paper_count == 1
    assert [person for person, _ in selectors.coauthors(lab.stranger)] == []


def test_requests_leave_the_pages_query_counts_as_they_were(lab):
    urls = [
        f"/groups/{lab.other_group.slug}/",
        f"/people/{lab.stranger.slug}/",
        f"/groups/{lab.group.slug}/",
        "/publications/",
    ]
    rendering.entries_rebuild()  # every list's entries stored, before and after
    before = query_counts(Client(), urls)
    for n in range(3):
        paper = paper_with_authors(lab.colleague, title=f"Asked {n}")
        paper.groups.add(lab.group)
        row = Authorship.objects.create(paper=paper, person=lab.stranger, position=2)
        Authorship.objects.filter(pk=row.pk).update(
            consent=Consent.REQUESTED, requested_by=lab.editor
        )
    rendering.entries_rebuild()
    assert query_counts(Client(), urls) == before


def test_a_request_gives_the_other_groups_editor_no_right_over_the_paper(lab, asked):
    client = Client()  # not the adding editor's browser, which shows the request's message
    client.force_login(lab.other_editor)
    assert client.get(change_url(asked)).status_code in (302, 403)
    changelist = client.get(reverse("admin:pubs_paper_changelist")).content.decode()
    assert TITLE not in changelist


def test_a_request_gives_the_person_no_right_over_the_paper(lab, asked, stranger_user):
    assert not scope_for(stranger_user).allows(asked)


def test_the_adding_editor_is_given_the_link_to_pass_on(login, lab, settings):
    settings.EMAIL_HOST = ""
    client = login("editor")
    add_paper(client, lab, lab.colleague, lab.stranger)
    page = client.get(reverse("admin:pubs_paper_changelist")).content.decode()
    assert f"http://testserver{WAITING}" in page
    assert mail.outbox == []


def test_with_email_settings_the_person_and_their_editor_are_sent_the_request(login, lab, settings):
    settings.EMAIL_HOST = "smtp.example.org"
    lab.stranger.email = "stranger@example.org"
    lab.stranger.save()
    lab.other_editor.email = "b-editor@example.org"
    lab.other_editor.save()
    add_paper(login("editor"), lab, lab.colleague, lab.stranger)
    assert [message.to for message in mail.outbox] == [
        ["b-editor@example.org", "stranger@example.org"]
    ]
    assert f"http://testserver{WAITING}" in mail.outbox[0].body


# -- accepting and declining -----------------------------------------------------------------


def test_the_person_sees_the_request_waiting_for_them_on_the_admin_index(
    client, asked, stranger_user
):
    client.force_login(stranger_user)
    index = client.get(reverse("admin:index")).content.decode()
    assert "Waiting for you" in index
    assert TITLE in index


def test_the_waiting_page_and_index_are_wholly_chinese_in_chinese(lab, asked, advising_asked):
    client = Client()
    client.force_login(lab.other_editor)
    client.cookies["django_language"] = "zh-hans"
    urls = [reverse("admin:index"), WAITING]
    assert english_on(client, urls, database_text()) == {}
    assert "等待你处理" in client.get(WAITING).content.decode()


def test_the_asking_editor_sees_nothing_waiting_for_them(login, asked):
    index = login("editor").get(reverse("admin:index")).content.decode()
    assert "Waiting for you" not in index


def test_the_person_accepts_and_the_paper_joins_their_pages_and_groups(
    client, lab, asked, stranger_user
):
    client.force_login(stranger_user)
    decide(client, stranger_row(asked), "accept")
    assert stranger_row(asked).consent == Consent.ACCEPTED
    assert TITLE in shown(f"/people/{lab.stranger.slug}/")
    assert TITLE in shown(f"/groups/{lab.other_group.slug}/export.bib")


def test_their_groups_editor_accepts_and_gains_the_paper(login, lab, asked):
    client = login("other editor")
    response = decide(client, stranger_row(asked), "accept")
    assert response.status_code == 200
    assert TITLE in shown(f"/groups/{lab.other_group.slug}/")
    assert scope_for(lab.other_editor).allows(asked)


def test_the_asking_editor_cannot_accept_their_own_request(login, asked):
    decide(login("editor"), stranger_row(asked), "accept")
    assert stranger_row(asked).consent == Consent.REQUESTED


def test_declining_hides_the_paper_from_the_persons_side_for_good(login, lab, asked):
    client = login("other editor")
    decide(client, stranger_row(asked), "decline")
    row = stranger_row(asked)
    assert row.consent == Consent.DECLINED  # the authorship stays: the paper says so
    assert TITLE not in shown(f"/groups/{lab.other_group.slug}/")
    decide(client, row, "accept")
    assert stranger_row(asked).consent == Consent.DECLINED
    assert not scope_for(lab.other_editor).allows(asked)


def test_an_accepted_request_may_still_be_declined(login, lab, asked):
    client = login("other editor")
    decide(client, stranger_row(asked), "accept")
    decide(client, stranger_row(asked), "decline")
    assert stranger_row(asked).consent == Consent.DECLINED


def test_a_post_naming_no_row_decides_nothing(login, asked):
    client = login("other editor")
    response = client.post(WAITING, {"kind": "paper", "pk": "x", "decision": "accept"})
    assert response.status_code == 302
    assert stranger_row(asked).consent == Consent.REQUESTED


# -- trust, and who needs no consent ----------------------------------------------------------


def test_a_group_trusting_the_adding_group_shows_its_paper_at_once(login, lab):
    lab.other_group.trusts.add(lab.group)
    add_paper(login("editor"), lab, lab.colleague, lab.stranger)
    assert TITLE in shown(f"/groups/{lab.other_group.slug}/")


def test_the_other_groups_editor_sets_its_trust_on_the_group_page(login, lab):
    data = {
        "name": lab.other_group.name,
        "slug": lab.other_group.slug,
        "trusts": [lab.group.pk],
        "memberships-TOTAL_FORMS": "0",
        "memberships-INITIAL_FORMS": "0",
    }
    response = login("other editor").post(change_url(lab.other_group), data)
    assert response.status_code == 302
    assert list(lab.other_group.trusts.all()) == [lab.group]


def test_an_admins_paper_shows_on_every_authors_pages_at_once(login, lab):
    add_paper(login("superuser"), lab, lab.colleague, lab.stranger)
    assert TITLE in shown(f"/people/{lab.stranger.slug}/")


def test_an_editor_of_both_groups_names_either_groups_member_at_once(login, lab):
    lab.other_group.editors.add(lab.editor)
    add_paper(login("editor"), lab, lab.colleague, lab.stranger)
    assert TITLE in shown(f"/groups/{lab.other_group.slug}/")


def test_giving_an_author_row_another_person_asks_again(login, lab):
    paper = lab.group_paper
    data = paper_form_data(
        paper, authors=[{"id": paper.authorships.get().pk, "person": lab.stranger.pk}]
    )
    data["groups"] = [lab.group.pk]
    assert login("editor").post(change_url(paper), data).status_code == 302
    assert paper.authorships.get().consent == Consent.REQUESTED


# -- advising ----------------------------------------------------------------------------------


@pytest.fixture
def advising_asked(login, lab) -> Advising:
    """A's editor says A's colleague advised B's stranger."""
    data = {"student": lab.stranger.pk, "advisor": lab.colleague.pk, "role": AdvisingRole.ADVISOR}
    response = login("editor").post(reverse("admin:people_advising_add"), data)
    assert response.status_code == 302
    return Advising.objects.get(student=lab.stranger)


def test_an_advising_row_naming_another_groups_student_is_not_shown_until_accepted(
    lab, advising_asked
):
    assert advising_asked.consent == Consent.REQUESTED
    assert lab.colleague.name not in shown(f"/people/{lab.stranger.slug}/")
    assert lab.stranger.name not in shown(f"/people/{lab.colleague.slug}/")


def test_a_student_added_on_the_advisors_page_naming_another_groups_member_waits(login, lab):
    data = profile_data(lab.colleague)
    data.update(
        {
            "advising-TOTAL_FORMS": "1",
            "advising-0-student": lab.stranger.pk,
            "advising-0-role": AdvisingRole.ADVISOR,
        }
    )
    assert login("editor").post(change_url(lab.colleague), data).status_code == 302
    assert Advising.objects.get(student=lab.stranger).consent == Consent.REQUESTED


def test_the_students_editor_accepts_the_advising_row(login, lab, advising_asked):
    decide(login("other editor"), advising_asked, "accept", kind="advising")
    assert lab.colleague.name in shown(f"/people/{lab.stranger.slug}/")


def test_the_student_is_asked_on_the_waiting_page(client, lab, advising_asked, stranger_user):
    client.force_login(stranger_user)
    page = client.get(WAITING).content.decode()
    assert lab.colleague.name in page
    assert 'name="decision" value="accept"' in page


# -- import ------------------------------------------------------------------------------------


def cross_group_entry(lab) -> str:
    return (
        "@inproceedings{cross, title={Imported across groups}, "
        f"author={{{lab.colleague.family_name}, {lab.colleague.given_name} and "
        f"{lab.stranger.family_name}, {lab.stranger.given_name}}}, "
        "booktitle={Proc. X}, year={2024}}"
    )


def test_an_import_into_a_group_asks_another_groups_member(lab):
    planned = bibtex_import_plan(text=cross_group_entry(lab), scope=scope_for(lab.editor))
    bibtex_import_apply(planned=planned, file_name="x.bib", user=lab.editor, group=lab.group)
    paper = Paper.objects.get(title="Imported across groups")
    states = dict(paper.authorships.values_list("person_id", "consent"))
    assert states == {lab.colleague.pk: Consent.ACCEPTED, lab.stranger.pk: Consent.REQUESTED}
    assert "Imported across groups" in shown(f"/groups/{lab.group.slug}/")
    assert "Imported across groups" not in shown(f"/groups/{lab.other_group.slug}/")


def test_the_importing_editor_is_given_the_link_to_pass_on(login, lab, settings):
    settings.EMAIL_HOST = ""
    client = login("editor")
    client.post(
        reverse("admin:pubs_bibteximport_upload"),
        {"text": cross_group_entry(lab), "group": lab.group.pk},
    )
    record = BibtexImport.objects.order_by("pk").last()
    url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
    page = client.post(url, {"confirm": "1"}, follow=True).content.decode()
    assert f"http://testserver{WAITING}" in page
