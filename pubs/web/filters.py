"""The one FilterSet of every public list of papers (all, a group's, a person's, a venue's).

The list is of the versions that stand for their works (``selectors.public_papers``): the
year, kind, rank, venue and status filters read the version that stands; a work is a
person's, a group's or a tag's when any of its versions is.

Query string: year, year_min, year_max, kind, rank (A, B, C, none) with an optional edition
of the CCF list (the current one by default), venue, person, group (slugs), status, selected,
tag, and q (title, author names and venue). Every value is bounded: years to the years a
paper may have, slugs to a slug's length, the search to MAX_SEARCH_LENGTH characters.

FilterQuery is the query string of a list's filters as a form of ``pubs.web.query`` (the
exports and CV lists read it); ListQuery adds the page number (the list pages).
"""

from __future__ import annotations

import django_filters
from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

from people.models import Group
from pubs import kinds
from pubs.models import Paper, Status
from pubs.queries import selectors
from pubs.search import paper_search
from pubs.venues import ccf
from pubs.web.query import FlagField, PageQuery, PublicQuery, WeighQuery

ANY = _("any")
RANK_CHOICES = [(rank, f"CCF {rank}") for rank in ccf.RANKS] + [("none", _("Not ranked"))]
#: The longest text search (ten words, as pubs.search reads at most, of any usual length).
MAX_SEARCH_LENGTH = 200
#: The longest slug of a venue, person, group or tag.
MAX_SLUG_LENGTH = Paper._meta.get_field("slug").max_length


def _year_limit(validator_class: type) -> int:
    """The least or greatest year a paper may have, as the model says."""
    field = Paper._meta.get_field("year")
    return next(v.limit_value for v in field.validators if isinstance(v, validator_class))


YEARS = {"min_value": _year_limit(MinValueValidator), "max_value": _year_limit(MaxValueValidator)}


class YearFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class SlugFilter(django_filters.CharFilter):
    field_class = forms.SlugField


class FlagFilter(django_filters.BooleanFilter):
    field_class = FlagField


class PaperFilter(django_filters.FilterSet):
    year = YearFilter(field_name="year", label=_("Year"), **YEARS)
    year_min = YearFilter(field_name="year", lookup_expr="gte", label=_("From"), **YEARS)
    year_max = YearFilter(field_name="year", lookup_expr="lte", label=_("To"), **YEARS)
    kind = django_filters.ChoiceFilter(choices=kinds.CHOICES, label=_("Kind"), empty_label=ANY)
    rank = django_filters.ChoiceFilter(
        choices=RANK_CHOICES, method="filter_rank", label=_("CCF rank"), empty_label=ANY
    )
    edition = django_filters.ChoiceFilter(
        choices=[(str(e), str(e)) for e in reversed(ccf.EDITIONS)],
        method="filter_nothing",
        label=_("CCF edition"),
        empty_label=_("current"),
    )
    venue = SlugFilter(field_name="venue__slug", label=_("Venue"), max_length=MAX_SLUG_LENGTH)
    person = SlugFilter(method="filter_person", label=_("Person"), max_length=MAX_SLUG_LENGTH)
    group = SlugFilter(method="filter_group", label=_("Group"), max_length=MAX_SLUG_LENGTH)
    status = django_filters.ChoiceFilter(choices=Status.choices, label=_("Status"), empty_label=ANY)
    selected = FlagFilter(field_name="selected", label=_("Selected"))
    tag = SlugFilter(method="filter_tag", label=_("Tag"), max_length=MAX_SLUG_LENGTH)
    q = django_filters.CharFilter(
        method="filter_text", label=_("Search"), max_length=MAX_SEARCH_LENGTH
    )

    class Meta:
        model = Paper
        fields: list[str] = []

    #: Set by the search: the people its query names, and whether its papers are ranked.
    named_people: list = []
    ranked = False

    def filter_rank(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        edition = self.form.cleaned_data.get("edition")
        edition = int(edition) if edition else settings.CCF_CURRENT_EDITION
        return queryset.ranked("" if value == "none" else value, edition)

    def filter_nothing(self, queryset: QuerySet, name: str, value) -> QuerySet:
        return queryset  # the edition only says which list ``rank`` reads

    def filter_person(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        authored = selectors.accepted(person__slug=value).values("paper_id")
        return queryset.filter(selectors.standing_for(Q(pk__in=authored)))

    def filter_group(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        groups = Group.objects.filter(slug=value)
        return queryset.filter(selectors.standing_for(selectors.in_groups(groups)))

    def filter_tag(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        through = Paper.tags.through.objects.filter(tag__slug=value).values("paper_id")
        return queryset.filter(selectors.standing_for(Q(pk__in=through)))

    def filter_text(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        """The search (pubs.search.paper_search): the people the query names are kept for
        the page to offer, and whether the papers come ranked rather than by year."""
        found = paper_search(queryset, value, people=selectors.public_people())
        self.named_people = found.people
        self.ranked = found.ranked
        return found.papers


#: The query string of a list's filters: PaperFilter's own fields, so the bounds are its.
FilterQuery = type(
    "FilterQuery",
    (PublicQuery,),
    {
        "__module__": __name__,
        "__doc__": "The filters of a list of papers (the fields of PaperFilter).",
        **{name: spec.field for name, spec in PaperFilter.base_filters.items()},
    },
)


class ListQuery(FilterQuery, PageQuery):
    """A list page: its filters, its page number, and whether it shows the whole list on
    one page (``all``, for a list of at most ``selectors.WHOLE_LIST_LIMIT`` papers)."""

    all = FlagField(initial=False)


class StatsListQuery(ListQuery, WeighQuery):
    """A person's or a group's page: the list's filters and page, and what its counts by CCF
    rank and year weigh (papers, or citations)."""
