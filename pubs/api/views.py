"""The API's views: thin, as the pages' are. Each reads what its page reads (the selectors
of ``pubs.queries``, the one FilterSet), one page of a list at a time."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from django.core.paginator import InvalidPage
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.exceptions import NotFound
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from pubs.api import serializers
from pubs.api.queries import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, VenueListQuery
from pubs.models import CitationCount, VenueRank
from pubs.queries import selectors
from pubs.venues import ccf
from pubs.web.filters import PaperFilter
from pubs.web.query import VENUE_SORTS
from pubs.web.views import SUMMARY_YEARS


class Pages(PageNumberPagination):
    """``page`` and ``page_size`` (at most MAX_PAGE_SIZE). A page is read as a queryset, not
    as model instances, so that papers go through ``selectors.entries``; the links to the
    pages next to it carry the canonical query, which is what the cache keys on."""

    page_size = DEFAULT_PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def paginate_queryset(self, queryset: QuerySet, request: Request, view=None) -> QuerySet:
        self.request = request
        paginator = self.django_paginator_class(queryset, self.get_page_size(request))
        try:
            self.page = paginator.page(request.query_params.get(self.page_query_param, 1))
        except InvalidPage as exc:
            raise NotFound(str(exc)) from exc
        return self.page.object_list

    def get_next_link(self) -> str | None:
        return self._link(self.page.next_page_number()) if self.page.has_next() else None

    def get_previous_link(self) -> str | None:
        if not self.page.has_previous():
            return None
        return self._link(self.page.previous_page_number())

    def _link(self, number: int) -> str:
        query = self.request.GET.copy()
        query.pop(self.page_query_param, None)
        if number > 1:
            query[self.page_query_param] = str(number)
        url = self.request.build_absolute_uri(self.request.path)
        return f"{url}?{query.urlencode()}" if query else url


class ListView(generics.ListAPIView):
    pagination_class = Pages


@extend_schema(summary="Papers, filtered as the public lists are", tags=["papers"])
class PaperList(ListView):
    """The public papers, one per work (the version that stands for it; the others are its
    ``other_versions``), newest first, or best match first for a search (``q``)."""

    serializer_class = serializers.PaperSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = PaperFilter

    def get_queryset(self) -> QuerySet:
        return selectors.public_papers()

    def list(self, request: Request, *args, **kwargs) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        rows = selectors.entries(page, absolute_url=request.build_absolute_uri)
        context = {**self.get_serializer_context(), "editions": venue_editions(rows)}
        data = serializers.PaperSerializer(rows, many=True, context=context).data
        return self.get_paginated_response(data)


def venue_editions(rows: Iterable) -> dict[str, dict[int, str]]:
    """Venue slug -> (CCF edition -> the venue's best rank in it), for the venues of
    ``rows`` (one query)."""
    slugs = {row.venue_slug for row in rows if row.venue_slug}
    found = VenueRank.objects.filter(ranking=ccf.RANKING, venue__slug__in=slugs).values_list(
        "venue__slug", "edition", "rank"
    )
    ranks: dict[str, dict[int, str]] = defaultdict(dict)
    for slug, edition, rank in found if slugs else ():
        ranks[slug][edition] = min(ranks[slug].get(edition, rank), rank)
    return ranks


@extend_schema(summary="One paper, as its page shows it", tags=["papers"])
class PaperDetail(generics.RetrieveAPIView):
    """A public paper, a version folded into another one included (``listed_as`` names the
    version that lists its work)."""

    serializer_class = serializers.PaperDetailSerializer

    def retrieve(self, request: Request, slug: str) -> Response:
        paper = get_object_or_404(selectors.paper_details(), slug=slug)
        row = selectors.entry(paper, absolute_url=request.build_absolute_uri)
        standing = paper.folded_into
        context = {
            **self.get_serializer_context(),
            "editions": venue_editions([row]),
            "affiliations": {a.position: a.affiliation for a in paper.authorships.all()},
            "listed_as": standing.slug if standing and standing.is_public else None,
            "versions": selectors.version_entries(paper),
            "groups": selectors.paper_groups(paper),
            "citations": CitationCount.objects.filter(paper=paper)
            .values("count", "source", "date")
            .first(),
        }
        return Response(self.get_serializer_class()(row, context=context).data)


@extend_schema(summary="People: lab members and the authors of public papers", tags=["people"])
class PersonList(ListView):
    serializer_class = serializers.PersonSerializer

    def get_queryset(self) -> QuerySet:
        return selectors.people()


@extend_schema(summary="One person, as their page shows them", tags=["people"])
class PersonDetail(generics.RetrieveAPIView):
    serializer_class = serializers.PersonDetailSerializer

    def retrieve(self, request: Request, slug: str) -> Response:
        person = get_object_or_404(selectors.public_people(), slug=slug)
        advisors, advisees = selectors.advising(person)
        context = {
            **self.get_serializer_context(),
            "memberships": selectors.person_memberships(person),
            "advisors": advisors,
            "advisees": advisees,
            "namesakes": selectors.namesakes(person),
            "coauthors": selectors.coauthors(person),
            "tally": selectors.tally(selectors.person_papers(person)),
            "citations": selectors.person_citations(person),
        }
        return Response(self.get_serializer_class()(person, context=context).data)


@extend_schema(summary="Research groups", tags=["groups"])
class GroupList(ListView):
    serializer_class = serializers.GroupSerializer

    def get_queryset(self) -> QuerySet:
        return selectors.groups()


@extend_schema(summary="One group, as its page shows it", tags=["groups"])
class GroupDetail(generics.RetrieveAPIView):
    serializer_class = serializers.GroupDetailSerializer

    def retrieve(self, request: Request, slug: str) -> Response:
        group = get_object_or_404(selectors.groups().select_related("parent"), slug=slug)
        tally = selectors.tally(selectors.group_papers(group))
        since = timezone.localdate().year - SUMMARY_YEARS + 1
        context = {
            **self.get_serializer_context(),
            "members": selectors.group_members(group),
            "tally": tally,
            "summary": tally.summary(since),
        }
        return Response(self.get_serializer_class()(group, context=context).data)


@extend_schema(
    summary="Venues with their current CCF rank",
    tags=["venues"],
    parameters=[
        OpenApiParameter("sort", str, enum=list(VENUE_SORTS), description="The order."),
        OpenApiParameter("all", bool, description="Venues without public papers too."),
    ],
)
class VenueList(ListView):
    """Venues with public papers, by current CCF rank (``sort``: rank, name, papers); with
    ``all=1``, every venue of the catalogue."""

    serializer_class = serializers.VenueSerializer

    def get_queryset(self) -> QuerySet:
        query = VenueListQuery(self.request.GET).values()
        return selectors.venues(query["sort"], with_papers_only=not query["all"])


@extend_schema(summary="One venue, with its rank in each CCF edition", tags=["venues"])
class VenueDetail(generics.RetrieveAPIView):
    serializer_class = serializers.VenueDetailSerializer

    def retrieve(self, request: Request, slug: str) -> Response:
        venues = selectors.venues().prefetch_related("ranks")
        venue = get_object_or_404(venues, slug=slug)
        return Response(
            self.get_serializer_class()(venue, context=self.get_serializer_context()).data
        )
