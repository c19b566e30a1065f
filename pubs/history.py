"""The history of changes (django-simple-history): baselines, and a paper's authors as of a
version, restored when the paper is reverted.

simple-history records a row's state after each save and delete. Rows written in bulk (a
BibTeX import, ``loaddata``) have no record until their first recorded change, and a record
only holds the state *after* that change: :func:`history_baseline` first records the state
they had, so that the first change can be reverted. An import as a whole is recorded by its
BibtexImport (who, when, which file, what it created) and undone from there.

A paper's authors are rows of their own. Reverting a paper to a version restores its authors
as they were in that version: the authorships' records up to the paper's next version.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.apps import apps
from django.db import connection, models, transaction
from django.db.models import Max
from django.utils import timezone

from people.models import Person
from pubs.models import Authorship, BibtexImport, ImportStatus, Paper

#: The change reason of a baseline record.
BASELINE_REASON = "State before its first recorded change"

#: The fields of an authorship that a revert restores.
AUTHORSHIP_FIELDS = (
    "person_id",
    "position",
    "printed_name",
    "equal_contribution",
    "corresponding",
    "affiliation",
    "review_note",
)


def history_baseline(
    model: type[models.Model], pks: Iterable[int], *, date: datetime | None = None
) -> int:
    """Record the current state (read from the database) of the rows of ``model`` among
    ``pks`` that have no history yet. Returns the number of records made.

    The record is dated ``date``, else the row's ``modified`` time, else now.
    """
    wanted = {pk for pk in pks if pk is not None}
    if not wanted:
        return 0
    history = model.history
    recorded = set(history.filter(id__in=wanted).values_list("id", flat=True))
    missing = list(model._default_manager.filter(pk__in=wanted - recorded))
    for obj in missing:
        obj._history_date = date or getattr(obj, "modified", None) or timezone.now()
    history.bulk_history_create(missing, default_change_reason=BASELINE_REASON)
    return len(missing)


def paper_history_baseline(paper: Paper) -> None:
    """Baselines for a paper and its authors (the authors dated when the paper was made)."""
    history_baseline(Paper, [paper.pk])
    history_baseline(
        Authorship,
        Authorship.objects.filter(paper_id=paper.pk).values_list("pk", flat=True),
        date=paper.created,
    )


def version_end(record) -> datetime | None:
    """When the paper's version ``record`` stopped being current: the date of the paper's
    next record, or None for the latest."""
    later = (
        Paper.history.filter(id=record.id, history_date__gt=record.history_date)
        .order_by("history_date")
        .values_list("history_date", flat=True)
        .first()
    )
    return later


def authors_as_of(paper_id: int, end: datetime | None) -> dict[int, dict]:
    """The paper's authorships in force just before ``end`` (None: now), by authorship id,
    each as the values of :data:`AUTHORSHIP_FIELDS`.

    An authorship with no record at all has been there, as it is, since the paper was
    made (imported in bulk), as far as anyone knows.
    """
    latest: dict[int, dict] = {}
    recorded: set[int] = set()
    rows = Authorship.history.filter(paper_id=paper_id).order_by(
        "id", "-history_date", "-history_id"
    )
    for row in rows.values("id", "history_date", "history_type", *AUTHORSHIP_FIELDS):
        recorded.add(row["id"])
        if end is None or row["history_date"] < end:
            latest.setdefault(row["id"], row)
    unrecorded = Authorship.objects.filter(paper_id=paper_id).exclude(pk__in=recorded)
    for row in unrecorded.values("id", *AUTHORSHIP_FIELDS):
        latest[row["id"]] = {**row, "history_type": "+"}
    return {
        pk: {name: row[name] for name in AUTHORSHIP_FIELDS}
        for pk, row in latest.items()
        if row["history_type"] != "-"
    }


def authors_described(authors: Iterable[dict]) -> list[str]:
    """Authorships (as :func:`authors_as_of` gives them) as lines: "2. J. Fang (Jin Fang)"."""
    authors = sorted(authors, key=lambda a: a["position"])
    names = _names({a["person_id"] for a in authors})
    return [_author_line(author, names) for author in authors]


@dataclass(frozen=True)
class AuthorChange:
    """One recorded change to one of a paper's authorships, for the paper's history page."""

    date: datetime
    user: str
    kind: str
    author: str
    reason: str


def paper_author_changes(paper_id: int, limit: int = 500) -> list[AuthorChange]:
    """The recorded changes to the paper's authorships, newest first."""
    records = list(
        Authorship.history.filter(paper_id=paper_id)
        .select_related("history_user")
        .order_by("-history_date", "-history_id")[:limit]
    )
    names = _names({record.person_id for record in records})
    return [
        AuthorChange(
            date=record.history_date,
            user=str(record.history_user or ""),
            kind=record.get_history_type_display(),
            author=_author_line({name: getattr(record, name) for name in AUTHORSHIP_FIELDS}, names),
            reason=record.history_change_reason or "",
        )
        for record in records
    ]


def _names(person_ids: set[int]) -> dict[int, str]:
    return {person.pk: person.name for person in Person.objects.filter(pk__in=person_ids)}


def _author_line(author: dict, names: dict[int, str]) -> str:
    name = names.get(author["person_id"], f"#{author['person_id']}")
    printed = author["printed_name"]
    shown = f"{printed} ({name})" if printed and printed != name else name
    return f"{author['position']}. {shown}"


@dataclass(frozen=True)
class AuthorsRestored:
    """What restoring a paper's authors did."""

    removed: int
    added: int
    kept: int
    missing_people: tuple[int, ...] = ()


@transaction.atomic
def paper_restore_authors(*, paper: Paper, authors: dict[int, dict]) -> AuthorsRestored:
    """Make the paper's authorships exactly ``authors`` (from :func:`authors_as_of`).

    Rows already as wanted are kept; the others are deleted and the wanted ones recreated
    under their old ids (every step recorded in the history). An author whose person no
    longer exists (merged into another, deleted) cannot come back and is reported.
    """
    existing_people = set(
        Person.objects.filter(pk__in={a["person_id"] for a in authors.values()}).values_list(
            "pk", flat=True
        )
    )
    missing = tuple(
        sorted(a["person_id"] for a in authors.values() if a["person_id"] not in existing_people)
    )
    wanted = {pk: a for pk, a in authors.items() if a["person_id"] in existing_people}
    current = {a.pk: a for a in Authorship.objects.filter(paper_id=paper.pk)}
    kept = {
        pk
        for pk, row in current.items()
        if pk in wanted and all(getattr(row, name) == wanted[pk][name] for name in wanted[pk])
    }
    for pk, row in current.items():
        if pk not in kept:
            row.delete()
    for pk, values in wanted.items():
        if pk not in kept:
            Authorship(pk=pk, paper_id=paper.pk, **values).save(force_insert=True)
    return AuthorsRestored(
        removed=len(current) - len(kept),
        added=len(wanted) - len(kept),
        kept=len(kept),
        missing_people=missing,
    )


def history_sequences_restore() -> dict[str, int]:
    """Move the id sequence of each model with a history past every id it has ever used.

    A backup loaded into an empty database restores the rows, and the database then numbers
    new rows after the largest id loaded: the id of a row deleted before the backup would be
    given again, and the history of the deleted row would become the new row's. Returns the
    largest id of each model, which new ids follow.
    """
    done = {}
    with connection.cursor() as cursor:
        for model in apps.get_models():
            history = getattr(model._meta, "simple_history_manager_attribute", None)
            if history is None:
                continue
            largest = max(
                model._default_manager.aggregate(largest=Max("pk"))["largest"] or 0,
                getattr(model, history).aggregate(largest=Max("id"))["largest"] or 0,
            )
            if largest:
                _sequence_past(cursor, model._meta.db_table, model._meta.pk.column, largest)
            done[model._meta.label] = largest
    return done


def _sequence_past(cursor, table: str, column: str, largest: int) -> None:
    if connection.vendor == "postgresql":
        # Never backwards: a sequence already further on stays where it is.
        cursor.execute(
            "SELECT setval(seq, GREATEST(%s, nextval(seq) - 1)) "
            "FROM (SELECT pg_get_serial_sequence(%s, %s) AS seq) AS sequence",
            [largest, table, column],
        )
    elif connection.vendor == "sqlite":
        cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
        row = cursor.fetchone()
        if row is None:
            cursor.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, largest]
            )
        elif row[0] < largest:
            cursor.execute("UPDATE sqlite_sequence SET seq = %s WHERE name = %s", [largest, table])


# -- imports ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PaperImport:
    """An import that created a paper or changed it (filled in fields, added it to a group);
    undone if ``record.undone`` is set."""

    record: BibtexImport
    created: bool


def paper_imports(paper_id: int) -> list[PaperImport]:
    """The imports (applied or undone) that created or changed the paper, oldest first.

    Each import's changes are read here: a lookup inside a JSON list is PostgreSQL's only.
    """
    found = []
    records = (
        BibtexImport.objects.exclude(status=ImportStatus.PREVIEW)
        .defer("text")
        .select_related("created_by", "undone_by")
        .order_by("created", "pk")
    )
    for record in records:
        changes = record.changes or {}
        changed = [*changes.get("updated", []), *changes.get("group_links", [])]
        if paper_id in changes.get("papers", []):
            found.append(PaperImport(record, created=True))
        elif any(pk == paper_id for pk, _ in changed):
            found.append(PaperImport(record, created=False))
    return found


def import_papers(record: BibtexImport) -> dict[str, list[Paper]]:
    """The papers an import created and those it changed (fields, groups, versions), as
    they are now (a paper deleted since, by its undo or by hand, is left out)."""
    changes = record.changes or {}
    changed = {pk for pk, _ in [*changes.get("updated", []), *changes.get("group_links", [])]}
    created = set(changes.get("papers", []))
    changed |= {pk for pair in changes.get("version_links", []) for pk in pair} - created
    papers = Paper.objects.in_bulk([*changes.get("papers", []), *changed])
    return {
        "created": [papers[pk] for pk in changes.get("papers", []) if pk in papers],
        "changed": [papers[pk] for pk in sorted(changed) if pk in papers],
    }
