"""How papers read on the page: "ICNP'24", labels, page ranges, the venue as every machine-
readable description of the page gives it (Google Scholar's tags, JSON-LD, COinS), the
yearly chart."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import quote_plus

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_lazy

from people.orcid import orcid_url
from pubs.export.bibtex import THESIS_TYPES
from pubs.export.fields import issued_parts, names
from pubs.export.model import ExportAuthor, ExportPaper, OtherVersion
from pubs.export.ris import ris_name
from pubs.models import LinkKind, Paper, PaperKind, Status, ThesisType
from pubs.text import is_chinese

#: Colours of the chart's ranks, as the CSS badges (A, B, C, unranked).
RANK_COLOURS = {"A": "#b3261e", "B": "#c77c02", "C": "#1e6b3a", "": "#9aa0a6"}

Positioned = TypeVar("Positioned")


#: A page range as BibTeX and imports write it ("1--10", "1-10", "1 – 10").
_PAGE_DASH = re.compile(r"\s*(?:--?|–|—)\s*")


def page_range(pages: str) -> str:
    """Pages as a reader expects them: "1–10" for "1--10"."""
    return _PAGE_DASH.sub("\u2013", pages.strip())


def first_page(pages: str) -> str:
    return _PAGE_DASH.split(pages.strip())[0]


def last_page(pages: str) -> str:
    parts = _PAGE_DASH.split(pages.strip())
    return parts[-1] if len(parts) > 1 else ""


def entry_title(paper: ExportPaper) -> str:
    """The title an entry and the page show: a patent known only by its number reads
    "Patent CN115687232A" (its venue then gives only the assignee)."""
    if paper.known_by_number:
        return f"{gettext('Patent')} {paper.number}"
    return paper.title


def venue_title(paper: ExportPaper) -> str:
    """The journal or proceedings of the paper, as Google Scholar's tags, the JSON-LD and
    COinS name it: what every export gives as its container (``ExportPaper.container``,
    left out where it only names a preprint's server)."""
    return paper.journal_or_proceedings


def venue_label(abbreviation: str, year: int | None, *, name: str = "") -> str:
    """The venue as CVs print it: "ICNP'24"; the name when there is no abbreviation."""
    short = abbreviation or name
    if short and year and abbreviation:
        return f"{short}'{year % 100:02d}"
    return short


def entry_venue(paper: ExportPaper) -> str:
    """Where an entry says the paper appeared: "ICNP'24", "arXiv", the venue as printed
    when there is no venue, "PhD thesis, Tsinghua University" or "Patent CN1234"."""
    if paper.venue_name:
        name = paper.venue_abbreviation or paper.venue_name
        if paper.venue_kind == "preprint_server":
            return name
        return venue_label(paper.venue_abbreviation, paper.year, name=name)
    if paper.container_title:
        return paper.container_title
    if paper.kind == PaperKind.THESIS:
        what = choice_label(ThesisType, paper.thesis_type) if paper.thesis_type else ""
        what = what or choice_label(PaperKind, paper.kind)
    elif paper.kind == PaperKind.PATENT:
        if paper.known_by_number:  # the number is the entry's title
            return paper.institution
        what = f"{gettext('Patent')} {paper.number}".strip()
    else:
        return ""
    if not paper.institution:
        return what
    return gettext("%(what)s, %(where)s") % {"what": what, "where": paper.institution}


def choice_label(choices: type, value: str) -> str:
    """The label of ``value`` among ``choices``; the value itself when it is not one."""
    try:
        return str(choices(value).label)
    except ValueError:
        return value


def status_label(status: str) -> str:
    return choice_label(Status, status)


def link_label(kind: str) -> str:
    return choice_label(LinkKind, kind)


#: What a version other than the full paper is called in an entry's "also:" line, by its
#: form (pubs.bibtex.versions); a full version is called by its kind.
FORM_LABELS = {
    "preprint": gettext_lazy("preprint"),
    "minor": gettext_lazy("workshop or short version"),
    "report": gettext_lazy("report"),
    "thesis": gettext_lazy("thesis"),
    "book": gettext_lazy("book or chapter"),
    "patent": gettext_lazy("patent"),
}
#: The stages named before the form of a version not published yet.
STAGE_LABELS = {"submitted": gettext_lazy("submitted"), "accepted": gettext_lazy("accepted")}


def version_label(version: OtherVersion) -> str:
    """What a folded version is, in a few words: "preprint", "workshop or short version",
    "report", "journal article", "accepted conference paper"."""
    stage, form = version.version.stage, version.version.form
    label = FORM_LABELS.get(form) or choice_label(PaperKind, version.kind).lower()
    if stage in STAGE_LABELS and form != "preprint":
        return f"{STAGE_LABELS[stage]} {label}"
    return str(label)


def with_gaps(authors: Sequence[Positioned]) -> list[Positioned | None]:
    """Authors in order, with ``None`` where positions are missing (unnamed authors)."""
    entries: list[Positioned | None] = []
    expected = 1
    for author in authors:
        if author.position > expected:  # type: ignore[attr-defined]
            entries.append(None)
        entries.append(author)
        expected = author.position + 1  # type: ignore[attr-defined]
    return entries


def written_language(text: str, page: str) -> str:
    """The language ``text`` is written in, told by its script, where it is not the page's
    (``page``, e.g. "en" or "zh-hans"): "zh-Hans" for Chinese on a page in another language,
    "en" for Latin letters on a Chinese page; "" otherwise."""
    if not text.strip():
        return ""
    written = "zh-Hans" if is_chinese(text) else "en"
    return "" if written.split("-")[0] == page.split("-")[0] else written


@dataclass(frozen=True, slots=True)
class EntryAuthor:
    """What an entry shows of an author: the printed name, the person's page (None for the
    person whose page it is: their name is set in bold instead), a lab member, an equal
    contribution, the language the name is written in where it is not the page's."""

    name: str
    url: str | None
    member: bool
    equal: bool
    lang: str = ""


def entry_authors(
    paper: ExportPaper, person_url: Callable[[str], str], highlight: str = "", page: str = ""
) -> list[EntryAuthor | None]:
    """The authors of an entry in order, ``None`` where unnamed authors are skipped.
    ``person_url`` gives a person's page from their slug; ``highlight`` is the slug of the
    person whose page lists the entry; ``page`` the page's language (``written_language``)."""
    shown: list[EntryAuthor | None] = []
    expected = 1
    for author in paper.authors:
        if author.position > expected:
            shown.append(None)
        expected = author.position + 1
        url = None if highlight and author.person == highlight else person_url(author.person)
        lang = written_language(author.printed, page) if page else ""
        shown.append(EntryAuthor(author.printed, url, author.member, author.equal, lang))
    return shown


#: An author's link in an entry as templates/includes/paper_entry.html writes it: its
#: ``lang`` (group 1) and the name (group 2) are kept when it is set in bold instead.
_AUTHOR_LINK = r'(?: class="member")?( lang="[^"]*")?>([^<]*)</a>'


def highlighted(entry: str, person_url: str) -> SafeString:
    """An entry rendered for every list (pubs.services.rendering) as the page of the person
    whose page is ``person_url`` shows it: their name set in bold, not linked, as the
    partial sets the author it is given as ``highlight``."""
    link = re.compile(re.escape(f'<a href="{escape(person_url)}"') + _AUTHOR_LINK)
    return mark_safe(link.sub(r'<strong class="self"\1>\2</strong>', entry))


def authors_end(paper: ExportPaper) -> str:
    """What follows an entry's author list: ", et al." when the list goes on (one full stop,
    however the language writes "et al."), else the full stop."""
    if not paper.more_authors:
        return "."
    et_al = gettext("et al.")
    return f"{', ' if paper.authors else ''}{et_al}{'' if et_al.endswith('.') else '.'}"


@dataclass(frozen=True)
class PageTags:
    """How a kind's page tells Zotero and Google Scholar what it is: the Zotero item type
    (``DC.type``, which Zotero's Embedded Metadata translator reads when no Google Scholar
    tag names a type), the tags naming its container, institution and number."""

    zotero: str
    container: tuple[str, ...] = ("prism.publicationName",)
    institution: str = ""
    number: str = "citation_issue"


#: The page's tags of each row of pubs.kinds's table. Zotero reads
#: ``citation_conference_title`` as the conference's name and ``prism.publicationName`` as
#: the proceedings' title; ``citation_journal_title``, ``citation_conference_title``,
#: ``citation_inbook_title`` and the institutions' tags also give it the item type, so a
#: newspaper article names its newspaper with PRISM's tag only.
PAGE_TAGS: dict[str, PageTags] = {
    "conference": PageTags(
        "conferencePaper", ("citation_conference_title", "prism.publicationName")
    ),
    "journal": PageTags("journalArticle", ("citation_journal_title",)),
    "preprint": PageTags("preprint"),
    "thesis": PageTags("thesis", institution="citation_dissertation_institution"),
    "patent": PageTags("patent", number="prism.number"),
    "book": PageTags("book"),
    "chapter": PageTags("bookSection", ("citation_inbook_title",)),
    "proceedings": PageTags("book"),
    "other": PageTags("document"),
    "report": PageTags(
        "report",
        institution="citation_technical_report_institution",
        number="citation_technical_report_number",
    ),
    "software": PageTags("computerProgram"),
    "dataset": PageTags("dataset"),
    "standard": PageTags("standard"),
    "webpage": PageTags("webpage"),
    "periodical": PageTags("document"),
    "newspaper": PageTags("newspaperArticle"),
    "preprint_entry": PageTags("preprint"),
    "letter": PageTags("letter"),
    "video": PageTags("videoRecording"),
    "audio": PageTags("audioRecording"),
    "legislation": PageTags("statute"),
    "jurisdiction": PageTags("case"),
    "artwork": PageTags("artwork"),
    "map": PageTags("map"),
}


def page_tags(paper: ExportPaper, stored: Paper | None = None) -> list[tuple[str, str]]:
    """The (name, content) of the paper page's meta tags that describe the paper: Google
    Scholar's ``citation_*`` tags, with the names as the exports print them (RIS's "Fang,
    Jin", an organisation or a name in Chinese script whole) and each author's affiliation
    on ``stored``'s authorships, and the tags of :data:`PAGE_TAGS`."""
    row = PAGE_TAGS[paper.row.name]
    affiliations = {a.position: a.affiliation for a in stored.authorships.all()} if stored else {}
    tags = [("DC.type", row.zotero), ("citation_title", paper.title)]
    for author in paper.authors:
        tags.append(("citation_author", ris_name(author)))
        if affiliations.get(author.position):
            tags.append(("citation_author_institution", affiliations[author.position]))
    tags += [("citation_editor", _page_name(name)) for name in names(paper.editor)]
    issued = issued_parts(paper.year, paper.month, paper.extra_fields)
    if issued:
        date = "/".join(f"{part:02d}" for part in issued)
        tags.append(("citation_publication_date", date))
    container = venue_title(paper)
    tags += [(name, container) for name in row.container if container]
    if paper.kind == PaperKind.JOURNAL and paper.venue_abbreviation:
        tags.append(("citation_journal_abbrev", paper.venue_abbreviation))
    if row.institution and paper.institution:
        tags.append((row.institution, paper.institution))
    if paper.thesis_type in THESIS_TYPES:
        # Zotero takes a thesis's type from EPrints' tag, else from DC.type ("thesis").
        tags.append(("eprints.thesis_type", THESIS_TYPES[paper.thesis_type]))
    for name, value in (
        ("citation_volume", paper.volume),
        (row.number, paper.number),
        ("citation_firstpage", first_page(paper.pages) if paper.pages else ""),
        ("citation_lastpage", last_page(paper.pages) if paper.pages else ""),
        ("citation_publisher", paper.publisher or paper.repository),
        ("citation_doi", paper.doi),
        ("citation_arxiv_id", paper.arxiv_id),
        ("citation_abstract", paper.abstract),
    ):
        if value:
            tags.append((name, str(value)))
    return tags + [("citation_keywords", tag) for tag in paper.tags]


def _page_name(name: dict[str, str]) -> str:
    """A CSL name as Google Scholar's tags write it: "Doe, Jane"; a literal whole."""
    if "literal" in name:
        return name["literal"]
    family = " ".join(name[part] for part in ("non-dropping-particle", "family") if part in name)
    parts = (family, name.get("given", ""), name.get("suffix", ""))
    return ", ".join(part for part in parts if part)


#: The OpenURL formats of the rows that have one of their own; another row's is a journal's
#: when its genre is one of a journal's, else a book's.
_COINS_FORMATS = {"thesis": "dissertation", "patent": "patent"}
_JOURNAL_GENRES = frozenset({"article", "preprint", "journal", "issue"})
#: A book's genres whose title is a part's (rft.atitle), the book's being its container's.
_BOOK_PARTS = frozenset({"bookitem", "proceeding", "conference"})


def coins(paper: ExportPaper) -> str:
    """The title of the paper's COinS span (OpenURL 1.0 KEV), which Zotero's connector reads
    from the lists. Zotero's reader takes the title from ``rft.atitle`` for an article or a
    part of a book, ``rft.btitle`` for a book or report and ``rft.title`` for the others (a
    thesis, a patent, a document): given under another key, the item has no title and is
    not saved."""
    row = paper.row
    fmt = _COINS_FORMATS.get(row.name) or ("journal" if row.coins in _JOURNAL_GENRES else "book")
    container = venue_title(paper)
    pairs = [("ctx_ver", "Z39.88-2004"), ("rft_val_fmt", f"info:ofi/fmt:kev:mtx:{fmt}")]
    if fmt in ("journal", "book"):
        pairs.append(("rft.genre", row.coins))
    if fmt == "journal" or row.coins in _BOOK_PARTS:
        pairs.append(("rft.atitle", paper.title))
        if container:
            pairs.append(("rft.jtitle" if fmt == "journal" else "rft.btitle", container))
    else:
        pairs.append(
            ("rft.btitle" if row.coins in ("book", "report") else "rft.title", paper.title)
        )
    creator = "rft.inventor" if fmt == "patent" else "rft.au"
    pairs += [(creator, f"{a.family}, {a.given}".strip(", ")) for a in paper.authors]
    for name, value in (
        ("rft.date", paper.year),
        ("rft.volume", paper.volume),
        ("rft.number" if fmt == "patent" else "rft.issue", paper.number),
        ("rft.pages", _PAGE_DASH.sub("-", paper.pages.strip())),
        ("rft.pub", (paper.publisher or paper.repository) if fmt == "book" else ""),
        ("rft.assignee" if fmt == "patent" else "rft.inst", paper.institution),
        ("rft.degree", THESIS_TYPES.get(paper.thesis_type, "")),
    ):
        if value:
            pairs.append((name, str(value)))
    if paper.doi:
        pairs.append(("rft_id", f"info:doi/{paper.doi}"))
    return "&".join(f"{_kev(key)}={_kev(value)}" for key, value in pairs)


def json_ld(paper: ExportPaper, *, url: str, person_url: Callable[[str], str]) -> dict[str, Any]:
    """The paper as a schema.org ScholarlyArticle, for search engines: its named authors (a
    list that goes on names no one more; an organisation as an Organization), its journal or
    proceedings as ``venue_title``."""
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "headline": paper.title,
        "name": paper.title,
        "url": url,
        "author": [_json_ld_author(author, person_url) for author in paper.authors],
    }
    if paper.year:
        month = f"-{paper.month:02d}" if paper.month else ""
        data["datePublished"] = f"{paper.year}{month}"
    venue = venue_title(paper)
    if venue:
        kind = "Periodical" if paper.kind == PaperKind.JOURNAL else "Event"
        data["isPartOf"] = {"@type": kind, "name": venue}
    if paper.doi:
        data["sameAs"] = f"https://doi.org/{paper.doi}"
    if paper.abstract:
        data["abstract"] = paper.abstract
    if paper.tags:
        data["keywords"] = list(paper.tags)
    return data


def _json_ld_author(author: ExportAuthor, person_url: Callable[[str], str]) -> dict[str, Any]:
    kind = "Organization" if author.organisation else "Person"
    data = {"@type": kind, "name": author.printed, "url": person_url(author.person)}
    if author.orcid:
        data["sameAs"] = orcid_url(author.orcid)
    return data


def person_json_ld(
    *, name: str, url: str, alternate_name: str = "", affiliation: str = "", orcid: str = "",
    profiles: Sequence[str] = (),
) -> dict[str, Any]:  # fmt: skip
    """A person as a schema.org Person, for search engines: ``sameAs`` their ORCID iD's link
    first, then their other profiles (``profiles``, http(s) links only)."""
    data: dict[str, Any] = {"@context": "https://schema.org", "@type": "Person", "name": name}
    data["url"] = url
    if alternate_name:
        data["alternateName"] = alternate_name
    if affiliation:
        data["affiliation"] = {"@type": "Organization", "name": affiliation}
    same_as = [orcid_url(orcid)] if orcid else []
    same_as += [link for link in profiles if link.startswith(("https://", "http://"))]
    if same_as:
        data["sameAs"] = same_as
    return data


class _QuotedCharacters(dict[int, str]):
    """Each character as ``quote_plus`` writes it (``str.translate``'s table), worked out the
    first time it is met: a list's COinS quote thousands of characters, and ``quote_plus``
    quotes each byte in Python."""

    def __missing__(self, code: int) -> str:
        quoted = self[code] = quote_plus(chr(code))
        return quoted


_QUOTED = _QuotedCharacters()


def _kev(value: str) -> str:
    """``value`` in a query string, as ``quote_plus`` writes it (spaces become "+")."""
    return value.translate(_QUOTED)


@dataclass(frozen=True)
class ChartBar:
    """One rank's part of a year's bar; coordinates written as SVG takes them."""

    x: str
    y: str
    width: str
    height: str
    colour: str
    label: str


@dataclass(frozen=True)
class ChartTick:
    y: str
    text_y: str
    value: int


@dataclass(frozen=True)
class ChartYear:
    x: str
    year: int


@dataclass(frozen=True)
class ChartLegend:
    x: int
    text_x: int
    colour: str
    label: str


@dataclass(frozen=True)
class RankChart:
    """The geometry of the yearly chart; ``includes/rank_chart.html`` draws it as SVG."""

    title: str
    width: int
    height: int
    left: int
    right: int
    tick_x: int
    year_y: int
    ticks: list[ChartTick]
    bars: list[ChartBar]
    years: list[ChartYear]
    legend: list[ChartLegend]


def rank_chart(
    rows: Sequence[tuple[int, dict[str, int]]],
    *,
    title: str,
    legend: dict[str, str],
    width: int = 640,
    height: int = 220,
) -> RankChart | None:
    """Papers per year stacked by CCF rank (inline SVG: no script in the browser).

    ``rows``: (year, {rank: count}) oldest first; ``legend``: rank -> label.
    """
    if not rows:
        return None
    margin_left, margin_bottom, top = 30, 28, 24
    plot_width, plot_height = width - margin_left - 8, height - margin_bottom - top
    most = max(sum(counts.values()) for _, counts in rows) or 1
    bar = plot_width / len(rows)
    ticks = []
    for tick in _ticks(most):
        y = top + plot_height - plot_height * tick / most
        ticks.append(ChartTick(f"{y:.1f}", f"{y + 4:.1f}", tick))
    bars, years = [], []
    for index, (year, counts) in enumerate(rows):
        x = margin_left + index * bar
        bottom = top + plot_height
        for rank in ("C", "B", "A", ""):
            count = counts.get(rank, 0)
            if not count:
                continue
            h = plot_height * count / most
            bottom -= h
            label = f"{year}: {count} {legend.get(rank, rank)}"
            bars.append(
                ChartBar(
                    f"{x + bar * 0.15:.1f}",
                    f"{bottom:.1f}",
                    f"{bar * 0.7:.1f}",
                    f"{h:.1f}",
                    RANK_COLOURS[rank],
                    label,
                )
            )
        if len(rows) <= 16 or index % max(1, len(rows) // 12) == 0:
            years.append(ChartYear(f"{x + bar / 2:.1f}", year))
    keys = []
    x = margin_left
    for rank in ("A", "B", "C", ""):
        label = legend.get(rank, rank)
        keys.append(ChartLegend(x, x + 14, RANK_COLOURS[rank], label))
        x += 24 + 7 * len(label)
    return RankChart(
        title, width, height, margin_left, width - 8, margin_left - 4, height - 10,
        ticks, bars, years, keys,
    )  # fmt: skip


def _ticks(most: int) -> list[int]:
    step = max(1, round(most / 4))
    return list(range(0, most + 1, step))


def is_web_url(url: str) -> bool:
    """An http(s) address or a path on this site: what a public page may link to."""
    scheme, _, rest = url.strip().partition(":")
    if not rest:
        return url.startswith("/") and not url.startswith("//")
    return scheme.lower() in ("http", "https") and rest.startswith("//")
