"""A worker killed (SIGKILL) while it applies an import leaves nothing half-written, and the
worker started again, under its id or another (a new container's host name), runs the job to
its end, applying it exactly once (PostgreSQL: the worker is a process of its own).

As in tests/production/test_killed_import.py, the test holds a lock on the authorships table
so that the job stops after writing its papers, waiting to write their authors; then it kills
the worker and releases the lock. A job killed while it plans a file (held by a lock on the
jobs' table as it writes its stage) is planned again the same way.
"""

import os
import subprocess
import sys
import time

import pytest
from django.db import connection
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from people.models import Person
from pubs.admin.import_forms import decisions_from_post
from pubs.jobs.imports import import_job_apply, import_job_plan, planned_import
from pubs.models import BibtexImport, ImportJob, JobStage, Paper
from tests.production.conftest import ROOT, database_url
from tests.production.test_killed_import import (
    TIMEOUT,
    backend_waiting_for_authorships,
    kill_while_locked,
)

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the worker runs in another process"
    ),
]

BIBTEX = """@inproceedings{engine2025,
  title = {An Analytical Engine for Papers},
  author = {Ada Lovelace and Charles Babbage},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""
WORKER = "worker-killed"


#: The workers this module started: any still running when its test ends is killed, so that a
#: failing test leaves no worker behind holding the test database.
STARTED: list[subprocess.Popen] = []


@pytest.fixture(autouse=True)
def no_worker_left():
    yield
    while STARTED:
        process = STARTED.pop()
        if process.poll() is None:
            process.kill()
            process.wait(TIMEOUT)


def start_worker(output, *extra: str, worker_id: str = WORKER, **env: str) -> subprocess.Popen:
    with output.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "worker", "--worker-id", worker_id, *extra],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": database_url(), **env},
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    STARTED.append(process)
    return process


@pytest.fixture
def killed_worker(admin_user, tmp_path) -> ImportJob:
    """An import confirmed, its worker killed half-way through writing it."""
    options = decisions_from_post({"venue:Workshop on Odd Things": "new"}, {})
    record = BibtexImport.objects.create(
        created_by=admin_user, file_name="engine.bib", sha256="", text=BIBTEX, options=options
    )
    job = import_job_apply(record=record, user=admin_user)
    output = tmp_path / "worker.txt"
    kill_while_locked(
        "pubs_authorship",
        lambda: start_worker(output),
        lambda process: backend_waiting_for_authorships(process, output),
    )
    return job


def test_a_worker_killed_while_importing_leaves_nothing_written(killed_worker):
    assert not Paper.objects.exists() and not Person.objects.exists()
    assert BibtexImport.objects.get().status == "preview"
    assert DBTaskResult.objects.get().status == TaskResultStatus.RUNNING


def test_the_worker_started_again_runs_the_killed_job(killed_worker, tmp_path):
    output = tmp_path / "again.txt"
    assert start_worker(output, "--batch").wait(TIMEOUT) == 0, output.read_text()
    assert "1 job(s) left running by a worker are queued again" in output.read_text()
    assert Paper.objects.get().title == "An Analytical Engine for Papers"
    assert Person.objects.count() == 2
    assert ImportJob.objects.get().stage == JobStage.DONE
    assert BibtexImport.objects.get().status == "applied"
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL


def test_a_worker_of_another_id_finishes_the_killed_job_once_its_beat_is_old(
    killed_worker, tmp_path
):
    time.sleep(1.5)  # the killed worker's last beat, older than WORKER_DEAD_SECONDS below
    output = tmp_path / "other.txt"
    other = start_worker(output, "--batch", worker_id="new-host", WORKER_DEAD_SECONDS="1")
    assert other.wait(TIMEOUT) == 0, output.read_text()
    assert Paper.objects.get().title == "An Analytical Engine for Papers"
    assert Person.objects.count() == 2 and BibtexImport.objects.get().status == "applied"
    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.SUCCESSFUL
    assert task.worker_ids == [WORKER, "new-host"]


def test_a_worker_of_another_id_leaves_the_job_of_a_worker_still_alive(killed_worker, tmp_path):
    output = tmp_path / "other.txt"
    assert start_worker(output, "--batch", worker_id="new-host").wait(TIMEOUT) == 0
    assert DBTaskResult.objects.get().status == TaskResultStatus.RUNNING
    assert not Paper.objects.exists()


def backend_waiting_for_jobs(process: subprocess.Popen, output) -> int:
    """The server process of the worker once its job waits to write its stage."""
    deadline = time.monotonic() + TIMEOUT
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            assert process.poll() is None, output.read_text()
            cursor.execute(
                "SELECT pid FROM pg_locks WHERE relation = 'pubs_importjob'::regclass"
                " AND NOT granted AND database ="
                " (SELECT oid FROM pg_database WHERE datname = current_database())"
            )
            row = cursor.fetchone()
            if row:
                return row[0]
            time.sleep(0.02)
    raise AssertionError(f"the job never reached its planning:\n{output.read_text()}")


@pytest.fixture
def killed_planning(admin_user, tmp_path) -> ImportJob:
    """A large file's preview, its worker killed while the job plans it."""
    record = BibtexImport.objects.create(
        created_by=admin_user, file_name="engine.bib", sha256="", text=BIBTEX, options={}
    )
    job = import_job_plan(record=record)
    output = tmp_path / "worker.txt"
    kill_while_locked(
        "pubs_importjob",
        lambda: start_worker(output),
        lambda process: backend_waiting_for_jobs(process, output),
    )
    return job


def test_a_worker_killed_while_planning_leaves_the_job_without_a_plan(killed_planning):
    job = ImportJob.objects.get()
    assert job.stage in (JobStage.QUEUED, JobStage.PLANNING) and job.plan is None
    assert DBTaskResult.objects.get().status == TaskResultStatus.RUNNING


def test_the_worker_started_again_plans_the_killed_job(killed_planning, tmp_path):
    output = tmp_path / "again.txt"
    assert start_worker(output, "--batch").wait(TIMEOUT) == 0, output.read_text()
    job = ImportJob.objects.get()
    assert job.stage == JobStage.PLANNED
    assert [entry.record.key for entry in planned_import(job).plan.entries] == ["engine2025"]
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL
    assert not Paper.objects.exists()
