"""manage.py import_bibtex FILE... — plan, report, and (unless --dry-run) apply an import.

The summary is in the site's language (LANGUAGE_CODE), or in the one --language names."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from people.models import Group, Person
from pubs.bibtex.parse import BibtexError, TimeBudget, decode
from pubs.bibtex.plan import NEW, Decisions
from pubs.bibtex.report import report_lines
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.errors import ImportBlocked
from pubs.imports.lock import bibtex_import_lock
from pubs.imports.messages import translated_message, translated_report_line
from pubs.imports.plan import bibtex_import_plan, plan_people_names
from pubs.models import Venue

#: What the refusal of a file that takes longer than --seconds to plan advises.
COMMAND_ADVICE = (
    "longer than --seconds allows (IMPORT_PLAN_SECONDS by default); split it into smaller "
    "files, or give more --seconds"
)


class DryRunDone(Exception):
    """Raised to roll back a dry run after its report."""


class Command(BaseCommand):
    help = (
        "Import BibTeX files: report what would be created, what duplicates papers already "
        "there, how each author and venue was matched, and every problem with its line. "
        "Nothing is written if any file has an error or an ambiguous name without a choice."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", type=Path)
        parser.add_argument("--dry-run", action="store_true", help="Report; write nothing.")
        parser.add_argument("--group", help="Add the imported papers to this group (slug).")
        parser.add_argument(
            "--author",
            action="append",
            default=[],
            metavar="NAME=SLUG",
            help='Who an author name is: "J. Fang=jin-fang", or "NAME=new" for a new person.',
        )
        parser.add_argument(
            "--venue",
            action="append",
            default=[],
            metavar="TEXT=SLUG",
            help='Which venue a printed venue is ("ICNP 24=icnp"), or "TEXT=new" to create it.',
        )
        parser.add_argument(
            "--allow-ambiguous",
            action="store_true",
            help="Give each ambiguous name a new person of its own, flagged for review.",
        )
        parser.add_argument(
            "--skip-invalid", action="store_true", help="Import the valid entries, skip the rest."
        )
        parser.add_argument(
            "--create-venues", action="store_true", help="Create the venues no known venue matches."
        )
        parser.add_argument(
            "--overwrite",
            action="store_true",
            help="Let the file overwrite fields that differ on papers already there.",
        )
        parser.add_argument(
            "--link-base", default="", help="Base URL for relative pdf/slides/code links."
        )
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            default=None,
            help="The language of the summary (default: LANGUAGE_CODE).",
        )
        parser.add_argument(
            "--seconds",
            type=float,
            default=None,
            help="How long reading and planning a file may take "
            "(default: IMPORT_PLAN_SECONDS, 300 s unless set).",
        )

    def handle(self, *args, language: str | None, **options) -> None:
        with translation.override(language or settings.LANGUAGE_CODE):
            self._handle(**options)

    def _handle(self, *, files: list[Path], dry_run: bool, group: str | None, **options) -> None:
        decisions = self._decisions(options)
        target = self._group(group)
        seconds = options["seconds"]
        if seconds is None:
            seconds = settings.IMPORT_PLAN_SECONDS
        verbose = options["verbosity"] >= 2
        try:
            with transaction.atomic():
                if not dry_run:
                    self._take_the_import_lock()
                for path in files:
                    self._import(
                        path, decisions, target, dry_run, verbose, options["link_base"], seconds
                    )
                if dry_run:
                    raise DryRunDone
        except DryRunDone:
            self.stdout.write(_("Dry run: nothing was written."))

    @staticmethod
    def _take_the_import_lock() -> None:
        """Before anything is read: the files are imported in one turn."""
        try:
            bibtex_import_lock()
        except ImportBlocked as exc:
            raise CommandError(_("nothing was written: %(why)s.") % {"why": _why(exc)}) from exc

    def _import(
        self,
        path: Path,
        decisions: Decisions,
        group: Group | None,
        dry_run: bool,
        verbose: bool,
        link_base: str,
        seconds: float,
    ) -> None:
        try:
            text, problems = decode(path.read_bytes(), max_bytes=settings.IMPORT_MAX_BYTES)
            planned = bibtex_import_plan(
                text=text,
                decisions=decisions,
                link_base=link_base,
                max_entries=settings.IMPORT_MAX_ENTRIES,
                seconds=seconds,
                budget=TimeBudget(seconds, advice=COMMAND_ADVICE),
            )
        except FileNotFoundError as exc:
            raise CommandError(_("%(path)s: no such file.") % {"path": path}) from exc
        except BibtexError as exc:
            raise CommandError(f"{path}: {translated_message(exc)}") from exc
        planned.plan.problems[:0] = problems
        people = plan_people_names(plan=planned.plan)
        for line in report_lines(path.name, planned.plan, verbose=verbose, people=people):
            self.stdout.write(translated_report_line(line))
        if dry_run:
            return
        try:
            record = bibtex_import_apply(
                planned=planned, file_name=path.name, source="command", group=group
            )
        except ImportBlocked as exc:
            raise CommandError(
                _("%(path)s: nothing was written: %(why)s.") % {"path": path, "why": _why(exc)}
            ) from exc
        counts = record.counts
        imported = _(
            "Imported %(file)s: %(created)s papers created, %(updated)s updated, %(people)s new "
            "people (import #%(pk)s; undo it in the admin)."
        )
        self.stdout.write(
            self.style.SUCCESS(
                imported
                % {
                    "file": path.name,
                    "created": counts["created"],
                    "updated": counts["updated"],
                    "people": counts["people_new"],
                    "pk": record.pk,
                }
            )
        )

    def _decisions(self, options: dict) -> Decisions:
        decisions = Decisions(
            skip_invalid=options["skip_invalid"],
            allow_ambiguous=options["allow_ambiguous"],
            create_venues=options["create_venues"],
            overwrite_all=options["overwrite"],
        )
        decisions.people.update(_choices(options["author"], "--author", Person))
        decisions.venues.update(_choices(options["venue"], "--venue", Venue))
        return decisions

    def _group(self, slug: str | None) -> Group | None:
        if not slug:
            return None
        group = Group.objects.filter(slug=slug).first()
        if group is None:
            raise CommandError(_("--group %(slug)r: no group with this slug.") % {"slug": slug})
        return group


def _why(blocked: ImportBlocked) -> str:
    """Why an import was not written, each of its reasons in the active language."""
    return _("; ").join(translated_message(reason) for reason in str(blocked).split("; "))


def _choices(items: list[str], option: str, model) -> dict[str, int | str]:
    """ "NAME=SLUG" choices: the name -> the primary key of the row with that slug, or NEW."""
    chosen: dict[str, int | str] = {}
    for item in items:
        name, slug = _pair(item, option)
        if slug == NEW:
            chosen[name] = NEW
            continue
        row = model.objects.filter(slug=slug).first()
        if row is None:
            raise CommandError(
                _("%(option)s %(item)r: no %(noun)s with the slug %(slug)r.")
                % {"option": option, "item": item, "noun": model._meta.verbose_name, "slug": slug}
            )
        chosen[name] = row.pk
    return chosen


def _pair(item: str, option: str) -> tuple[str, str]:
    name, sep, value = item.rpartition("=")
    if not sep or not name.strip() or not value.strip():
        raise CommandError(
            _('%(option)s %(item)r: write it as "NAME=SLUG".') % {"option": option, "item": item}
        )
    return name.strip(), value.strip()
