"""An import shows its work: its record links to the papers it created or changed, and a
paper's History lists the imports that created or changed it, and their undo."""

import pytest
from django.urls import reverse

from pubs.models import BibtexImport, Paper
from tests.importing.test_admin_import import preview_url, upload

pytestmark = pytest.mark.usefixtures("catalogue")

FIRST = """@inproceedings{hist2025,
  title = {A Paper With A History},
  author = {Ada Lovelace},
  booktitle = {ICNP'25},
  year = {2025}
}
"""
FILLED_IN = FIRST.replace("year = {2025}", "year = {2025},\n  doi = {10.1000/history.2025}")


def import_bib(client, text: str) -> BibtexImport:
    url = preview_url(upload(client, text))
    client.post(url, {"confirm": "Import"})
    return BibtexImport.objects.order_by("-pk").first()


def history_of(client, paper: Paper) -> str:
    response = client.get(reverse("admin:pubs_paper_history", args=[paper.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_import_record_links_to_the_papers_it_created(admin_client):
    record = import_bib(admin_client, FIRST)
    paper = Paper.objects.get(title="A Paper With A History")
    page = admin_client.get(reverse("admin:pubs_bibteximport_change", args=[record.pk]))
    assert reverse("admin:pubs_paper_change", args=[paper.pk]) in page.content.decode()
    assert "Created 1 paper:" in page.content.decode()


def test_the_import_record_links_to_the_papers_it_changed(admin_client):
    import_bib(admin_client, FIRST)
    record = import_bib(admin_client, FILLED_IN)
    paper = Paper.objects.get(title="A Paper With A History")
    html = admin_client.get(reverse("admin:pubs_bibteximport_change", args=[record.pk])).text
    assert "Changed 1 paper:" in html
    assert reverse("admin:pubs_paper_change", args=[paper.pk]) in html


def test_the_history_of_an_imported_paper_shows_its_import(admin_client):
    record = import_bib(admin_client, FIRST)
    html = history_of(admin_client, Paper.objects.get(title="A Paper With A History"))
    assert "created by the import" in html
    assert reverse("admin:pubs_bibteximport_change", args=[record.pk]) in html


def test_the_history_shows_an_import_that_filled_in_the_paper_and_its_undo(admin_client):
    import_bib(admin_client, FIRST)
    record = import_bib(admin_client, FILLED_IN)
    admin_client.post(reverse("admin:pubs_bibteximport_undo", args=[record.pk]))
    html = history_of(admin_client, Paper.objects.get(title="A Paper With A History"))
    assert html.count("pasted.bib") >= 3  # created, filled in, undone
    assert "changed by the import" in html
    assert "import undone" in html


def test_a_paper_no_import_touched_says_so(admin_client):
    paper = Paper.objects.order_by("pk").first()
    assert "No import has created or changed this paper." in history_of(admin_client, paper)


def test_the_history_of_an_imported_paper_is_in_chinese_for_a_chinese_browser(admin_client):
    import_bib(admin_client, FIRST)
    paper = Paper.objects.get(title="A Paper With A History")
    url = reverse("admin:pubs_paper_history", args=[paper.pk])
    html = admin_client.get(url, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert "由此次导入创建" in html
