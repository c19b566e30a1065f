"""Run the background jobs: ``manage.py worker``."""

from __future__ import annotations

import signal
import socket

from django.core.management import call_command
from django.core.management.base import BaseCommand

from pubs.jobs.worker import jobs_take_back


class Command(BaseCommand):
    help = (
        "Run the background jobs (large imports, papers from DOI, arXiv and DBLP, refreshes) "
        "until stopped; first take back the jobs this worker was running when it was killed."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--worker-id",
            default=socket.gethostname()[:48] or "worker",
            help="This worker's name, the same at every start and one per running worker "
            "(default: the host's name).",
        )
        parser.add_argument("--batch", action="store_true", help="Stop when no job is left.")
        parser.add_argument(
            "--interval", type=float, default=1.0, help="Seconds between looks at the queue."
        )

    def handle(self, *, worker_id: str, batch: bool, interval: float, **options) -> None:
        taken = jobs_take_back(worker_id=worker_id)
        if taken:
            self.stderr.write(f"{taken} job(s) left running by {worker_id} are queued again.")
        handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
        try:
            call_command(
                "db_worker",
                worker_id=worker_id,
                queue_name="*",
                batch=batch,
                interval=interval,
                reload=False,
                startup_delay=not batch,
                verbosity=options["verbosity"],
                stdout=self.stdout,
            )
        finally:  # the worker sets its own handlers; a caller in-process gets its own back
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
