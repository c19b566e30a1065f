"""Entries of publication lists as HTML, written in Python.

A list page shows a hundred entries; through the template engine they took most of the
page's time (each entry resolves some sixty variables and reverses four URLs). Here an entry
is a few string joins, every value escaped, and URLs come from one reversal per page.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import quote

from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from pubs import presentation
from pubs.models import Paper, PaperKind, Status

GENRES = {
    PaperKind.JOURNAL: "article",
    PaperKind.CONFERENCE: "proceeding",
    PaperKind.BOOK: "book",
    PaperKind.PREPRINT: "preprint",
}

_SLUG = "0slug0"


class Urls:
    """The public URLs of papers, people and venues, reversed once (in the active language)."""

    def __init__(self) -> None:
        self._patterns = {
            name: reverse(f"pubs:{name}", args=[_SLUG])
            for name in ("paper-detail", "person-detail", "venue-detail")
        }

    def __call__(self, name: str, slug: str) -> str:
        return self._patterns[name].replace(_SLUG, quote(slug))


def venue_label(paper: Paper) -> str:
    """ "ICNP'24"; "arXiv"; the venue as printed when there is no venue."""
    if paper.venue is None:
        return paper.container_title
    name = paper.venue.abbreviation or paper.venue.name
    if paper.venue.kind == "preprint_server":
        return name
    return presentation.venue_label(paper.venue.abbreviation, paper.year, name=name)


def coins(paper: Paper) -> str:
    """The COinS span title of a paper (unescaped), which Zotero's connector reads."""
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


def authors(paper: Paper, urls: Urls, highlight_id: int | None = None) -> SafeString:
    """Authors in printed order: members linked and marked, the page's person in bold."""
    parts = []
    equal = format_html('<abbr title="{}">*</abbr>', gettext("Equal contribution"))
    for authorship in paper.author_entries():
        if authorship is None:
            parts.append("…")
            continue
        name = escape(authorship.display_name)
        if authorship.person_id == highlight_id:
            html = f'<strong class="self">{name}</strong>'
        else:
            member = ' class="member"' if getattr(authorship, "is_member", False) else ""
            href = escape(urls("person-detail", authorship.person.slug))
            html = f'<a href="{href}"{member}>{name}</a>'
        parts.append(html + (equal if authorship.equal_contribution else ""))
    if paper.more_authors:
        parts.append(escape(gettext("et al.")))
    return mark_safe(", ".join(parts))  # every part escaped above


def links(paper: Paper) -> SafeString:
    """The paper's links (PDF, slides, code, ...), DOI and arXiv, as [bracketed] links."""
    parts = [
        format_html(
            '<a class="link link-{}" href="{}">{}</a>',
            link.kind,
            link.href if presentation.is_web_url(link.href) else "",
            link.label or link.get_kind_display(),
        )
        for link in paper.links.all()
    ]
    if paper.doi:
        parts.append(
            format_html(
                '<a class="link link-doi" href="https://doi.org/{}">DOI</a>',
                quote(paper.doi, safe="/()"),
            )
        )
    if paper.arxiv_id:
        parts.append(
            format_html(
                '<a class="link link-arxiv" href="https://arxiv.org/abs/{}">arXiv</a>',
                paper.arxiv_id,
            )
        )
    if not parts and paper.url and presentation.is_web_url(paper.url):
        parts.append(
            format_html('<a class="link link-url" href="{}">{}</a>', paper.url, gettext("Web"))
        )
    return mark_safe(f'<span class="links">{"".join(parts)}</span>')  # parts built escaped


def _venue(paper: Paper, urls: Urls) -> str:
    if paper.venue is not None:
        html = format_html(
            '<a class="venue" href="{}" title="{}">{}</a>',
            urls("venue-detail", paper.venue.slug),
            paper.venue.name,
            venue_label(paper),
        )
    elif paper.container_title:
        html = format_html('<span class="venue">{}</span>', paper.container_title)
    elif paper.kind in (PaperKind.THESIS, PaperKind.PATENT):
        if paper.kind == PaperKind.THESIS:
            what = paper.get_thesis_type_display() or paper.get_kind_display()
        else:
            what = f"{gettext('Patent')} {paper.number}".strip()
        where = f"{what}, {paper.institution}" if paper.institution else what
        html = format_html('<span class="venue">{}</span>', where)
    else:
        html = ""
    if paper.year and not (paper.venue and paper.venue.abbreviation):
        html += f" {paper.year}"
    return html


def _badges(paper: Paper) -> str:
    parts = []
    label = paper.ccf_label
    if label:
        rank = (paper.ccf_rank or "none").lower()
        parts.append(format_html('<span class="badge ccf-{}">{}</span>', rank, label))
    if paper.status != Status.PUBLISHED:
        parts.append(
            format_html('<span class="badge status">{}</span>', paper.get_status_display())
        )
    parts += [format_html('<span class="badge award">🏆 {}</span>', a) for a in paper.award_list]
    return " ".join(parts)


def bibtex_toggle(bibtex: str) -> str:
    """The paper's BibTeX, shown on demand (a <details>: no script)."""
    if not bibtex:
        return ""
    return format_html(
        '<details class="bibtex"><summary>BibTeX</summary><pre>{}</pre></details>',
        bibtex.rstrip(),
    )


def paper_entry(
    paper: Paper, urls: Urls, highlight_id: int | None = None, bibtex: str = ""
) -> SafeString:
    """One entry of a publication list (an <li>)."""
    selected = " selected" if paper.selected else ""
    title = format_html(
        '<a class="title" href="{}">{}</a>', urls("paper-detail", paper.slug), paper.title
    )
    html = (
        f'<li class="paper{selected}" id="paper-{escape(paper.slug)}">\n'
        f'  <span class="authors">{authors(paper, urls, highlight_id)}</span>.\n'
        f"  {title}.\n"
        f"  {_venue(paper, urls)}\n"
        f"  {_badges(paper)}\n"
        f"  {links(paper)}\n"
        f"  {bibtex_toggle(bibtex)}\n"
        f'  <span class="Z3988" title="{escape(coins(paper))}"></span>\n'
        "</li>"
    )
    return mark_safe(html)  # every value above passed through escape or format_html


def paper_entries(
    papers: Iterable[Paper],
    highlight_id: int | None = None,
    bibtex: Mapping[str, str] | None = None,
) -> SafeString:
    """The entries of a list; ``bibtex`` maps a paper's slug to its BibTeX entry."""
    urls = Urls()
    bibtex = bibtex or {}
    entries = (paper_entry(p, urls, highlight_id, bibtex.get(p.slug, "")) for p in papers)
    return mark_safe("\n".join(entries))
