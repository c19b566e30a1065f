"""Merging people in the database: read their rows, plan (people.merging), write the plan."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import Q

from people.merging import (
    FILLED_FIELDS,
    AdvisingRecord,
    AuthorshipRecord,
    MembershipRecord,
    MergePlan,
    PersonRecord,
    plan_merge,
)
from people.models import Advising, Membership, Person
from pubs.history import history_baseline
from pubs.models import Authorship
from pubs.search import search_text_refresh
from pubs.services.work_counts import counted_write, work_counts_refresh


class MergeRefused(Exception):
    """The people cannot be merged (the reasons are in the message)."""


def person_record(person: Person) -> PersonRecord:
    return PersonRecord(
        pk=person.pk,
        given_name=person.given_name,
        family_name=person.family_name,
        slug=person.slug,
        native_name=person.native_name,
        variants=tuple(person.variants),
        profile={
            name: getattr(person, name)
            for name in FILLED_FIELDS
            if name not in ("given_name", "native_name")
        },
        email=person.email,
        email_public=person.email_public,
        internal_note=getattr(person, "internal_note", ""),
        user_id=person.user_id,
    )


def merge_plan_for(into: Person, others: Sequence[Person]) -> MergePlan:
    """The plan of merging ``others`` into ``into``, from their rows in the database."""
    ids = {into.pk, *(person.pk for person in others)}
    papers = Authorship.objects.filter(person_id__in=ids).values("paper_id")
    authorships = [
        AuthorshipRecord(**row)
        for row in Authorship.objects.filter(paper_id__in=papers).values(
            "pk",
            "paper_id",
            "person_id",
            "position",
            "printed_name",
            "equal_contribution",
            "corresponding",
            "affiliation",
        )
    ]
    memberships = [
        MembershipRecord(**row)
        for row in Membership.objects.filter(person_id__in=ids).values(
            "pk", "person_id", "group_id", "role", "start"
        )
    ]
    advising = [
        AdvisingRecord(**row)
        for row in Advising.objects.filter(Q(student_id__in=ids) | Q(advisor_id__in=ids)).values(
            "pk", "student_id", "advisor_id"
        )
    ]
    return plan_merge(
        person_record(into),
        [person_record(person) for person in others],
        authorships=authorships,
        memberships=memberships,
        advising=advising,
    )


@transaction.atomic
@counted_write()
def people_merge(*, into: Person, others: Sequence[Person]) -> MergePlan:
    """Merge ``others`` into ``into`` (every step kept in the history); returns the plan.

    Raises MergeRefused, writing nothing, when the plan refuses the merge.
    """
    ids = [into.pk, *(person.pk for person in others)]
    # Lock the people so that no import gives them new papers half-way.
    list(Person.objects.select_for_update().filter(pk__in=ids))
    plan = merge_plan_for(into, others)
    if not plan.allowed:
        raise MergeRefused("; ".join(plan.refusals))
    history_baseline(Person, ids)
    touched = [*plan.authorship_deletes, *plan.authorship_changes]
    history_baseline(Authorship, touched)
    history_baseline(Membership, [*plan.membership_deletes, *plan.membership_moves])

    for authorship in Authorship.objects.filter(pk__in=plan.authorship_deletes):
        authorship.delete()
    rows = Authorship.objects.in_bulk(list(plan.authorship_changes))
    for pk, changes in plan.authorship_changes.items():
        _save(rows[pk], changes)

    for membership in Membership.objects.filter(pk__in=plan.membership_deletes):
        membership.delete()
    for membership in Membership.objects.filter(pk__in=plan.membership_moves):
        _save(membership, {"person_id": into.pk})

    Advising.objects.filter(pk__in=plan.advising_deletes).delete()
    advising = Advising.objects.in_bulk(list(plan.advising_changes))
    for pk, changes in plan.advising_changes.items():
        _save(advising[pk], changes)

    merged = list(Person.objects.filter(pk__in=plan.merged))
    if "user_id" in plan.person_changes:
        for person in merged:
            if person.user_id is not None:  # one login per person: free it first
                _save(person, {"user_id": None})
    into.refresh_from_db()
    _save(into, plan.person_changes)
    for person in merged:
        person.delete()
    work_counts_refresh(people=[into.pk])
    search_text_refresh(Authorship.objects.filter(person=into).values_list("paper_id", flat=True))
    return plan


def _save(obj, changes: dict) -> None:
    if not changes:
        return
    for name, value in changes.items():
        setattr(obj, name, value)
    obj.save()
