"""Public pages. Thin: each view picks a selector and a template."""

from collections.abc import Iterable
from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from pubs import selectors
from pubs.models import Paper


def by_year(papers: Iterable[Paper]) -> list[tuple[int | None, list[Paper]]]:
    """Papers grouped by year, in the order given (newest first)."""
    return [(year, list(items)) for year, items in groupby(papers, key=lambda p: p.year)]


def home(request: HttpRequest) -> HttpResponse:
    context = {"groups": selectors.groups(), "papers": selectors.public_papers()[:10]}
    return render(request, "pubs/home.html", context)


def paper_list(request: HttpRequest) -> HttpResponse:
    return render(request, "pubs/paper_list.html", {"years": by_year(selectors.public_papers())})


def paper_detail(request: HttpRequest, slug: str) -> HttpResponse:
    paper = get_object_or_404(selectors.public_papers(), slug=slug)
    return render(request, "pubs/paper_detail.html", {"paper": paper})


def person_list(request: HttpRequest) -> HttpResponse:
    return render(request, "people/person_list.html", {"people": selectors.people()})


def person_detail(request: HttpRequest, slug: str) -> HttpResponse:
    person = get_object_or_404(selectors.people(), slug=slug)
    context = {
        "person": person,
        "memberships": selectors.person_memberships(person),
        "years": by_year(selectors.person_papers(person)),
    }
    return render(request, "people/person_detail.html", context)


def group_detail(request: HttpRequest, slug: str) -> HttpResponse:
    group = get_object_or_404(selectors.groups(), slug=slug)
    context = {
        "group": group,
        "memberships": selectors.group_memberships(group),
        "years": by_year(selectors.group_papers(group)),
    }
    return render(request, "people/group_detail.html", context)


def venue_list(request: HttpRequest) -> HttpResponse:
    return render(request, "pubs/venue_list.html", {"venues": selectors.venues()})


def venue_detail(request: HttpRequest, slug: str) -> HttpResponse:
    venue = get_object_or_404(selectors.venues(), slug=slug)
    papers = selectors.venue_papers(venue)
    return render(request, "pubs/venue_detail.html", {"venue": venue, "years": by_year(papers)})
