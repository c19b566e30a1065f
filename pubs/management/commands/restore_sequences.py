"""manage.py restore_sequences — after loading a backup, new rows get ids never used before."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from pubs.history import history_sequences_restore


class Command(BaseCommand):
    help = (
        "Move the id sequence of every model with a history past the largest id its history "
        "remembers, so that a new row never takes the id of a deleted one (whose history "
        "would become its own). Run it after loaddata of a backup."
    )

    def handle(self, *args, **options) -> None:
        for label, next_id in history_sequences_restore().items():
            self.stdout.write(f"{label}: next id after {next_id}.")
