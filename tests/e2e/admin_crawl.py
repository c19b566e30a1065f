"""Every admin page a lab uses, visited in a browser: the admin's index, the list, the add
form and the first record's change form of every model it registers, each import job's
progress page (a job in every state), an open picker, a form showing its errors and the
import preview of a file. The accessibility test and the layout test walk the same pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from django.contrib import admin
from django.contrib.auth import get_user_model
from django.urls import reverse

from people.models import Consent, Person
from pubs.models import Authorship, BibtexImport, ImportJob, JobStage, Paper

PASSWORD = "a-long-pass-phrase"
#: The stages of a job whose progress page shows (a planned job's page is the import preview,
#: a done one's the import's record).
PROGRESS_STAGES = [
    JobStage.QUEUED,
    JobStage.FETCHING,
    JobStage.PLANNING,
    JobStage.APPLYING,
    JobStage.FAILED,
    JobStage.CANCELLED,
]
BIB = """@inproceedings{odd2025,
  title = {A Paper At An Odd Workshop},
  author = {Jiarui Fang and Ada Lovelace},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""


def add_admin_and_jobs() -> None:
    """A superuser, an import job in each stage whose progress page shows, and a paper's
    author waiting for acceptance (the index and "Waiting for you" list it)."""
    get_user_model().objects.create_superuser("labadmin", "", PASSWORD)
    for stage in PROGRESS_STAGES:
        record = BibtexImport.objects.create(
            file_name=f"{stage}.bib", sha256="0" * 64, status="pending"
        )
        ImportJob.objects.create(
            record=record,
            stage=stage,
            action="plan",
            progress={"done": 3, "total": 10},
            message="Crossref did not answer" if stage == JobStage.FAILED else "",
        )
    first = Authorship.objects.order_by("pk").values("pk")[:1]
    Authorship.objects.filter(pk__in=first).update(consent=Consent.REQUESTED)


def log_in(page, site: str) -> None:
    page.goto(f"{site}/admin/login/?next=/admin/")
    page.fill("#id_username", "labadmin")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_selector("#content-main")


def admin_pages() -> dict[str, str]:
    """The admin's index, and the list, the add form and the first record's change form of
    every model it registers (where there is a record); each job's progress page; the pages
    of its own a lab uses: the upload of a file, the addition of papers by identifier, the
    password change, a person's login and roles, a paper's history."""
    pages = {"index": "/admin/"}
    for model in admin.site._registry:
        meta = model._meta
        base = f"/admin/{meta.app_label}/{meta.model_name}/"
        pages[f"{meta.model_name}-list"] = base
        pages[f"{meta.model_name}-add"] = f"{base}add/"
        record = model._default_manager.order_by("pk").first()
        if record is not None:
            pages[f"{meta.model_name}-change"] = f"{base}{record.pk}/change/"
    for job in ImportJob.objects.filter(stage__in=PROGRESS_STAGES):
        pages[f"job-{job.stage}"] = f"/admin/pubs/importjob/{job.pk}/progress/"
    pages["waiting-for-you"] = "/admin/pubs/paper/consent/"
    person = Person.objects.order_by("pk").first()
    paper = Paper.objects.order_by("pk").first()
    pages |= {
        "upload": reverse("admin:pubs_bibteximport_upload"),
        "identifiers": reverse("admin:pubs_bibteximport_identifiers"),
        "password-change": reverse("admin:password_change"),
        "person-login": reverse("admin:people_person_login", args=[person.pk]),
        "paper-history": reverse("admin:pubs_paper_history", args=[paper.pk]),
    }
    return pages


def visit_admin(page, site: str, folder: Path) -> Iterator[str]:
    """Open each admin page in turn and yield its name once it shows; then the three pages
    in a state of their own: a picker open for typing, a form showing its errors and the
    import preview of a file (written to ``folder``)."""
    pages = admin_pages()
    assert {"paper-change", "person-change", "job-failed"} <= set(pages)
    for name, path in pages.items():
        page.goto(f"{site}{path}")
        yield name

    # A picker open for typing: the venue's on a paper's form.
    page.goto(f"{site}{pages['paper-change']}")
    page.click(".field-venue .select2-selection")
    page.wait_for_selector(".select2-dropdown .select2-search__field")
    yield "paper-venue-picker"

    # A form showing its errors: a paper saved without a title.
    page.goto(f"{site}/admin/pubs/paper/add/")
    page.click("input[name=_save]")
    page.wait_for_selector(".errornote")
    yield "paper-errors"

    # The import preview of a file.
    bib = folder / "odd.bib"
    bib.write_text(BIB, encoding="utf-8")
    page.goto(f"{site}/admin/pubs/bibteximport/upload/")
    page.set_input_files("#id_file", str(bib))
    page.click("input[name=preview]")
    page.wait_for_selector("#import-preview")
    yield "import-preview"
