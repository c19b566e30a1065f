"""A large BibTeX file is planned and imported by the worker; the admin shows its progress."""

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from people.models import Person
from pubs.models import BibtexImport, ImportJob, JobStage, Paper
from tests.factories import PersonFactory

# The worker commits as it goes, as it does in production: the tests commit too.
pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("people")]

AMBIGUOUS = """@inproceedings{amb2025,
  title = {Who Is J. Fang},
  author = {J. Fang and Ada Lovelace and Gongmin Zhao},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""


@pytest.fixture
def people() -> None:
    """Two people printed "J. Fang", and the Gongming Zhao that "Gongmin Zhao" misspells."""
    PersonFactory(given_name="Jin", family_name="Fang", slug="jin-fang")
    PersonFactory(given_name="Jiarui", family_name="Fang", slug="jiarui-fang")
    PersonFactory(given_name="Gongming", family_name="Zhao", slug="gongming-zhao")


@pytest.fixture
def large(settings):
    """Every file counts as large: planned and applied by the worker."""
    settings.IMPORT_JOB_BYTES = 0


def upload(client, text: str) -> str:
    response = client.post(reverse("admin:pubs_bibteximport_upload"), {"text": text})
    assert response.status_code == 302
    return response["Location"]


def choices() -> dict[str, int]:
    return {
        "author:amb2025#1": Person.objects.get(slug="jiarui-fang").pk,
        "author:amb2025#3": Person.objects.get(slug="gongming-zhao").pk,
        "venue:Workshop on Odd Things": "new",
    }


def test_a_small_file_is_planned_in_the_request(admin_client):
    response = admin_client.get(upload(admin_client, AMBIGUOUS))
    assert response.status_code == 200 and "Who Is J. Fang" in response.content.decode()
    assert not ImportJob.objects.exists() and not DBTaskResult.objects.exists()


def test_a_large_file_waits_for_the_worker_on_its_progress_page(admin_client, large):
    response = admin_client.get(upload(admin_client, AMBIGUOUS), follow=True)
    html = response.content.decode()
    job = ImportJob.objects.get()
    assert response.redirect_chain[-1][0] == reverse("admin:pubs_importjob_progress", args=[job.pk])
    assert "Waiting for the worker" in html and "data-poll=" in html
    assert DBTaskResult.objects.get().status == TaskResultStatus.READY


def test_the_worker_plans_a_large_file_and_the_preview_shows_it(admin_client, large, run_worker):
    preview = upload(admin_client, AMBIGUOUS)
    admin_client.get(preview)
    run_worker()
    job = ImportJob.objects.get()
    assert job.stage == JobStage.PLANNED
    progress = admin_client.get(reverse("admin:pubs_importjob_progress", args=[job.pk]))
    assert progress["Location"] == preview
    html = admin_client.get(preview).content.decode()
    assert "Who Is J. Fang" in html and 'name="author:amb2025#1"' in html
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL
    assert not Paper.objects.filter(title="Who Is J. Fang").exists()


def test_new_decisions_are_planned_again_by_the_worker(admin_client, large, run_worker):
    preview = upload(admin_client, AMBIGUOUS)
    admin_client.get(preview)
    run_worker()
    response = admin_client.post(preview, choices())
    job = ImportJob.objects.get()
    assert response["Location"] == reverse("admin:pubs_importjob_progress", args=[job.pk])
    assert job.stage == JobStage.QUEUED and job.plan is None
    run_worker()
    html = admin_client.get(preview).content.decode()
    assert "ambiguous author names need a choice" not in html


def test_a_confirmed_large_file_is_imported_by_the_worker_and_can_be_undone(
    admin_client, large, run_worker
):
    preview = upload(admin_client, AMBIGUOUS)
    admin_client.get(preview)
    run_worker()
    response = admin_client.post(preview, {**choices(), "confirm": "Import"})
    job = ImportJob.objects.get()
    progress = reverse("admin:pubs_importjob_progress", args=[job.pk])
    assert response["Location"] == progress
    assert not Paper.objects.filter(title="Who Is J. Fang").exists()
    run_worker()
    record = BibtexImport.objects.get()
    assert admin_client.get(progress)["Location"] == reverse(
        "admin:pubs_bibteximport_change", args=[record.pk]
    )
    paper = Paper.objects.get(title="Who Is J. Fang")
    assert paper.authorships.get(position=1).person.slug == "jiarui-fang"
    assert record.status == "applied" and record.counts["created"] == 1
    admin_client.post(reverse("admin:pubs_bibteximport_undo", args=[record.pk]))
    assert not Paper.objects.filter(title="Who Is J. Fang").exists()


def test_a_file_the_worker_cannot_read_fails_with_its_reason(
    admin_client, large, run_worker, settings
):
    settings.IMPORT_MAX_ENTRIES = 1
    preview = upload(admin_client, AMBIGUOUS + AMBIGUOUS.replace("amb2025", "amb2026"))
    admin_client.get(preview)
    run_worker()
    job = ImportJob.objects.get()
    assert job.stage == JobStage.FAILED
    response = admin_client.get(preview, follow=True)
    assert job.message in response.content.decode() and "entries" in job.message
    assert "data-poll=" not in response.content.decode()


def test_a_job_left_running_by_a_dead_worker_is_run_by_a_worker_of_another_id(
    admin_client, large, run_worker
):
    admin_client.get(upload(admin_client, AMBIGUOUS))
    task = DBTaskResult.objects.get()
    task.claim("worker-1")  # what a worker killed while planning leaves: a job running
    run_worker("worker-2")  # worker-1 never said it was alive: its job is anyone's
    task.refresh_from_db()
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert task.worker_ids == ["worker-1", "worker-2"]
    assert ImportJob.objects.get().stage == JobStage.PLANNED


def test_an_import_applied_before_its_worker_was_killed_is_not_applied_twice(
    admin_client, large, run_worker
):
    preview = upload(admin_client, AMBIGUOUS)
    admin_client.get(preview)
    run_worker()
    admin_client.post(preview, {**choices(), "confirm": "Import"})
    run_worker()
    job = ImportJob.objects.get()
    job.stage = JobStage.APPLYING  # as if killed after the import's transaction, before its end
    job.save()
    DBTaskResult.objects.filter(pk=job.task_id).update(
        status=TaskResultStatus.RUNNING, worker_ids=["test-worker"]
    )
    run_worker()
    assert ImportJob.objects.get().stage == JobStage.DONE
    assert Paper.objects.filter(title="Who Is J. Fang").count() == 1


def test_the_worker_command_stops_when_the_queue_is_empty():
    call_command("worker", batch=True, worker_id="idle", interval=0, verbosity=0)
    assert not DBTaskResult.objects.exists()
