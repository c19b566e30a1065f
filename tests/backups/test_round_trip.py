"""docs/backups.md: its dumpdata commands, loaded into an empty database, give the database
back as it was: every table, the history, logins and roles, and every paper's export."""

from __future__ import annotations

import io
import re
import shlex
from datetime import datetime
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.admin.models import LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as AuthGroup
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from people.models import Group, Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Paper
from tests.admin.test_paper_form import paper_form_data
from tests.exporting.helpers import empty_database, export_all
from tests.factories import PaperFactory, PersonFactory

pytestmark = pytest.mark.usefixtures("demo")

DOC = Path(__file__).resolve().parents[2] / "docs" / "backups.md"
#: Files the commands write, kept apart per test.
FILES = ("site.json", "data.json", "papers.bib")


def documented_commands() -> list[list[str]]:
    """The manage.py commands of the doc's shell blocks, as argument lists."""
    blocks = re.findall(r"```sh\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return [
        shlex.split(line)[2:]
        for block in blocks
        for line in block.splitlines()
        if line.startswith(".venv/bin/python manage.py ")
    ]


def run(command: list[str], folder: Path) -> str:
    args = [str(folder / arg) if arg in FILES else arg for arg in command]
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def tables() -> dict[str, list]:
    """Every row of the apps the backup holds (people, pubs with their history, logins)."""
    models = [
        *apps.get_app_config("people").get_models(),
        *apps.get_app_config("pubs").get_models(),
        Paper.tags.through,
        Paper.groups.through,
        Group.editors.through,
        get_user_model(),
        get_user_model().groups.through,
        LogEntry,
    ]
    return {model._meta.label: _rows(model) for model in models}


def _rows(model) -> list[tuple]:
    # A many-to-many table is saved as lists on one side: its rows come back with new ids.
    rows = model.objects.values_list()
    if model._meta.auto_created:
        rows = model.objects.values_list(
            *(f.attname for f in model._meta.concrete_fields if not f.primary_key)
        )
    return sorted((tuple(_to_millisecond(v) for v in row) for row in rows), key=repr)


def _to_millisecond(value):
    """dumpdata writes times to the millisecond (DjangoJSONEncoder)."""
    if isinstance(value, datetime):
        return value.replace(microsecond=value.microsecond // 1000 * 1000)
    return value


def roles() -> dict[str, set[str]]:
    return {
        group.name: set(group.permissions.values_list("codename", flat=True))
        for group in AuthGroup.objects.all()
    }


@pytest.fixture
def lived_in(admin_client, admin_user, django_user_model) -> None:
    """The demo after some use: roles and logins, admin edits, an import, deletions."""
    call_command("setup_roles", stdout=io.StringIO())
    editor = django_user_model.objects.create_user("editor", password="secret", is_staff=True)
    editor.groups.add(AuthGroup.objects.get(name="Group editor"))
    Group.objects.get(slug="ustc-int").editors.add(editor)
    Person.objects.filter(slug="jin-fang").update(user=editor)
    paper = Paper.objects.filter(authorships__isnull=False).first()
    authors = [
        {"id": a.pk, "person": a.person_id, "position": a.position}
        for a in paper.authorships.order_by("position")
    ]
    data = paper_form_data(paper, authors, title="Edited in the admin")
    assert (
        admin_client.post(reverse("admin:pubs_paper_change", args=[paper.pk]), data).status_code
        == 302
    )
    text = "@misc{b, title={Imported Before The Backup}, year=2025, author={Ada Lovelace}}"
    planned = bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True))
    bibtex_import_apply(planned=planned, file_name="refs.bib", user=admin_user, source="test")
    PaperFactory(title="Deleted before the backup").delete()  # history of rows now gone
    PersonFactory().delete()


def test_the_doc_backs_up_and_restores_with_dumpdata_and_loaddata():
    names = [command[0] for command in documented_commands()]
    assert names == [
        "dumpdata",
        "dumpdata",
        "export_bibtex",
        "migrate",
        "loaddata",
        "restore_sequences",
    ]


def test_loading_the_backup_into_an_empty_database_gives_it_back(lived_in, tmp_path):
    backup = documented_commands()[:3]
    before = tables()
    roles_before = roles()
    export_before = export_all()
    for command in backup:
        run(command, tmp_path)

    empty()
    assert not Paper.objects.exists() and not Paper.history.exists()

    restore(tmp_path)
    assert tables() == before
    assert roles() == roles_before
    assert export_all() == export_before


def test_the_bibtex_backup_is_the_public_export(lived_in, tmp_path):
    run(documented_commands()[2], tmp_path)
    text = (tmp_path / "papers.bib").read_text(encoding="utf-8")
    assert "Edited in the admin" in text
    assert text.count("@") >= Paper.objects.public().count()


def test_new_rows_can_be_added_after_a_restore(lived_in, tmp_path):
    for command in documented_commands()[:2]:
        run(command, tmp_path)
    empty()
    restore(tmp_path)
    paper = PaperFactory(title="After the restore")
    assert paper.history.count() == 1  # a new id, not that of a paper deleted before


def empty() -> None:
    """Empty the database as a new one is: no rows, and ids numbered from the start."""
    empty_database()
    for model in (LogEntry, get_user_model(), AuthGroup, *_history_models()):
        model.objects.all().delete()
    if connection.vendor == "sqlite":  # PostgreSQL: loaddata moves the sequences back
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM sqlite_sequence")


def restore(folder: Path) -> None:
    """The doc's restore commands after migrate (the test database is migrated)."""
    for command in documented_commands()[4:]:
        run(command, folder)


def _history_models():
    return [model for model in apps.get_models() if model.__name__.startswith("Historical")]
