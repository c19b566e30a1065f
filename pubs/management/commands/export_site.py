"""manage.py export_site --person SLUG | --group SLUG --format alfolio|hugo|markdown --out DIR
— a person's or a group's public papers as the files of a static site, written under DIR."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from people.models import Group
from pubs.export import site
from pubs.queries import selectors
from pubs.queries.exporting import export_papers


class Command(BaseCommand):
    help = (
        "Write a person's or a group's public papers as a static site's files under --out: "
        "al-folio's _bibliography/papers.bib, Hugo Blox's content/publications/<slug>/ "
        "folders, or the Markdown lists publications.md and cv.md."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        whose = parser.add_mutually_exclusive_group(required=True)
        whose.add_argument("--person", metavar="SLUG", help="This person's papers.")
        whose.add_argument("--group", metavar="SLUG", help="This group's papers.")
        parser.add_argument("--format", required=True, choices=site.FORMATS, dest="fmt")
        parser.add_argument(
            "--out", required=True, type=Path, metavar="DIR", help="The site's source folder."
        )

    def handle(self, *args, person: str | None, group: str | None, fmt: str, out: Path, **_):
        if person:
            found = selectors.public_people().filter(slug=person).first()
            if found is None:
                raise CommandError(f"--person {person!r}: no person with this slug.")
            papers = selectors.person_papers(found)
        else:
            found = Group.objects.filter(slug=group).first()
            if found is None:
                raise CommandError(f"--group {group!r}: no group with this slug.")
            papers = selectors.group_papers(found)
        exported = export_papers(papers)
        files = site.site_files(exported, fmt, person=person or "")
        try:
            for name, text in files.items():
                target = out / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"{out}: {exc.strerror or exc}.") from exc
        self.stderr.write(f"Wrote {len(files)} files for {len(exported)} papers under {out}.")
