"""A member imports their own BibTeX: only the entries they author are imported, hidden,
and an editor of their group finds them in a review list and publishes them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from pubs.models import BibtexImport, Paper
from tests.database_state import snapshot

BY_MEMBER_AND_STRANGER = """@inproceedings{mine2024,
  title = {Written by the Member},
  author = {{member} and Grace Hopper},
  booktitle = {Proceedings of Something},
  year = {2024}
}

@article{theirs2023,
  title = {Written by the Stranger},
  author = {{stranger} and Alan Turing},
  journal = {Journal of Something},
  year = {2023}
}
"""


@pytest.fixture
def text(lab) -> str:
    return BY_MEMBER_AND_STRANGER.replace(
        "{member}", f"{lab.member_person.given_name} {lab.member_person.family_name}"
    ).replace("{stranger}", f"{lab.stranger.given_name} {lab.stranger.family_name}")


def upload(client, text: str, **extra) -> BibtexImport:
    response = client.post(reverse("admin:pubs_bibteximport_upload"), {"text": text, **extra})
    assert response.status_code == 302, response.content.decode()[:2000]
    return BibtexImport.objects.filter(status="preview").order_by("pk").last()


def preview_url(record: BibtexImport) -> str:
    return reverse("admin:pubs_bibteximport_preview", args=[record.pk])


@pytest.fixture
def imported(login, lab, text) -> Paper:
    """The member's file imported by the member: the paper it created."""
    client = login("member")
    client.post(preview_url(upload(client, text)), {"confirm": "1"})
    client.logout()
    return Paper.objects.get(title="Written by the Member")


def test_the_upload_page_asks_a_member_for_no_group_and_says_what_happens(login):
    page = login("member").get(reverse("admin:pubs_bibteximport_upload")).content.decode()
    assert 'name="group"' not in page
    assert "only the entries you are an author of are imported" in page


def test_the_preview_skips_the_entries_they_are_not_an_author_of_naming_entry_and_line(login, text):
    client = login("member")
    page = client.get(preview_url(upload(client, text))).content.decode()
    assert "1 entry is skipped: you are not among its authors." in page
    assert "line 8, entry theirs2023: skipped" in page


def test_only_their_paper_is_created_hidden_with_its_new_coauthor(imported):
    assert not imported.is_public
    assert not Paper.objects.filter(title="Written by the Stranger").exists()
    names = {a.person.name for a in imported.authorships.select_related("person")}
    assert "Grace Hopper" in names
    assert not imported.groups.exists()


def test_nothing_but_their_paper_its_authors_and_new_coauthor_is_written(login, lab, text):
    client = login("member")
    record = upload(client, text)
    before = snapshot()
    client.post(preview_url(record), {"confirm": "1"})
    after = snapshot()
    changed = {name for name in after if after[name] != before[name]}
    assert changed == {"Paper", "Authorship", "Person"}
    assert len(after["Paper"]) == len(before["Paper"]) + 1
    assert len(after["Person"]) == len(before["Person"]) + 1  # Grace Hopper, not Alan Turing


def test_a_hidden_paper_of_the_import_is_on_no_public_page(client, lab, imported):
    urls = ("/publications/", f"/groups/{lab.group.slug}/", imported.get_absolute_url())
    assert [
        url for url in urls if "Written by the Member" in client.get(url).content.decode()
    ] == []


def test_the_groups_editor_finds_it_in_the_review_list(login, imported):
    url = reverse("admin:pubs_paper_changelist") + "?imported_for_review=yes"
    assert "Written by the Member" in login("editor").get(url).content.decode()


def test_another_groups_editor_does_not(login, imported):
    url = reverse("admin:pubs_paper_changelist") + "?imported_for_review=yes"
    assert "Written by the Member" not in login("other editor").get(url).content.decode()


def test_once_the_editor_publishes_it_it_is_on_the_groups_page(login, lab, imported):
    client = login("editor")
    client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "make_public", "_selected_action": [imported.pk]},
    )
    client.logout()
    assert "Written by the Member" in client.get(f"/groups/{lab.group.slug}/").content.decode()


def test_the_member_cannot_publish_it_from_its_form(login, imported):
    page = login("member").get(reverse("admin:pubs_paper_change", args=[imported.pk]))
    assert 'name="is_public"' not in page.content.decode()


def test_a_member_choosing_a_group_imports_for_none(login, lab, text):
    client = login("member")
    record = upload(client, text, group=lab.group.pk)
    assert record.options["group"] == ""
