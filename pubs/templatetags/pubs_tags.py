"""Template tags of the public pages: venue labels, COinS, the rank chart, JSON-LD."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from pubs import presentation
from pubs.models import Paper, PaperKind
from pubs.selectors import YearRanks

register = template.Library()

GENRES = {
    PaperKind.JOURNAL: "article",
    PaperKind.CONFERENCE: "proceeding",
    PaperKind.BOOK: "book",
    PaperKind.PREPRINT: "preprint",
}


@register.filter
def venue_label(paper: Paper) -> str:
    """ "ICNP'24"; "arXiv"; the venue as printed when there is no venue."""
    if paper.venue is None:
        return paper.container_title
    name = paper.venue.abbreviation or paper.venue.name
    if paper.venue.kind == "preprint_server":
        return name
    return presentation.venue_label(paper.venue.abbreviation, paper.year, name=name)


@register.filter
def coins(paper: Paper) -> str:
    """The COinS span title of a paper (escaped by the template)."""
    authors = [(a.person.family_name, a.person.given_name) for a in paper.authorships.all()]
    return presentation.coins(
        {
            "genre": GENRES.get(paper.kind, "document"),
            "title": paper.title,
            "container": paper.venue.name if paper.venue else paper.container_title,
            "authors": authors,
            "year": paper.year,
            "volume": paper.volume,
            "issue": paper.number,
            "pages": paper.pages.replace("--", "-"),
            "doi": paper.doi,
        }
    )


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
