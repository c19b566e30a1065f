"""The import page in the admin: upload or paste, preview with choices, confirm, undo."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from people.models import Person
from pubs.models import BibtexImport, Paper

pytestmark = pytest.mark.usefixtures("catalogue")

AMBIGUOUS = """@inproceedings{amb2025,
  title = {Who Is J. Fang},
  author = {J. Fang and Ada Lovelace and Gongmin Zhao},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""


def upload(client, text: str | None = None, file: bytes | None = None, **extra):
    data = {"text": text or "", **extra}
    if file is not None:
        data["file"] = SimpleUploadedFile("refs.bib", file)
    return client.post(reverse("admin:pubs_bibteximport_upload"), data)


def preview_url(response) -> str:
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def test_the_upload_page_opens(admin_client):
    response = admin_client.get(reverse("admin:pubs_bibteximport_upload"))
    assert response.status_code == 200
    assert b'name="file"' in response.content and b'name="text"' in response.content


def test_the_paper_list_links_to_the_import(admin_client):
    response = admin_client.get(reverse("admin:pubs_paper_changelist"))
    assert reverse("admin:pubs_bibteximport_upload").encode() in response.content


def test_the_preview_shows_each_entry_author_and_venue(admin_client):
    response = admin_client.get(preview_url(upload(admin_client, AMBIGUOUS)))
    html = response.content.decode()
    assert "Who Is J. Fang" in html
    assert 'name="author:amb2025#1"' in html  # ambiguous: a choice
    assert "J. Fang could be" in html
    assert 'name="author:amb2025#3"' in html  # a suggestion: a choice
    assert "Gongming Zhao (gongming-zhao)" in html
    assert 'name="venue:Workshop on Odd Things"' in html
    assert "ambiguous author names need a choice: J. Fang" in html
    assert not Paper.objects.filter(title="Who Is J. Fang").exists()


def test_importing_with_choices_creates_the_paper_as_chosen(admin_client):
    url = preview_url(upload(admin_client, AMBIGUOUS))
    jiarui = Person.objects.get(slug="jiarui-fang")
    gongming = Person.objects.get(slug="gongming-zhao")
    response = admin_client.post(
        url,
        {
            "author:amb2025#1": jiarui.pk,
            "author:amb2025#3": gongming.pk,
            "venue:Workshop on Odd Things": "new",
            "confirm": "Import",
        },
    )
    assert response.status_code == 302
    paper = Paper.objects.get(title="Who Is J. Fang")
    people = [a.person for a in paper.authorships.order_by("position")]
    assert people[0] == jiarui and people[2] == gongming
    assert paper.venue.name == "Workshop on Odd Things"
    record = BibtexImport.objects.get()
    assert record.status == "applied" and record.created_by.username == "admin"
    assert len(record.sha256) == 64 and record.counts["created"] == 1


def test_confirming_a_preview_keeps_its_text_without_writing_it_again(admin_client):
    url = preview_url(upload(admin_client, AMBIGUOUS))
    uploaded = BibtexImport.objects.get().text
    choices = {
        "author:amb2025#1": "new",
        "author:amb2025#3": "new",
        "venue:Workshop on Odd Things": "new",
    }
    statements = []  # as sent, with placeholders for the values

    def keep(execute, sql, params, many, context):
        statements.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(keep):
        admin_client.post(url, {**choices, "confirm": "Import"})
    sets = [sql.partition(" SET ")[2] for sql in statements if 'pubs_bibteximport" SET' in sql]
    assert any('"status" = %s' in columns for columns in sets)
    assert not any('"text" = %s' in columns for columns in sets)
    record = BibtexImport.objects.get()
    assert record.status == "applied" and record.text == uploaded


def test_importing_without_the_choices_writes_nothing(admin_client):
    url = preview_url(upload(admin_client, AMBIGUOUS))
    response = admin_client.post(url, {"confirm": "Import"})
    assert response.status_code == 200
    assert "Nothing was imported" in response.content.decode()
    assert not Paper.objects.filter(title="Who Is J. Fang").exists()


def test_updating_the_preview_keeps_the_choices(admin_client):
    url = preview_url(upload(admin_client, AMBIGUOUS))
    jin = Person.objects.get(slug="jin-fang")
    response = admin_client.post(url, {"author:amb2025#1": jin.pk, "update": "1"})
    html = response.content.decode()
    assert re.search(rf'<option value="{jin.pk}" selected>', html)
    assert "ambiguous author names" not in html


def test_an_uploaded_file_is_read(admin_client):
    url = preview_url(upload(admin_client, file=AMBIGUOUS.encode("utf-8")))
    assert "Who Is J. Fang" in admin_client.get(url).content.decode()
    assert BibtexImport.objects.get().file_name == "refs.bib"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "Upload a .bib file or paste BibTeX."),
        ({"file": b"\x00\x01binary\x00"}, "not a text file"),
        ({"text": "x", "file": b"@misc{a, title={T}, year=1}"}, "not both"),
    ],
)
def test_bad_uploads_are_refused_with_a_message(admin_client, kwargs, message):
    response = upload(admin_client, **kwargs)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not BibtexImport.objects.exists()


def test_an_oversize_file_is_refused(admin_client, settings):
    settings.IMPORT_MAX_BYTES = 100
    response = upload(admin_client, file=b"@misc{a, title={T}, year=2024}\n" * 10)
    assert "the limit is" in response.content.decode()


def test_a_malformed_entry_is_shown_with_its_line(admin_client):
    url = preview_url(
        upload(admin_client, "@article{ok, title={Fine}, year=2024}\n@article{bad, year=2024}")
    )
    html = admin_client.get(url).content.decode()
    assert "line 2, entry bad: it has no title" in html


def test_undo_from_the_admin(admin_client):
    url = preview_url(
        upload(admin_client, "@misc{u, title={To Be Undone}, year=2024, author={Ada Lovelace}}")
    )
    admin_client.post(url, {"confirm": "Import"})
    record = BibtexImport.objects.get()
    undo = reverse("admin:pubs_bibteximport_undo", args=[record.pk])
    assert (
        "Undo this import"
        in admin_client.get(
            reverse("admin:pubs_bibteximport_change", args=[record.pk])
        ).content.decode()
    )
    assert admin_client.get(undo).status_code == 200
    admin_client.post(undo)
    record.refresh_from_db()
    assert record.status == "undone" and record.undone_by.username == "admin"
    assert not Paper.objects.filter(title="To Be Undone").exists()


def test_anonymous_users_cannot_import(client):
    response = client.get(reverse("admin:pubs_bibteximport_upload"))
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_staff_without_the_permission_cannot_import(client, django_user_model):
    user = django_user_model.objects.create_user("viewer", password="pw-123456!", is_staff=True)
    client.force_login(user)
    assert client.get(reverse("admin:pubs_bibteximport_upload")).status_code == 403


def test_papers_with_authors_to_review_can_be_listed(admin_client):
    url = preview_url(upload(admin_client, AMBIGUOUS))
    admin_client.post(url, {"allow_ambiguous": "on", "update": "1"})
    admin_client.post(
        url,
        {
            "allow_ambiguous": "on",
            "author:amb2025#3": "new",
            "venue:Workshop on Odd Things": "-",
            "confirm": "Import",
        },
    )
    response = admin_client.get(reverse("admin:pubs_paper_changelist"), {"review": "yes"})
    assert [p.title for p in response.context["cl"].result_list] == ["Who Is J. Fang"]
