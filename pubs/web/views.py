"""Public pages. Thin: each view picks a selector, the one FilterSet, and a template."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any, TypeVar

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.urls import Resolver404, reverse
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.views.defaults import page_not_found

from people.models import Group, Person
from pubs.export import citations
from pubs.export.model import ExportPaper
from pubs.models import LinkKind, Paper, Venue
from pubs.queries import selectors
from pubs.services import rendering
from pubs.web import citing, presentation
from pubs.web.cache import cached_page
from pubs.web.filters import ListQuery, PaperFilter, StatsListQuery
from pubs.web.query import VENUE_SORTS, NoQuery, PageQuery, VenueIndexQuery

Dated = TypeVar("Dated", ExportPaper, rendering.ListedEntry)

#: The "since" of a group's summary: this many years back.
SUMMARY_YEARS = 6
#: People and venues per page of their indexes.
INDEX_PAGE_SIZE = 200


def by_year(papers: Iterable[Dated]) -> list[tuple[int | None, list[Dated]]]:
    """Papers grouped by year, in the order given (newest first)."""
    return [(year, list(items)) for year, items in groupby(papers, key=lambda p: p.year)]


def page_of(request: HttpRequest, items: QuerySet, per_page: int, count: int | None = None) -> Page:
    """The page of ``items`` the (checked) query string asks for; the last one past it.
    ``count``, when given, is the number of items (counted already)."""
    paginator = Paginator(items, per_page)
    if count is not None:
        paginator.count = count  # a cached_property: not counted again
    return paginator.get_page(PageQuery(request.GET).values()["page"])


def _offset(request: HttpRequest) -> int:
    """The first paper of the page of a list the (checked) query string asks for."""
    return (PageQuery(request.GET).values()["page"] - 1) * selectors.PAGE_SIZE


def paper_list_context(
    request: HttpRequest,
    papers: QuerySet[Paper],
    exports: ListExports,
    scope: selectors.Scope | None = None,
    *,
    highlight: Person | None = None,
    tally: selectors.Tally | None = None,
) -> dict[str, Any]:
    """The shared list component: filters, one page of papers grouped by year (their
    entries as stored, pubs.services.rendering; ``highlight``'s name set in bold), counts,
    and links to the same list (same filters) as exports, with a choice of citation style.
    ``tally``, the counts of ``papers`` a page has read already, gives the counts by year
    of the list when no filter narrows it.

    ``scope`` says which summary rows count ``papers`` (every work when not given).
    The query string is the canonical one ``cached_page(ListQuery)`` checked."""
    filterset = PaperFilter(request.GET or None, queryset=papers)
    filtered = filterset.qs
    filters = filterset.form.cleaned_data if filterset.is_bound else {}
    if tally is not None and not _is_filtered(filterset):
        year_counts = tally.by_year()
    else:
        year_counts = selectors.summary_year_counts(scope or selectors.list_scope(), filters)
        if year_counts is None:
            year_counts = selectors.year_counts(filtered)
    total = sum(n for _, n in year_counts)
    whole = ListQuery(request.GET).values()["all"] and total <= selectors.WHOLE_LIST_LIMIT
    page = page_of(request, filtered, max(total, 1) if whole else selectors.PAGE_SIZE, total)
    rows = rendering.list_entries(page.object_list)
    if highlight is not None:
        url = highlight.get_absolute_url()
        rows = [replace(row, html=presentation.highlighted(row.html, url)) for row in rows]
    return {
        "filter": filterset,
        "page": page,
        # A search ranked by title words is one list, best first; any other list by year.
        "years": [(None, rows)] if filterset.ranked else by_year(rows),
        "ranked": filterset.ranked,
        "named_people": filterset.named_people,
        "year_counts": year_counts,
        "total": total,
        "can_show_all": not whole
        and page.has_other_pages()
        and total <= selectors.WHOLE_LIST_LIMIT,
        "filtered": _is_filtered(filterset),
        "active_filters": _active_filters(request, filterset),
        "exports": _with_filters(request, exports.links),
        "citation_export": {
            **exports.citations,
            # The list's filters, carried by the style picker's form as its own fields.
            "filters": [
                (name, value) for name, values in _list_query(request).lists() for value in values
            ],
            "styles": list(citations.STYLE_LABELS.items()),
            "default": citations.DEFAULT_STYLE,
        },
    }


def _list_query(request: HttpRequest) -> QueryDict:
    query = request.GET.copy()
    query.pop("page", None)
    query.pop("all", None)
    query.pop("weigh", None)  # the page's counts, not the list
    return query


def _with_filters(request: HttpRequest, exports: dict[str, str]) -> dict[str, str]:
    query = _list_query(request)
    suffix = f"?{query.urlencode()}" if query else ""
    return {label: url + suffix for label, url in exports.items()}


@dataclass(frozen=True)
class ListExports:
    """The exports of a list: label -> URL of each file, and the URLs of its citations as
    a page (``html``) and as text (``txt``), in the style the reader picks."""

    links: dict[str, str]
    citations: dict[str, str]


def list_exports(name: str, *args: str, cv: str = "") -> ListExports:
    """The exports of a list (``name`` is its export URL's name)."""
    links = {
        "BibTeX": reverse(f"pubs:{name}", args=[*args, "bib"]),
        "RIS": reverse(f"pubs:{name}", args=[*args, "ris"]),
        "CSL-JSON": reverse(f"pubs:{name}", args=[*args, "json"]),
    }
    if cv:
        links[_("CV list (Markdown)")] = reverse(f"pubs:{cv}", args=[*args, "md"])
        links[_("CV list (LaTeX)")] = reverse(f"pubs:{cv}", args=[*args, "tex"])
    formats = ("html", "txt")
    return ListExports(links, {fmt: reverse(f"pubs:{name}", args=[*args, fmt]) for fmt in formats})


#: Filters set by links rather than by the form's own fields; the form carries them along.
LINKED_FILTERS = ("year", "venue", "person", "group", "tag", "selected")


@dataclass(frozen=True)
class ActiveFilter:
    name: str
    label: str
    value: str
    without: str  # the query string without this filter
    shown: str = ""  # what the value names: a person's, group's, venue's or tag's name


def _active_filters(request: HttpRequest, filterset: PaperFilter) -> list[ActiveFilter]:
    """The filters set by links, each named as the page names what it filters by (a
    person's name, not their slug)."""
    active = []
    for name in LINKED_FILTERS:
        value = request.GET.get(name, "")
        if not value:
            continue
        others = request.GET.copy()
        others.pop(name)
        others.pop("page", None)
        label = filterset.form[name].label
        shown = selectors.filter_names(name, value)
        active.append(ActiveFilter(name, label, value, f"?{others.urlencode()}", shown))
    return active


def _is_filtered(filterset: PaperFilter) -> bool:
    if not filterset.is_bound or not filterset.is_valid():
        return False
    return any(value not in (None, "") for value in filterset.form.cleaned_data.values())


@cached_page(NoQuery)
def home(request: HttpRequest) -> HttpResponse:
    papers = rendering.list_entries(selectors.public_papers()[:10])
    context = {"groups": selectors.groups(), "papers": papers}
    return render(request, "pubs/home.html", context)


@cached_page(ListQuery)
def paper_list(request: HttpRequest) -> HttpResponse:
    exports = list_exports("export")
    context = paper_list_context(request, selectors.public_papers(), exports)
    return render(request, "pubs/paper_list.html", context)


@cached_page(NoQuery)
def paper_detail(request: HttpRequest, slug: str) -> HttpResponse:
    paper = get_object_or_404(selectors.paper_details(), slug=slug)
    row = selectors.entry(paper, absolute_url=request.build_absolute_uri)
    url = request.build_absolute_uri(paper.get_absolute_url())
    pdfs = (link.href for link in paper.links.all() if link.kind == LinkKind.PDF)
    pdf = next((href for href in pdfs if presentation.is_web_url(href)), "")
    context = {
        "paper": paper,
        "canonical": url,
        "pdf_url": request.build_absolute_uri(pdf) if pdf else "",
        "json_ld": _json_ld(request, row, url),
        "row": row,
        "citations": citing.cite_box(row),
        "versions": selectors.version_entries(paper),
        "groups": selectors.paper_groups(paper),
    }
    return render(request, "pubs/paper_detail.html", context)


@cached_page(PageQuery)
def person_list(request: HttpRequest) -> HttpResponse:
    page = page_of(request, selectors.people(), INDEX_PAGE_SIZE)
    return render(request, "people/person_list.html", {"page": page})


def weighed(request: HttpRequest, counts: selectors.Tally) -> tuple[selectors.Tally, str]:
    """The counts by CCF rank and year a person's or a group's page shows: of papers, or
    weighed by citations when its (checked) query says ``weigh=citations``; and which."""
    weigh = StatsListQuery(request.GET).values()["weigh"]
    return (counts.by_citations() if weigh == "citations" else counts), weigh


@cached_page(StatsListQuery)
def person_detail(request: HttpRequest, slug: str) -> HttpResponse:
    person = get_object_or_404(selectors.public_people(), slug=slug)
    scope = selectors.list_scope(person=person.pk)
    listed_apart: list = []
    if settings.LABPUBS_SOFTWARE_APART:  # software and data sets under their own heading
        _, apart = selectors.listed_apart(selectors.person_papers(person))
        listed_apart = selectors.entries(apart, absolute_url=request.build_absolute_uri)
        if listed_apart:  # the summary counts every work: count the publications themselves
            scope = replace(scope, current=False)
    walk = selectors.walk_pays(scope, _offset(request))
    papers = selectors.person_papers(person, walk=walk)
    if settings.LABPUBS_SOFTWARE_APART:
        papers, _ = selectors.listed_apart(papers)
    tally = selectors.summary_tally(scope, papers)
    counts, weigh = weighed(request, tally)
    advisors, advisees = selectors.advising(person)
    context = {
        "person": person,
        "memberships": selectors.person_memberships(person),
        "advisors": advisors,
        "advisees": advisees,
        "namesakes": selectors.namesakes(person),
        "rank_counts": counts.by_rank(),
        "year_counts_all": counts.by_year(),
        "weigh": weigh,
        "cited": tally.cited,
        "citations": selectors.person_citations(person),
        "coauthors": selectors.coauthors(person),
        "highlight": person,
        "listed_apart": listed_apart,
        "json_ld": _person_json_ld(request, person),
        **paper_list_context(
            request,
            papers,
            list_exports("person-export", slug, cv="person-cv"),
            scope,
            highlight=person,
            tally=tally,
        ),
    }
    return render(request, "people/person_detail.html", context)


@cached_page(StatsListQuery)
def group_detail(request: HttpRequest, slug: str) -> HttpResponse:
    group = get_object_or_404(Group, slug=slug)
    members = selectors.group_members(group)
    scope = selectors.list_scope(group=group.pk)
    walk = selectors.walk_pays(scope, _offset(request))
    papers = selectors.group_papers(group, walk=walk)
    tally = selectors.summary_tally(scope, papers)
    counts, weigh = weighed(request, tally)
    since = timezone.localdate().year - SUMMARY_YEARS + 1
    context = {
        "group": group,
        "members": members,
        "has_former": any(role.former for role in members),
        "summary": counts.summary(since),
        "chart": counts.by_year_and_rank(),
        "weigh": weigh,
        "cited": tally.cited,
        **paper_list_context(
            request,
            papers,
            list_exports("group-export", slug, cv="group-cv"),
            scope,
            tally=tally,
        ),
    }
    return render(request, "people/group_detail.html", context)


@cached_page(VenueIndexQuery)
def venue_list(request: HttpRequest) -> HttpResponse:
    query = VenueIndexQuery(request.GET).values()
    sort = query["sort"]
    venues = selectors.venues(sort, with_papers_only=not query["all"])
    page = page_of(request, venues, INDEX_PAGE_SIZE)
    context = {"page": page, "sort": sort, "sorts": VENUE_SORTS.items()}
    return render(request, "pubs/venue_list.html", context)


@cached_page(ListQuery)
def venue_detail(request: HttpRequest, slug: str) -> HttpResponse:
    venue = get_object_or_404(Venue.objects.prefetch_related("ranks"), slug=slug)
    context = {
        "venue": venue,
        "ranks": sorted(venue.ranks.all(), key=lambda r: (-r.edition, r.field)),
        **paper_list_context(
            request,
            selectors.venue_papers(venue),
            list_exports("venue-export", slug),
            selectors.list_scope(venue=venue.pk),
        ),
    }
    return render(request, "pubs/venue_detail.html", context)


#: What a JSON text must not contain inside <script>: the characters that could close it.
SCRIPT_ESCAPES = {ord("<"): "\\u003C", ord(">"): "\\u003E", ord("&"): "\\u0026"}


def _json_ld(request: HttpRequest, row: ExportPaper, url: str) -> SafeString:
    """schema.org ScholarlyArticle of a paper (presentation.json_ld), for search engines."""
    pattern = reverse("pubs:person-detail", args=["0slug0"])
    data = presentation.json_ld(
        row,
        url=url,
        person_url=lambda slug: request.build_absolute_uri(pattern.replace("0slug0", slug)),
    )
    return _script_json(data)


def _person_json_ld(request: HttpRequest, person) -> SafeString:
    """schema.org Person of a person's page (presentation.person_json_ld): ORCID first."""
    data = presentation.person_json_ld(
        name=person.name,
        url=request.build_absolute_uri(person.get_absolute_url()),
        alternate_name=person.native_name,
        affiliation=person.affiliation,
        orcid=person.orcid,
        profiles=[person.homepage, person.dblp, person.google_scholar, person.github],
    )
    return _script_json(data)


def _script_json(data: dict[str, Any]) -> SafeString:
    """``data`` as JSON that may stand inside a <script> element."""
    return mark_safe(json.dumps(data, ensure_ascii=False).translate(SCRIPT_ESCAPES))


class NotFoundPageInDevelopment:
    """A missing page answers with the site's own 404 page (templates/404.html, in the site's
    look and language) with DEBUG on as with it off, where Django would show its technical
    page; ``DEBUG_TECHNICAL_404 = True`` asks for that one. Errors (500) keep Django's
    technical page in development."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # No view was found for the address: Django answered with its technical page.
        if response.status_code == 404 and self._active() and request.resolver_match is None:
            return page_not_found(request, Resolver404({"path": request.path_info}))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A view's Http404 (a paper that is not there)."""
        if isinstance(exception, Http404) and self._active():
            return page_not_found(request, exception)
        return None

    @staticmethod
    def _active() -> bool:
        return settings.DEBUG and not getattr(settings, "DEBUG_TECHNICAL_404", False)
