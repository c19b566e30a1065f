"""Merging people: the plan of what becomes of every row (plain data, no database).

Two Person rows that are one person (an import could not tell "Gongmin Zhao" was a typo of
"Gongming Zhao") become one: the person kept takes every authorship (printed names as
they were), every name variant (the other's name and variants become variants), the
memberships, the advising, and the profile fields it lacks.

A paper that both authored lists the one person once: the earlier position stays (its flags
joined with the other's), the later one goes, and the authors after it move up so that the
positions stay one per author with no new gap.

Merging is refused when the people are evidently different (two different ORCID iDs) or
when both log in (unlink one account first).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from people.names import full_name

#: Profile fields the person kept takes from a merged person when its own is empty.
FILLED_FIELDS = (
    "given_name",
    "native_name",
    "affiliation",
    "homepage",
    "github",
    "google_scholar",
    "dblp",
    "orcid",
    "bio",
)


@dataclass(frozen=True)
class PersonRecord:
    pk: int
    given_name: str
    family_name: str
    slug: str
    native_name: str = ""
    variants: tuple[str, ...] = ()
    profile: dict[str, str] = field(default_factory=dict)  # FILLED_FIELDS but names
    email: str = ""
    email_public: bool = False
    internal_note: str = ""
    user_id: int | None = None

    @property
    def name(self) -> str:
        return full_name(self.given_name, self.family_name)

    def value(self, name: str) -> str:
        if name in ("given_name", "native_name"):
            return getattr(self, name)
        return self.profile.get(name, "")


@dataclass(frozen=True)
class AuthorshipRecord:
    pk: int
    paper_id: int
    person_id: int
    position: int
    printed_name: str = ""
    equal_contribution: bool = False
    corresponding: bool = False
    affiliation: str = ""


@dataclass(frozen=True)
class MembershipRecord:
    pk: int
    person_id: int
    group_id: int
    role: str
    start: date | None = None


@dataclass(frozen=True)
class AdvisingRecord:
    pk: int
    student_id: int
    advisor_id: int


@dataclass(frozen=True)
class SharedPaper:
    """A paper two of the merged people authored: who stays at which position."""

    paper_id: int
    kept_position: int
    dropped_positions: tuple[int, ...]


@dataclass
class MergePlan:
    into: int
    merged: tuple[int, ...]
    person_changes: dict[str, Any] = field(default_factory=dict)
    authorship_deletes: list[int] = field(default_factory=list)
    #: authorship pk → the fields that change, in an order safe to save one by one
    authorship_changes: dict[int, dict[str, Any]] = field(default_factory=dict)
    membership_deletes: list[int] = field(default_factory=list)
    membership_moves: list[int] = field(default_factory=list)
    advising_deletes: list[int] = field(default_factory=list)
    advising_changes: dict[int, dict[str, int]] = field(default_factory=dict)
    shared_papers: list[SharedPaper] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)

    @property
    def allowed(self) -> bool:
        return not self.refusals


def plan_merge(
    into: PersonRecord,
    others: Sequence[PersonRecord],
    *,
    authorships: Sequence[AuthorshipRecord] = (),
    memberships: Sequence[MembershipRecord] = (),
    advising: Sequence[AdvisingRecord] = (),
) -> MergePlan:
    """What merging ``others`` into ``into`` does.

    ``authorships`` holds every authorship of every paper any of them authored (the other
    authors of a shared paper may move up); ``memberships`` and ``advising`` their rows.
    """
    others = [person for person in others if person.pk != into.pk]
    merged_ids = {person.pk for person in others}
    everyone = {into.pk, *merged_ids}
    plan = MergePlan(into=into.pk, merged=tuple(sorted(merged_ids)))
    plan.refusals = _refusals(into, others)
    dropped_names = _plan_authorships(plan, everyone, authorships)
    _plan_memberships(plan, everyone, memberships)
    _plan_advising(plan, everyone, advising)
    plan.person_changes = _person_changes(into, others, dropped_names)
    return plan


def _refusals(into: PersonRecord, others: Sequence[PersonRecord]) -> list[str]:
    refusals = []
    orcids = {p.value("orcid") for p in (into, *others) if p.value("orcid")}
    if len(orcids) > 1:
        refusals.append(
            f"they have different ORCID iDs ({', '.join(sorted(orcids))}): "
            "they are different people"
        )
    users = {p.user_id for p in (into, *others) if p.user_id is not None}
    if len(users) > 1:
        refusals.append("more than one of them has a login: unlink all logins but one first")
    return refusals


def _plan_authorships(
    plan: MergePlan, everyone: set[int], authorships: Sequence[AuthorshipRecord]
) -> list[str]:
    """Fill the plan's authorship part; returns the printed names of dropped authorships."""
    by_paper: dict[int, list[AuthorshipRecord]] = defaultdict(list)
    for authorship in authorships:
        by_paper[authorship.paper_id].append(authorship)
    dropped_names = []
    for paper_id in sorted(by_paper):
        rows = sorted(by_paper[paper_id], key=lambda a: a.position)
        ours = [a for a in rows if a.person_id in everyone]
        if not ours:
            continue
        kept, dropped = ours[0], ours[1:]
        changes: dict[int, dict[str, Any]] = {}
        if kept.person_id != plan.into:
            changes[kept.pk] = {"person_id": plan.into}
        if dropped:
            plan.shared_papers.append(
                SharedPaper(paper_id, kept.position, tuple(a.position for a in dropped))
            )
            plan.authorship_deletes.extend(a.pk for a in dropped)
            dropped_names.extend(a.printed_name for a in dropped if a.printed_name)
            joined = {
                "equal_contribution": any(a.equal_contribution for a in ours),
                "corresponding": any(a.corresponding for a in ours),
                "affiliation": kept.affiliation or next((a.affiliation for a in dropped), ""),
            }
            changes.setdefault(kept.pk, {}).update(
                {k: v for k, v in joined.items() if getattr(kept, k) != v}
            )
            gone = sorted(a.position for a in dropped)
            for row in rows:
                if row in dropped:
                    continue
                shift = sum(1 for position in gone if position < row.position)
                if shift:
                    changes.setdefault(row.pk, {})["position"] = row.position - shift
        # Rows are saved in this order: positions only go down, each to a place already free.
        for row in rows:
            if changes.get(row.pk):
                plan.authorship_changes[row.pk] = changes[row.pk]
    return dropped_names


def _plan_memberships(
    plan: MergePlan, everyone: set[int], memberships: Sequence[MembershipRecord]
) -> None:
    taken = {(m.group_id, m.role, m.start) for m in memberships if m.person_id == plan.into}
    for membership in sorted(memberships, key=lambda m: m.pk):
        if membership.person_id == plan.into or membership.person_id not in everyone:
            continue
        key = (membership.group_id, membership.role, membership.start)
        if key in taken:
            plan.membership_deletes.append(membership.pk)
        else:
            taken.add(key)
            plan.membership_moves.append(membership.pk)


def _plan_advising(plan: MergePlan, everyone: set[int], advising: Sequence[AdvisingRecord]) -> None:
    def merged(pk: int) -> int:
        return plan.into if pk in everyone else pk

    taken = {
        (a.student_id, a.advisor_id)
        for a in advising
        if a.student_id not in everyone - {plan.into} and a.advisor_id not in everyone - {plan.into}
    }
    for row in sorted(advising, key=lambda a: a.pk):
        pair = (merged(row.student_id), merged(row.advisor_id))
        if pair == (row.student_id, row.advisor_id):
            continue
        if pair[0] == pair[1] or pair in taken:
            plan.advising_deletes.append(row.pk)
        else:
            taken.add(pair)
            plan.advising_changes[row.pk] = {"student_id": pair[0], "advisor_id": pair[1]}


def _person_changes(
    into: PersonRecord, others: Sequence[PersonRecord], dropped_names: Sequence[str]
) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    for name in FILLED_FIELDS:
        if not into.value(name):
            value = next((p.value(name) for p in others if p.value(name)), "")
            if value:
                changes[name] = value
    if not into.email:
        donor = next((p for p in others if p.email), None)
        if donor is not None:
            changes["email"], changes["email_public"] = donor.email, donor.email_public
    notes = [p.internal_note.strip() for p in (into, *others) if p.internal_note.strip()]
    if len(notes) > 1:
        changes["internal_note"] = "\n\n".join(dict.fromkeys(notes))
    if into.user_id is None:
        user_id = next((p.user_id for p in others if p.user_id is not None), None)
        if user_id is not None:
            changes["user_id"] = user_id
    own_names = {into.name, into.native_name}
    candidates = [*into.variants]
    for person in others:
        candidates += [person.name, person.native_name, *person.variants]
    candidates += dropped_names
    variants = [
        name
        for name in dict.fromkeys(n.strip() for n in candidates)
        if name and name not in own_names and name != changes.get("native_name")
    ]
    if variants != list(into.variants):
        changes["variants"] = variants
    return changes
