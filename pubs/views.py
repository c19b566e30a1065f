"""Public pages. Thin: each view picks a selector and a template."""

from itertools import groupby

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from people.models import Group
from pubs import selectors
from pubs.models import Paper, Venue


def by_year(papers) -> list[tuple[int | None, list[Paper]]]:
    """Papers grouped by year, in the order given (newest first)."""
    return [(year, list(items)) for year, items in groupby(papers, key=lambda p: p.year)]


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "groups": Group.objects.order_by("name"),
        "papers": selectors.public_papers()[:10],
    }
    return render(request, "pubs/home.html", context)


def paper_list(request: HttpRequest) -> HttpResponse:
    papers = selectors.public_papers()
    return render(request, "pubs/paper_list.html", {"years": by_year(papers)})


def paper_detail(request: HttpRequest, slug: str) -> HttpResponse:
    paper = get_object_or_404(selectors.public_papers(), slug=slug)
    return render(request, "pubs/paper_detail.html", {"paper": paper})


def venue_list(request: HttpRequest) -> HttpResponse:
    venues = (
        Venue.objects.prefetch_related("ranks")
        .annotate(paper_count=Count("papers", filter=Q(papers__is_public=True)))
        .order_by("abbreviation", "name")
    )
    return render(request, "pubs/venue_list.html", {"venues": venues})


def venue_detail(request: HttpRequest, slug: str) -> HttpResponse:
    venue = get_object_or_404(Venue.objects.prefetch_related("ranks"), slug=slug)
    papers = selectors.venue_papers(venue)
    return render(request, "pubs/venue_detail.html", {"venue": venue, "years": by_year(papers)})
