"""The read path of public pages: every public list starts here.

Each function returns a queryset that already joins or prefetches what the templates
show (venue and ranks, ordered authors with their people, links), so a page's query
count does not grow with the number of papers on it.
"""

from django.db.models import Count, Q, QuerySet

from people.models import Group, Membership, Person
from pubs.models import Paper, Venue


def public_papers() -> QuerySet[Paper]:
    """Public papers, newest first, with everything an entry in a list shows."""
    return Paper.objects.public().with_venue().with_authors().prefetch_related("links")


def person_papers(person: Person) -> QuerySet[Paper]:
    return public_papers().filter(authorships__person=person)


def group_papers(group: Group) -> QuerySet[Paper]:
    return public_papers().filter(groups=group)


def venue_papers(venue: Venue) -> QuerySet[Paper]:
    return public_papers().filter(venue=venue)


def people() -> QuerySet[Person]:
    """People with the number of their public papers."""
    public = Q(authorships__paper__is_public=True)
    return Person.objects.annotate(paper_count=Count("authorships", filter=public))


def person_memberships(person: Person) -> QuerySet[Membership]:
    return person.memberships.select_related("group").order_by("-start")


def groups() -> QuerySet[Group]:
    return Group.objects.order_by("name")


def group_memberships(group: Group) -> QuerySet[Membership]:
    return group.memberships.select_related("person").order_by("role", "person__family_name")


def venues() -> QuerySet[Venue]:
    """Venues with their ranks and the number of their public papers."""
    public = Q(papers__is_public=True)
    return (
        Venue.objects.prefetch_related("ranks")
        .annotate(paper_count=Count("papers", filter=public))
        .order_by("abbreviation", "name")
    )
