"""Public pages for people and groups. Thin: each view picks a selector and a template."""

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from people.models import Group, Person
from pubs import selectors
from pubs.views import by_year


def person_list(request: HttpRequest) -> HttpResponse:
    people = Person.objects.annotate(
        paper_count=Count("authorships", filter=Q(authorships__paper__is_public=True))
    )
    return render(request, "people/person_list.html", {"people": people})


def person_detail(request: HttpRequest, slug: str) -> HttpResponse:
    person = get_object_or_404(Person, slug=slug)
    papers = selectors.person_papers(person)
    context = {
        "person": person,
        "memberships": person.memberships.select_related("group"),
        "years": by_year(papers),
    }
    return render(request, "people/person_detail.html", context)


def group_detail(request: HttpRequest, slug: str) -> HttpResponse:
    group = get_object_or_404(Group, slug=slug)
    context = {
        "group": group,
        "memberships": selectors.group_memberships(group),
        "years": by_year(selectors.group_papers(group)),
    }
    return render(request, "people/group_detail.html", context)
