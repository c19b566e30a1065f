"""Roles × actions, in one table: what each role may do in the admin, on what is theirs and on
what is another group's.

"Their group" is group A of the lab (tests/roles/conftest.py): the editor edits it, the member
belongs to it and authored its paper "Own paper". "Another group" is group B, with its paper
"Other paper" and its member "the stranger". Each action is judged by its effect on the
database (or, for reading, on what the response shows), never by the status code alone; an
action refused changes nothing of the database.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from people.models import Membership, Person, Role
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import BibtexImport, Paper, Venue
from pubs.permissions import Scope, scope_for
from tests import sample_files
from tests.admin.test_paper_form import paper_form_data
from tests.database_state import snapshot
from tests.factories import MembershipFactory, PersonFactory, VenueFactory, paper_with_authors
from tests.roles.forms import authors_data, change_url, profile_data

ROLES = ("superuser", "editor", "member", "anonymous")
Y, N = True, False

#: Each action, and whether it is allowed to (superuser, group editor, member, anonymous).
TABLE: dict[str, tuple[bool, bool, bool, bool]] = {
    # papers
    "view a paper of their group": (Y, Y, Y, N),
    "view another group's paper": (Y, N, N, N),
    "add a paper to their group": (Y, Y, Y, N),
    "add a paper to another group": (Y, N, N, N),
    "change a paper of their group": (Y, Y, Y, N),
    "change another group's paper": (Y, N, N, N),
    "delete a paper of their group": (Y, Y, N, N),
    "delete another group's paper": (Y, N, N, N),
    "export a paper of their group": (Y, Y, Y, N),
    "export another group's paper": (Y, N, N, N),
    # papers its members wrote, given no group
    "view a paper their group's member wrote, given no group": (Y, Y, N, N),
    "view a paper another group's member wrote, given no group": (Y, N, N, N),
    "change a paper their group's member wrote, given no group": (Y, Y, N, N),
    "change a paper another group's member wrote, given no group": (Y, N, N, N),
    # uploads (the file of a paper's link)
    "upload a file to a paper of their group": (Y, Y, Y, N),
    "upload a file to another group's paper": (Y, N, N, N),
    # history
    "read the history of a paper of their group": (Y, Y, Y, N),
    "read the history of another group's paper": (Y, N, N, N),
    "revert another group's paper through its history": (Y, N, N, N),
    # imports: preview and confirm
    "import into their group": (Y, Y, N, N),
    "import into another group": (Y, N, N, N),
    "preview an entry naming another group's hidden paper": (Y, N, N, N),
    "confirm an entry that fills in a paper of their group": (Y, Y, N, N),
    "confirm an entry that fills in another group's paper": (Y, N, N, N),
    "import a paper they author, without a group": (Y, N, Y, N),
    "import a paper they did not author, without a group": (Y, N, N, N),
    "publish a paper a member of their group imported": (Y, Y, N, N),
    "publish a paper a member of another group imported": (Y, N, N, N),
    # undo
    "undo an import the group's editor ran": (Y, Y, N, N),
    "undo an import an admin ran for their group": (Y, N, N, N),
    # merges
    "merge two people of their group": (Y, Y, N, N),
    "merge two people of another group": (Y, N, N, N),
    # memberships
    "add someone of no group to their group": (Y, Y, N, N),
    "edit another group's member by adding them to their group": (Y, N, N, N),
    "confirm a request to add a member of their group elsewhere": (Y, Y, Y, N),
    "confirm a request to add another group's member": (Y, N, N, N),
    "read the private email of a member of their group": (Y, Y, N, N),
    "read the private email of another group's member": (Y, N, N, N),
    # venue aliases
    "change a venue's aliases": (Y, N, N, N),
    "give a venue an alias through an import choice": (Y, N, N, N),
    # autocompletes
    "look up a paper of their group": (Y, Y, Y, N),
    "look up another group's paper": (Y, N, N, N),
    "look up people to name as authors": (Y, Y, Y, N),
    "look up login accounts": (Y, N, N, N),
}

DOI = "10.1145/3600006.3613139"
ENTRY = f"""@inproceedings{{entry2024,
  title = {{An Entry of the File}},
  author = {{Ada Lovelace}},
  booktitle = {{Proceedings of Something}},
  year = {{2024}},
  doi = {{{DOI}}},
  abstract = {{An abstract from the file.}}
}}
"""


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def ours(lab, target: str):
    return (lab.own_paper, lab.group) if target == "own" else (lab.other_paper, lab.other_group)


# -- papers ------------------------------------------------------------------------------------


def view(client, lab, target: str, ready) -> bool:
    ready()
    paper, _group = ours(lab, target)
    response = client.get(change_url(paper))
    return response.status_code == 200 and paper.title in response.content.decode()


def add(client, lab, target: str, ready) -> bool:
    ready()
    _paper, group = ours(lab, target)
    author = lab.member_person.pk
    data = paper_form_data(
        title="Added", slug="added", authors=[{"person": author}], groups=[group.pk]
    )
    client.post(reverse("admin:pubs_paper_add"), data)
    return Paper.objects.filter(slug="added", groups=group).exists()


def change(client, lab, target: str, ready) -> bool:
    ready()
    paper, group = ours(lab, target)
    data = paper_form_data(paper, authors_data(paper), title="Changed", groups=[group.pk])
    client.post(change_url(paper), data)
    paper.refresh_from_db()
    return paper.title == "Changed"


def delete(client, lab, target: str, ready) -> bool:
    ready()
    paper, _group = ours(lab, target)
    client.post(reverse("admin:pubs_paper_delete", args=[paper.pk]), {"post": "yes"})
    return not Paper.objects.filter(pk=paper.pk).exists()


def export(client, lab, target: str, ready) -> bool:
    ready()
    paper, _group = ours(lab, target)
    response = client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "export_bibtex", "_selected_action": [paper.pk]},
    )
    return response.status_code == 200 and paper.title in response.content.decode()


def upload(client, lab, target: str, ready) -> bool:
    ready()
    paper, group = ours(lab, target)
    data = paper_form_data(paper, authors_data(paper), groups=[group.pk])
    data.update(
        {
            "links-TOTAL_FORMS": "1",
            "links-0-paper": paper.pk,
            "links-0-kind": "pdf",
            "links-0-file": SimpleUploadedFile("paper.pdf", sample_files.PDF),
        }
    )
    client.post(change_url(paper), data)
    return paper.links.exclude(file="").exists()


def without_group(lab, target: str) -> Paper:
    """A paper the colleague (group A) or the stranger (group B) wrote, given no group."""
    author = lab.colleague if target == "own" else lab.stranger
    return paper_with_authors(author, title="Given No Group")


def view_ungrouped(client, lab, target: str, ready) -> bool:
    paper = without_group(lab, target)
    ready()
    response = client.get(change_url(paper))
    return response.status_code == 200 and paper.title in response.content.decode()


def change_ungrouped(client, lab, target: str, ready) -> bool:
    paper = without_group(lab, target)
    ready()
    client.post(change_url(paper), paper_form_data(paper, authors_data(paper), title="Changed"))
    paper.refresh_from_db()
    return paper.title == "Changed"


# -- history -----------------------------------------------------------------------------------


def history(client, lab, target: str, ready) -> bool:
    ready()
    paper, _group = ours(lab, target)
    response = client.get(reverse("admin:pubs_paper_history", args=[paper.pk]))
    return response.status_code == 200 and paper.title in response.content.decode()


def revert(client, lab, target: str, ready) -> bool:
    paper = lab.other_paper
    original = paper.history.earliest()
    paper.title = "Renamed since"
    paper.save()
    ready()
    url = reverse("admin:pubs_paper_simple_history", args=[paper.pk, original.history_id])
    data = paper_form_data(
        paper, authors_data(paper), title="Other paper", groups=[lab.other_group.pk]
    )
    client.post(url, data)
    paper.refresh_from_db()
    return paper.title == "Other paper"


# -- imports and undo --------------------------------------------------------------------------


def upload_bibtex(client, group, text: str = ENTRY) -> BibtexImport | None:
    client.post(reverse("admin:pubs_bibteximport_upload"), {"text": text, "group": group.pk})
    return BibtexImport.objects.filter(status="preview").order_by("pk").last()


def confirm_import(client, record: BibtexImport | None, **choices) -> None:
    if record is not None:
        url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
        client.post(url, {"confirm": "1", **choices})


def import_(client, lab, target: str, ready) -> bool:
    ready()
    _paper, group = ours(lab, target)
    confirm_import(client, upload_bibtex(client, group))
    return Paper.objects.filter(title="An Entry of the File", groups=group).exists()


def entry_by(person: Person) -> str:
    return f"""@inproceedings{{own2024,
  title = {{A Paper of Their Own}},
  author = {{{person.given_name} {person.family_name} and Grace Hopper}},
  booktitle = {{Proceedings of Something}},
  year = {{2024}}
}}
"""


def import_without_group(client, lab, target: str, ready) -> bool:
    """A file of one entry, by the member (``own``: every role imports the member's file, as
    if it were theirs; only the member is its author) or by the stranger, given no group."""
    author = lab.member_person if target == "own" else lab.stranger
    ready()
    client.post(reverse("admin:pubs_bibteximport_upload"), {"text": entry_by(author)})
    record = BibtexImport.objects.filter(status="preview").order_by("pk").last()
    confirm_import(client, record)
    return Paper.objects.filter(title="A Paper of Their Own").exists()


def publish(client, lab, target: str, ready) -> bool:
    """Publish a paper a member's import created (hidden, given no group)."""
    author = lab.member_person if target == "own" else lab.stranger
    planned = bibtex_import_plan(text=entry_by(author), scope=Scope(person_id=author.pk))
    applied = bibtex_import_apply(planned=planned, file_name="own.bib", user=author.user)
    paper = Paper.objects.get(pk__in=applied.changes["papers"])
    ready()
    client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "make_public", "_selected_action": [paper.pk]},
    )
    return Paper.objects.filter(pk=paper.pk, is_public=True).exists()


def with_doi(paper: Paper, *, hidden: bool = False) -> Paper:
    """``paper`` made the work ENTRY names: its DOI and title."""
    paper.doi, paper.title = DOI, "An Entry of the File"
    paper.is_public = not hidden
    paper.save()
    return paper


def preview_hidden(client, lab, target: str, ready) -> bool:
    paper = with_doi(lab.other_paper, hidden=True)
    paper.abstract = "An abstract only its group reads"
    paper.save()
    ready()
    record = upload_bibtex(client, lab.group)
    if record is None:
        return False
    page = client.get(reverse("admin:pubs_bibteximport_preview", args=[record.pk])).content
    return paper.abstract in page.decode() or paper.get_absolute_url() in page.decode()


def fill_in(client, lab, target: str, ready) -> bool:
    paper = with_doi(ours(lab, target)[0])
    ready()
    confirm_import(client, upload_bibtex(client, lab.group))
    paper.refresh_from_db()
    return paper.abstract == "An abstract from the file."


def applied_import(lab, user) -> BibtexImport:
    planned = bibtex_import_plan(text=ENTRY, scope=scope_for(user))
    return bibtex_import_apply(planned=planned, file_name="a.bib", user=user, group=lab.group)


def undo(client, lab, target: str, ready) -> bool:
    record = applied_import(lab, lab.editor if target == "own" else lab.superuser)
    ready()
    client.post(reverse("admin:pubs_bibteximport_undo", args=[record.pk]))
    return not Paper.objects.filter(doi=DOI).exists()


# -- people and memberships --------------------------------------------------------------------


def merge(client, lab, target: str, ready) -> bool:
    group = lab.group if target == "own" else lab.other_group
    first, second = PersonFactory(), PersonFactory()
    for person in (first, second):
        MembershipFactory(person=person, group=group)
    ready()
    client.post(
        reverse("admin:people_person_changelist"),
        {
            "action": "merge_people",
            "_selected_action": [first.pk, second.pk],
            "into": first.pk,
            "post": "yes",
        },
    )
    return not Person.objects.filter(pk=second.pk).exists()


def add_membership(client, person: Person, group) -> None:
    data = {"person": person.pk, "group": group.pk, "role": Role.PHD, "confirmed": "on"}
    client.post(reverse("admin:people_membership_add"), data)


def add_member(client, lab, target: str, ready) -> bool:
    newcomer = PersonFactory()
    ready()
    add_membership(client, newcomer, lab.group)
    return newcomer.memberships.filter(group=lab.group, confirmed=True).exists()


def edit_through_membership(client, lab, target: str, ready) -> bool:
    stranger = lab.stranger
    ready()
    add_membership(client, stranger, lab.group)
    client.post(change_url(stranger), profile_data(stranger, bio="Edited by group A."))
    stranger.refresh_from_db()
    return stranger.bio == "Edited by group A."


def confirm_request(client, lab, target: str, ready) -> bool:
    if target == "own":  # group B asks for the member of group A
        request = MembershipFactory(person=lab.member_person, group=lab.other_group)
    else:  # group A asks for the stranger of group B
        request = MembershipFactory(person=lab.stranger, group=lab.group)
    Membership.objects.filter(pk=request.pk).update(confirmed=False)
    ready()
    client.post(
        reverse("admin:people_membership_changelist"),
        {"action": "confirm_requests", "_selected_action": [request.pk], "post": "yes"},
    )
    return Membership.objects.get(pk=request.pk).confirmed


def private_email(client, lab, target: str, ready) -> bool:
    person = lab.colleague if target == "own" else lab.stranger
    person.email = "private@example.org"
    person.save()
    ready()
    response = client.get(change_url(person))
    return "private@example.org" in response.content.decode()


# -- venue aliases -----------------------------------------------------------------------------


def venue_aliases(client, lab, target: str, ready) -> bool:
    ready()
    venue = lab.own_paper.venue
    data = {
        "abbreviation": venue.abbreviation,
        "name": venue.name,
        "kind": venue.kind,
        "slug": venue.slug,
        "aliases": "Another Name",
        "ranks-TOTAL_FORMS": 0,
        "ranks-INITIAL_FORMS": 0,
    }
    client.post(change_url(venue), data)
    return "Another Name" in Venue.objects.get(pk=venue.pk).aliases


def alias_through_import(client, lab, target: str, ready) -> bool:
    """An entry for their paper as it is, whose printed venue they say is another venue."""
    venue = VenueFactory(abbreviation="SOSP", name="Symposium on Operating Systems Principles")
    paper = with_doi(lab.own_paper)
    paper.container_title = "Proceedings of Something"
    paper.save()
    ready()
    text = ENTRY.replace("  abstract = {An abstract from the file.}\n", "")
    record = upload_bibtex(client, lab.group, text)
    confirm_import(client, record, **{"venue:Proceedings of Something": venue.slug})
    return "Proceedings of Something" in Venue.objects.get(pk=venue.pk).aliases


# -- autocompletes -----------------------------------------------------------------------------


def autocomplete(client, model_name: str, field_name: str, term: str) -> str:
    response = client.get(
        reverse("admin:autocomplete"),
        {
            "app_label": "pubs" if model_name != "person" else "people",
            "model_name": model_name,
            "field_name": field_name,
            "term": term,
        },
    )
    return response.content.decode() if response.status_code == 200 else ""


def look_up_paper(client, lab, target: str, ready) -> bool:
    ready()
    paper, _group = ours(lab, target)
    return paper.title in autocomplete(client, "authorship", "paper", paper.title)


def look_up_people(client, lab, target: str, ready) -> bool:
    ready()
    return lab.stranger.family_name in autocomplete(
        client, "authorship", "person", lab.stranger.family_name
    )


def look_up_accounts(client, lab, target: str, ready) -> bool:
    ready()
    return '"editor"' in autocomplete(client, "person", "user", "editor")


#: How each action is done: the function, and its target ("own": theirs; "other": not).
PERFORM = {
    "view a paper of their group": (view, "own"),
    "view another group's paper": (view, "other"),
    "add a paper to their group": (add, "own"),
    "add a paper to another group": (add, "other"),
    "change a paper of their group": (change, "own"),
    "change another group's paper": (change, "other"),
    "delete a paper of their group": (delete, "own"),
    "delete another group's paper": (delete, "other"),
    "export a paper of their group": (export, "own"),
    "export another group's paper": (export, "other"),
    "view a paper their group's member wrote, given no group": (view_ungrouped, "own"),
    "view a paper another group's member wrote, given no group": (view_ungrouped, "other"),
    "change a paper their group's member wrote, given no group": (change_ungrouped, "own"),
    "change a paper another group's member wrote, given no group": (change_ungrouped, "other"),
    "upload a file to a paper of their group": (upload, "own"),
    "upload a file to another group's paper": (upload, "other"),
    "read the history of a paper of their group": (history, "own"),
    "read the history of another group's paper": (history, "other"),
    "revert another group's paper through its history": (revert, "other"),
    "import into their group": (import_, "own"),
    "import into another group": (import_, "other"),
    "preview an entry naming another group's hidden paper": (preview_hidden, "other"),
    "confirm an entry that fills in a paper of their group": (fill_in, "own"),
    "confirm an entry that fills in another group's paper": (fill_in, "other"),
    "import a paper they author, without a group": (import_without_group, "own"),
    "import a paper they did not author, without a group": (import_without_group, "other"),
    "publish a paper a member of their group imported": (publish, "own"),
    "publish a paper a member of another group imported": (publish, "other"),
    "undo an import the group's editor ran": (undo, "own"),
    "undo an import an admin ran for their group": (undo, "other"),
    "merge two people of their group": (merge, "own"),
    "merge two people of another group": (merge, "other"),
    "add someone of no group to their group": (add_member, "own"),
    "edit another group's member by adding them to their group": (
        edit_through_membership,
        "other",
    ),
    "confirm a request to add a member of their group elsewhere": (confirm_request, "own"),
    "confirm a request to add another group's member": (confirm_request, "other"),
    "read the private email of a member of their group": (private_email, "own"),
    "read the private email of another group's member": (private_email, "other"),
    "change a venue's aliases": (venue_aliases, "other"),
    "give a venue an alias through an import choice": (alias_through_import, "other"),
    "look up a paper of their group": (look_up_paper, "own"),
    "look up another group's paper": (look_up_paper, "other"),
    "look up people to name as authors": (look_up_people, "other"),
    "look up login accounts": (look_up_accounts, "other"),
}

CASES = [
    pytest.param(role, action, TABLE[action][index], id=f"{role}: {action}")
    for action in TABLE
    for index, role in enumerate(ROLES)
]


def state() -> dict[str, list]:
    """What the database holds, requests for a membership aside (they give nothing)."""
    rows = snapshot()
    rows["Membership"] = sorted(Membership.objects.confirmed().values_list(), key=repr)
    return rows


@pytest.mark.parametrize(("role", "action", "allowed"), CASES)
def test_each_role_may_do_what_the_table_says_and_a_refusal_changes_nothing(
    login, lab, role, action, allowed
):
    client = login(role)
    perform, target = PERFORM[action]
    before = {}
    assert perform(client, lab, target, ready=lambda: before.update(state())) is allowed
    assert before, "the action said when it was ready"
    if not allowed:
        assert state() == before


def test_the_table_says_how_each_action_is_done():
    assert set(PERFORM) == set(TABLE)


def test_anonymous_visitors_read_the_public_pages(client, lab):
    response = client.get("/publications/")
    assert response.status_code == 200
    assert "Own paper" in response.content.decode()
    export = client.get("/publications/export.bib")
    assert export.status_code == 200 and "Own paper" in export.content.decode()
