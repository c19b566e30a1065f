from collections.abc import Callable
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from pubs import demo_fixture
from pubs.venues import catalogue

#: Each fixture file and the function that computes its text from its readable sources.
FIXTURES: list[tuple[Path, Callable[[], str]]] = [
    (catalogue.FIXTURE, catalogue.build_fixture_text),
    (demo_fixture.FIXTURE, demo_fixture.build_fixture_text),
]


class Command(BaseCommand):
    help = (
        "Write fixtures/ccf_venues.json (from fixtures/ccf/) and fixtures/demo.json (from "
        "fixtures/demo_source.toml). With --check, only fail if one is out of date."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--check", action="store_true", help="Fail if out of date.")

    def handle(self, *args, check: bool, **options) -> None:
        stale = []
        for path, build in FIXTURES:
            try:
                text = build()
            except (catalogue.CatalogueError, demo_fixture.DemoDataError) as exc:
                raise CommandError(f"{path.name}: {exc}") from exc
            current = path.read_text(encoding="utf-8") if path.exists() else ""
            if text == current:
                self.stdout.write(f"{path.name} is up to date.")
            elif check:
                stale.append(path.name)
            else:
                path.write_text(text, encoding="utf-8")
                self.stdout.write(self.style.SUCCESS(f"Wrote {path.name}."))
        if stale:
            raise CommandError(f"Out of date: {', '.join(stale)}. Run manage.py build_fixtures.")
