"""Exports from the database: papers read into ``pubs.export`` dataclasses, then written.

``export_papers(queryset)`` reads any list of papers (a selector's, filtered or not) through
``selectors.entries``, the read the public pages make, as plain rows into ExportPapers.
``render(papers, fmt)`` writes them in one of the formats below; the pages, the
exports, the admin and ``manage.py export_bibtex`` share them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import QuerySet

from pubs.export import citations, csljson, cv, ris
from pubs.export.bibtex import BibtexOptions, to_bibtex
from pubs.export.model import ExportPaper
from pubs.models import Paper
from pubs.queries import selectors


def export_papers(
    papers: QuerySet[Paper], *, absolute_url: Callable[[str], str] | None = None
) -> list[ExportPaper]:
    """The papers of ``papers``, in its order, as ExportPapers, read as the pages read them
    (``selectors.entries``): a fixed number of queries whatever the number of papers.

    ``absolute_url`` turns the site-relative URL of an uploaded file ("/media/...") into an
    absolute one (a view passes ``request.build_absolute_uri``).
    """
    return selectors.entries(papers, absolute_url=absolute_url)


# -- formats ----------------------------------------------------------------------------------

#: Format -> content type. Citation styles come as "<style>.txt" / "<style>.html"
#: ("ieee.txt"), or "txt"/"html" with ``style=``; CV lists as "cv.md", "cv.tex", "cv.txt".
CONTENT_TYPES = {
    "bib": "application/x-bibtex; charset=utf-8",
    "ris": "application/x-research-info-systems; charset=utf-8",
    "json": "application/vnd.citationstyles.csl+json; charset=utf-8",
    "txt": "text/plain; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "cv.md": "text/markdown; charset=utf-8",
    "cv.tex": "application/x-tex; charset=utf-8",
    "cv.txt": "text/plain; charset=utf-8",
}
FORMATS = (
    "bib",
    "ris",
    "json",
    *(f"{style}.{ext}" for style in citations.STYLES for ext in ("txt", "html")),
    "cv.md",
    "cv.tex",
    "cv.txt",
)


class UnknownFormat(ValueError):
    """A format this module does not write; the message lists the ones it does."""


def render(papers: Sequence[ExportPaper], fmt: str, **options: Any) -> tuple[str, str]:
    """``papers`` written as ``fmt``: (content, content type).

    Options: for "bib", those of ``BibtexOptions`` (key_pattern, latex, extras, abstract);
    for citations, ``style`` (when ``fmt`` is "txt" or "html"); for CV lists, those of
    ``pubs.export.cv.cv_list`` (person, ...).
    """
    if fmt == "bib":
        return to_bibtex(papers, BibtexOptions(**options)), CONTENT_TYPES["bib"]
    if fmt == "ris":
        return ris.to_ris(papers, **options), CONTENT_TYPES["ris"]
    if fmt == "json":
        return csljson.to_csl_json(papers, **options), CONTENT_TYPES["json"]
    if fmt.startswith("cv."):
        style = fmt.removeprefix("cv.")
        if style in cv.STYLES:
            return cv.cv_list(papers, style=style, **options), CONTENT_TYPES[fmt]
    style, _, ext = fmt.rpartition(".")
    if ext in ("txt", "html"):
        style = style or options.pop("style", citations.DEFAULT_STYLE)
        if style in citations.STYLES:
            return citations.bibliography(papers, style, html=ext == "html"), CONTENT_TYPES[ext]
    raise UnknownFormat(f"unknown export format {fmt!r}; known: {', '.join(FORMATS)}")
