"""The read path of public pages: every public list of papers starts here.

Each function returns a queryset that already joins or prefetches what the templates
show (venue and ranks, ordered authors with their people, links), so a page's query
count does not grow with the number of papers on it.
"""

from django.db.models import Prefetch, QuerySet

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


def group_memberships(group: Group) -> QuerySet[Membership]:
    return group.memberships.select_related("person").order_by("role", "person__family_name")


def groups_with_members() -> QuerySet[Group]:
    memberships = Membership.objects.select_related("person").order_by("role")
    return Group.objects.prefetch_related(Prefetch("memberships", queryset=memberships))
