"""Fixtures of the job tests: the real queue (django-tasks' database backend) and its worker,
run in the test's process until the queue is empty."""

import pytest
from django.core.management import call_command


@pytest.fixture
def run_worker():
    """Run ``manage.py worker --batch``: every job in the queue, then return."""

    def run(worker_id: str = "test-worker") -> None:
        call_command("worker", batch=True, worker_id=worker_id, interval=0, verbosity=0)

    return run
