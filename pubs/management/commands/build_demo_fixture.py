from django.core.management.base import BaseCommand, CommandError

from pubs.demo_fixture import FIXTURE, DemoDataError, build_fixture_text


class Command(BaseCommand):
    help = "Write fixtures/demo.json from fixtures/demo_source.toml (--check: only compare)."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="Exit non-zero if demo.json is out of date."
        )

    def handle(self, *args, check: bool, **options) -> None:
        try:
            text = build_fixture_text()
        except DemoDataError as exc:
            raise CommandError(f"fixtures/demo_source.toml: {exc}") from exc
        current = FIXTURE.read_text(encoding="utf-8") if FIXTURE.exists() else ""
        if check:
            if text != current:
                raise CommandError("fixtures/demo.json is out of date: run build_demo_fixture.")
            self.stdout.write("fixtures/demo.json is up to date.")
            return
        FIXTURE.write_text(text, encoding="utf-8")
        self.stdout.write(self.style.SUCCESS(f"Wrote {FIXTURE}"))
