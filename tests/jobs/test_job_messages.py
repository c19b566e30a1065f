"""What a job says in the admin (its stage, progress and failure) is in the reader's
language; and a job, like manage.py import_bibtex, plans a file within a time budget of its
own (IMPORT_PLAN_SECONDS, larger than the preview's), refusing one that takes longer with a
message naming the entry reached."""

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from pubs.jobs.imports import import_job_fetch
from pubs.models import BibtexImport, ImportJob, JobStage, Paper

pytestmark = pytest.mark.django_db(transaction=True)

BIBTEX = """@inproceedings{engine2025,
  title = {An Analytical Engine for Papers},
  author = {Ada Lovelace and Charles Babbage},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""
CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def large(settings):
    """Every file counts as large: planned and applied by the worker."""
    settings.IMPORT_JOB_BYTES = 0


@pytest.fixture
def out_of_time(settings):
    """A budget spent before the first entry."""
    settings.IMPORT_PLAN_SECONDS = -1


def planned_in_background(admin_client, run_worker) -> ImportJob:
    response = admin_client.post(reverse("admin:pubs_bibteximport_upload"), {"text": BIBTEX})
    admin_client.get(response["Location"])
    run_worker()
    return ImportJob.objects.get()


def progress_page(admin_client, job: ImportJob, **headers) -> str:
    url = reverse("admin:pubs_importjob_progress", args=[job.pk])
    return admin_client.get(url, **headers).content.decode()


def test_the_default_plan_budget_is_larger_than_the_preview_s(settings):
    assert settings.IMPORT_PLAN_SECONDS == 300 > settings.IMPORT_PREVIEW_SECONDS


def test_a_job_out_of_time_fails_naming_the_entry_it_reached(
    admin_client, large, out_of_time, run_worker
):
    job = planned_in_background(admin_client, run_worker)
    assert job.stage == JobStage.FAILED
    assert job.message.startswith(
        "Planning stopped at entry engine2025 (line 1): the file takes more than -1 s"
    )
    assert "IMPORT_PLAN_SECONDS" in progress_page(admin_client, job, **ENGLISH)


def test_a_chinese_admin_reads_the_failure_in_chinese(admin_client, large, out_of_time, run_worker):
    job = planned_in_background(admin_client, run_worker)
    html = progress_page(admin_client, job, **CHINESE)
    assert "规划在条目 engine2025（第 1 行）处停止" in html
    assert "失败" in html  # the stage


def test_a_chinese_admin_reads_a_job_s_progress_in_chinese(admin_client, large):
    response = admin_client.post(reverse("admin:pubs_bibteximport_upload"), {"text": BIBTEX})
    admin_client.get(response["Location"])
    html = progress_page(admin_client, ImportJob.objects.get(), **CHINESE)
    assert "等待后台任务进程" in html and "后台任务进程（manage.py worker）将接着处理它" in html


def test_a_job_with_nothing_to_fetch_says_so_in_chinese(admin_client, admin_user, run_worker):
    record = BibtexImport.objects.create(
        created_by=admin_user, file_name="identifiers", sha256="", text="",
        options={"identifiers": []},
    )  # fmt: skip
    job = import_job_fetch(record=record)
    run_worker()
    job.refresh_from_db()
    assert job.stage == JobStage.FAILED and job.message == "No identifier to fetch."
    assert "没有可获取的标识符。" in progress_page(admin_client, job, **CHINESE)


def test_confirming_a_large_file_out_of_time_imports_nothing_and_says_where_it_stopped(
    admin_client, large, run_worker, settings
):
    job = planned_in_background(admin_client, run_worker)
    assert job.stage == JobStage.PLANNED
    settings.IMPORT_PLAN_SECONDS = -1
    preview = reverse("admin:pubs_bibteximport_preview", args=[job.record_id])
    admin_client.post(preview, {"confirm": "1", "venue:Workshop on Odd Things": "new"})
    run_worker()
    job.refresh_from_db()
    assert job.stage == JobStage.PLANNED and not Paper.objects.exists()
    assert job.message.startswith("Planning stopped at entry engine2025 (line 1)")


def test_the_command_out_of_time_writes_nothing_and_names_the_entry(tmp_path, out_of_time):
    path = tmp_path / "engine.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        call_command("import_bibtex", str(path), create_venues=True, stdout=None)
    assert str(refused.value) == f"{path}: " + (
        "line 1, entry engine2025: this file takes more than -1 s to read, longer "
        "than --seconds allows (IMPORT_PLAN_SECONDS by default); split it into smaller files, "
        "or give more --seconds"
    )
    assert not Paper.objects.exists()


def test_the_command_s_budget_is_given_with_seconds(tmp_path, out_of_time):
    path = tmp_path / "engine.bib"
    path.write_text(BIBTEX, encoding="utf-8")
    call_command("import_bibtex", str(path), create_venues=True, seconds=60, stdout=None)
    assert Paper.objects.get().title == "An Analytical Engine for Papers"
