"""The worker's heartbeat: a worker says every WORKER_BEAT_SECONDS that it is alive; the
tasks of a worker silent for WORKER_DEAD_SECONDS are put back in the queue by any worker,
whatever their ids (failed after WORKER_ATTEMPTS stops); and while no worker is alive, the
pages waiting for one say so."""

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from pubs.jobs.worker import Heartbeat, jobs_take_back
from pubs.models import ImportJob, JobStage, WorkerBeat

pytestmark = pytest.mark.django_db(transaction=True)

BIBTEX = "@misc{note2025, title = {A Note}, author = {Ada Lovelace}, year = {2025}}\n"
ADMIN_NOTICE = "No worker is running: start one with `manage.py worker`."
OTHERS_NOTICE = "No worker is running: ask the site&#x27;s administrator to start one."


@pytest.fixture
def queued(admin_client, settings) -> ImportJob:
    """A large file's plan, waiting for a worker."""
    settings.IMPORT_JOB_BYTES = 0
    response = admin_client.post(reverse("admin:pubs_bibteximport_upload"), {"text": BIBTEX})
    admin_client.get(response["Location"])
    return ImportJob.objects.get()


def dead(worker_id: str) -> WorkerBeat:
    """A worker last seen long ago."""
    long_ago = timezone.now() - timedelta(hours=1)
    return WorkerBeat.objects.create(worker_id=worker_id, started=long_ago, seen=long_ago)


def test_a_worker_says_it_is_alive_while_it_runs_and_forgets_it_when_it_stops():
    beat = Heartbeat("beating", every=0.05)
    beat.start()
    first = WorkerBeat.objects.get(worker_id="beating").seen
    time.sleep(0.3)
    later = WorkerBeat.objects.get(worker_id="beating").seen
    beat.stop()
    assert later > first
    assert not WorkerBeat.objects.exists()


def test_a_dead_worker_s_task_is_queued_again_by_a_worker_of_another_id(queued):
    dead("container-1")
    DBTaskResult.objects.get().claim("container-1")
    assert jobs_take_back(worker_id="container-2").queued == 1
    assert DBTaskResult.objects.get().status == TaskResultStatus.READY
    job = ImportJob.objects.get()
    assert job.stage == JobStage.QUEUED
    assert job.message == "The worker running this job stopped; the job waits for a worker again."


def test_a_task_of_a_worker_that_never_said_it_was_alive_is_queued_again(queued):
    DBTaskResult.objects.get().claim("silent")
    assert jobs_take_back(worker_id="other").queued == 1


def test_a_live_worker_s_task_is_left_to_it(queued, worker_alive):
    DBTaskResult.objects.get().claim(worker_alive.worker_id)
    assert jobs_take_back(worker_id="other").queued == 0
    assert DBTaskResult.objects.get().status == TaskResultStatus.RUNNING


def test_a_task_whose_worker_stopped_three_times_fails(queued):
    task = DBTaskResult.objects.get()
    for attempt in range(3):
        task.claim(f"killed-{attempt}")
    assert jobs_take_back(worker_id="other").failed == 1
    assert DBTaskResult.objects.get().status == TaskResultStatus.FAILED
    job = ImportJob.objects.get()
    assert job.stage == JobStage.FAILED
    assert job.message.startswith("The worker stopped 3 times while running this job")


def test_the_page_of_a_waiting_job_tells_an_admin_no_worker_is_running(admin_client, queued):
    url = reverse("admin:pubs_importjob_progress", args=[queued.pk])
    assert ADMIN_NOTICE in admin_client.get(url).content.decode()


def test_the_page_of_a_waiting_job_says_nothing_of_workers_while_one_is_alive(
    admin_client, queued, worker_alive
):
    url = reverse("admin:pubs_importjob_progress", args=[queued.pk])
    assert "No worker is running" not in admin_client.get(url).content.decode()


def test_a_worker_silent_for_worker_dead_seconds_is_not_running(admin_client, queued):
    dead("gone")
    url = reverse("admin:pubs_importjob_progress", args=[queued.pk])
    assert ADMIN_NOTICE in admin_client.get(url).content.decode()


def test_the_identifiers_page_tells_an_editor_to_ask_the_administrator(editor_client):
    html = editor_client.get(reverse("admin:pubs_bibteximport_identifiers")).content.decode()
    assert OTHERS_NOTICE in html
