"""A job always ends done, failed or cancelled, saying why; a failed or cancelled job can be
retried; a job that did not succeed is failed in the queue's Task Results too. Its plan is
kept as data, and removed once the import is applied."""

import httpx
import pytest
from django.urls import reverse
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from pubs.jobs.imports import import_job_cancel
from pubs.models import BibtexImport, ImportJob, JobStage, Paper

pytestmark = pytest.mark.django_db(transaction=True)

BIBTEX = """@inproceedings{engine2025,
  title = {An Analytical Engine for Papers},
  author = {Ada Lovelace and Charles Babbage},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""
UNEXPECTED = (
    "An unexpected error stopped the job (KeyError: 'venue'); retry, or tell the site's "
    "administrator."
)


@pytest.fixture
def large(settings):
    """Every file counts as large: planned and applied by the worker."""
    settings.IMPORT_JOB_BYTES = 0


@pytest.fixture
def broken_planner(monkeypatch):
    """Planning raises what no one expected."""

    def broken(**kwargs):
        raise KeyError("venue")

    monkeypatch.setattr("pubs.jobs.imports.bibtex_import_plan", broken)
    return monkeypatch


def queued_plan(client) -> ImportJob:
    response = client.post(reverse("admin:pubs_bibteximport_upload"), {"text": BIBTEX})
    client.get(response["Location"])
    return ImportJob.objects.get()


def page(client, job: ImportJob, name: str = "progress") -> str:
    return client.get(reverse(f"admin:pubs_importjob_{name}", args=[job.pk])).content.decode()


def act(client, job: ImportJob, name: str):
    return client.post(reverse(f"admin:pubs_importjob_{name}", args=[job.pk]), follow=True)


def test_a_job_raising_anything_ends_failed_saying_so(
    admin_client, large, broken_planner, run_worker
):
    job = queued_plan(admin_client)
    run_worker()
    job.refresh_from_db()
    assert job.stage == JobStage.FAILED and job.message == UNEXPECTED
    html = page(admin_client, job)
    assert "tell the site&#x27;s administrator" in html and 'id="retry-job"' in html


def test_a_job_raising_anything_is_failed_in_the_task_results(
    admin_client, large, broken_planner, run_worker
):
    queued_plan(admin_client)
    run_worker()
    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.FAILED
    assert task.exception_class_path == "builtins.KeyError"


def test_a_job_that_fails_with_its_reason_is_failed_in_the_task_results(
    admin_client, large, run_worker, settings
):
    settings.IMPORT_PLAN_SECONDS = -1
    queued_plan(admin_client)
    run_worker()
    assert ImportJob.objects.get().stage == JobStage.FAILED
    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.FAILED
    assert task.exception_class_path == "pubs.jobs.imports.JobFailed"


def test_a_failed_job_retried_runs_again(admin_client, large, broken_planner, run_worker):
    job = queued_plan(admin_client)
    run_worker()
    broken_planner.undo()
    act(admin_client, job, "retry")
    assert ImportJob.objects.get().stage == JobStage.QUEUED
    run_worker()
    job.refresh_from_db()
    assert job.stage == JobStage.PLANNED and job.message == ""
    statuses = set(DBTaskResult.objects.values_list("status", flat=True))
    assert statuses == {TaskResultStatus.FAILED, TaskResultStatus.SUCCESSFUL}


def test_a_waiting_job_cancelled_never_runs(admin_client, large, run_worker):
    job = queued_plan(admin_client)
    html = act(admin_client, job, "cancel").content.decode()
    run_worker()
    job.refresh_from_db()
    assert job.stage == JobStage.CANCELLED and job.plan is None
    assert "Cancelled: nothing was written." in html and 'id="retry-job"' in html
    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.FAILED and task.worker_ids == []
    assert task.exception_class_path == "pubs.jobs.imports.JobCancelled"


def test_a_cancelled_job_retried_runs(admin_client, large, run_worker):
    job = queued_plan(admin_client)
    act(admin_client, job, "cancel")
    act(admin_client, job, "retry")
    run_worker()
    assert ImportJob.objects.get().stage == JobStage.PLANNED


def test_a_running_job_cancelled_stops_at_its_next_report_without_writing(
    admin_client, sources, run_worker
):
    def cancelled_while_fetching(request: httpx.Request) -> httpx.Response:
        assert import_job_cancel(job=ImportJob.objects.get())
        return httpx.Response(200, text=BIBTEX)

    sources.fail_with(cancelled_while_fetching)
    admin_client.post(
        reverse("admin:pubs_bibteximport_identifiers"), {"identifiers": "10.1145/3600006.3613165"}
    )
    run_worker()
    assert ImportJob.objects.get().stage == JobStage.CANCELLED
    assert BibtexImport.objects.get().text == ""
    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.FAILED
    assert task.exception_class_path == "pubs.jobs.imports.JobCancelled"


def test_the_page_of_a_running_job_says_when_a_cancel_comes_too_late(admin_client, large):
    job = queued_plan(admin_client)
    assert "Once it is writing the import (all of it at once), the import completes" in page(
        admin_client, job
    )


def test_a_job_that_ended_cannot_be_cancelled(admin_client, large, run_worker):
    job = queued_plan(admin_client)
    run_worker()
    html = act(admin_client, job, "cancel").content.decode()
    assert "Too late to cancel: the job had ended." in html
    assert ImportJob.objects.get().stage == JobStage.PLANNED


def test_retry_and_cancel_are_posts(admin_client, large):
    job = queued_plan(admin_client)
    url = reverse("admin:pubs_importjob_cancel", args=[job.pk])
    assert admin_client.get(url).status_code == 405


def test_the_plan_is_kept_as_data_until_the_import_is_applied(admin_client, large, run_worker):
    job = queued_plan(admin_client)
    run_worker()
    job.refresh_from_db()
    assert isinstance(job.plan, dict) and job.plan["format"] >= 1
    preview = reverse("admin:pubs_bibteximport_preview", args=[job.record_id])
    admin_client.post(preview, {"confirm": "1", "venue:Workshop on Odd Things": "new"})
    run_worker()
    job.refresh_from_db()
    assert job.stage == JobStage.DONE and job.plan is None
    assert Paper.objects.get().title == "An Analytical Engine for Papers"


def test_a_plan_kept_by_another_version_is_planned_again(admin_client, large, run_worker):
    job = queued_plan(admin_client)
    run_worker()
    ImportJob.objects.filter(pk=job.pk).update(plan={"format": 0})
    preview = reverse("admin:pubs_bibteximport_preview", args=[job.record_id])
    response = admin_client.get(preview)
    assert response["Location"] == reverse("admin:pubs_importjob_progress", args=[job.pk])
    assert ImportJob.objects.get().stage == JobStage.QUEUED
    run_worker()
    assert "An Analytical Engine for Papers" in admin_client.get(preview).content.decode()
