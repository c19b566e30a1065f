"""What the public pages show of the exports: a BibTeX toggle per list entry and the paper
page's cite box (BibTeX and the five citation styles)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pubs.export import citations
from pubs.export.bibtex import to_bibtex
from pubs.exporting import export_papers
from pubs.models import Paper


def bibtex_entries(
    papers: Sequence[Paper], absolute_url: Callable[[str], str] | None = None
) -> dict[str, str]:
    """Slug -> the paper's BibTeX entry, for the papers of one page (six queries)."""
    rows = export_papers(
        Paper.objects.filter(pk__in=[p.pk for p in papers]), absolute_url=absolute_url
    )
    return {row.slug: to_bibtex([row]) for row in rows}


@dataclass(frozen=True)
class Citation:
    key: str
    label: str
    text: str


def cite_box(paper: Paper, absolute_url: Callable[[str], str] | None = None) -> list[Citation]:
    """The paper as BibTeX, then in each citation style."""
    (row,) = export_papers(Paper.objects.filter(pk=paper.pk), absolute_url=absolute_url)
    return [
        Citation("bibtex", "BibTeX", to_bibtex([row])),
        *(
            Citation(style, citations.STYLE_LABELS[style], citations.cite(row, style))
            for style in citations.STYLES
        ),
    ]
