"""manage.py export_bibtex [--person SLUG] [--group SLUG] [--every-version] [-o FILE] — public
papers as BibTeX."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from people.models import Group, Person
from pubs.export.bibtex import DEFAULT_KEY_PATTERN, BibtexOptions
from pubs.queries import selectors
from pubs.queries.exporting import export_papers, render


class Command(BaseCommand):
    help = (
        "Export the public papers as BibTeX: all of them, a person's, a group's (or the "
        "person's papers in the group). The import reads the file back unchanged."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--person", metavar="SLUG", help="Only this person's papers.")
        parser.add_argument("--group", metavar="SLUG", help="Only this group's papers.")
        parser.add_argument(
            "-o", "--output", type=Path, metavar="FILE", help="Write here, not to stdout."
        )
        parser.add_argument(
            "--extras",
            action="store_true",
            help="Add the fields al-folio sites read: abbr, award, selected, pdf, code, ...",
        )
        parser.add_argument(
            "--key-pattern",
            default=DEFAULT_KEY_PATTERN,
            help="Citation keys for papers without one (default: %(default)s).",
        )
        parser.add_argument(
            "--utf8", action="store_true", help="Write UTF-8 rather than LaTeX accents."
        )
        parser.add_argument(
            "--every-version",
            action="store_true",
            help="Every version of a work (its preprint, workshop version, report...), each an "
            "entry, not the work once as the public lists show it.",
        )

    def handle(self, *args, person: str | None, group: str | None, **options) -> None:
        try:
            bib_options = BibtexOptions(
                key_pattern=options["key_pattern"],
                extras=options["extras"],
                latex=not options["utf8"],
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        every = options["every_version"]
        papers = selectors.public_versions() if every else selectors.public_papers()
        if person:
            found = _get(Person, person, "--person")
            papers = papers & selectors.person_papers(found, every_version=every)
        if group:
            found = _get(Group, group, "--group")
            papers = papers & selectors.group_papers(found, every_version=every)
        exported = export_papers(papers)
        text, _ = render(exported, "bib", **asdict(bib_options))
        output: Path | None = options["output"]
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{output}: {exc.strerror or exc}.") from exc
        self.stderr.write(f"Exported {len(exported)} papers to {output}.")


def _get(model: type[Person] | type[Group], slug: str, option: str) -> Person | Group:
    found = model.objects.filter(slug=slug).first()
    if found is None:
        raise CommandError(f"{option} {slug!r}: no {model._meta.verbose_name} with this slug.")
    return found
