"""manage.py render_entries [--missing]: the lists' stored entries (pubs.services.rendering)
rendered again for every paper in every language, or with ``--missing`` for the papers that
lack one. Writes that change what an entry shows forget it, and a list renders a missing
entry when it shows it, so this is needed only to have every entry ready at once (after a
deployment that changed the entry's templates or translations, say)."""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand

from pubs.services.rendering import entries_rebuild


class Command(BaseCommand):
    help = (
        "Render and store every paper's list entry in every language (with --missing, only "
        "those not stored yet)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--missing", action="store_true", help="Only the papers whose entries are missing."
        )

    def handle(self, *args, missing: bool, **options) -> None:
        start = time.perf_counter()
        written = entries_rebuild(missing_only=missing)
        took = time.perf_counter() - start
        self.stdout.write(f"Entries rendered and stored: {written:,} in {took:.1f} s")
