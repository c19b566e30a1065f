"""The worker's side of the queue: taking back the jobs a killed worker left running."""

from __future__ import annotations

from django.db import transaction
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult


def jobs_take_back(*, worker_id: str) -> int:
    """Put back in the queue the jobs that the worker ``worker_id`` was running when it
    stopped without finishing them (killed, or its machine restarted): a worker starting
    under that id runs them again. Returns how many there were.

    A worker that stops when asked finishes its job first, so only a killed one leaves any;
    every job writes in one transaction, so the one killed wrote nothing.
    """
    with transaction.atomic():
        left = [
            task.pk
            for task in DBTaskResult.objects.running().select_for_update()
            if task.worker_ids and task.worker_ids[-1] == worker_id
        ]
        DBTaskResult.objects.filter(pk__in=left).update(
            status=TaskResultStatus.READY, started_at=None
        )
    return len(left)
