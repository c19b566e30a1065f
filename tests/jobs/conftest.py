"""Fixtures of the job tests: the real queue (django-tasks' database backend) and its worker,
run in the test's process until the queue is empty."""

import pytest
from django.core.management import call_command

from tests.sources.replay import Replay


@pytest.fixture
def run_worker():
    """Run ``manage.py worker --batch``: every job in the queue, then return."""

    def run(worker_id: str = "test-worker") -> None:
        call_command("worker", batch=True, worker_id=worker_id, interval=0, verbosity=0)

    return run


@pytest.fixture
def sources(settings) -> Replay:
    """The sources answer with their recorded answers (routes added by the test), once each."""
    replay = Replay()
    settings.SOURCES_TRANSPORT = replay
    settings.SOURCES_ATTEMPTS = 1
    return replay
