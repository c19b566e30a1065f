"""BibTeX import against the database: plan from what is there, apply in one transaction,
undo. The pure work (parsing, matching, planning) is in pubs.bibtex; this is the glue that
the admin import page and ``manage.py import_bibtex`` share.
"""

from __future__ import annotations

import functools
import hashlib
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db import OperationalError, connection, transaction
from django.db.models import Count, Max
from django.utils import timezone

from people.models import Group, Person
from pubs.bibtex.names import parse_name
from pubs.bibtex.normalize import Record, parse_and_normalize
from pubs.bibtex.paper_match import PaperIndex, PaperRecord, family_key
from pubs.bibtex.parse import DEFAULT_MAX_ENTRIES, ParsedFile, check_text
from pubs.bibtex.people_match import PeopleIndex, PersonRecord
from pubs.bibtex.plan import (
    FILLABLE,
    Decisions,
    EntryPlan,
    ImportPlan,
    NewVenue,
    build_plan,
    new_venue_kind,
)
from pubs.bulk import datetime_value, insert_rows, json_value, new_ids
from pubs.collector import collector_paused
from pubs.identifiers import paper_slug, slug_words, slugify_text
from pubs.models import (
    Authorship,
    BibtexImport,
    ImportStatus,
    Link,
    Paper,
    Tag,
    Venue,
)
from pubs.search import authors_text, search_documents_deferred, venue_text
from pubs.services import public_version
from pubs.services.papers import venue_index
from pubs.venues.resolution import new_venue_key, venue_name

#: Fields of a paper an import may change on a paper already there (undo restores them).
RESTORABLE = tuple(dict.fromkeys((*FILLABLE, "kind", "status", "year", "modified")))


class ImportBlocked(Exception):
    """The plan cannot be applied as it stands; the message says why."""


#: The PostgreSQL advisory lock that makes imports apply one at a time.
IMPORT_LOCK = 0x6C6162707562  # "labpub"


@dataclass
class PreparedImport:
    text: str
    parsed: ParsedFile
    records: list[Record]
    plan: ImportPlan
    link_base: str = ""
    max_entries: int = DEFAULT_MAX_ENTRIES
    #: What the plan was made against (see :func:`_database_state`).
    state: tuple = ()


@collector_paused
def prepare_import(
    text: str,
    *,
    decisions: Decisions | None = None,
    link_base: str = "",
    max_entries: int = DEFAULT_MAX_ENTRIES,
) -> PreparedImport:
    """Parse ``text`` and plan its import against the database (nothing is written).

    Raises BibtexError when the text cannot be read at all (not text, too many entries).
    """
    state = _database_state()
    parsed, records = parse_and_normalize(
        check_text(text), max_entries=max_entries, link_base=link_base
    )
    plan = build_plan(
        parsed,
        records,
        people=_people_index(),
        papers=_paper_index(),
        venues=venue_index(),
        existing=_existing_values(),
        decisions=decisions,
    )
    return PreparedImport(text, parsed, records, plan, link_base, max_entries, state)


def _database_state() -> tuple:
    """What an import plan depends on, in a few numbers: when they are the same, no paper,
    person or venue was added, removed or edited since."""
    return tuple(
        sorted(model.objects.aggregate(n=Count("pk"), last=Max("pk"), **extra).items())
        for model, extra in (
            (Paper, {"modified": Max("modified")}),
            (Person, {"modified": Max("modified")}),
            (Venue, {}),
        )
    )


def _people_index() -> PeopleIndex:
    people = [
        PersonRecord(pk, given, family, native, tuple(variants))
        for pk, given, family, native, variants in Person.objects.values_list(
            "pk", "given_name", "family_name", "native_name", "variants"
        )
    ]
    by_paper: dict[int, list[int]] = defaultdict(list)
    for paper_id, person_id in Authorship.objects.values_list("paper_id", "person_id"):
        by_paper[paper_id].append(person_id)
    index = PeopleIndex(people)
    for authors in by_paper.values():
        index.link_all(authors)
    return index


def _paper_index() -> PaperIndex:
    return PaperIndex(
        (
            PaperRecord(
                pk, title, year, doi, arxiv_id, kind, venue=("venue", venue) if venue else None
            )
            for pk, title, year, doi, arxiv_id, kind, venue in Paper.objects.values_list(
                "pk", "title", "year", "doi", "arxiv_id", "kind", "venue_id"
            )
        ),
        authors_of=_family_names,
    )


def _family_names(paper_id: Hashable) -> frozenset[str]:
    """The family names of a paper's authors, as printed and as their people have them."""
    rows = Authorship.objects.filter(paper_id=paper_id).values_list(
        "printed_name", "person__family_name"
    )
    names = set()
    for printed, family in rows:
        names.add(family_key(family))
        if printed:
            names.add(family_key(parse_name(printed).family))
    return frozenset(filter(None, names))


def _existing_values() -> dict[Hashable, dict[str, Any]]:
    names = [name for name in RESTORABLE if name not in ("venue", "modified")]
    rows = Paper.objects.values("pk", "venue_id", *names)
    return {row.pop("pk"): {**row, "venue": row.pop("venue_id")} for row in rows}


def referenced_people(
    plan: ImportPlan, entries: list[EntryPlan] | None = None
) -> dict[Hashable, str]:
    """ "Name (slug)" of each person an ambiguous or suggested author could be, and of the
    people the authors of ``entries`` are."""
    candidates = {c for e in plan.to_write for a in e.authors for c in a.match.candidates}
    candidates |= {a.person for e in entries or () for a in e.authors if a.person is not None}
    names: dict[Hashable, str] = {
        key: f"{person.name} (new in this file)" for key, person in plan.new_people.items()
    }
    ids = [c for c in candidates if not isinstance(c, str)]
    names.update(
        (pk, f"{' '.join(p for p in (given, family) if p)} ({slug})")
        for pk, given, family, slug in Person.objects.filter(pk__in=ids).values_list(
            "pk", "given_name", "family_name", "slug"
        )
    )
    return names


# -- applying ------------------------------------------------------------------------------


@collector_paused
@transaction.atomic
def apply_import(
    prepared: PreparedImport,
    *,
    file_name: str,
    user=None,
    source: str = "admin",
    group: Group | None = None,
    record: BibtexImport | None = None,
) -> BibtexImport:
    """Write the plan: all of it or, when anything fails, nothing.

    Imports apply one at a time (on PostgreSQL an advisory lock; SQLite has one writer),
    and a plan made before another import or an edit landed is made again first, so two
    imports of one file at the same time create each paper once.

    Returns the BibtexImport that records it (``record`` when a preview made one already).
    """
    wait_for_other_imports()
    if record is not None and record.pk is not None:
        _check_still_a_preview(record)
    if prepared.state != _database_state():
        prepared = prepare_import(
            prepared.text,
            decisions=prepared.plan.decisions,
            link_base=prepared.link_base,
            max_entries=prepared.max_entries,
        )
    plan = prepared.plan
    if not plan.ready:
        raise ImportBlocked("; ".join(plan.blockers))
    changes: dict[str, Any] = defaultdict(list)
    venue_ids = _create_venues(plan, changes)
    person_ids = _create_people(plan, changes)
    created = _create_papers(plan, venue_ids, person_ids, changes)
    _update_papers(plan, venue_ids, changes)
    _remember_variants(plan, changes)
    if group is not None:
        _add_to_group(plan, created, group, changes)
    record = record or BibtexImport()
    # A preview's record holds the text already: it is not written again (megabytes).
    stored = record.pk is not None and record.text == prepared.text
    record.created_by = user if user is not None and user.is_authenticated else None
    record.file_name = file_name[:255]
    record.sha256 = hashlib.sha256(prepared.text.encode("utf-8")).hexdigest()
    record.source = source
    record.status = ImportStatus.APPLIED
    record.text = prepared.text
    record.counts = plan.summary()
    record.changes = dict(changes)
    record.options = {**record.options, "group": group.slug if group else ""}
    record.save(update_fields=APPLIED_FIELDS if stored else None)
    public_version.bump()  # the bulk writes above send no signals
    return record


#: What applying writes on the record of a preview, whose text is stored already.
APPLIED_FIELDS = (
    "created_by", "file_name", "sha256", "source", "status", "counts", "changes", "options",
)  # fmt: skip
VENUE_COLUMNS = ("abbreviation", "name", "kind", "publisher", "dblp_key", "aliases", "url", "slug")


def wait_for_other_imports() -> None:
    """Imports apply one at a time: wait until one being written is committed. Call it first
    in the transaction: on SQLite, a transaction that has read cannot wait, it fails."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [IMPORT_LOCK])
        elif connection.vendor == "sqlite":
            _take_the_write_lock(cursor)


#: How long an import on SQLite waits for another writer (PostgreSQL waits as long as needed).
SQLITE_WAIT_MS = 20_000


def _take_the_write_lock(cursor) -> None:
    """SQLite's write lock, before the import reads anything. A transaction that has read
    fails at once ("database is locked") when it comes to write while another one writes;
    one that has not read waits its turn."""
    cursor.execute("PRAGMA busy_timeout")
    usual = cursor.fetchone()[0]
    cursor.execute(f"PRAGMA busy_timeout = {SQLITE_WAIT_MS}")
    try:
        table = connection.ops.quote_name(BibtexImport._meta.db_table)
        cursor.execute(f"UPDATE {table} SET id = id WHERE 0")  # writes nothing, takes the lock
    except OperationalError as exc:
        if "locked" not in str(exc):
            raise
        raise ImportBlocked("another import is being written; try again in a moment") from exc
    finally:
        cursor.execute(f"PRAGMA busy_timeout = {int(usual)}")


def _check_still_a_preview(record: BibtexImport) -> None:
    """A preview confirmed twice (two clicks, two tabs) is imported once; the second finds it
    applied, after the first (imports take turns), and stops."""
    status = BibtexImport.objects.filter(pk=record.pk).values_list("status", flat=True).first()
    if status is None:
        raise ImportBlocked("this preview was deleted")
    if status != ImportStatus.PREVIEW:
        raise ImportBlocked("this preview was imported already")


def _create_venues(plan: ImportPlan, changes: dict) -> dict[str, int]:
    """Venues the user chose to create, one per venue whatever the edition ("AMCV 2006" and
    "AMCV 2007" are one), and aliases remembered when an unmatched text was mapped."""
    taken = set(Venue.objects.values_list("slug", flat=True))
    slug_of_text: dict[str, str] = {}
    rows: dict[tuple, tuple] = {}
    empty_aliases = json_value(Venue, "aliases", [])
    for text, entry in _venues_to_create(plan).items():
        kind = new_venue_kind(entry.record)
        name, abbreviation = venue_name(text)
        abbreviation = abbreviation or (entry.record.abbr if len(entry.record.abbr) <= 50 else "")
        key = (kind, new_venue_key(name))
        if key not in rows:
            slug = _unique_slug(abbreviation or name, taken)
            rows[key] = (
                abbreviation,
                name,
                kind,
                entry.record.publisher[:100],
                "",
                empty_aliases,
                "",
                slug,
            )
        slug_of_text[text] = rows[key][-1]
    ids = new_ids(Venue, len(rows))
    rows_with_ids = [(pk, *row) for pk, row in zip(ids, rows.values(), strict=True)]
    insert_rows(Venue, ("id", *VENUE_COLUMNS), rows_with_ids)
    by_slug = {row[-1]: row[0] for row in rows_with_ids}
    changes["venues"] = sorted(ids)
    mapped = {
        entry.venue.venue: entry.venue.text
        for entry in plan.to_write
        if entry.venue and entry.venue.decided and entry.venue.venue is not None
    }
    for venue in Venue.objects.filter(pk__in=mapped):
        alias = mapped[venue.pk]
        if alias not in venue.aliases and alias != venue.name:
            venue.aliases = [*venue.aliases, alias]
            venue.save(update_fields=["aliases"])
            changes["aliases"].append([venue.pk, alias])
    return {text: by_slug[slug] for text, slug in slug_of_text.items()}


def _venues_to_create(plan: ImportPlan) -> dict[str, EntryPlan]:
    """The venues the import creates, by text, each with an entry that names it (its record
    tells the venue's kind): those of the papers it creates, and those a published version
    moves its paper to. A venue no paper takes (a preprint's, when its published version in
    the same file is elsewhere) is not created."""
    named: dict[str, EntryPlan] = {}
    for entry in plan.to_write:
        if entry.venue and entry.venue.create:
            named.setdefault(entry.venue.text, entry)
    taken = [entry.paper_venue for entry in plan.to_create]
    taken += [entry.fill.get("venue") for entry in plan.entries if entry.updates]
    return {venue.text: named[venue.text] for venue in taken if isinstance(venue, NewVenue)}


PERSON_COLUMNS = (
    "given_name", "family_name", "native_name", "slug", "variants", "affiliation", "homepage",
    "github", "google_scholar", "dblp", "orcid", "email", "email_public", "bio", "created",
    "modified",
)  # fmt: skip


def _create_people(plan: ImportPlan, changes: dict) -> dict[str, int]:
    taken = set(Person.objects.values_list("slug", flat=True))
    now = datetime_value(Person, "created", timezone.now())
    no_variants = json_value(Person, "variants", [])
    slugs: dict[str, str] = {}
    rows = []
    for key, person in plan.new_people.items():
        variants = sorted(p for p in person.printed if p not in (person.name, person.native))
        slugs[key] = _unique_slug(person.name or person.native, taken)
        family = (person.family or person.native or "?")[:100]
        rows.append(
            (
                person.given[:100],
                family,
                person.native[:100],
                slugs[key],
                json_value(Person, "variants", variants) if variants else no_variants,
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                False,
                "",
                now,
                now,
            )
        )
    ids = new_ids(Person, len(rows))
    insert_rows(
        Person, ("id", *PERSON_COLUMNS), [(pk, *row) for pk, row in zip(ids, rows, strict=True)]
    )
    changes["people"] = sorted(ids)
    return dict(zip(slugs, ids, strict=True))


PAPER_COLUMNS = (
    "title", "title_bibtex", "slug", "year", "month", "kind", "status", "venue",
    "container_title", "volume", "number", "pages", "publisher", "address", "editor", "series",
    "institution", "thesis_type", "doi", "arxiv_id", "url", "abstract", "awards", "selected",
    "is_public", "more_authors", "citation_key", "extra_fields", "created", "modified",
)  # fmt: skip
AUTHORSHIP_COLUMNS = (
    "paper", "person", "position", "printed_name", "equal_contribution", "corresponding",
    "affiliation", "review_note",
)  # fmt: skip


def _create_papers(
    plan: ImportPlan, venue_ids: dict[str, int], person_ids: dict[str, int], changes: dict
) -> dict[str, int]:
    entries = plan.to_create
    ids = dict(zip((entry.key for entry in entries), new_ids(Paper, len(entries)), strict=True))
    changes["papers"] = sorted(ids.values())
    taken_slugs = set(Paper.objects.values_list("slug", flat=True))
    taken_keys = set(Paper.objects.exclude(citation_key="").values_list("citation_key", flat=True))
    rows = _paper_rows(entries, ids, venue_ids, taken_slugs, taken_keys)
    authorships = _authorship_rows(entries, ids, person_ids)
    with search_documents_deferred(ids.values()) as documents:  # made once, with the authors
        if documents.aside:  # the rows' texts are kept as they are sent, for the documents
            papers: list[tuple] = []
            rows = _noted(rows, papers, PAPER_TEXT_COLUMNS)
            authors: list[tuple] = []
            authorships = _noted(authorships, authors, AUTHOR_TEXT_COLUMNS)
        # rows made as they are sent: on PostgreSQL the server stores a batch meanwhile
        insert_rows(Paper, ("id", *PAPER_COLUMNS), rows)
        insert_rows(Authorship, AUTHORSHIP_COLUMNS, authorships)
        if documents.aside:
            documents.make_aside(_search_texts(papers, authors))
        insert_rows(
            Link,
            ("paper", "kind", "url", "file", "label"),
            (
                (ids[entry.key], kind, url[:500], "", "")
                for entry in entries
                for kind, url in entry.record.links.items()
            ),
        )
        _tag(entries, ids, changes)
        if documents.aside:
            # The rows' foreign keys are checked now, not at COMMIT, while the documents
            # are made on the other connection.
            connection.check_constraints()
    return ids


#: What the search documents read of the paper rows (``id`` and PAPER_COLUMNS) and of the
#: authorship rows (AUTHORSHIP_COLUMNS, made in the order of their positions): positions in
#: the rows.
PAPER_TEXT_COLUMNS = tuple(
    ("id", *PAPER_COLUMNS).index(name) for name in ("id", "title", "container_title", "venue")
)
AUTHOR_TEXT_COLUMNS = tuple(
    AUTHORSHIP_COLUMNS.index(name) for name in ("paper", "person", "printed_name")
)


def _noted(rows: Iterator[tuple], notes: list[tuple], columns: tuple[int, ...]) -> Iterator[tuple]:
    """``rows``, each noted in ``notes`` (its values in ``columns``) as it goes by."""
    for row in rows:
        notes.append(tuple(row[i] for i in columns))
        yield row


def _search_texts(
    papers: list[tuple], authors: list[tuple]
) -> Callable[[], list[tuple[int, str, str, str]]]:
    """What makes each paper's ``(id, title, authors, venue)`` texts, as its search document
    reads them, from its row's ``(id, title, container title, venue id)`` and its
    authorships' ``(paper, person id, printed name)`` in order. The people's and venues'
    names are read now; the texts are made by whoever calls it."""
    names = {
        pk: (given, family, native)
        for pk, given, family, native in Person.objects.filter(
            pk__in={person for _, person, _ in authors}
        ).values_list("pk", "given_name", "family_name", "native_name")
    }
    venues = {
        pk: (abbreviation, name)
        for pk, abbreviation, name in Venue.objects.filter(
            pk__in={venue for *_, venue in papers if venue is not None}
        ).values_list("pk", "abbreviation", "name")
    }

    def texts() -> list[tuple[int, str, str, str]]:
        by_paper: dict[int, list[tuple]] = defaultdict(list)
        for paper, person, printed in authors:
            by_paper[paper].append((printed, *names[person]))
        return [
            (pk, title, authors_text(by_paper[pk]), venue_text(container, venues.get(venue)))
            for pk, title, container, venue in papers
        ]

    return texts


def _paper_rows(
    entries: list[EntryPlan],
    ids: dict[str, int],
    venue_ids: dict[str, int],
    taken_slugs: set[str],
    taken_keys: set[str],
) -> Iterator[tuple]:
    """The rows of the entries' papers (``id`` and PAPER_COLUMNS), with slugs and citation
    keys not in ``taken_slugs`` and ``taken_keys`` (which get the new ones). It reads nothing
    from the database: it runs while the rows are sent."""
    now = datetime_value(Paper, "created", timezone.now())
    no_extra = json_value(Paper, "extra_fields", {})
    for entry in entries:
        record = entry.record
        values = _clipped(entry.values())
        key = record.key if record.key not in taken_keys and len(record.key) <= 100 else ""
        if key:
            taken_keys.add(key)
        slug = _unique_slug(paper_slug(record.title, values["year"]), taken_slugs, ready=True)
        latex = record.title_latex[:1000] if record.title_latex != record.title else ""
        yield (
            ids[entry.key],
            values["title"],
            latex,
            slug,
            values["year"],
            values["month"],
            values["kind"],
            values["status"],
            _venue_id(values["venue"], venue_ids),
            values["container_title"],
            values["volume"],
            values["number"],
            values["pages"],
            values["publisher"],
            values["address"],
            values["editor"],
            values["series"],
            values["institution"],
            values["thesis_type"],
            values["doi"],
            values["arxiv_id"],
            values["url"],
            values["abstract"],
            "\n".join(record.awards),
            record.selected,
            True,
            record.more_authors,
            key,
            json_value(Paper, "extra_fields", record.extra) if record.extra else no_extra,
            now,
            now,
        )


def _authorship_rows(
    entries: list[EntryPlan], ids: dict[str, int], person_ids: dict[str, int]
) -> Iterator[tuple]:
    """The rows of the entries' authorships (AUTHORSHIP_COLUMNS), each person once per paper
    (a name listed twice is one authorship)."""
    for entry, paper in zip(entries, ids.values(), strict=True):
        seen = set()
        for a in entry.authors:
            if a.person in seen:
                continue
            seen.add(a.person)
            person = person_ids.get(a.person, a.person)  # a new person's key, or an id
            yield (
                paper,
                person,
                a.position,
                a.author.printed[:200],
                a.author.equal,
                False,
                "",
                a.note[:300],
            )


def _tag(entries: list[EntryPlan], ids: dict[str, int], changes: dict) -> None:
    """Keywords become tags: existing tags reused, missing ones created (named as the file
    first writes them)."""
    slug_of: dict[str, str] = {}
    wanted: set[tuple[int, str]] = set()  # (paper, tag slug)
    named: dict[str, str] = {}  # tag slug -> name
    for entry, paper in zip(entries, ids.values(), strict=True):
        for word in entry.record.keywords:
            word = word[:100]
            if word not in slug_of:
                slug_of[word] = slugify_text(word)[:120]
                named.setdefault(slug_of[word], word)
            if slug_of[word]:
                wanted.add((paper, slug_of[word]))
    named.pop("", None)
    tags = dict(Tag.objects.filter(slug__in=named).values_list("slug", "pk"))
    new = {slug: name for slug, name in named.items() if slug not in tags}
    created = sorted((name, slug) for slug, name in new.items())
    tag_ids = new_ids(Tag, len(created))
    insert_rows(
        Tag, ("id", "name", "slug"), [(pk, *row) for pk, row in zip(tag_ids, created, strict=True)]
    )
    changes["tags"] = tag_ids
    tags.update((slug, pk) for pk, (_, slug) in zip(tag_ids, created, strict=True))
    insert_rows(
        Paper.tags.through,
        ("paper", "tag"),
        sorted({(paper_id, tags[slug]) for paper_id, slug in wanted}),
    )


def _update_papers(plan: ImportPlan, venue_ids: dict[str, int], changes: dict) -> None:
    updates = [e for e in plan.entries if e.updates]
    if not updates:
        return
    current = {
        row["pk"]: row
        for row in Paper.objects.filter(pk__in=[e.duplicate.paper.id for e in updates]).values(
            "pk", "venue_id", *[n for n in RESTORABLE if n != "venue"]
        )
    }
    now = timezone.now()
    for entry in updates:
        paper_id = entry.duplicate.paper.id
        fill = dict(entry.fill)
        if "venue" in fill:
            fill["venue_id"] = _venue_id(fill.pop("venue"), venue_ids)
        old = current[paper_id]
        changes["updated"].append(
            [paper_id, {name: _jsonable(old[name]) for name in [*fill, "modified"]}]
        )
        Paper.objects.filter(pk=paper_id).update(**_clipped(fill), modified=now)


#: How a name was matched when the person should know it next time.
REMEMBERED_MATCHES = frozenset({"initials", "coauthors", "chinese_order", "middle"})


def _remember_variants(plan: ImportPlan, changes: dict) -> None:
    """Names matched by initials, co-authors, Chinese order or the user's choice are
    remembered on the person, so the next import knows them."""
    wanted: dict[int, set[str]] = defaultdict(set)
    for entry in plan.entries:
        if entry.action != "create":
            continue
        for author in entry.authors:
            if not (author.decided or author.match.kind in REMEMBERED_MATCHES):
                continue
            if author.person is not None and not author.is_new:
                wanted[author.person].add(author.author.native or author.author.printed)
    people = list(Person.objects.filter(pk__in=wanted))
    for person in people:
        known = {person.name, person.native_name, *person.variants}
        added = sorted(wanted[person.pk] - known)
        person.variants = [*person.variants, *added]
        changes["variants"] += [[person.pk, variant] for variant in added]
    Person.objects.bulk_update(people, ["variants"])


def _add_to_group(plan: ImportPlan, created: dict[str, int], group: Group, changes: dict) -> None:
    paper_ids = set(created.values()) | {
        e.duplicate.paper.id
        for e in plan.entries
        if e.action == "duplicate" and e.duplicate and not e.same_as_entry
    }
    present = set(group.papers.filter(pk__in=paper_ids).values_list("pk", flat=True))
    through = Paper.groups.through
    through.objects.bulk_create(
        through(paper_id=pk, group_id=group.pk) for pk in paper_ids - present
    )
    changes["group_links"] = [[pk, group.pk] for pk in sorted(paper_ids - present)]


def _venue_id(venue: Hashable | None, venue_ids: dict[str, int]) -> Hashable | None:
    """A paper's venue id: ``venue``, or the id of the NewVenue the import created."""
    if isinstance(venue, NewVenue):
        return venue_ids[venue.text]
    return venue


def _clipped(values: dict[str, Any]) -> dict[str, Any]:
    """``values``, with the texts longer than their columns cut to length (a hostile file may
    carry megabyte strings)."""
    for name, limit in _paper_lengths().items():
        value = values.get(name)
        if isinstance(value, str) and len(value) > limit:
            values[name] = value[:limit]
    return values


@functools.cache
def _paper_lengths() -> dict[str, int]:
    """The maximum length of each of Paper's character columns, by field name."""
    return {
        field.name: field.max_length
        for field in Paper._meta.concrete_fields
        if getattr(field, "max_length", None)
    }


def _jsonable(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value


def _unique_slug(text: str, taken: set[str], *, ready: bool = False) -> str:
    """A slug for ``text`` (or ``text`` itself when ``ready``) that is not in ``taken``."""
    base = (text if ready else slug_words(text, 100)) or "item"
    slug, number = base, 2
    while slug in taken:
        slug = f"{base}-{number}"
        number += 1
    taken.add(slug)
    return slug


# -- undoing -------------------------------------------------------------------------------


class UndoRefused(Exception):
    """The import cannot be undone (already undone, or never applied)."""


@transaction.atomic
def undo_import(record: BibtexImport, *, user=None) -> list[str]:
    """Revert an applied import exactly; returns notes on what had to be kept (people or
    venues that later records use)."""
    record = BibtexImport.objects.select_for_update().get(pk=record.pk)
    if record.status != ImportStatus.APPLIED:
        raise UndoRefused(f"this import is {record.get_status_display().lower()}, not applied")
    with public_version.one_bump():
        return _undo(record, user)


def _undo(record: BibtexImport, user) -> list[str]:
    changes = record.changes
    notes = []
    Paper.objects.filter(pk__in=changes.get("papers", [])).delete()
    for paper_id, old in changes.get("updated", []):
        values = {("venue_id" if name == "venue" else name): value for name, value in old.items()}
        Paper.objects.filter(pk=paper_id).update(**values)
    for paper_id, group_id in changes.get("group_links", []):
        Paper.groups.through.objects.filter(paper_id=paper_id, group_id=group_id).delete()
    removed: dict[int, set[str]] = defaultdict(set)
    for person_id, variant in changes.get("variants", []):
        removed[person_id].add(variant)
    people = list(Person.objects.filter(pk__in=removed))
    for person in people:
        person.variants = [v for v in person.variants if v not in removed[person.pk]]
    Person.objects.bulk_update(people, ["variants"])
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
    record.status = ImportStatus.UNDONE
    record.undone = timezone.now()
    record.undone_by = user if user is not None and user.is_authenticated else None
    record.save(update_fields=["status", "undone", "undone_by"])
    public_version.bump()
    return notes
