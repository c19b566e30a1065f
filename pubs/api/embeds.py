"""A person's or a group's list embedded in another site: the page an ``<iframe>`` shows, and
which ``static/js/embed.js`` (the ``<script>`` form) fetches and puts into the host page. The
list is the public pages' (the same selectors, filters and entry partial), grouped by year, in
the visitor's language (their browser's, or ``lang``: ``http.visitors_language``), at most
MAX_ENTRIES entries with a link to the whole list on the site."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from people.models import Group
from pubs.api.queries import MAX_PAGE_SIZE
from pubs.queries import selectors
from pubs.web.filters import FilterQuery, PaperFilter
from pubs.web.views import by_year

#: The most entries an embedded list shows (the API's largest page).
MAX_ENTRIES = MAX_PAGE_SIZE


class EmbedQuery(FilterQuery):
    """An embedded list: the filters of the public lists, and its language when the host
    fixes one (else the visitor's browser says)."""

    lang = forms.ChoiceField(choices=settings.LANGUAGES)


def person_list(request: HttpRequest, slug: str) -> HttpResponse:
    person = get_object_or_404(selectors.public_people(), slug=slug)
    papers = selectors.person_papers(person)
    return _embedded(request, papers, "pubs:person-detail", slug, person.name, highlight=person)


def group_list(request: HttpRequest, slug: str) -> HttpResponse:
    group = get_object_or_404(Group, slug=slug)
    return _embedded(request, selectors.group_papers(group), "pubs:group-detail", slug, group.name)


def _embedded(
    request: HttpRequest, papers: QuerySet, page: str, slug: str, title: str, **context: Any
) -> HttpResponse:
    """``papers`` filtered as the (checked) query says, grouped by year, on the embed page."""
    filters = request.GET.copy()
    filters.pop("lang", None)
    filterset = PaperFilter(filters or None, queryset=papers)
    found = filterset.qs
    rows = selectors.entries(found[:MAX_ENTRIES], absolute_url=request.build_absolute_uri)
    more = request.build_absolute_uri(reverse(page, args=[slug]))
    context |= {
        "title": title,
        "years": [(None, rows)] if filterset.ranked else by_year(rows),
        "ranked": filterset.ranked,
        "shown": len(rows),
        "total": found.count(),
        "more_url": f"{more}?{filters.urlencode()}" if filters else more,
    }
    return render(request, "embed/paper_list.html", context)
