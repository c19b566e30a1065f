"""Writes to the demo data that change what its public pages show, each returning a text
the pages show after it: the page cache's tests and the stored entries' tests make them."""

from people.models import Group, Membership, Person, Role
from pubs.models import Authorship, Link, Paper, Venue

NON_IDLE = "non-idle-machine-aware-worker-placement-for-2024"


def paper() -> Paper:
    return Paper.objects.get(slug=NON_IDLE)


def rename_paper() -> str:
    p = paper()
    p.title = "A Renamed Paper"
    p.save()
    return "A Renamed Paper"


def add_author() -> str:
    person = Person.objects.create(given_name="Newly", family_name="Added", slug="newly-added")
    Authorship.objects.create(paper=paper(), person=person, position=7)
    return "Newly Added"


def rename_person() -> str:
    person = Person.objects.get(slug="gongming-zhao")
    person.given_name = "Gongmingg"
    person.save()
    return "Gongmingg Zhao"


def rename_venue() -> str:
    venue = Venue.objects.get(slug="icnp")
    venue.abbreviation = "ICNPX"
    venue.save()
    return "ICNPX"


def add_link() -> str:
    Link.objects.create(paper=paper(), kind="code", url="https://example.org/code")
    return "https://example.org/code"


def add_membership() -> str:
    Membership.objects.create(
        person=Person.objects.get(slug="luyao-luo"),
        group=Group.objects.get(slug="ustc-int"),
        role=Role.MASTER,
    )
    return 'class="member">Luyao Luo'
