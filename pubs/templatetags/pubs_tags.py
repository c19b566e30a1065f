"""Template tags of the public pages: venue labels, COinS, the rank chart, JSON-LD."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from people.models import Person
from pubs.export.model import ExportPaper
from pubs.queries.selectors import YearRanks
from pubs.web import presentation, rendering

register = template.Library()


@register.filter
def coins(paper: ExportPaper) -> str:
    """The COinS span title of a paper (escaped by the template)."""
    return rendering.coins(paper)


@register.simple_tag
def paper_entries(papers: Iterable[ExportPaper], highlight: Person | None = None) -> SafeString:
    """The entries of a publication list, ``highlight``'s name in bold, BibTeX toggles."""
    return rendering.paper_entries(papers, highlight.slug if highlight else "")


@register.simple_tag
def paper_links(paper: ExportPaper) -> SafeString:
    return mark_safe(rendering.links(paper))  # built escaped


@register.simple_tag
def rank_chart(rows: list[YearRanks]) -> SafeString:
    legend = {"A": "CCF A", "B": "CCF B", "C": "CCF C", "": _("not ranked")}
    svg = presentation.rank_chart_svg(
        [(row.year, row.counts) for row in rows],
        title=_("Papers per year by CCF rank"),
        legend=legend,
    )
    return mark_safe(svg)  # built from numbers and escaped labels


@register.filter
def first_page(pages: str) -> str:
    return pages.replace("--", "-").split("-")[0].strip()


@register.filter
def last_page(pages: str) -> str:
    parts = pages.replace("--", "-").split("-")
    return parts[1].strip() if len(parts) > 1 else ""


@register.filter
def web_url(url: str) -> str:
    """``url`` if it is a web address or a path on this site, else "" (no ``javascript:``).

    Forms validate URLs, but a row written by other means must not become a script link.
    """
    return url if presentation.is_web_url(url) else ""
