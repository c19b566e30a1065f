"""An import plans and writes only inside the importing user's scope: a paper of another
group is left as it is and named no more than its public page names it; an entry for a
hidden paper is held back without a word of that paper."""

from __future__ import annotations

import pytest
from django.urls import reverse

from people.models import Person
from pubs.models import BibtexImport, Paper
from tests.factories import VenueFactory

DOI = "10.1145/3600006.3613139"

#: An entry carrying the DOI of the other group's paper, with fields that paper lacks.
ENTRY_WITH_ITS_DOI = f"""@inproceedings{{theirs2024,
  title = {{A Title of My Own}},
  author = {{Ada Lovelace}},
  booktitle = {{Proceedings of Something}},
  year = {{2024}},
  doi = {{{DOI}}},
  abstract = {{An abstract from the file.}},
  pages = {{1--12}},
  publisher = {{ACM}},
  url = {{https://example.org/paper}}
}}
"""


def upload(client, group, text: str) -> BibtexImport | None:
    client.post(reverse("admin:pubs_bibteximport_upload"), {"text": text, "group": group.pk})
    return BibtexImport.objects.order_by("pk").last()


def preview(client, record: BibtexImport, **data) -> str:
    url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
    return client.post(url, data).content.decode() if data else client.get(url).content.decode()


def confirm(client, record: BibtexImport, **choices) -> None:
    url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
    client.post(url, {"confirm": "1", **choices})


def fields(paper: Paper) -> dict:
    paper.refresh_from_db()
    return {
        "title": paper.title,
        "abstract": paper.abstract,
        "pages": paper.pages,
        "publisher": paper.publisher,
        "url": paper.url,
        "groups": sorted(group.slug for group in paper.groups.all()),
    }


@pytest.fixture
def their_paper(lab) -> Paper:
    """The other group's paper, public, with the DOI and title the editor's file carries (the
    same work)."""
    paper = lab.other_paper
    paper.doi, paper.title = DOI, "A Title of My Own"
    paper.save()
    return paper


@pytest.fixture
def their_hidden_paper(their_paper) -> Paper:
    their_paper.abstract = "A secret abstract"
    their_paper.is_public = False
    their_paper.save()
    return their_paper


def test_a_match_with_another_groups_paper_is_reported_as_theirs(login, lab, their_paper):
    client = login("editor")
    page = preview(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    assert "in another group" in page
    assert their_paper.get_absolute_url() in page
    assert reverse("admin:pubs_paper_change", args=[their_paper.pk]) not in page
    assert "fills in" not in page


def test_confirming_leaves_another_groups_paper_as_it_was(login, lab, their_paper):
    before = fields(their_paper)
    client = login("editor")
    confirm(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    assert fields(their_paper) == before
    assert Paper.objects.filter(doi=DOI).count() == 1


def test_a_match_with_a_hidden_paper_is_held_back_without_a_word_of_it(
    login, lab, their_hidden_paper
):
    client = login("editor")
    page = preview(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    assert "A paper with this identifier exists that you cannot see; ask an admin." in page
    assert "A secret abstract" not in page
    assert their_hidden_paper.get_absolute_url() not in page


def test_an_identifier_conflict_with_a_hidden_paper_says_nothing_of_it(
    login, lab, their_hidden_paper
):
    their_hidden_paper.title = "On Evaluating Language Models"  # another work, the entry's DOI
    their_hidden_paper.save()
    client = login("editor")
    page = preview(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    assert "is also that of a paper already there, whose title disagrees" in page
    assert "Language Models" not in page
    assert their_hidden_paper.get_absolute_url() not in page


def test_confirming_a_held_back_entry_makes_no_duplicate_and_changes_nothing(
    login, lab, their_hidden_paper
):
    before = fields(their_hidden_paper)
    client = login("editor")
    confirm(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    assert fields(their_hidden_paper) == before
    assert Paper.objects.filter(doi=DOI).count() == 1


def test_the_editor_fills_in_a_paper_of_their_group(login, lab):
    paper = lab.group_paper
    paper.doi, paper.title = DOI, "A Title of My Own"
    paper.save()
    client = login("editor")
    confirm(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    assert fields(paper)["abstract"] == "An abstract from the file."


def test_an_admin_fills_in_any_groups_paper(login, lab, their_hidden_paper):
    client = login("superuser")
    confirm(client, upload(client, lab.group, ENTRY_WITH_ITS_DOI))
    after = fields(their_hidden_paper)
    assert after["pages"] == "1--12"
    assert after["groups"] == ["group-a", "group-b"]


@pytest.mark.parametrize(("role", "remembered"), [("editor", False), ("superuser", True)])
def test_a_venue_alias_is_remembered_for_those_who_may_change_venues(login, lab, role, remembered):
    venue = VenueFactory(abbreviation="SOSP", name="Symposium on Operating Systems Principles")
    text = ENTRY_WITH_ITS_DOI.replace(DOI, "10.1145/3600006.9999999").replace(
        "booktitle", "journal"
    )
    client = login(role)
    record = upload(client, lab.group, text)
    confirm(client, record, **{"venue:Proceedings of Something": venue.slug})
    venue.refresh_from_db()
    assert Paper.objects.get(doi="10.1145/3600006.9999999").venue == venue
    assert ("Proceedings of Something" in venue.aliases) is remembered


def test_a_name_is_remembered_only_on_people_the_editor_may_edit(login, lab):
    text = ENTRY_WITH_ITS_DOI.replace(DOI, "10.1145/3600006.9999999").replace(
        "Ada Lovelace", "S. Stranger"
    )
    client = login("editor")
    record = upload(client, lab.group, text)
    confirm(client, record, **{"author:theirs2024#1": str(lab.stranger.pk)})
    paper = Paper.objects.get(doi="10.1145/3600006.9999999")
    assert paper.authorships.get().person == lab.stranger
    assert "S. Stranger" not in Person.objects.get(pk=lab.stranger.pk).variants


def applied_import(client, group) -> BibtexImport:
    text = ENTRY_WITH_ITS_DOI.replace(DOI, "10.1145/3600006.9999999")
    record = upload(client, group, text)
    confirm(client, record)
    record.refresh_from_db()
    assert record.status == "applied"
    return record


def test_an_editor_cannot_undo_an_import_they_did_not_run(login, lab):
    record = applied_import(login("superuser"), lab.group)
    response = login("editor").post(reverse("admin:pubs_bibteximport_undo", args=[record.pk]))
    assert response.status_code == 403
    assert Paper.objects.filter(doi="10.1145/3600006.9999999").exists()


def test_an_editor_undoes_their_own_import(login, lab):
    client = login("editor")
    record = applied_import(client, lab.group)
    client.post(reverse("admin:pubs_bibteximport_undo", args=[record.pk]))
    assert not Paper.objects.filter(doi="10.1145/3600006.9999999").exists()


def test_a_preview_is_its_uploaders_alone(login, lab, their_hidden_paper):
    """A preview is planned in its uploader's scope (a large file's by a job, kept): another
    editor must not see a plan made with an admin's rights."""
    record = upload(login("superuser"), lab.group, ENTRY_WITH_ITS_DOI)
    url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
    response = login("editor").get(url)
    assert response.status_code == 404
    assert "A Secret Title" not in response.content.decode()
