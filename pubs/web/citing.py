"""The paper page's cite box: the paper in BibTeX and in the five citation styles."""

from __future__ import annotations

from dataclasses import dataclass

from pubs.export import citations
from pubs.export.bibtex import to_bibtex
from pubs.export.model import ExportPaper


@dataclass(frozen=True)
class Citation:
    key: str
    label: str
    text: str


def cite_box(row: ExportPaper) -> list[Citation]:
    """The paper as BibTeX, then in each citation style."""
    return [
        Citation("bibtex", "BibTeX", to_bibtex([row])),
        *(
            Citation(style, citations.STYLE_LABELS[style], citations.cite(row, style))
            for style in citations.STYLES
        ),
    ]
