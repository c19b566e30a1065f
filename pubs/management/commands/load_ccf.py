from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from pubs.services.papers import ccf_edition_load
from pubs.venues.catalogue import CatalogueError, read_edition


class Command(BaseCommand):
    help = (
        "Load an edition of the CCF list from a CSV (columns: abbreviation, full name, kind, "
        "rank, field, dblp key) and report what changed since the previous edition."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--edition", type=int, required=True, help="The year, e.g. 2026.")
        parser.add_argument("--dry-run", action="store_true", help="Report, write nothing.")

    def handle(self, *args, file: Path, edition: int, dry_run: bool, **options) -> None:
        if not 1990 <= edition <= 2100:
            raise CommandError(f"--edition {edition} is not a year of the CCF list.")
        try:
            text = file.read_text(encoding="utf-8-sig")
        except FileNotFoundError as exc:
            raise CommandError(f"{file}: no such file.") from exc
        except UnicodeDecodeError as exc:
            raise CommandError(f"{file}: not UTF-8 text (byte {exc.start}).") from exc
        try:
            entries = read_edition(text, source=file.name)
        except CatalogueError as exc:
            raise CommandError(str(exc)) from exc
        report = ccf_edition_load(edition=edition, entries=entries, dry_run=dry_run)
        for line in report.lines():
            self.stdout.write(line)
        created = f", {len(report.created)} new venues" if report.created else ""
        verb = "Would load" if dry_run else "Loaded"
        self.stdout.write(self.style.SUCCESS(f"{verb} CCF {edition}{created}."))
