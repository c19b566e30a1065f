"""manage.py link_versions [--apply]: the rules of pubs.bibtex.identity run over the papers
already stored. Prints the links, suggestions and conflicts they find, each with the two
papers and the name of the deciding rule; ``--apply`` links the links (pubs.services.
version_links), as one import that the admin's import history undoes."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from pubs.imports.errors import ImportBlocked
from pubs.management.commands.lookalike_report import paper_label
from pubs.services.version_links import VersionPair, paper_versions_link, paper_versions_plan

#: What each list of the preview is, as the command says it.
HEADINGS = {
    "links": "Versions of one work to link",
    "suggestions": "Suggested versions (weak evidence: not linked, link them in the admin)",
    "conflicts": "Conflicts (one identifier on two works whose titles disagree: not linked)",
}


class Command(BaseCommand):
    help = (
        "Find the papers already stored that are versions of one work and not linked, by the "
        "import's named rules: print the links, suggestions and conflicts, and with --apply "
        "link the links (undoable in the admin's import history)."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--apply", action="store_true", help="Link the links found (not the suggestions)."
        )

    def handle(self, *args, apply: bool, **options) -> None:
        plan = paper_versions_plan()
        for name, heading in HEADINGS.items():
            pairs: list[VersionPair] = getattr(plan, name)
            self.stdout.write(f"{heading}: {len(pairs):,}")
            for pair in pairs:
                self.stdout.write(
                    f"  {paper_label(pair.first)} / {paper_label(pair.second)}: {pair.rule}"
                )
        if not apply:
            if plan.links:
                self.stdout.write("Nothing was linked: run again with --apply to link them.")
            return
        try:
            record = paper_versions_link(pairs=[pair.ids for pair in plan.links])
        except ImportBlocked as exc:
            raise CommandError(f"nothing was linked: {exc}.") from exc
        if record is None:
            self.stdout.write("Nothing new to link.")
            return
        self.stdout.write(
            f"Linked {len(record.changes['version_links']):,} pairs of versions: import "
            f"#{record.pk}, which the admin's import history undoes."
        )
