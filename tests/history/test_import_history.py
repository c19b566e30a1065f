"""The history of what an import writes: the import records what it creates as a whole; the
papers it fills in get their history records with the importing user, and so does its undo."""

import pytest
from django.urls import reverse

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.history import BASELINE_REASON
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Authorship, BibtexImport, Paper, Venue

pytestmark = pytest.mark.django_db

BIBTEX = """@article{h2025, title = {Recorded Engines}, year = {2025},
  author = {Ada Lovelace and Charles Babbage}, journal = {Journal of Recorded Engines}}"""


def imported(text: str = BIBTEX, user=None) -> BibtexImport:
    planned = bibtex_import_plan(text=text, decisions=Decisions(create_venues=True))
    return bibtex_import_apply(planned=planned, file_name="refs.bib", user=user, source="test")


def test_what_an_import_creates_is_recorded_by_the_import_and_its_first_edit(admin_user):
    record = imported(user=admin_user)
    paper = Paper.objects.get(title="Recorded Engines")
    assert paper.pk in record.changes["papers"] and record.created_by == admin_user
    assert not paper.history.exists()  # its first recorded change records it as imported


def test_a_paper_filled_in_by_an_import_and_undone_has_both_changes_recorded(admin_user):
    imported("@misc{f, title={Filled Engines}, year=2025, author={Ada Lovelace}}")
    paper = Paper.objects.get(title="Filled Engines")
    record = imported(
        "@misc{f, title={Filled Engines}, year=2025, author={Ada Lovelace}, pages={1--10}}",
        user=admin_user,
    )
    assert record.counts["updated"] == 1
    baseline, filled = paper.history.order_by("history_date", "history_id")
    assert (baseline.pages, baseline.history_change_reason) == ("", BASELINE_REASON)
    assert (filled.history_type, filled.pages, filled.history_user) == ("~", "1--10", admin_user)
    bibtex_import_undo(record=record, user=admin_user)
    restored = paper.history.latest()
    assert (restored.history_type, restored.pages, restored.history_user) == ("~", "", admin_user)
    paper.refresh_from_db()
    assert paper.pages == ""


def test_undoing_an_import_in_the_admin_records_the_deleted_papers(admin_client):
    upload = admin_client.post(
        reverse("admin:pubs_bibteximport_upload"),
        {"text": "@misc{u, title={Undone}, year=2024, author={Ada Lovelace}}"},
    )
    admin_client.post(upload["Location"], {"confirm": "1"})
    paper = Paper.objects.get(title="Undone")
    record = paper.authorships.get()
    undo = reverse("admin:pubs_bibteximport_undo", args=[BibtexImport.objects.get().pk])
    assert admin_client.post(undo).status_code == 302
    assert not Paper.objects.filter(pk=paper.pk).exists()
    assert Paper.history.filter(id=paper.pk, history_type="-").exists()
    assert record.history.model.objects.filter(id=record.pk, history_type="-").exists()


def test_nothing_is_recorded_when_an_import_fails_after_writing(monkeypatch):
    def fail(paper_ids):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr("pubs.imports.apply.search_text_refresh", fail)
    with pytest.raises(RuntimeError):
        imported()
    assert not Paper.objects.exists() and not Person.objects.filter(family_name="Babbage").exists()
    assert not Paper.history.exists() and not Authorship.history.exists()
    assert not Venue.history.filter(name="Journal of Recorded Engines").exists()
