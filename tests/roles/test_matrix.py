"""Roles × actions: what the admin allows each role on a paper of its own group ("own") and
on a paper of another group ("other").

"own" is, for the member, a paper they authored; for the group editor, a paper of the group
they edit. Adding and importing are for the role's group ("own") or another group ("other").
Each action is judged by its effect on the database (or, for view and export, on what the
response shows), never by the status code alone.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from pubs.models import BibtexImport, Paper
from tests.admin.test_paper_form import paper_form_data

ROLES = ("superuser", "editor", "member", "anonymous")
ACTIONS = ("view", "add", "change", "delete", "import", "export")

#: (role, action) → (allowed on its own, allowed on another group's)
EXPECTED = {
    ("superuser", "view"): (True, True),
    ("superuser", "add"): (True, True),
    ("superuser", "change"): (True, True),
    ("superuser", "delete"): (True, True),
    ("superuser", "import"): (True, True),
    ("superuser", "export"): (True, True),
    ("editor", "view"): (True, False),
    ("editor", "add"): (True, False),
    ("editor", "change"): (True, False),
    ("editor", "delete"): (True, False),
    ("editor", "import"): (True, False),
    ("editor", "export"): (True, False),
    ("member", "view"): (True, False),
    ("member", "add"): (True, False),
    ("member", "change"): (True, False),
    ("member", "delete"): (False, False),
    ("member", "import"): (False, False),
    ("member", "export"): (True, False),
    ("anonymous", "view"): (False, False),
    ("anonymous", "add"): (False, False),
    ("anonymous", "change"): (False, False),
    ("anonymous", "delete"): (False, False),
    ("anonymous", "import"): (False, False),
    ("anonymous", "export"): (False, False),
}
CASES = [
    pytest.param(role, action, target, EXPECTED[role, action][target == "other"])
    for role in ROLES
    for action in ACTIONS
    for target in ("own", "other")
]


def authors_data(paper: Paper) -> list[dict]:
    return [
        {"id": a.pk, "person": a.person_id, "position": a.position}
        for a in paper.authorships.order_by("position")
    ]


def view(client, lab, target: str) -> bool:
    paper = lab.own_paper if target == "own" else lab.other_paper
    response = client.get(reverse("admin:pubs_paper_change", args=[paper.pk]))
    return response.status_code == 200 and paper.title in response.content.decode()


def add(client, lab, target: str) -> bool:
    group = lab.group if target == "own" else lab.other_group
    author = lab.member_person.pk
    data = paper_form_data(
        title="Added", slug="added", authors=[{"person": author}], groups=[group.pk]
    )
    client.post(reverse("admin:pubs_paper_add"), data)
    return Paper.objects.filter(slug="added", groups=group).exists()


def change(client, lab, target: str) -> bool:
    paper = lab.own_paper if target == "own" else lab.other_paper
    group = lab.group if target == "own" else lab.other_group
    data = paper_form_data(paper, authors_data(paper), title="Changed", groups=[group.pk])
    client.post(reverse("admin:pubs_paper_change", args=[paper.pk]), data)
    paper.refresh_from_db()
    return paper.title == "Changed"


def delete(client, lab, target: str) -> bool:
    paper = lab.own_paper if target == "own" else lab.other_paper
    client.post(reverse("admin:pubs_paper_delete", args=[paper.pk]), {"post": "yes"})
    return not Paper.objects.filter(pk=paper.pk).exists()


def import_(client, lab, target: str) -> bool:
    group = lab.group if target == "own" else lab.other_group
    text = "@misc{imp, title={Imported Here}, year=2024, author={Ada Lovelace}}"
    response = client.post(
        reverse("admin:pubs_bibteximport_upload"), {"text": text, "group": group.pk}
    )
    record = BibtexImport.objects.filter(file_name="pasted.bib").first()
    if response.status_code != 302 or record is None:
        return False
    client.post(reverse("admin:pubs_bibteximport_preview", args=[record.pk]), {"confirm": "1"})
    return Paper.objects.filter(title="Imported Here", groups=group).exists()


def export(client, lab, target: str) -> bool:
    paper = lab.own_paper if target == "own" else lab.other_paper
    response = client.post(
        reverse("admin:pubs_paper_changelist"),
        {"action": "export_bibtex", "_selected_action": [paper.pk]},
    )
    return response.status_code == 200 and paper.title in response.content.decode()


PERFORM = {
    "view": view,
    "add": add,
    "change": change,
    "delete": delete,
    "import": import_,
    "export": export,
}


@pytest.mark.parametrize(("role", "action", "target", "allowed"), CASES)
def test_role_may_or_may_not_perform_action(login, lab, role, action, target, allowed):
    client = login(role)
    assert PERFORM[action](client, lab, target) is allowed


def test_the_matrix_covers_every_role_and_action():
    assert set(EXPECTED) == {(role, action) for role in ROLES for action in ACTIONS}


def test_anonymous_visitors_read_the_public_pages(client, lab):
    response = client.get("/publications/")
    assert response.status_code == 200
    assert "Own paper" in response.content.decode()
    export = client.get("/publications/export.bib")
    assert export.status_code == 200 and "Own paper" in export.content.decode()
