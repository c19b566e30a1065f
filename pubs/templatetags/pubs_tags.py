"""Template tags of the public pages: what an entry shows of an ExportPaper (venue, labels,
COinS), the rank chart, page numbers, safe links."""

from __future__ import annotations

from urllib.parse import quote

from django import template
from django.template.context import Context
from django.urls import reverse
from django.utils.translation import gettext as _

from people.models import Person
from pubs.export.model import ExportPaper
from pubs.queries.selectors import YearRanks
from pubs.templatetags.site_tags import page_language
from pubs.web import presentation

register = template.Library()

register.filter("coins", presentation.coins)
register.filter("page_tags", presentation.page_tags)
register.filter("authors_end", presentation.authors_end)
register.filter("entry_title", presentation.entry_title)
register.filter("venue_title", presentation.venue_title)
register.filter("page_range", presentation.page_range)
register.filter("first_page", presentation.first_page)
register.filter("last_page", presentation.last_page)
register.filter("entry_venue", presentation.entry_venue)
register.filter("status_label", presentation.status_label)
register.filter("link_label", presentation.link_label)
register.filter("version_label", presentation.version_label)
register.filter("with_gaps", presentation.with_gaps)


#: The slug reversed in a pattern URL, then replaced by each entry's own.
_SLUG = "0slug0"


@register.simple_tag(takes_context=True)
def entry_url(context: Context, name: str, slug: str, *args: str) -> str:
    """The URL of the paper, person or venue ``slug`` (``name`` is its URL's name, e.g.
    "pubs:person-detail"; ``args`` its arguments after the slug, e.g. an export's format),
    as ``{% url name slug *args %}`` gives it: a list's entries hold hundreds of such links,
    so each name is reversed once per render and its slug put in."""
    return _pattern(context, name, *args).replace(_SLUG, quote(slug))


def _pattern(context: Context, name: str, *args: str) -> str:
    """The URL ``name`` reversed with a placeholder slug (then ``args``), once per render."""
    # The render's first dict, which included templates share (as ``{% include %}`` keeps
    # its templates there).
    patterns = context.render_context.dicts[0].setdefault("entry_url_patterns", {})
    key = (name, *args)
    if key not in patterns:
        patterns[key] = reverse(name, args=[_SLUG, *args])
    return patterns[key]


@register.simple_tag(takes_context=True)
def entry_authors(
    context: Context, paper: ExportPaper, highlight: Person | None = None
) -> list[presentation.EntryAuthor | None]:
    """What the entry of ``paper`` shows of each author (``presentation.entry_authors``),
    their pages' URLs made from one reversal per render, the language of their names told
    here rather than by a filter on each."""
    pattern = _pattern(context, "pubs:person-detail")
    return presentation.entry_authors(
        paper,
        lambda slug: pattern.replace(_SLUG, quote(slug)),
        highlight.slug if highlight else "",
        page_language(),
    )


@register.filter
def web_links(paper: ExportPaper) -> list[tuple[str, str, str]]:
    """The paper's links (kind, URL, label) that a page may show: web addresses only."""
    return [link for link in paper.all_links if presentation.is_web_url(link[1])]


@register.inclusion_tag("includes/rank_chart.html")
def rank_chart(rows: list[YearRanks], weigh: str = "papers") -> dict:
    """The papers (or, ``weigh="citations"``, their citations) per year by CCF rank of a
    group's page, as inline SVG."""
    legend = {"A": "CCF A", "B": "CCF B", "C": "CCF C", "": _("not ranked")}
    titles = {
        "papers": _("Papers per year by CCF rank"),
        "citations": _("Citations per year of the papers by CCF rank"),
    }
    chart = presentation.rank_chart(
        [(row.year, row.counts) for row in rows],
        title=titles[weigh],
        legend=legend,
    )
    if chart is None:
        return {"chart": None}
    # Each rank is drawn in its colour and its own fill (solid, stripes, dots, lines), so that
    # the ranks are told apart without their colours; the numbers are a table as well.
    fills = {colour: f"rank-fill-{rank.lower() or 'none'}" for rank, colour in RANK_COLOURS}
    return {
        "chart": chart,
        "colours": {rank.lower() or "none": colour for rank, colour in RANK_COLOURS},
        "bars": [(bar, fills[bar.colour]) for bar in chart.bars],
        "keys": [(key, fills[key.colour]) for key in chart.legend],
        "ranks": [(rank, label) for rank, label in legend.items()],
        "table": [(row.year, [row.counts.get(rank, 0) for rank in legend]) for row in rows],
    }


#: The ranks (in the order of the chart's legend) and their colours.
RANK_COLOURS = [(rank, presentation.RANK_COLOURS[rank]) for rank in ("A", "B", "C", "")]


@register.filter
def web_url(url: str) -> str:
    """``url`` if it is a web address or a path on this site, else "" (no ``javascript:``).

    Forms validate URLs, but a row written by other means must not become a script link.
    """
    return url if presentation.is_web_url(url) else ""
