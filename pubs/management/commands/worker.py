"""Run the background jobs: ``manage.py worker``."""

from __future__ import annotations

import signal
import socket

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from pubs.jobs.worker import Heartbeat
from pubs.sources.recorded import RecordedTransport


class Command(BaseCommand):
    help = (
        "Run the background jobs (large imports, papers from DOI, arXiv and DBLP, refreshes) "
        "until stopped, saying every WORKER_BEAT_SECONDS that it is alive; first, and then at "
        "every beat, take back the jobs of workers that died (this one's previous run's too)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--worker-id",
            default=socket.gethostname()[:48] or "worker",
            help="This worker's name, one per running worker (default: the host's name).",
        )
        parser.add_argument("--batch", action="store_true", help="Stop when no job is left.")
        parser.add_argument(
            "--interval", type=float, default=1.0, help="Seconds between looks at the queue."
        )

    def handle(self, *, worker_id: str, batch: bool, interval: float, **options) -> None:
        if settings.SOURCES_RECORDINGS:
            self._use_recordings(settings.SOURCES_RECORDINGS)
        beat = Heartbeat(worker_id, every=settings.WORKER_BEAT_SECONDS)
        taken = beat.start()
        if taken.queued:
            self.stderr.write(f"{taken.queued} job(s) left running by a worker are queued again.")
        if taken.failed:
            self.stderr.write(f"{taken.failed} job(s) whose worker stopped repeatedly failed.")
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
            beat.stop()

    def _use_recordings(self, path: str) -> None:
        """Answer the sources' requests from the recorded answers in ``path`` (development
        only: no request leaves the machine)."""
        if not settings.DEBUG:
            raise CommandError("SOURCES_RECORDINGS is for development: set DEBUG=1 to use it.")
        settings.SOURCES_TRANSPORT = RecordedTransport.from_file(path)
