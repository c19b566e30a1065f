"""Undoing an import: the database as it was before, from what the import noted it changed.

The papers it created go (their authors, links and group and tag links with them); the
papers it filled in get their fields back; the names, aliases and group links it added are
taken off; the people, venues and tags it created go unless something made since uses them.
Every change is kept in the history, with the user who undid it. Once the undoing commits,
PostgreSQL's statistics of the tables it took many rows from are refreshed, as after the
import (pubs.services.table_statistics).
"""

from __future__ import annotations

from collections import defaultdict

from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from simple_history.utils import bulk_update_with_history

from people.models import Person
from pubs.history import history_baseline
from pubs.imports.errors import UndoRefused
from pubs.models import Authorship, BibtexImport, ImportStatus, Paper, Tag, Venue
from pubs.search import search_text_refresh
from pubs.services import public_version, rendering, table_statistics
from pubs.services.papers import authorships_make_room
from pubs.services.versions import paper_versions_refold
from pubs.services.work_counts import work_counts_kept


@transaction.atomic
def bibtex_import_undo(*, record: BibtexImport, user=None) -> list[str]:
    """Revert an applied import exactly; returns notes on what had to be kept (people or
    venues that later records use).

    Raises UndoRefused when the import is not applied (undone already, or a preview).
    """
    record = BibtexImport.objects.select_for_update().get(pk=record.pk)
    if record.status != ImportStatus.APPLIED:
        raise UndoRefused(f"this import is {record.get_status_display().lower()}, not applied")
    author = user if user is not None and user.is_authenticated else None
    history = {
        "default_user": author,
        "default_change_reason": f"Import of {record.file_name} undone"[:100],
        "default_date": timezone.now(),
    }
    changes = record.changes
    touched = {*changes.get("papers", []), *(pk for pk, _ in changes.get("updated", []))}
    touched |= {pk for pair in changes.get("version_links", []) for pk in pair}
    touched |= {pk for pk, _ in changes.get("group_links", [])}
    touched |= set(
        Authorship.objects.filter(pk__in=changes.get("authorships", [])).values_list(
            "paper_id", flat=True
        )
    )
    # Thousands of deletions, each with its signals: the pages and entries made stale once.
    with public_version.one_bump(), rendering.one_forget(), work_counts_kept(papers=touched):
        notes = _undo(changes, history)
        record.status = ImportStatus.UNDONE
        record.undone = history["default_date"]
        record.undone_by = author
        record.save(update_fields=["status", "undone", "undone_by"])
        public_version.bump()
    # The rows it takes away count as the import's did: the planner's counts, once committed.
    table_statistics.table_statistics_refresh(changes=record.changes)
    return notes


def _undo(changes: dict, history: dict) -> list[str]:
    notes = []
    created = changes.get("papers", [])
    # The papers whose work may stand by another version once the import's papers, links
    # and fields go: those it linked or filled in, and those linked to a paper it created.
    refold = {pk for pair in changes.get("version_links", []) for pk in pair}
    refold |= {pk for pk, _ in changes.get("updated", [])}
    refold |= set(
        Paper.versions.through.objects.filter(from_paper_id__in=created).values_list(
            "to_paper_id", flat=True
        )
    )
    Paper.objects.filter(pk__in=created).delete()
    _restore_authors(changes, history)
    _restore_papers(changes.get("updated", []), history)
    moved = [pk for pk, _ in changes.get("moved_authorships", [])]
    rendering.entries_forget(
        paper_ids=[
            *(pk for pk, _ in changes.get("updated", [])),
            *Authorship.objects.filter(pk__in=moved).values_list("paper_id", flat=True),
        ]
    )
    for one, two in changes.get("version_links", []):
        Paper.versions.through.objects.filter(
            Q(from_paper_id=one, to_paper_id=two) | Q(from_paper_id=two, to_paper_id=one)
        ).delete()
    paper_versions_refold(paper_ids=refold - set(created))
    for paper_id, group_id in changes.get("group_links", []):
        Paper.groups.through.objects.filter(paper_id=paper_id, group_id=group_id).delete()
    _forget_variants(changes.get("variants", []), history)
    _forget_orcids(changes.get("orcids", []), history)
    for venue_id, alias in changes.get("aliases", []):
        venue = Venue.objects.filter(pk=venue_id).first()
        if venue and alias in venue.aliases:
            venue.aliases = [a for a in venue.aliases if a != alias]
            venue.save(update_fields=["aliases"])
    used_people = Person.objects.filter(pk__in=changes.get("people", [])).annotate(
        n=Count("authorships")
    )
    kept = [p for p in used_people if p.n]
    Person.objects.filter(pk__in=[p.pk for p in used_people if not p.n]).delete()
    if kept:
        notes.append(f"{len(kept)} people it created are kept: later papers list them")
    venues = Venue.objects.filter(pk__in=changes.get("venues", [])).annotate(n=Count("papers"))
    Venue.objects.filter(pk__in=[v.pk for v in venues if not v.n]).delete()
    tags = Tag.objects.filter(pk__in=changes.get("tags", [])).annotate(n=Count("papers"))
    Tag.objects.filter(pk__in=[t.pk for t in tags if not t.n]).delete()
    return notes


def _restore_papers(updated: list, history: dict) -> None:
    """The fields of the papers the import filled in, as they were (the earliest value noted
    for each field, when two entries changed one paper)."""
    if not updated:
        return
    papers = Paper.objects.in_bulk([paper_id for paper_id, _ in updated])
    history_baseline(Paper, papers)
    names: set[str] = set()
    for paper_id, old in reversed(updated):
        paper = papers.get(paper_id)
        if paper is None:  # deleted since
            continue
        for name, value in old.items():
            field = Paper._meta.get_field("venue" if name == "venue_id" else name)
            setattr(paper, field.attname, field.to_python(value))
            names.add(field.attname)
    bulk_update_with_history(list(papers.values()), Paper, sorted(names), **history)
    search_text_refresh(papers)


def _restore_authors(changes: dict, history: dict) -> None:
    """The author lists the import completed, as they were: the authorships it added go, and
    those it moved get their places back."""
    Authorship.objects.filter(pk__in=changes.get("authorships", [])).delete()
    places = dict(changes.get("moved_authorships", []))
    authorships = Authorship.objects.in_bulk(list(places))
    if not authorships:
        return
    history_baseline(Authorship, authorships)
    authorships_make_room(authorship_ids=authorships)
    for pk, authorship in authorships.items():
        authorship.position = places[pk]
    bulk_update_with_history(list(authorships.values()), Authorship, ["position"], **history)


def _forget_variants(variants: list, history: dict) -> None:
    """The name variants the import remembered, taken off their people."""
    removed: dict[int, set[str]] = defaultdict(set)
    for person_id, variant in variants:
        removed[person_id].add(variant)
    people = list(Person.objects.filter(pk__in=removed))
    for person in people:
        person.variants = [v for v in person.variants if v not in removed[person.pk]]
    if people:
        history_baseline(Person, [person.pk for person in people])
        bulk_update_with_history(people, Person, ["variants"], **history)


def _forget_orcids(person_ids: list, history: dict) -> None:
    """The ORCID iDs the import gave people already there, taken off them."""
    people = list(Person.objects.filter(pk__in=person_ids).exclude(orcid=""))
    for person in people:
        person.orcid = ""
    if people:
        history_baseline(Person, [person.pk for person in people])
        bulk_update_with_history(people, Person, ["orcid"], **history)
