"""Every change to a paper and its authors is kept with who and when; a paper can be reverted
from the admin, its authors with it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pubs.bibtex.plan import Decisions
from pubs.history import BASELINE_REASON
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Authorship, Paper
from tests.admin.test_paper_form import paper_form_data
from tests.factories import PersonFactory, bulk_dataset, paper_with_authors

pytestmark = pytest.mark.django_db


def authors_of(paper: Paper) -> list[tuple[int, str, str]]:
    return [
        (a.position, a.person.slug, a.printed_name)
        for a in paper.authorships.select_related("person").order_by("position")
    ]


def authors_data(paper: Paper) -> list[dict]:
    return [
        {"id": a.pk, "person": a.person_id, "position": a.position, "printed_name": a.printed_name}
        for a in paper.authorships.order_by("position")
    ]


def edit(client, paper: Paper, authors: list[dict], **fields):
    data = paper_form_data(paper, authors, **fields)
    response = client.post(reverse("admin:pubs_paper_change", args=[paper.pk]), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    paper.refresh_from_db()


def revert(client, paper: Paper, version) -> object:
    """Open the version's revert page and press Revert with what it shows."""
    url = reverse("admin:pubs_paper_simple_history", args=[paper.pk, version.history_id])
    page = client.get(url)
    assert page.status_code == 200
    response = client.post(url, shown_values(page.context["adminform"].form))
    paper.refresh_from_db()
    return response


def shown_values(form) -> dict:
    """The POST a browser sends for an unchanged form."""
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif isinstance(value, list | tuple):
            data[name] = [str(v) for v in value]
        elif value is not None:
            data[name] = str(value)
    return data


@pytest.fixture
def imported_paper() -> Paper:
    """A paper written in bulk as imports write them: no history of its own yet."""
    paper = bulk_dataset(1, authors_per_paper=2, prefix="imp")[0]
    Authorship.objects.filter(paper=paper, position=1).update(printed_name="G. imp0")
    assert not paper.history.exists()
    return paper


def test_an_edit_in_the_admin_is_kept_with_the_user(admin_client, admin_user):
    paper = paper_with_authors(PersonFactory(), title="Before")
    edit(admin_client, paper, authors_data(paper), title="After")
    latest = paper.history.latest()
    assert latest.title == "After"
    assert latest.history_user == admin_user
    assert latest.history_type == "~"


def test_the_first_edit_of_an_imported_paper_keeps_its_state_before(admin_client, imported_paper):
    edit(admin_client, imported_paper, authors_data(imported_paper), title="Edited")
    first, second = imported_paper.history.order_by("history_date")
    assert first.title == "imp paper 0" and first.history_change_reason == BASELINE_REASON
    assert second.title == "Edited"


def test_reverting_restores_the_fields(admin_client, imported_paper):
    edit(admin_client, imported_paper, authors_data(imported_paper), title="Edited", year="1999")
    revert(admin_client, imported_paper, imported_paper.history.earliest())
    assert (imported_paper.title, imported_paper.year) == ("imp paper 0", 2000)


def test_reverting_restores_the_authors_in_order_with_their_printed_names(
    admin_client, imported_paper
):
    before = authors_of(imported_paper)
    newcomer = PersonFactory(slug="newcomer")
    first, second = authors_data(imported_paper)
    first.update(position=2, printed_name="")
    second["DELETE"] = "on"
    edit(admin_client, imported_paper, [first, second, {"person": newcomer.pk, "position": 1}])
    assert [slug for _, slug, _ in authors_of(imported_paper)] == ["newcomer", "imp-person-0"]

    response = revert(admin_client, imported_paper, imported_paper.history.earliest())
    assert response.status_code == 302
    assert authors_of(imported_paper) == before


def test_reverting_to_a_later_version_restores_that_versions_authors(admin_client):
    alice, bob, carol = PersonFactory(), PersonFactory(), PersonFactory()
    paper = paper_with_authors(alice, title="Versions")
    edit(admin_client, paper, [*authors_data(paper), {"person": bob.pk, "position": 2}])
    version_two = paper.history.latest()
    edit(admin_client, paper, [*authors_data(paper), {"person": carol.pk, "position": 3}])
    revert(admin_client, paper, version_two)
    assert [slug for _, slug, _ in authors_of(paper)] == [alice.slug, bob.slug]


def test_the_revert_page_shows_the_authors_it_restores(admin_client, imported_paper):
    edit(admin_client, imported_paper, authors_data(imported_paper), title="Edited")
    version = imported_paper.history.earliest()
    url = reverse("admin:pubs_paper_simple_history", args=[imported_paper.pk, version.history_id])
    html = admin_client.get(url).content.decode()
    assert "1. G. imp0 (Given0 imp0)" in html


def test_a_revert_is_itself_kept_in_the_history(admin_client, admin_user, imported_paper):
    edit(admin_client, imported_paper, authors_data(imported_paper), title="Edited")
    revert(admin_client, imported_paper, imported_paper.history.earliest())
    latest = imported_paper.history.latest()
    assert latest.title == "imp paper 0" and latest.history_user == admin_user


def test_the_history_page_lists_changes_to_the_authors(admin_client, admin_user):
    paper = paper_with_authors(PersonFactory(), title="Listed")
    newcomer = PersonFactory(given_name="Ada", family_name="Lovelace")
    edit(admin_client, paper, [*authors_data(paper), {"person": newcomer.pk, "position": 2}])
    response = admin_client.get(reverse("admin:pubs_paper_history", args=[paper.pk]))
    changes = response.context["author_changes"]
    assert changes[0].author == "2. Ada Lovelace"
    assert changes[0].user == admin_user.username
    assert "Ada Lovelace" in response.content.decode()


def test_changing_papers_by_an_action_is_kept_with_the_user(admin_client, admin_user):
    paper = paper_with_authors(PersonFactory(), title="Chosen")
    admin_client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "mark_selected", "_selected_action": [paper.pk]},
    )
    latest = paper.history.latest()
    assert latest.selected is True and latest.history_user == admin_user


def test_an_imported_paper_can_be_reverted_to_how_it_was_imported(admin_client):
    text = "@misc{imp, title={As Imported}, year=2024, author={Ada Lovelace and Alan Turing}}"
    planned = bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True))
    bibtex_import_apply(planned=planned, file_name="refs.bib", source="test")
    paper = Paper.objects.get(title="As Imported")
    before = authors_of(paper)
    first, second = authors_data(paper)
    second["DELETE"] = "on"
    edit(admin_client, paper, [first, second], title="Changed")
    revert(admin_client, paper, paper.history.earliest())
    assert paper.title == "As Imported"
    assert authors_of(paper) == before


def test_a_reverted_version_stays_folded_into_the_version_that_stands(admin_client):
    preprint = paper_with_authors(
        PersonFactory(), kind="preprint", year=2021, venue=None, slug="the-preprint"
    )
    admin_client.post(
        reverse("admin:pubs_paper_add"),
        paper_form_data(kind="journal", year="2022", versions=[preprint.pk]),
    )
    journal = Paper.objects.get(slug="a-paper")
    preprint.refresh_from_db()
    assert preprint.folded_into == journal
    revert(admin_client, preprint, preprint.history.earliest())  # recorded before the link
    assert preprint.folded_into == journal
