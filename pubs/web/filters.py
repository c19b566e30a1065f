"""The one FilterSet of every public list of papers (all, a group's, a person's, a venue's).

Query string: year, year_min, year_max, kind, rank (A, B, C, none) with an optional edition
of the CCF list (the current one by default), venue, person, group (slugs), status, selected,
tag, and q (title, author names and venue).
"""

from __future__ import annotations

import django_filters
from django.conf import settings
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from pubs.models import Authorship, Paper, PaperKind, Status
from pubs.search import search_papers
from pubs.venues import ccf

ANY = _("any")
RANK_CHOICES = [(rank, f"CCF {rank}") for rank in ccf.RANKS] + [("none", _("Not ranked"))]


class PaperFilter(django_filters.FilterSet):
    year = django_filters.NumberFilter(field_name="year", label=_("Year"))
    year_min = django_filters.NumberFilter(field_name="year", lookup_expr="gte", label=_("From"))
    year_max = django_filters.NumberFilter(field_name="year", lookup_expr="lte", label=_("To"))
    kind = django_filters.ChoiceFilter(choices=PaperKind.choices, label=_("Kind"), empty_label=ANY)
    rank = django_filters.ChoiceFilter(
        choices=RANK_CHOICES, method="filter_rank", label=_("CCF rank"), empty_label=ANY
    )
    edition = django_filters.ChoiceFilter(
        choices=[(str(e), str(e)) for e in reversed(ccf.EDITIONS)],
        method="filter_nothing",
        label=_("CCF edition"),
        empty_label=_("current"),
    )
    venue = django_filters.CharFilter(field_name="venue__slug", label=_("Venue"))
    person = django_filters.CharFilter(method="filter_person", label=_("Person"))
    group = django_filters.CharFilter(method="filter_group", label=_("Group"))
    status = django_filters.ChoiceFilter(choices=Status.choices, label=_("Status"), empty_label=ANY)
    selected = django_filters.BooleanFilter(field_name="selected", label=_("Selected"))
    tag = django_filters.CharFilter(method="filter_tag", label=_("Tag"))
    q = django_filters.CharFilter(method="filter_text", label=_("Search"))

    class Meta:
        model = Paper
        fields: list[str] = []

    def filter_rank(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        edition = self.form.cleaned_data.get("edition")
        edition = int(edition) if edition else settings.CCF_CURRENT_EDITION
        return queryset.ranked("" if value == "none" else value, edition)

    def filter_nothing(self, queryset: QuerySet, name: str, value) -> QuerySet:
        return queryset  # the edition only says which list ``rank`` reads

    def filter_person(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        authored = Authorship.objects.filter(person__slug=value).values("paper_id")
        return queryset.filter(pk__in=authored)

    def filter_group(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        through = Paper.groups.through.objects.filter(group__slug=value).values("paper_id")
        return queryset.filter(pk__in=through)

    def filter_tag(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        through = Paper.tags.through.objects.filter(tag__slug=value).values("paper_id")
        return queryset.filter(pk__in=through)

    def filter_text(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return search_papers(queryset, value)
