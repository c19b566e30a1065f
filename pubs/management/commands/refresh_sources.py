"""Queue the refreshes from the sources: ``manage.py refresh_sources [--only NAME]``."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from pubs.jobs.refresh import REFRESHES


class Command(BaseCommand):
    help = (
        "Queue the checks of the sources for the worker: preprints published since and "
        "missing fields (suggestions in the admin), and citation counts."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--only", choices=sorted(REFRESHES), action="append", help="Queue only these."
        )

    def handle(self, *, only: list[str] | None, **options) -> None:
        for name in only or REFRESHES:
            result = REFRESHES[name].enqueue()
            self.stdout.write(f"{name}: queued ({result.id})")
