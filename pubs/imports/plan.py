"""Planning an import against the database: what importing a text would do, nothing written.

The planner itself is pure (``pubs.bibtex.plan``); this module reads what it compares the
file with (the people and who wrote with whom, the papers and their authors' family names,
the venues, the fields of papers already there) into its indexes. It also notes a summary
of the database's state, so that applying can tell whether the plan is still current.

An import plans and writes only inside the importing user's scope (pubs.permissions): an
entry for a paper outside it changes nothing of that paper and says no more of it than its
public page does; an entry for a hidden paper is held back without a word of the paper.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, Max, Q

from people.models import Person
from pubs.bibtex.completion import StoredAuthor
from pubs.bibtex.names import parse_name
from pubs.bibtex.normalize import Record, parse_and_normalize
from pubs.bibtex.paper_match import PaperIndex, PaperMatch
from pubs.bibtex.paper_records import AuthorNames, PaperRecord, TitleSieve, family_key
from pubs.bibtex.parse import DEFAULT_MAX_ENTRIES, ParsedFile, TimeBudget, check_text
from pubs.bibtex.people_match import NameBlock, PeopleIndex, PersonRecord
from pubs.bibtex.plan import (
    FILLABLE,
    STORED_PAPER_COLUMNS,
    Decisions,
    EntryPlan,
    ImportPlan,
    build_plan,
    keep_authored,
    stored_paper_record,
)
from pubs.models import Authorship, Paper, Venue
from pubs.permissions import EVERYTHING, Scope, import_for_review
from pubs.services.papers import venue_index
from pubs.venues.resolution import VenueIndex

#: Fields of a paper an import may change on a paper already there (undo restores them).
RESTORABLE = tuple(
    dict.fromkeys((*FILLABLE, "title", "kind", "status", "year", "more_authors", "modified"))
)

#: How many times a file is planned, at most, until its papers compare by their authors as
#: they will be stored (pubs.bibtex.plan.build_plan's ``counted``): once, unless an entry
#: lists one human under two names or another entry of its paper completes its author list;
#: twice, nearly always, when one does. The file is read once.
PLANNINGS = 3

#: What an entry is told of a paper it matches that the importing user may not see.
HIDDEN_PAPER = "a paper with this identifier exists that you cannot see; ask an admin"


@dataclass(frozen=True)
class OutOfScope:
    """A paper already there that an entry matches, outside the importing user's scope: the
    import leaves it as it is. ``slug`` names its public page; empty, it is hidden."""

    paper_id: int
    slug: str = ""


@dataclass
class PlannedImport:
    """A text, its plan, and what it was planned with and against."""

    text: str
    parsed: ParsedFile
    records: list[Record]
    plan: ImportPlan
    link_base: str = ""
    max_entries: int = DEFAULT_MAX_ENTRIES
    #: The database's state when it was planned (see :func:`database_state`).
    state: tuple = ()
    #: How long planning it again may take (None: no limit).
    seconds: float | None = None
    #: Whose import it is: it plans and writes inside this scope.
    scope: Scope = EVERYTHING
    #: The entries matching a paper outside the scope, by key.
    outside: dict[str, OutOfScope] = field(default_factory=dict)


def bibtex_import_plan(
    *,
    text: str,
    decisions: Decisions | None = None,
    link_base: str = "",
    max_entries: int = DEFAULT_MAX_ENTRIES,
    seconds: float | None = None,
    scope: Scope = EVERYTHING,
    budget: TimeBudget | None = None,
) -> PlannedImport:
    """Parse ``text`` and plan its import against the database (nothing is written), as
    ``scope``'s user may import it: papers outside the scope are left as they are.

    Raises BibtexError when the text cannot be read at all (not text, too many entries,
    built to exhaust the reader) or when reading and planning it takes more than ``seconds``.
    A ``budget`` given instead of ``seconds`` is told of each entry reached (a job's progress).
    """
    if budget is None and seconds is not None:
        budget = TimeBudget(seconds)
    if import_for_review(scope):  # a member's: their own papers, at the venues printed
        decisions = (decisions or Decisions()).creating_no_venue()
    state = database_state()
    text = check_text(text)
    venues = venue_index()
    parsed, records = parse_and_normalize(
        text, max_entries=max_entries, link_base=link_base, budget=budget
    )
    stored = StoredPapers.met_by(records)
    orcids = (orcid for record in records for orcid in record.orcids.values())
    block = NameBlock.of((a for record in records for a in record.authors), orcids)
    plan = _plan_until_settled(parsed, records, venues, stored, block, decisions, budget)
    if import_for_review(scope):  # a member's: their own papers only
        keep_authored(plan, scope.person_id)
    return PlannedImport(
        text,
        parsed,
        records,
        plan,
        link_base,
        max_entries,
        state,
        seconds,
        scope=scope,
        outside=_keep_in_scope(plan, scope),
    )


def _plan_until_settled(
    parsed: ParsedFile,
    records: list[Record],
    venues: VenueIndex,
    stored: StoredPapers,
    block: NameBlock,
    decisions: Decisions | None,
    budget: TimeBudget | None,
) -> ImportPlan:
    """The plan of ``records``, planned again (at most :data:`PLANNINGS` times) while its
    papers do not yet compare by their authors as they will be stored."""
    counted: dict[str, AuthorNames] = {}
    read = [list(record.problems) for record in records]  # what planning adds to goes
    for _ in range(PLANNINGS):
        for record, problems in zip(records, read, strict=True):
            record.problems = list(problems)
        plan = build_plan(
            parsed,
            records,
            people=_people_index(block),
            papers=stored.index(),
            venues=venues,
            existing=stored.existing,
            decisions=decisions,
            budget=budget,
            stored_authors=_stored_authors,
            counted=counted,
        )
        if plan.counted == counted:
            break
        counted = plan.counted  # a human listed twice: planned again, counted once
    return plan


def _keep_in_scope(plan: ImportPlan, scope: Scope) -> dict[str, OutOfScope]:
    """Leave the papers outside ``scope`` as they are: the entries that match one fill in
    nothing, promote nothing and join no group, and of a hidden paper they keep nothing but
    that it exists (the entry is held back with a warning). Returns them by entry key."""
    if scope.everything:
        return {}
    _keep_versions_in_scope(plan, scope)
    entries = [e for e in plan.entries if e.action == "duplicate" and not e.same_as_entry]
    ids = {entry.duplicate.paper.id for entry in entries}
    if not ids:
        return {}
    editable = set(Paper.objects.filter(scope.rows(Paper), pk__in=ids).values_list("pk", flat=True))
    public = dict(Paper.objects.public().filter(pk__in=ids - editable).values_list("pk", "slug"))
    outside = {}
    for entry in entries:
        paper_id = entry.duplicate.paper.id
        if paper_id in editable:
            continue
        entry.fill, entry.conflicts, entry.promote = {}, {}, False
        entry.versions, entry.added_authors, entry.moved_authors = [], [], {}
        outside[entry.key] = OutOfScope(paper_id, public.get(paper_id, ""))
        if paper_id not in public:
            entry.duplicate = PaperMatch(PaperRecord(paper_id, "", None), entry.duplicate.how)
            entry.record.problem(HIDDEN_PAPER, "warning")
    return outside


def _keep_versions_in_scope(plan: ImportPlan, scope: Scope) -> None:
    """An import links as versions only papers ``scope``'s user may edit (or creates)."""
    ids = {v.id for e in plan.entries for v in e.versions if not v.entry_key}
    if not ids:
        return
    editable = set(Paper.objects.filter(scope.rows(Paper), pk__in=ids).values_list("pk", flat=True))
    for entry in plan.entries:
        entry.versions = [v for v in entry.versions if v.entry_key or v.id in editable]


def database_state() -> tuple:
    """What a plan depends on, in a few numbers: when they are the same, no paper, person
    or venue was added, removed or edited since."""
    return tuple(
        sorted(model.objects.aggregate(n=Count("pk"), last=Max("pk"), **extra).items())
        for model, extra in (
            (Paper, {"modified": Max("modified")}),
            (Person, {"modified": Max("modified")}),
            (Venue, {}),
        )
    )


def plan_people_names(
    *, plan: ImportPlan, entries: list[EntryPlan] | None = None
) -> dict[Hashable, str]:
    """ "Name (slug)" of each person an ambiguous or suggested author could be, and of the
    people the authors of ``entries`` are: what a preview or a report names them by."""
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


def _people_index(block: NameBlock) -> PeopleIndex:
    """The people the file's names can meet (``block``), each read with the people they
    wrote with when their co-authors are first asked for (co-authors tell apart people
    whose initials are alike), and how many people wrote with someone."""
    rows = Person.objects.order_by("pk").values_list(
        "pk", "given_name", "family_name", "native_name", "variants", "orcid", "suffix"
    )
    people = [
        PersonRecord(pk, given, family, native, tuple(variants), orcid, suffix)
        for pk, given, family, native, variants, orcid, suffix in rows.iterator(chunk_size=5000)
    ]
    wanted = [person for person in people if block.wants(person)]
    block.widen(wanted)
    wanted = [person for person in people if block.wants(person)]
    del people
    multi_author = (
        Authorship.objects.values("paper_id")
        .annotate(n=Count("person_id", distinct=True))
        .filter(n__gt=1)
        .values("paper_id")
    )
    with_coauthors = Authorship.objects.filter(paper_id__in=multi_author).values_list(
        "person_id", flat=True
    )
    return PeopleIndex(
        wanted, stored_papers=_papers_of, stored_with_coauthors=set(with_coauthors.iterator())
    )


def _papers_of(people: list[Hashable]) -> dict[Hashable, dict[Hashable, frozenset]]:
    """The papers of each stored person of ``people`` that they wrote with someone, each
    with its people."""
    ids = [person for person in people if isinstance(person, int)]
    found: dict[Hashable, dict[Hashable, frozenset]] = {}
    for start in range(0, len(ids), _BATCH):
        batch = ids[start : start + _BATCH]
        theirs = Authorship.objects.filter(person_id__in=batch).values("paper_id")
        together: dict[int, set[int]] = defaultdict(set)
        rows = Authorship.objects.filter(paper_id__in=theirs).values_list("paper_id", "person_id")
        for paper_id, person_id in rows.iterator(chunk_size=5000):
            together[paper_id].add(person_id)
        wanted = set(batch)
        for paper_id, persons in together.items():
            if len(persons) < 2:
                continue
            people_of_paper = frozenset(persons)
            for person in people_of_paper & wanted:
                found.setdefault(person, {})[paper_id] = people_of_paper
    return found


@dataclass
class StoredPapers:
    """The papers already there that a file's entries can meet: those of an entry's DOI or
    arXiv id, of an entry's title, or sharing a rare title word with one (TitleSieve), with
    the fields an entry may fill in of each; not the others, so that planning a file holds
    what the file needs, however many papers the database has."""

    rows: list[tuple]
    linked: list[tuple[int, int]]
    words_elsewhere: dict[tuple[bool, str], int]
    existing: dict[Hashable, dict[str, Any]]

    @classmethod
    def met_by(cls, records: list[Record]) -> StoredPapers:
        sieve = TitleSieve(record.title for record in records)
        dois = {record.doi for record in records if record.doi}
        arxiv_ids = {record.arxiv_id for record in records if record.arxiv_id}
        by_identifier = Paper.objects.filter(Q(doi__in=dois) | Q(arxiv_id__in=arxiv_ids))
        identified = dict(by_identifier.values_list("pk", "title")) if dois or arxiv_ids else {}
        for title in identified.values():
            sieve.also(title)
        titles = Paper.objects.order_by("pk").values_list("pk", "title", "kind")
        for pk, title, kind in titles.iterator(chunk_size=5000):
            sieve.see(pk, title, kind)
        ids = sorted(sieve.wanted() | set(identified))
        rows = [
            row
            for start in range(0, len(ids), _BATCH)
            for row in Paper.objects.filter(pk__in=ids[start : start + _BATCH])
            .order_by("pk")
            .values_list(*STORED_PAPER_COLUMNS)
        ]
        # In the order they were created, as the import that created them met them: of
        # several papers of one title, an entry matches the same one again.
        rows.sort(key=lambda row: row[0])
        title_at, kind_at = STORED_PAPER_COLUMNS.index("title"), STORED_PAPER_COLUMNS.index("kind")
        return cls(
            rows,
            list(Paper.versions.through.objects.values_list("from_paper_id", "to_paper_id")),
            sieve.words_elsewhere((row[title_at], row[kind_at]) for row in rows),
            _existing_values(ids),
        )

    def index(self) -> PaperIndex:
        """A fresh index of these papers (planning adds the file's papers to it)."""
        return PaperIndex(
            (stored_paper_record(row) for row in self.rows),
            authors_of=_family_names,
            linked=self.linked,
            words_elsewhere=self.words_elsewhere,
        )


#: Ids asked for in one query, at most.
_BATCH = 500


def _stored_authors(paper_ids: list[Hashable]) -> dict[Hashable, list[StoredAuthor]]:
    """The authorships of each paper, in order: those an entry may complete."""
    found: dict[Hashable, list[StoredAuthor]] = defaultdict(list)
    for start in range(0, len(paper_ids), 500):
        rows = (
            Authorship.objects.filter(paper_id__in=paper_ids[start : start + 500])
            .order_by("paper_id", "position")
            .values_list("pk", "paper_id", "person_id", "printed_name", "position")
        )
        for pk, paper_id, person_id, printed, position in rows:
            found[paper_id].append(StoredAuthor(pk, person_id, printed, position))
    return found


def _family_names(paper_ids: list[Hashable]) -> dict[Hashable, AuthorNames]:
    """The family names of the authors of each paper, each as printed and as their person
    has it (read only for the papers of a title an entry has)."""
    names: dict[Hashable, list[frozenset[str]]] = defaultdict(list)
    for start in range(0, len(paper_ids), 500):
        rows = (
            Authorship.objects.filter(paper_id__in=paper_ids[start : start + 500])
            .order_by("paper_id", "position")
            .values_list("paper_id", "printed_name", "person__family_name")
        )
        for paper_id, printed, family in rows:
            found = {family_key(family), family_key(parse_name(printed).family) if printed else ""}
            names[paper_id].append(frozenset(filter(None, found)))
    return {paper_id: tuple(found) for paper_id, found in names.items()}


def _existing_values(ids: list[int]) -> dict[Hashable, dict[str, Any]]:
    """The fields of the papers ``ids`` that an entry for one may fill in or overwrite."""
    names = [name for name in RESTORABLE if name not in ("venue", "modified")]
    found = {}
    for start in range(0, len(ids), _BATCH):
        rows = Paper.objects.filter(pk__in=ids[start : start + _BATCH])
        for row in rows.values("pk", "venue_id", *names):
            found[row.pop("pk")] = {**row, "venue": row.pop("venue_id")}
    return found
