"""The query strings of the API: a list's filters (those of the public lists), its page and
its page size, each bounded as the public pages bound theirs."""

from __future__ import annotations

from django import forms

from pubs.queries import selectors
from pubs.web.filters import FilterQuery
from pubs.web.query import PageQuery, VenueIndexQuery

#: The most items one page of a list gives.
MAX_PAGE_SIZE = 500
#: The items of a page when the query does not say (as many as a page of the site lists).
DEFAULT_PAGE_SIZE = selectors.PAGE_SIZE


class ListQuery(PageQuery):
    """A list of the API: its page and how many items a page holds."""

    page_size = forms.IntegerField(min_value=1, max_value=MAX_PAGE_SIZE, initial=DEFAULT_PAGE_SIZE)


class PaperListQuery(FilterQuery, ListQuery):
    """The list of papers: the filters of every public list (``PaperFilter``), and its page."""


class VenueListQuery(VenueIndexQuery, ListQuery):
    """The list of venues: its order, whether venues without public papers are listed, and its
    page."""
