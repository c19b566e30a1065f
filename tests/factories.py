"""Factories for the models, and a bulk builder for data sets of a given size."""

from __future__ import annotations

import factory
from django.utils import timezone

from people.models import Group, Membership, Person, Role
from pubs.models import Authorship, Paper, PaperKind, Venue, VenueKind, VenueRank
from pubs.search import search_text_refresh
from pubs.services.versions import paper_versions_refold


class PersonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Person

    given_name = factory.Sequence(lambda n: f"Given{n}")
    family_name = factory.Sequence(lambda n: f"Family{n}")
    slug = factory.Sequence(lambda n: f"person-{n}")


class GroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Group

    name = factory.Sequence(lambda n: f"Group {n}")
    slug = factory.Sequence(lambda n: f"group-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    person = factory.SubFactory(PersonFactory)
    group = factory.SubFactory(GroupFactory)
    role = Role.PHD


class VenueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Venue

    abbreviation = factory.Sequence(lambda n: f"V{n}")
    name = factory.Sequence(lambda n: f"Venue {n}")
    kind = VenueKind.CONFERENCE
    slug = factory.Sequence(lambda n: f"venue-{n}")


class VenueRankFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = VenueRank

    venue = factory.SubFactory(VenueFactory)
    edition = 2026
    rank = "A"


class PaperFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Paper

    title = factory.Sequence(lambda n: f"Paper number {n}")
    slug = factory.Sequence(lambda n: f"paper-{n}")
    year = 2024
    kind = PaperKind.CONFERENCE
    venue = factory.SubFactory(VenueFactory)


class AuthorshipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Authorship

    paper = factory.SubFactory(PaperFactory)
    person = factory.SubFactory(PersonFactory)
    position = factory.Sequence(lambda n: n + 1)


def paper_with_authors(*people: Person, **fields) -> Paper:
    """A paper whose authors are ``people`` in that order."""
    paper = PaperFactory(**fields)
    for position, person in enumerate(people, start=1):
        AuthorshipFactory(paper=paper, person=person, position=position)
    return paper


def bulk_dataset(
    papers: int,
    authors_per_paper: int = 4,
    prefix: str = "bulk",
    *,
    onto: tuple[Person, Group, Venue] | None = None,
) -> list[Paper]:
    """Insert ``papers`` papers with authors, venues with ranks, groups and memberships.

    Built with bulk_create so that hundreds of papers take a fraction of a second; every
    relation the admin and public pages show is populated, so an N+1 query would show.
    With ``onto`` (a person, a group and a venue), every new paper also has that person
    as its last author, belongs to that group and appeared at that venue: their pages grow.
    """
    now = timezone.now()
    groups = Group.objects.bulk_create(
        Group(name=f"{prefix} group {i}", slug=f"{prefix}-group-{i}") for i in range(3)
    )
    venues = Venue.objects.bulk_create(
        Venue(
            abbreviation=f"{prefix.upper()}{i}",
            name=f"{prefix} venue {i}",
            kind=VenueKind.CONFERENCE,
            slug=f"{prefix}-venue-{i}",
            aliases=[],
        )
        for i in range(max(3, papers // 20))
    )
    VenueRank.objects.bulk_create(
        VenueRank(venue=venue, edition=edition, rank="ABC"[i % 3])
        for i, venue in enumerate(venues)
        for edition in (2022, 2026)
    )
    people = Person.objects.bulk_create(
        Person(
            given_name=f"Given{i}",
            family_name=f"{prefix}{i}",
            slug=f"{prefix}-person-{i}",
            variants=[f"G. {prefix}{i}"],
            created=now,
            modified=now,
        )
        for i in range(max(authors_per_paper, papers // 2))
    )
    Membership.objects.bulk_create(
        Membership(person=person, group=groups[i % len(groups)], role=Role.PHD)
        for i, person in enumerate(people)
    )
    paper_rows = Paper.objects.bulk_create(
        Paper(
            title=f"{prefix} paper {i}",
            slug=f"{prefix}-paper-{i}",
            year=2000 + i % 25,
            kind=PaperKind.CONFERENCE,
            venue=onto[2] if onto else venues[i % len(venues)],
            extra_fields={},
            created=now,
            modified=now,
        )
        for i in range(papers)
    )
    authorships = [
        Authorship(paper=paper, person=people[(i + k) % len(people)], position=k + 1)
        for i, paper in enumerate(paper_rows)
        for k in range(authors_per_paper)
    ]
    if onto:
        authorships += [
            Authorship(paper=paper, person=onto[0], position=authors_per_paper + 1)
            for paper in paper_rows
        ]
    Authorship.objects.bulk_create(authorships)
    Paper.groups.through.objects.bulk_create(
        Paper.groups.through(paper=paper, group=onto[1] if onto else groups[i % len(groups)])
        for i, paper in enumerate(paper_rows)
    )
    search_text_refresh(paper.pk for paper in paper_rows)  # as the services that write do
    return paper_rows


def linked_versions(*papers: Paper) -> list[Paper]:
    """Link ``papers`` as versions of one work, as the admin and the import do, and fold
    them (``paper_versions_refold``); returns them as stored now."""
    first, *others = papers
    first.versions.add(*others)
    paper_versions_refold(paper_ids=[paper.pk for paper in papers])
    for paper in papers:
        paper.refresh_from_db()
    return list(papers)


def with_preprints(papers: list[Paper], *, every: int = 2) -> list[Paper]:
    """Give every ``every``-th of ``papers`` an arXiv preprint of the year before, with the
    same authors, linked as its version and folded into it (bulk-created, as
    ``bulk_dataset``); returns the preprints."""
    originals = papers[::every]
    preprints = Paper.objects.bulk_create(
        Paper(
            title=paper.title,
            slug=f"{paper.slug}-preprint",
            year=(paper.year or 2000) - 1,
            kind=PaperKind.PREPRINT,
            container_title="arXiv preprint",
            extra_fields={},
        )
        for paper in originals
    )
    preprint_of = {paper.pk: preprint for paper, preprint in zip(originals, preprints, strict=True)}
    Authorship.objects.bulk_create(
        Authorship(paper=preprint_of[paper_id], person_id=person_id, position=position)
        for paper_id, person_id, position in Authorship.objects.filter(
            paper__in=originals
        ).values_list("paper_id", "person_id", "position")
    )
    through = Paper.versions.through
    through.objects.bulk_create(
        through(from_paper_id=a, to_paper_id=b)
        for paper, preprint in zip(originals, preprints, strict=True)
        for a, b in ((paper.pk, preprint.pk), (preprint.pk, paper.pk))
    )
    paper_versions_refold(paper_ids=[paper.pk for paper in originals])
    search_text_refresh(preprint.pk for preprint in preprints)
    return preprints
