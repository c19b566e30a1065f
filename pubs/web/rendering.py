"""Entries of publication lists as HTML, written in Python from the rows the exports read.

A list page shows a hundred entries. Through model instances and the template engine they
took most of the page's time; here the page's papers are read as plain rows
(``pubs.queries.exporting.export_papers``, a fixed number of queries), each entry is a few string
joins with every value escaped, and URLs come from one reversal per page. The same rows give
each entry's BibTeX.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import escape
from urllib.parse import quote, quote_plus

from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from pubs.export.bibtex import to_bibtex
from pubs.export.model import ExportPaper
from pubs.models import LinkKind, PaperKind, Status, ThesisType
from pubs.web import presentation

GENRES = {
    PaperKind.JOURNAL: "article",
    PaperKind.CONFERENCE: "proceeding",
    PaperKind.BOOK: "book",
    PaperKind.PREPRINT: "preprint",
}

_SLUG = "0slug0"
#: What needs no percent-encoding in a query string value (spaces become "+").
_PLAIN = re.compile(r"[A-Za-z0-9_.\-~ ]*")


class Urls:
    """The public URLs of papers, people and venues, reversed once (in the active language)."""

    def __init__(self) -> None:
        self._patterns = {
            name: reverse(f"pubs:{name}", args=[_SLUG])
            for name in ("paper-detail", "person-detail", "venue-detail")
        }

    def __call__(self, name: str, slug: str) -> str:
        return self._patterns[name].replace(_SLUG, quote(slug))


def venue_label(paper: ExportPaper) -> str:
    """ "ICNP'24"; "arXiv"; the venue as printed when there is no venue."""
    if not paper.venue_name:
        return paper.container_title
    name = paper.venue_abbreviation or paper.venue_name
    if paper.venue_kind == "preprint_server":
        return name
    return presentation.venue_label(paper.venue_abbreviation, paper.year, name=name)


def _kev(value: str) -> str:
    return value.replace(" ", "+") if _PLAIN.fullmatch(value) else quote_plus(value)


def coins(paper: ExportPaper) -> str:
    """The title of the paper's COinS span (OpenURL 1.0 KEV), which Zotero's connector reads."""
    journal = paper.kind == PaperKind.JOURNAL
    container = paper.venue_name or paper.container_title
    pairs = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", f"info:ofi/fmt:kev:mtx:{'journal' if journal else 'book'}"),
        ("rft.genre", GENRES.get(paper.kind, "document")),
        ("rft.atitle" if container else "rft.btitle", paper.title),
    ]
    if container:
        pairs.append(("rft.jtitle" if journal else "rft.btitle", container))
    pairs += [("rft.au", f"{a.family}, {a.given}".strip(", ")) for a in paper.authors]
    for name, value in (
        ("rft.date", paper.year),
        ("rft.volume", paper.volume),
        ("rft.issue", paper.number),
        ("rft.pages", paper.pages.replace("--", "-")),
    ):
        if value:
            pairs.append((name, str(value)))
    if paper.doi:
        pairs.append(("rft_id", f"info:doi/{paper.doi}"))
    return "&".join(f"{_kev(key)}={_kev(value)}" for key, value in pairs)


def authors(paper: ExportPaper, urls: Urls, highlight: str = "") -> str:
    """Authors in printed order: members linked and marked, ``highlight`` (a person's slug)
    in bold, "…" where the list skips unnamed authors."""
    equal = f'<abbr title="{escape(gettext("Equal contribution"))}">*</abbr>'
    parts = []
    expected = 1
    for author in paper.authors:
        if author.position > expected:
            parts.append("…")
        expected = author.position + 1
        name = escape(author.printed)
        if highlight and author.person == highlight:
            html = f'<strong class="self">{name}</strong>'
        else:
            member = ' class="member"' if author.member else ""
            html = f'<a href="{escape(urls("person-detail", author.person))}"{member}>{name}</a>'
        parts.append(html + equal if author.equal else html)
    if paper.more_authors:
        parts.append(escape(gettext("et al.")))
    return ", ".join(parts)


def links(paper: ExportPaper) -> str:
    """The paper's links (PDF, slides, code, ...), DOI and arXiv, as [bracketed] links."""
    parts = [
        f'<a class="link link-{escape(kind)}" href="{escape(href)}">'
        f"{escape(label or _label(LinkKind, kind))}</a>"
        for kind, href, label in paper.all_links
        if presentation.is_web_url(href)
    ]
    if paper.doi:
        href = f"https://doi.org/{quote(paper.doi, safe='/()')}"
        parts.append(f'<a class="link link-doi" href="{escape(href)}">DOI</a>')
    if paper.arxiv_id:
        href = f"https://arxiv.org/abs/{quote(paper.arxiv_id, safe='/')}"
        parts.append(f'<a class="link link-arxiv" href="{escape(href)}">arXiv</a>')
    if not parts and paper.url and presentation.is_web_url(paper.url):
        parts.append(f'<a class="link link-url" href="{escape(paper.url)}">{gettext("Web")}</a>')
    return f'<span class="links">{"".join(parts)}</span>'


def _label(choices: type, value: str) -> str:
    try:
        return str(choices(value).label)
    except ValueError:
        return value


def _venue(paper: ExportPaper, urls: Urls) -> str:
    if paper.venue_slug:
        href = escape(urls("venue-detail", paper.venue_slug))
        html = (
            f'<a class="venue" href="{href}" title="{escape(paper.venue_name)}">'
            f"{escape(venue_label(paper))}</a>"
        )
    elif paper.container_title:
        html = f'<span class="venue">{escape(paper.container_title)}</span>'
    elif paper.kind in (PaperKind.THESIS, PaperKind.PATENT):
        if paper.kind == PaperKind.THESIS:
            what = _label(ThesisType, paper.thesis_type) if paper.thesis_type else ""
            what = what or _label(PaperKind, paper.kind)
        else:
            what = f"{gettext('Patent')} {paper.number}".strip()
        where = f"{what}, {paper.institution}" if paper.institution else what
        html = f'<span class="venue">{escape(where)}</span>'
    else:
        html = ""
    if paper.year and not paper.venue_abbreviation:
        html += f" {paper.year}"
    return html


def _badges(paper: ExportPaper) -> str:
    parts = []
    if paper.ccf_label:
        rank = (paper.ccf_rank or "none").lower()
        parts.append(f'<span class="badge ccf-{rank}">{escape(paper.ccf_label)}</span>')
    if paper.status != Status.PUBLISHED:
        parts.append(f'<span class="badge status">{escape(_label(Status, paper.status))}</span>')
    parts += [f'<span class="badge award">🏆 {escape(award)}</span>' for award in paper.awards]
    return " ".join(parts)


def bibtex_toggle(bibtex: str) -> str:
    """The paper's BibTeX, shown on demand (a <details>: no script)."""
    if not bibtex:
        return ""
    return (
        '<details class="bibtex"><summary>BibTeX</summary>'
        f"<pre>{escape(bibtex.rstrip())}</pre></details>"
    )


def paper_entry(paper: ExportPaper, urls: Urls, highlight: str = "", bibtex: str = "") -> str:
    """One entry of a publication list (an <li>), every value escaped."""
    selected = " selected" if paper.selected else ""
    title = (
        f'<a class="title" href="{escape(urls("paper-detail", paper.slug))}">'
        f"{escape(paper.title)}</a>"
    )
    return (
        f'<li class="paper{selected}" id="paper-{escape(paper.slug)}">\n'
        f'  <span class="authors">{authors(paper, urls, highlight)}</span>.\n'
        f"  {title}.\n"
        f"  {_venue(paper, urls)}\n"
        f"  {_badges(paper)}\n"
        f"  {links(paper)}\n"
        f"  {bibtex_toggle(bibtex)}\n"
        f'  <span class="Z3988" title="{escape(coins(paper))}"></span>\n'
        "</li>"
    )


def paper_entries(
    papers: Iterable[ExportPaper], highlight: str = "", *, bibtex: bool = True
) -> SafeString:
    """The entries of a list, ``highlight`` (a person's slug) in bold, with BibTeX toggles."""
    urls = Urls()
    entries = (
        paper_entry(paper, urls, highlight, to_bibtex([paper]) if bibtex else "")
        for paper in papers
    )
    return mark_safe("\n".join(entries))  # every value escaped in paper_entry
