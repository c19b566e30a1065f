"""Each paper's list entry rendered once per language and stored (``RenderedEntry``).

A list of thousands of papers then reads stored HTML instead of rendering the one partial,
templates/includes/paper_entry.html, once per paper. The partial stays the one definition of
an entry: the stored HTML is its rendering, with nothing the page decides (the person whose
page it is, set in bold, is applied by the page: ``presentation.highlighted``).

Kept true to the data three ways:

- a write through a model's ``save()`` or ``delete()`` forgets the entries it changes
  (pubs.signals: a paper, its authors and links, a person's name, a membership, a venue and
  its ranks), and the bulk writes (an import, its undo, the versions refolded, venues and
  ranks loaded, the admin's bulk actions) call :func:`entries_forget` or, for the papers an
  import writes, :func:`entries_render`;
- every row carries the :func:`stamp` of the templates, translations and CCF edition it was
  rendered with: a row of another stamp is not read;
- a list reads its entries through :func:`list_entries`, which renders (and stores) live
  any entry that is missing, so nothing shows an entry that was forgotten.

``manage.py render_entries`` renders every paper's entries again.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db.models import Q, QuerySet
from django.template import Context
from django.template.loader import get_template
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from pubs.export.model import ExportPaper
from pubs.models import Authorship, Paper, RenderedEntry
from pubs.queries import selectors
from pubs.services import public_version

#: The partial of an entry and those it includes: a change to any of them changes the stamp.
ENTRY_TEMPLATE = "includes/paper_entry.html"
ENTRY_TEMPLATES = (ENTRY_TEMPLATE, "includes/paper_badges.html", "includes/paper_links.html")
#: Papers rendered per read of their data (six queries) and per INSERT.
BATCH_SIZE = 500


@dataclass(frozen=True, slots=True)
class ListedEntry:
    """A paper on a list page: its id, slug and year (lists group by year) and its entry's
    HTML."""

    pk: int
    slug: str
    year: int | None
    html: SafeString


@cache
def _sources_digest() -> str:
    """A digest of the entry's templates and of the project's compiled translations."""
    digest = hashlib.sha256()
    for name in ENTRY_TEMPLATES:
        digest.update(Path(get_template(name).origin.name).read_bytes())
    for directory in settings.LOCALE_PATHS:
        for path in sorted(Path(directory).glob("*/LC_MESSAGES/*.mo")):
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _batches(ids: Iterable[int]) -> Iterator[list[int]]:
    """``ids`` BATCH_SIZE at a time."""
    ids = list(ids)
    for start in range(0, len(ids), BATCH_SIZE):
        yield ids[start : start + BATCH_SIZE]


def stamp() -> str:
    """What stored entries must have been rendered with to be read: these templates and
    translations, and the CCF edition in force (an entry's rank badge)."""
    text = f"{_sources_digest()}:{settings.CCF_CURRENT_EDITION}"
    return hashlib.sha256(text.encode()).hexdigest()[
        : RenderedEntry._meta.get_field("stamp").max_length
    ]


def languages() -> list[str]:
    """The languages of the site, in each of which an entry is stored."""
    return [code for code, _ in settings.LANGUAGES]


def render_entries(rows: Iterable[ExportPaper], language: str) -> Iterator[SafeString]:
    """The partial rendered for each of ``rows`` in ``language``, as a list page includes
    it (no person highlighted). One template context serves them all, so each URL name is
    reversed once (pubs_tags.entry_url)."""
    template = get_template(ENTRY_TEMPLATE).template
    with translation.override(language):
        context = Context({"paper": None})
        for row in rows:
            with context.push(paper=row):
                yield mark_safe(template.render(context))


def entries_render(
    *, paper_ids: Iterable[int], language: str | None = None, forget_others: bool = False
) -> int:
    """Render and store the entries of the papers ``paper_ids`` in every language of the
    site, or only in ``language`` (and with ``forget_others`` their rows in the other
    languages are deleted, to be rendered when a list shows them), replacing what was
    stored; returns the number of rows written. Reads the papers BATCH_SIZE at a time
    (``selectors.entries``: six queries)."""
    wanted = [language] if language else languages()
    written = 0
    for chunk in _batches(sorted(set(paper_ids))):
        if language and forget_others:
            RenderedEntry.objects.filter(paper__in=chunk).exclude(language=language).delete()
        rows = selectors.entries_by_id(Paper.objects.filter(pk__in=chunk))
        for code in wanted:
            written += len(_store(dict(_rendered(rows, code)), code))
    return written


def _rendered(
    rows: list[tuple[int, ExportPaper]], language: str
) -> Iterator[tuple[int, SafeString]]:
    entries = render_entries((row for _, row in rows), language)
    return zip((pk for pk, _ in rows), entries, strict=True)


def _store(entries: dict[int, SafeString], language: str) -> dict[int, SafeString]:
    """Store ``entries`` (paper id -> HTML) in ``language`` under the stamp in force,
    replacing the rows there (in the order of the papers, so that two writers take the rows'
    locks in one order)."""
    current = stamp()
    RenderedEntry.objects.bulk_create(
        [
            RenderedEntry(paper_id=pk, language=language, stamp=current, html=html)
            for pk, html in sorted(entries.items())
        ],
        batch_size=BATCH_SIZE,
        update_conflicts=True,
        unique_fields=["paper", "language"],
        update_fields=["stamp", "html"],
    )
    return entries


def entries_forget(
    *,
    paper_ids: Iterable[int | None] = (),
    person_ids: Iterable[int | None] = (),
    venue_ids: Iterable[int | None] = (),
) -> int:
    """Forget the stored entries that show any of these papers, people or venues: the
    papers' own, and those of the versions the papers are folded into (an entry names the
    versions folded into it, with their venues). A list renders them again when it next
    shows them. One DELETE (at the end of :func:`one_forget`, when inside one); returns the
    number of rows deleted."""
    wanted = _Forgotten(
        {pk for pk in paper_ids if pk is not None},
        {pk for pk in person_ids if pk is not None},
        {pk for pk in venue_ids if pk is not None},
    )
    held = getattr(_held, "forgotten", None)
    if held is not None:
        held.add(wanted)
        return 0
    return wanted.delete()


@dataclass
class _Forgotten:
    papers: set[int]
    people: set[int]
    venues: set[int]

    def add(self, other: _Forgotten) -> None:
        self.papers |= other.papers
        self.people |= other.people
        self.venues |= other.venues

    def delete(self) -> int:
        if not (self.papers or self.people or self.venues):
            return 0
        papers = Q(pk__in=self.papers)
        if self.people:
            by = Authorship.objects.filter(person__in=self.people).values("paper")
            papers |= Q(pk__in=by)
        if self.venues:
            papers |= Q(venue__in=self.venues)
        shown = Paper.objects.filter(papers)
        standing = shown.filter(folded_into__isnull=False).values("folded_into")
        rows = RenderedEntry.objects.filter(
            Q(paper__in=self.papers) | Q(paper__in=shown.values("pk")) | Q(paper__in=standing)
        )
        deleted, _ = rows.delete()
        return deleted


_held = threading.local()


@contextmanager
def one_forget() -> Iterator[None]:
    """Changes of many rows (an import undone: thousands of deletions, each with its
    signal) forget the entries they show in one DELETE, when they are done."""
    outer = getattr(_held, "forgotten", None)
    if outer is not None:
        yield
        return
    _held.forgotten = _Forgotten(set(), set(), set())
    try:
        yield
        forgotten = _held.forgotten
    finally:
        _held.forgotten = None
    forgotten.delete()


def list_entries(papers: QuerySet[Paper]) -> list[ListedEntry]:
    """The entries of ``papers`` (a page of a list, in its order) in the current language:
    those stored as they are, the others rendered now and stored. One query when all are
    stored; nine more when some are not (however many, up to BATCH_SIZE).

    What is rendered here is stored only if no write to the public data (which bumps the
    public version) came between reading the papers and storing them: a write may have
    forgotten entries just before this request would store what it read earlier."""
    language = translation.get_language() or settings.LANGUAGE_CODE
    rows = selectors.listed_entries(papers, language=language, stamp=stamp())
    missing = [pk for pk, _, _, html in rows if html is None]
    rendered: dict[int, SafeString] = {}
    if missing:
        read_at = public_version.version()
        for chunk in _batches(missing):
            fresh = selectors.entries_by_id(Paper.objects.filter(pk__in=chunk))
            rendered |= dict(_rendered(fresh, language))
        if public_version.version() == read_at:
            _store(rendered, language)
    return [
        ListedEntry(pk, slug, year, mark_safe(html) if html is not None else rendered[pk])
        for pk, slug, year, html in rows
    ]


def entries_rebuild(*, missing_only: bool = False) -> int:
    """Render and store every paper's entries again, in every language, and drop the rows
    of another stamp; with ``missing_only``, only the entries missing (a paper in a
    language). Returns the number of rows written."""
    RenderedEntry.objects.exclude(stamp=stamp()).delete()
    papers = Paper.objects.all()
    if not missing_only:
        return entries_render(paper_ids=papers.values_list("pk", flat=True))
    written = 0
    for language in languages():
        stored = RenderedEntry.objects.filter(language=language).values("paper")
        missing = papers.exclude(pk__in=stored).values_list("pk", flat=True)
        written += entries_render(paper_ids=missing, language=language)
    return written
