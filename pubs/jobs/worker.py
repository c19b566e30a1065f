"""The worker's side of the queue: its heartbeat, and taking back the jobs of a dead worker.

A worker (``manage.py worker``) writes its :class:`~pubs.models.WorkerBeat` when it starts and
then every WORKER_BEAT_SECONDS, from a thread of its own (with a database connection of its
own), and the heartbeat of the import job it runs. A task left running by a worker whose beat
is older than WORKER_DEAD_SECONDS, or gone, is put back in the queue by whichever worker looks
next, whatever its id: the worker was killed (or its machine or container went away), and
every job writes in one transaction, so the one killed wrote nothing. A task whose workers
stopped WORKER_ATTEMPTS times while running it fails instead. A worker stopping when asked
finishes its task and deletes its beat.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from pubs.jobs.imports import import_jobs_given_up, import_jobs_requeued
from pubs.models import ImportJob, WorkerBeat


class WorkerStopped(Exception):
    """A task's workers stopped (were killed) WORKER_ATTEMPTS times while running it."""


@dataclass(frozen=True)
class TakenBack:
    """What :func:`jobs_take_back` did: tasks queued again, and tasks given up."""

    queued: int = 0
    failed: int = 0


def workers_alive() -> bool:
    """Whether a worker said it was alive within the last WORKER_DEAD_SECONDS."""
    return WorkerBeat.objects.filter(seen__gte=_dead_before()).exists()


def no_worker_message(*, admin: bool) -> str:
    """What a page waiting for a job says while no worker is alive ("" while one is), to an
    admin (who can start one) or to anyone else."""
    if workers_alive():
        return ""
    if admin:
        return gettext("No worker is running: start one with `manage.py worker`.")
    return gettext("No worker is running: ask the site's administrator to start one.")


def worker_beat(*, worker_id: str, started: datetime | None = None, running: bool = True) -> None:
    """Write that ``worker_id`` is alive, and the heartbeat of the import job it runs (none
    unless ``running``: a worker starting runs nothing yet)."""
    now = timezone.now()
    WorkerBeat.objects.update_or_create(
        worker_id=worker_id,
        defaults={
            "seen": now,
            "host": socket.gethostname(),
            "pid": os.getpid(),
            "started": started or now,
        },
    )
    if running:
        jobs = ImportJob.objects.filter(worker_id=worker_id, stage__in=ImportJob.RUNNING)
        jobs.update(heartbeat=now)


def jobs_take_back(*, worker_id: str, starting: bool = False) -> TakenBack:
    """Put back in the queue the tasks whose worker is dead (its beat older than
    WORKER_DEAD_SECONDS, or none), whatever its id; a task whose workers stopped
    WORKER_ATTEMPTS times while running it fails instead, and so does its import job.

    ``worker_id`` is the worker looking: its own tasks are alive, unless it is ``starting``
    (then they were its previous run's, killed)."""
    with transaction.atomic():
        alive = set(
            WorkerBeat.objects.filter(seen__gte=_dead_before()).values_list("worker_id", flat=True)
        )
        if starting:
            alive.discard(worker_id)
        else:
            alive.add(worker_id)
        left = [
            task
            for task in DBTaskResult.objects.running().select_for_update()
            if not task.worker_ids or task.worker_ids[-1] not in alive
        ]
        given_up = [task for task in left if len(task.worker_ids) >= settings.WORKER_ATTEMPTS]
        queued = [task.pk for task in left if task not in given_up]
        DBTaskResult.objects.filter(pk__in=queued).update(
            status=TaskResultStatus.READY, started_at=None
        )
        for task in given_up:
            times = len(task.worker_ids)
            task.set_failed(WorkerStopped(f"the worker stopped {times} times while running it"))
        import_jobs_requeued(task_ids=[str(pk) for pk in queued])
        import_jobs_given_up(task_ids={str(task.pk): len(task.worker_ids) for task in given_up})
    return TakenBack(queued=len(queued), failed=len(given_up))


def worker_gone(*, worker_id: str) -> None:
    """Forget the beat of a worker that stopped when asked."""
    WorkerBeat.objects.filter(worker_id=worker_id).delete()


def _dead_before() -> datetime:
    return timezone.now() - timedelta(seconds=settings.WORKER_DEAD_SECONDS)


class Heartbeat:
    """A worker's beat: written, with the dead workers' tasks taken back, at :meth:`start`
    and then every ``every`` seconds from a thread with its own database connection, until
    :meth:`stop` (which deletes it)."""

    def __init__(self, worker_id: str, *, every: float) -> None:
        self.worker_id = worker_id
        self.every = every
        self.started = timezone.now()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"beat-{worker_id}", daemon=True)

    def start(self) -> TakenBack:
        """Beat once, take back the tasks of dead workers (this one's previous run's too),
        then keep beating in the background. Returns what was taken back."""
        worker_beat(worker_id=self.worker_id, started=self.started, running=False)
        taken = jobs_take_back(worker_id=self.worker_id, starting=True)
        self._thread.start()
        return taken

    def stop(self) -> None:
        self._stopping.set()
        if self._thread.is_alive():
            self._thread.join()
        worker_gone(worker_id=self.worker_id)

    def _run(self) -> None:
        try:
            while not self._stopping.wait(self.every):
                try:
                    worker_beat(worker_id=self.worker_id, started=self.started)
                    jobs_take_back(worker_id=self.worker_id)
                except DatabaseError:
                    # The database busy or away for a moment: the next beat tries again.
                    connection.close()
        finally:
            connection.close()  # this thread's own
