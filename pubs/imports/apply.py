"""Applying an import: the plan written in one transaction, all of it or nothing.

It creates the venues, people, papers (with their authors, links and tags) that the plan
creates, fills in the papers already there, remembers the names it matched, adds the papers
to a group, and records all of it on a ``BibtexImport`` so that it can be undone exactly
(``pubs.imports.undo``). The rows it creates are written in bulk, without a history record
each: the BibtexImport records them as a whole, and a row's first recorded change records
its state before (``pubs.history.history_baseline``), as for every row written in bulk. The
papers and people it changes get their history records, with the importing user.

It writes inside the importing user's scope, as planned (``pubs.imports.plan``): the papers
it fills in and adds to the group are theirs, the names it remembers are of people they may
edit, and it remembers a venue's new alias only for a user who may change venues. The
authors it adds are added by the importing user: one of another group than theirs waits for
that person's acceptance (pubs.permissions.consent_settle), as in the admin.

Imports take turns (``pubs.imports.lock``); a plan made before another import or an edit
landed is made again first, so two imports of one file at the same time create each paper
once.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Hashable
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from simple_history.utils import bulk_update_with_history

from people.models import Group, Person
from pubs.bibtex.people_match import REMEMBERED
from pubs.bibtex.plan import EntryPlan, ImportPlan, NewVenue, new_venue_kind, stored_once
from pubs.history import history_baseline
from pubs.identifiers import paper_slug, slug_words
from pubs.imports.errors import ImportBlocked
from pubs.imports.lock import bibtex_import_lock
from pubs.imports.plan import (
    RESTORABLE,
    OutOfScope,
    PlannedImport,
    bibtex_import_plan,
    database_state,
)
from pubs.models import Authorship, BibtexImport, ImportStatus, Link, Paper, Tag, Venue
from pubs.permissions import Scope, consent_settle, import_for_review
from pubs.search import paper_search_text, search_text_refresh
from pubs.services import public_version, rendering, table_statistics
from pubs.services.papers import authorships_make_room
from pubs.services.versions import paper_versions_refold
from pubs.services.work_counts import counted_write, work_counts_refresh
from pubs.venues.catalogue import venue_slug
from pubs.venues.resolution import abbreviation_key, abbreviations, venue_name
from pubs.venues.series import series_abbreviation, series_groups

#: What applying writes on the record of a preview, whose text is stored already.
APPLIED_FIELDS = (
    "created_by", "file_name", "sha256", "source", "status", "counts", "changes", "options",
)  # fmt: skip

#: Rows per INSERT of a bulk_create.
BATCH_SIZE = 1000


@transaction.atomic
@counted_write()
def bibtex_import_apply(
    *,
    planned: PlannedImport,
    file_name: str,
    user=None,
    source: str = "admin",
    group: Group | None = None,
    record: BibtexImport | None = None,
) -> BibtexImport:
    """Write the plan: all of it or, when anything fails, nothing.

    Returns the BibtexImport that records it (``record`` when a preview made one already).
    Raises ImportBlocked when the plan cannot be applied (errors, undecided names, a preview
    imported already or deleted).
    """
    bibtex_import_lock()
    if record is not None and record.pk is not None:
        _check_still_a_preview(record)
    planned = _current(planned)
    plan = planned.plan
    author = user if user is not None and user.is_authenticated else None
    history = _history(author, file_name)
    changes: dict[str, Any] = defaultdict(list)
    aliases = user is None or user.has_perm("pubs.change_venue")
    venue_ids = _create_venues(plan, changes, aliases=aliases)
    person_ids = _create_people(plan, changes)
    # A member's papers wait, hidden, for an editor of their group to publish them.
    public = not import_for_review(planned.scope)
    created = _create_papers(
        plan, venue_ids, person_ids, changes, public=public, scope=planned.scope
    )
    updated = _update_papers(plan, venue_ids, history, changes)
    _complete_authors(plan, person_ids, history, changes, scope=planned.scope)
    search_text_refresh(updated)  # the papers created have theirs already
    _link_versions(plan, created, changes)
    # The versions linked, and the papers filled in (a kind, a venue, a year may change
    # which version stands for a work).
    linked = {pk for pair in changes["version_links"] for pk in pair}
    paper_versions_refold(paper_ids=linked | set(updated))
    # The lists' entries of the papers written, in the site's language (the others, and
    # hidden papers, wait until a list shows them).
    rendering.entries_render(
        paper_ids=[*(created.values() if public else ()), *updated, *linked],
        language=settings.LANGUAGE_CODE,
        forget_others=True,
    )
    if group is not None:
        _add_to_group(plan, created, group, changes, outside=planned.outside)
    _remember_variants(plan, history, changes, planned.scope)
    record = record or BibtexImport()
    # A preview's record holds the text already: it is not written again (megabytes).
    stored = record.pk is not None and record.text == planned.text
    record.created_by = author
    record.file_name = file_name[:255]
    record.sha256 = hashlib.sha256(planned.text.encode("utf-8")).hexdigest()
    record.source = source
    record.status = ImportStatus.APPLIED
    record.text = planned.text
    record.counts = plan.summary()
    record.changes = dict(changes)
    record.options = {**record.options, "group": group.slug if group else ""}
    if not public:  # the papers it created wait for review (pubs.admin.imports)
        record.options["review"] = True
    record.save(update_fields=APPLIED_FIELDS if stored else None)
    completed = Authorship.objects.filter(pk__in=changes["authorships"]).values_list(
        "paper_id", flat=True
    )
    work_counts_refresh(
        papers={*created.values(), *updated, *linked, *completed},
        groups=[group.pk] if group is not None else [],
    )
    public_version.bump()  # bulk writes send no signals
    table_statistics.table_statistics_refresh(changes=changes)  # ANALYZE once committed
    return record


def _history(author, file_name: str) -> dict[str, Any]:
    """Who, when and why, for the history rows of bulk writes (pubs.history)."""
    return {
        "default_user": author,
        "default_change_reason": f"Imported from {file_name}"[:100],
        "default_date": timezone.now(),
    }


def _current(planned: PlannedImport) -> PlannedImport:
    """The plan as the database now is: planned again, with the same decisions, when the
    database changed since. Raises ImportBlocked when it cannot be applied as it stands."""
    if planned.state != database_state():
        planned = bibtex_import_plan(
            text=planned.text,
            decisions=planned.plan.decisions,
            link_base=planned.link_base,
            max_entries=planned.max_entries,
            scope=planned.scope,
            seconds=planned.seconds,
        )
    if not planned.plan.ready:
        raise ImportBlocked("; ".join(planned.plan.blockers))
    return planned


def _check_still_a_preview(record: BibtexImport) -> None:
    """A preview confirmed twice (two clicks, two tabs) is imported once; the second finds it
    applied, after the first (imports take turns), and stops."""
    status = BibtexImport.objects.filter(pk=record.pk).values_list("status", flat=True).first()
    if status is None:
        raise ImportBlocked("this preview was deleted")
    if status != ImportStatus.PREVIEW:
        raise ImportBlocked("this preview was imported already")


# -- venues and people ---------------------------------------------------------------------


def _create_venues(plan: ImportPlan, changes: dict, *, aliases: bool) -> dict[str, int]:
    """Venues the user chose to create, one per series whatever the year, edition and place
    ("AMCV 2006" and "AMCV 2007" are one: pubs.venues.series), never with an abbreviation
    another venue has; the other years' names of a series, and with ``aliases`` a text the
    user mapped (to a venue there or to a new one), are remembered as aliases. Returns the
    new venues' ids by the texts that name them."""
    taken = dict.fromkeys(Venue.objects.values_list("slug", flat=True), 2)
    known = {short for venue in Venue.objects.all() for short in abbreviations(venue.as_record())}
    by_key: dict[tuple[str, str], Venue] = {}
    venue_of_text: dict[str, Venue] = {}
    to_create = _venues_to_create(plan)
    series = series_groups(to_create)  # "EvoCOP 2005, Lausanne" and "... EvoCOP 2006": one
    for text, entry in to_create.items():
        kind = new_venue_kind(entry.record)
        name, abbreviation = venue_name(text)
        abbreviation = (
            abbreviation
            or series_abbreviation(text)
            or (entry.record.abbr if len(entry.record.abbr) <= 50 else "")
        )
        if abbreviation_key(abbreviation) in known:
            abbreviation = ""  # another venue's: "(SPIN)" of a workshop is not the CCF's SPIN
        key = (kind, series[text])
        if key not in by_key:
            known.add(abbreviation_key(abbreviation))
            by_key[key] = Venue(
                abbreviation=abbreviation,
                name=name,
                kind=kind,
                publisher=entry.record.publisher[:100],
                aliases=[],
                slug=_unique_slug(venue_slug(abbreviation, name), taken, ready=True),
            )
        venue = venue_of_text[text] = by_key[key]
        if venue.name != name and text not in venue.aliases:
            venue.aliases.append(text)  # another year's name of the series: found next time
        elif aliases and entry.venue.decided and text not in venue.aliases:
            venue.aliases.append(text)  # the user's choice, which the next import finds first
    Venue.objects.bulk_create(by_key.values(), batch_size=BATCH_SIZE)
    changes["venues"] = sorted(venue.pk for venue in by_key.values())
    mapped = {
        entry.venue.venue: entry.venue.text
        for entry in plan.to_write
        if aliases and entry.venue and entry.venue.decided and entry.venue.venue is not None
    }
    for venue in Venue.objects.filter(pk__in=mapped):
        alias = mapped[venue.pk]
        if alias not in venue.aliases and alias != venue.name:
            venue.aliases = [*venue.aliases, alias]
            venue.save(update_fields=["aliases"])
            changes["aliases"].append([venue.pk, alias])
    return {text: venue.pk for text, venue in venue_of_text.items()}


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


def _create_people(plan: ImportPlan, changes: dict) -> dict[str, int]:
    """The people the plan creates; returns their ids by the plan's keys."""
    taken = dict.fromkeys(Person.objects.values_list("slug", flat=True), 2)
    people: dict[str, Person] = {}
    for key, person in plan.new_people.items():
        people[key] = Person(
            given_name=person.given[:100],
            family_name=(person.family or person.native or "?")[:100],
            suffix=person.suffix[:20],
            native_name=person.native[:100],
            slug=_unique_slug(person.name or person.native, taken),
            variants=sorted(p for p in person.printed if p not in (person.name, person.native)),
            orcid=person.orcid,
        )
    Person.objects.bulk_create(people.values(), batch_size=BATCH_SIZE)
    changes["people"] = sorted(person.pk for person in people.values())
    return {key: person.pk for key, person in people.items()}


# -- papers --------------------------------------------------------------------------------


def _create_papers(
    plan: ImportPlan,
    venue_ids: dict[str, int],
    person_ids: dict[str, int],
    changes: dict,
    *,
    public: bool = True,
    scope: Scope,
) -> dict[str, int]:
    """The papers the plan creates (hidden unless ``public``), with their authors (added by
    ``scope``'s user), links, tags and search texts; returns their ids by entry key.

    They are written BATCH_SIZE entries at a time, so that the model instances of a large
    file are not all alive at once.
    """
    entries = plan.to_create
    taken_slugs = dict.fromkeys(Paper.objects.values_list("slug", flat=True), 2)
    taken_keys = set(Paper.objects.exclude(citation_key="").values_list("citation_key", flat=True))
    names = _names(entries, venue_ids, person_ids)
    paper_ids: list[int] = []
    requests: list[Authorship] = []
    for start in range(0, len(entries), BATCH_SIZE):
        batch = entries[start : start + BATCH_SIZE]
        papers = [_paper(entry, venue_ids, taken_slugs, taken_keys, public) for entry in batch]
        authorships = [_authorships(entry, person_ids) for entry in batch]
        for paper, authors in zip(papers, authorships, strict=True):
            paper.search_text = _search_text(paper, authors, names)
        Paper.objects.bulk_create(papers, batch_size=BATCH_SIZE)
        for paper, authors in zip(papers, authorships, strict=True):
            for authorship in authors:
                authorship.paper_id = paper.pk
        requests += consent_settle(scope, [a for authors in authorships for a in authors])
        Authorship.objects.bulk_create(
            (a for authors in authorships for a in authors), batch_size=BATCH_SIZE
        )
        Link.objects.bulk_create(
            Link(paper_id=paper.pk, kind=kind, url=url[:500])
            for entry, paper in zip(batch, papers, strict=True)
            for kind, url in entry.record.links.items()
        )
        paper_ids += [paper.pk for paper in papers]
    changes["papers"] = sorted(paper_ids)
    changes["consent_requests"] = sorted(a.pk for a in requests)
    _tag(entries, paper_ids, changes)
    return dict(zip((entry.key for entry in entries), paper_ids, strict=True))


def _paper(
    entry: EntryPlan,
    venue_ids: dict[str, int],
    taken_slugs: dict[str, int],
    taken_keys: set[str],
    public: bool = True,
) -> Paper:
    """The paper a new entry creates, with a slug and a citation key not in ``taken_slugs``
    and ``taken_keys`` (which get the new ones)."""
    record = entry.record
    values = _clipped(entry.values())
    key = record.key if record.key not in taken_keys and len(record.key) <= 100 else ""
    if key:
        taken_keys.add(key)
    values["venue_id"] = _venue_id(values.pop("venue"), venue_ids)
    more_authors = values.pop("more_authors", record.more_authors)  # a later entry's list
    return Paper(
        **values,
        title_bibtex=record.title_latex[:1000] if record.title_latex != record.title else "",
        slug=_unique_slug(paper_slug(record.title, values["year"]), taken_slugs, ready=True),
        awards="\n".join(record.awards),
        selected=record.selected,
        is_public=public,
        more_authors=more_authors,
        citation_key=key,
        extra_fields=record.extra or {},
    )


def _authorships(entry: EntryPlan, person_ids: dict[str, int]) -> list[Authorship]:
    """The entry's authorships (without their paper yet), each person once."""
    return [
        Authorship(
            person_id=person_ids.get(a.person, a.person),  # a new person's key, or an id
            position=a.position,
            printed_name=a.author.printed[:200],
            equal_contribution=a.author.equal,
            review_note=a.note[:300],
        )
        for a in stored_once(entry)
    ]


@dataclass
class _Names:
    """The names a new paper's search text reads: its authors' people and its venue."""

    people: dict[int, tuple[str, str, str]]
    venues: dict[int, tuple[str, str]]


def _names(
    entries: list[EntryPlan], venue_ids: dict[str, int], person_ids: dict[str, int]
) -> _Names:
    """The names of the people and venues the new papers take, read once."""
    people = {a.person for entry in entries for a in entry.authors}
    venues = {_venue_id(entry.paper_venue, venue_ids) for entry in entries}
    return _Names(
        people={
            pk: (given, family, native)
            for pk, given, family, native in Person.objects.filter(
                pk__in={person_ids.get(key, key) for key in people}
            ).values_list("pk", "given_name", "family_name", "native_name")
        },
        venues={
            pk: (abbreviation, name)
            for pk, abbreviation, name in Venue.objects.filter(pk__in=venues).values_list(
                "pk", "abbreviation", "name"
            )
        },
    )


def _search_text(paper: Paper, authorships: list[Authorship], names: _Names) -> str:
    """The paper's search text, as ``pubs.search.search_text_refresh`` would store it."""
    authors = sorted(authorships, key=lambda a: a.position)
    return paper_search_text(
        title=paper.title,
        authors=((a.printed_name, *names.people[a.person_id]) for a in authors),
        container_title=paper.container_title,
        venue=names.venues.get(paper.venue_id),
    )


def _tag(entries: list[EntryPlan], paper_ids: list[int], changes: dict) -> None:
    """Keywords become tags: existing tags reused, missing ones created (named as the file
    first writes them)."""
    slug_of: dict[str, str] = {}
    wanted: set[tuple[int, str]] = set()  # (paper, tag slug)
    named: dict[str, str] = {}  # tag slug -> name
    for entry, paper in zip(entries, paper_ids, strict=True):
        for word in entry.record.keywords:
            word = word[:100]
            if word not in slug_of:
                slug_of[word] = slugify(word)[:120]
                named.setdefault(slug_of[word], word)
            if slug_of[word]:
                wanted.add((paper, slug_of[word]))
    named.pop("", None)
    tags = dict(Tag.objects.filter(slug__in=named).values_list("slug", "pk"))
    new = [
        Tag(name=name, slug=slug)
        for name, slug in sorted((name, slug) for slug, name in named.items() if slug not in tags)
    ]
    Tag.objects.bulk_create(new, batch_size=BATCH_SIZE)
    changes["tags"] = [tag.pk for tag in new]
    tags.update((tag.slug, tag.pk) for tag in new)
    through = Paper.tags.through
    through.objects.bulk_create(
        (through(paper_id=paper, tag_id=tags[slug]) for paper, slug in sorted(wanted)),
        batch_size=BATCH_SIZE,
    )


def _update_papers(
    plan: ImportPlan, venue_ids: dict[str, int], history: dict, changes: dict
) -> list[int]:
    """Fill in (or overwrite, where the user chose) the papers already there; returns their
    ids. What each paper had is noted in ``changes`` for the undo."""
    updates = [e for e in plan.entries if e.updates]
    if not updates:
        return []
    papers = Paper.objects.in_bulk([e.duplicate.paper.id for e in updates])
    history_baseline(Paper, papers)
    before = {
        pk: {name: _jsonable(getattr(paper, _attname(name))) for name in RESTORABLE}
        for pk, paper in papers.items()
    }
    names: set[str] = {"modified"}
    for entry in updates:
        paper = papers[entry.duplicate.paper.id]
        fill = _clipped(dict(entry.fill))
        if "venue" in fill:
            fill["venue"] = _venue_id(fill["venue"], venue_ids)
        old = before[paper.pk]
        changes["updated"].append([paper.pk, {name: old[name] for name in [*fill, "modified"]}])
        for name, value in fill.items():
            setattr(paper, _attname(name), value)
        paper.modified = history["default_date"]
        names.update(fill)
    bulk_update_with_history(
        list(papers.values()),
        Paper,
        [_attname(name) for name in sorted(names)],
        batch_size=BATCH_SIZE,
        **history,
    )
    return list(papers)


def _complete_authors(
    plan: ImportPlan, person_ids: dict[str, int], history: dict, changes: dict, *, scope: Scope
) -> None:
    """Complete the shortened author lists of papers already there: their authorships move
    to their places in the full list and the missing ones are added. What each had is noted
    in ``changes`` for the undo: the authorships added, and the places of those moved."""
    entries = [e for e in plan.entries if e.updates and e.added_authors]
    moved = {pk: position for e in entries for pk, position in e.moved_authors.items()}
    if moved:
        authorships = Authorship.objects.in_bulk(list(moved))
        history_baseline(Authorship, authorships)
        changes["moved_authorships"] = [[pk, a.position] for pk, a in sorted(authorships.items())]
        authorships_make_room(authorship_ids=moved)
        for pk, authorship in authorships.items():
            authorship.position = moved[pk]
        bulk_update_with_history(
            list(authorships.values()), Authorship, ["position"], batch_size=BATCH_SIZE, **history
        )
    added = [
        Authorship(
            paper_id=entry.duplicate.paper.id,
            person_id=person_ids.get(a.person, a.person),
            position=a.position,
            printed_name=a.author.printed[:200],
            equal_contribution=a.author.equal,
            review_note=a.note[:300],
        )
        for entry in entries
        for a in entry.added_authors
    ]
    requests = consent_settle(scope, added)
    Authorship.objects.bulk_create(added, batch_size=BATCH_SIZE)
    changes["authorships"] = sorted(a.pk for a in added)
    changes["consent_requests"] = sorted(
        {*changes.get("consent_requests", []), *(a.pk for a in requests)}
    )


def _link_versions(plan: ImportPlan, created: dict[str, int], changes: dict) -> None:
    """Link the papers the plan links as versions (both ways: the relation is symmetrical),
    noting the pairs in ``changes`` for the undo."""
    pairs: set[tuple[int, int]] = set()
    for entry in plan.to_write:
        if not entry.versions:
            continue
        if entry.action == "create":
            paper = created[entry.key]
        elif entry.same_as_entry:
            paper = created.get(entry.same_as_entry)
        else:
            paper = entry.duplicate.paper.id
        for version in entry.versions:
            other = created.get(version.entry_key) if version.entry_key else version.id
            if paper is not None and other is not None and other != paper:
                pairs.add((min(paper, other), max(paper, other)))
    through = Paper.versions.through
    there = set(
        through.objects.filter(from_paper_id__in={a for a, _ in pairs}).values_list(
            "from_paper_id", "to_paper_id"
        )
    )
    new = sorted(pair for pair in pairs if pair not in there)
    through.objects.bulk_create(
        (
            through(from_paper_id=a, to_paper_id=b)
            for one, two in new
            for a, b in ((one, two), (two, one))
        ),
        batch_size=BATCH_SIZE,
    )
    changes["version_links"] = [list(pair) for pair in new]


def _remember_variants(plan: ImportPlan, history: dict, changes: dict, scope: Scope) -> None:
    """Names matched by initials, Chinese order, a middle name or the user's choice are
    remembered on the person, so the next import knows them: on the people ``scope``'s user
    may edit (the outside co-authors of the papers just added to their group among them).
    A name that fits several people ("J. Fang": Jin Fang, Jiarui Fang), linked to one of them
    by co-authors, is not: it names the others as well. So are the ORCID iDs the records
    give people found by name (:func:`_orcids_to_remember`)."""
    wanted: dict[int, set[str]] = defaultdict(set)
    orcids = _orcids_to_remember(plan)
    for entry in plan.entries:
        if entry.action != "create":
            continue
        for author in entry.authors:
            if not (author.decided or author.match.kind in REMEMBERED):
                continue
            if author.person is not None and not author.is_new:
                wanted[author.person].add(author.author.native or author.author.printed)
    people = []
    for person in Person.objects.filter(scope.rows(Person), pk__in=wanted.keys() | orcids):
        known = {person.name, person.native_name, *person.variants}
        added = sorted(wanted[person.pk] - known)
        if added:
            person.variants = [*person.variants, *added]
            changes["variants"] += [[person.pk, variant] for variant in added]
        identified = person.pk in orcids and not person.orcid
        if identified:
            person.orcid = orcids[person.pk]
            changes["orcids"].append(person.pk)
        if added or identified:
            people.append(person)
    if people:
        history_baseline(Person, [person.pk for person in people])
        fields = ["variants", "orcid"]
        bulk_update_with_history(people, Person, fields, batch_size=BATCH_SIZE, **history)


def _orcids_to_remember(plan: ImportPlan) -> dict[int, str]:
    """The ORCID iDs the entries of new papers give authors linked to people already there
    (found by name), that no other person has: by person. An author made a new person only
    because the name is ambiguous keeps none (its person may be another, imported again)."""
    given: dict[int, set[str]] = defaultdict(set)
    for entry in plan.to_create:
        for author in entry.authors:
            orcid = entry.record.orcids.get(author.position)
            if orcid and isinstance(author.person, int) and author.match.kind != "orcid":
                given[author.person].add(orcid)
    wanted = {person: next(iter(ids)) for person, ids in given.items() if len(ids) == 1}
    taken = set(Person.objects.filter(orcid__in=wanted.values()).values_list("orcid", flat=True))
    counts = Counter(wanted.values())
    return {p: orcid for p, orcid in wanted.items() if orcid not in taken and counts[orcid] == 1}


def _add_to_group(
    plan: ImportPlan,
    created: dict[str, int],
    group: Group,
    changes: dict,
    *,
    outside: dict[str, OutOfScope],
) -> None:
    """The papers created join the group, and those already there that the user may edit
    (not those ``outside`` their scope)."""
    paper_ids = set(created.values()) | {
        e.duplicate.paper.id
        for e in plan.entries
        if e.action == "duplicate" and e.duplicate and not e.same_as_entry and e.key not in outside
    }
    present = set(group.papers.filter(pk__in=paper_ids).values_list("pk", flat=True))
    through = Paper.groups.through
    through.objects.bulk_create(
        through(paper_id=pk, group_id=group.pk) for pk in paper_ids - present
    )
    changes["group_links"] = [[pk, group.pk] for pk in sorted(paper_ids - present)]


# -- values --------------------------------------------------------------------------------


def _venue_id(venue: Hashable | None, venue_ids: dict[str, int]) -> Hashable | None:
    """A paper's venue id: ``venue``, or the id of the NewVenue the import created."""
    if isinstance(venue, NewVenue):
        return venue_ids[venue.text]
    return venue


def _attname(name: str) -> str:
    """The attribute a paper field of the plan (``venue``: an id) is set through."""
    return "venue_id" if name == "venue" else name


def _clipped(values: dict[str, Any]) -> dict[str, Any]:
    """``values``, with the texts longer than their columns cut to length (a hostile file may
    carry megabyte strings)."""
    for name, limit in _paper_lengths().items():
        value = values.get(name)
        if isinstance(value, str) and len(value) > limit:
            values[name] = value[:limit]
    return values


@cache
def _paper_lengths() -> dict[str, int]:
    """The maximum length of each of Paper's character columns, by field name."""
    return {
        field.name: field.max_length
        for field in Paper._meta.concrete_fields
        if getattr(field, "max_length", None)
    }


def _jsonable(value: Any) -> Any:
    return value.isoformat() if hasattr(value, "isoformat") else value


def _unique_slug(text: str, taken: dict[str, int], *, ready: bool = False) -> str:
    """A slug for ``text`` (or ``text`` itself when ``ready``) that is not in ``taken``.

    ``taken`` maps each slug taken to the number its next namesake tries first, so that the
    thousandth paper of one title takes one step, not a thousand.
    """
    base = (text if ready else slug_words(text, 100)) or "item"
    slug, number = base, taken.get(base, 2)
    while slug in taken:
        slug = f"{base}-{number}"
        number += 1
    taken[base] = number
    taken.setdefault(slug, 2)
    return slug
