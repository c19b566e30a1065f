"""The exports the clients read: the corpus (tests/data/corpus/README.md, imported with the
real import, as scripts/citeproc_reference/refresh.py imports it) and the demo data, every
paper exported once in each format, read as plain data so that the import's rows are rolled
back before the first test runs."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.core.management import call_command
from django.db import transaction

from pubs.export.model import ExportPaper
from pubs.models import Paper
from pubs.queries.exporting import export_papers, render
from tests.exporting.clients.programs import ROOT
from tests.fixture_snapshots import load_fixtures

sys.path.insert(0, str(ROOT / "scripts" / "citeproc_reference"))
from corpus import FILES


@dataclass(frozen=True)
class Exports:
    """Every paper, and the whole list in each format the site offers."""

    papers: tuple[ExportPaper, ...]
    #: BibTeX as the site writes it by default (LaTeX for non-ASCII letters) and as UTF-8.
    bib: str
    bib_utf8: str
    ris: str
    csl: str

    @property
    def by_key(self) -> dict[str, ExportPaper]:
        from pubs.export.bibtex import citation_keys

        return dict(zip(citation_keys(self.papers), self.papers, strict=True))


def exports_of(papers: list[ExportPaper]) -> Exports:
    return Exports(
        papers=tuple(papers),
        bib=render(papers, "bib")[0],
        bib_utf8=render(papers, "bib", latex=False)[0],
        ris=render(papers, "ris")[0],
        csl=render(papers, "json")[0],
    )


@contextmanager
def _rolled_back(django_db_blocker) -> Iterator[None]:
    with django_db_blocker.unblock(), transaction.atomic():
        yield
        transaction.set_rollback(True)


def corpus_exports(django_db_blocker) -> Exports:
    """The corpus imported into the catalogue (``import_bibtex --skip-invalid
    --allow-ambiguous``), exported, and rolled back."""
    with _rolled_back(django_db_blocker):
        load_fixtures("ccf_venues")
        files = [str(path) for path in FILES]
        out = io.StringIO()
        call_command(
            "import_bibtex", *files, "--skip-invalid", "--allow-ambiguous", stdout=out, stderr=out
        )
        return exports_of(export_papers(Paper.objects.order_by("pk")))


def demo_exports(django_db_blocker) -> Exports:
    """The demo data (with the catalogue) exported, and rolled back."""
    with _rolled_back(django_db_blocker):
        load_fixtures("ccf_venues", "demo")
        return exports_of(export_papers(Paper.objects.order_by("pk")))
