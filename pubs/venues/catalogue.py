"""The CCF catalogue as plain data: reading an edition's CSV, merging editions into venues.

An edition is a CSV with the columns ``abbreviation, full_name, kind, rank, field,
dblp_key`` (and optionally ``publisher``), one row per entry of the official list. Merging
editions one after another into a list of :class:`VenueSpec` gives every venue its rank in
each edition; the same merge serves the fixture builder (all editions from files) and
``manage.py load_ccf`` (one new edition on top of the database). No Django models here.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from django.utils.text import slugify

from pubs.identifiers import slug_words
from pubs.venues.ccf import FIELDS_BY_CODE, RANKS
from pubs.venues.resolution import VenueRecord, name_key

COLUMNS = ("abbreviation", "full_name", "kind", "rank", "field", "dblp_key")
KINDS = ("conference", "journal")
SLUG_LENGTH = 60


class CatalogueError(ValueError):
    """A CSV of the CCF list that cannot be read; the message names the line."""


@dataclass(frozen=True)
class Entry:
    """One row of an edition of the CCF list."""

    abbreviation: str
    full_name: str
    kind: str
    rank: str
    field: str
    dblp_key: str = ""
    publisher: str = ""
    line: int = 0

    @property
    def label(self) -> str:
        return self.abbreviation or self.full_name


@dataclass
class VenueSpec:
    """A venue and its ranks per (edition, field), as the catalogue knows it."""

    slug: str
    name: str
    kind: str
    abbreviation: str = ""
    publisher: str = ""
    dblp_key: str = ""
    aliases: list[str] = field(default_factory=list)
    ranks: dict[tuple[int, str], str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.abbreviation or self.name

    def rank_in(self, edition: int) -> str:
        return min((r for (e, _), r in self.ranks.items() if e == edition), default="")

    def as_record(self) -> VenueRecord:
        """The venue as the resolver knows it."""
        return VenueRecord(
            self.slug,
            self.name,
            self.kind,
            self.abbreviation,
            self.dblp_key,
            self.publisher,
            tuple(self.aliases),
            catalogued=True,
        )

    def add_alias(self, alias: str) -> None:
        alias = " ".join(alias.split())
        if alias and alias not in self.aliases and alias not in (self.name, self.abbreviation):
            self.aliases.append(alias)


@dataclass
class EditionReport:
    """What an edition changed with respect to the one before it."""

    edition: int
    previous: int | None
    added: list[VenueSpec] = field(default_factory=list)
    removed: list[VenueSpec] = field(default_factory=list)
    rank_changed: list[tuple[VenueSpec, str, str]] = field(default_factory=list)
    renamed: list[tuple[VenueSpec, str, str]] = field(default_factory=list)
    created: list[VenueSpec] = field(default_factory=list)
    entries: int = 0

    def lines(self) -> list[str]:
        """The report as text lines, for a command's output."""
        since = f" since {self.previous}" if self.previous else ""
        out = [f"CCF {self.edition}: {self.entries} entries; changes{since}:"]
        out += [f"  added    {v.label} ({v.kind}, {v.rank_in(self.edition)})" for v in self.added]
        out += [f"  removed  {v.label} ({v.kind})" for v in self.removed]
        out += [f"  rank     {v.label}: {old} -> {new}" for v, old, new in self.rank_changed]
        out += [f"  renamed  {old} -> {new}" for _, old, new in self.renamed]
        if len(out) == 1:
            out.append("  none")
        return out


def _field_code(value: str) -> str:
    """A field given as its code, English name or Chinese name -> its code ('' if unknown)."""
    folded = " ".join(value.split()).casefold()
    for code, field_ in FIELDS_BY_CODE.items():
        if folded in {code, field_.english.casefold(), field_.chinese}:
            return code
    return ""


def _header(name: str) -> str:
    return "_".join(name.strip().lower().replace("-", " ").split())


def read_edition(text: str, *, source: str = "CSV") -> list[Entry]:
    """Parse an edition's CSV; raise CatalogueError naming the line of the first bad row.

    Headers may be written "full name" or "full_name"; fields may be given by code, English
    or Chinese name; ranks in either case.
    """
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    header = [_header(name) for name in next(reader, [])]
    missing = [column for column in COLUMNS if column not in header]
    if missing:
        raise CatalogueError(f"{source}: missing column(s) {', '.join(missing)} in the header")
    entries = []
    for row in reader:
        line = reader.line_num
        if not any(cell.strip() for cell in row):
            continue
        cells = dict(zip(header, (cell.strip() for cell in row), strict=False))
        values = {key: cells.get(key, "") for key in (*COLUMNS, "publisher")}
        values["rank"] = values["rank"].upper()
        where = f"{source}, line {line}"
        if not values["full_name"] and not values["abbreviation"]:
            raise CatalogueError(f"{where}: no abbreviation and no full name")
        if values["kind"].lower() not in KINDS:
            raise CatalogueError(f"{where}: kind {values['kind']!r} is not conference or journal")
        values["kind"] = values["kind"].lower()
        if values["rank"] not in RANKS:
            raise CatalogueError(f"{where}: rank {values['rank']!r} is not A, B or C")
        code = _field_code(values["field"])
        if not code:
            codes = ", ".join(FIELDS_BY_CODE)
            raise CatalogueError(f"{where}: field {values['field']!r} is not one of {codes}")
        values["field"] = code
        if values["dblp_key"] and not re.fullmatch(r"(conf|journals)/[\w-]+", values["dblp_key"]):
            raise CatalogueError(
                f"{where}: DBLP key {values['dblp_key']!r} is not conf/<name> or journals/<name>"
            )
        values["full_name"] = values["full_name"] or values["abbreviation"]
        entries.append(Entry(**values, line=line))
    if not entries:
        raise CatalogueError(f"{source}: no entries")
    return entries


def _identity(kind: str, dblp_key: str, abbreviation: str, name: str) -> tuple:
    if dblp_key:
        return ("dblp", dblp_key)
    if abbreviation:
        return ("abbreviation", kind, abbreviation.casefold())
    return ("name", kind, name_key(name))


def find_venue(venues: list[VenueSpec], entry: Entry) -> VenueSpec | None:
    """The venue an entry is about: by DBLP key, else by kind and abbreviation, else by name."""
    if entry.dblp_key:
        for venue in venues:
            if venue.dblp_key == entry.dblp_key:
                return venue
    if entry.abbreviation:
        same = [
            v
            for v in venues
            if v.kind == entry.kind
            and entry.abbreviation.casefold()
            in {v.abbreviation.casefold(), *(a.casefold() for a in v.aliases)}
        ]
        if len(same) == 1 and not (entry.dblp_key and same[0].dblp_key):
            return same[0]
    key = name_key(entry.full_name)
    named = [
        v
        for v in venues
        if v.kind == entry.kind and key in {name_key(v.name), *(name_key(a) for a in v.aliases)}
    ]
    if len(named) == 1 and not (entry.dblp_key and named[0].dblp_key):
        return named[0]
    return None


def merge_edition(venues: list[VenueSpec], edition: int, entries: list[Entry]) -> EditionReport:
    """Record ``edition``'s ranks on ``venues`` (in place), creating the venues it adds.

    The newest edition's names win: a renamed venue takes its new name and abbreviation and
    keeps the old ones as aliases. Ranks of ``edition`` recorded before are replaced, so
    merging the same edition twice changes nothing.
    """
    editions = sorted({e for v in venues for e, _ in v.ranks})
    previous = max((e for e in editions if e < edition), default=None)
    newest = not editions or edition >= editions[-1]
    report = EditionReport(edition=edition, previous=previous, entries=len(entries))
    before = {v.slug: v.rank_in(previous) for v in venues} if previous else {}
    for venue in venues:
        venue.ranks = {key: rank for key, rank in venue.ranks.items() if key[0] != edition}
    # A venue listed in two fields has two entries: group them.
    groups: dict[tuple, list[Entry]] = defaultdict(list)
    for entry in entries:
        groups[_identity(entry.kind, entry.dblp_key, entry.abbreviation, entry.full_name)].append(
            entry
        )
    found = {identity: find_venue(venues, group[0]) for identity, group in groups.items()}
    new = [identity for identity, venue in found.items() if venue is None]
    slugs = _new_slugs({v.slug for v in venues}, [groups[identity][0] for identity in new])
    for identity, slug in zip(new, slugs, strict=True):
        entry = groups[identity][0]
        venue = VenueSpec(
            slug=slug,
            name=entry.full_name,
            kind=entry.kind,
            abbreviation=entry.abbreviation,
            publisher=entry.publisher,
            dblp_key=entry.dblp_key,
        )
        venues.append(venue)
        report.created.append(venue)
        found[identity] = venue
    for identity, group in groups.items():
        venue = found[identity]
        for entry in group:
            venue.ranks[(edition, entry.field)] = entry.rank
        if newest:
            _rename(venue, group[0], report)
        else:
            venue.add_alias(group[0].full_name)
        venue.dblp_key = venue.dblp_key or group[0].dblp_key
        venue.publisher = venue.publisher or group[0].publisher
    if previous:
        for venue in venues:
            old, now = before.get(venue.slug, ""), venue.rank_in(edition)
            if old and not now:
                report.removed.append(venue)
            elif now and not old:
                report.added.append(venue)
            elif old != now:
                report.rank_changed.append((venue, old, now))
    return report


def _rename(venue: VenueSpec, entry: Entry, report: EditionReport) -> None:
    old_label, old_name, old_abbreviation = venue.label, venue.name, venue.abbreviation
    venue.name = entry.full_name
    venue.abbreviation = entry.abbreviation or venue.abbreviation
    venue.add_alias(old_name)
    if old_abbreviation:
        venue.add_alias(old_abbreviation)
    venue.aliases = [a for a in venue.aliases if a not in (venue.name, venue.abbreviation)]
    if venue not in report.created:
        if venue.abbreviation != old_abbreviation:
            report.renamed.append((venue, old_label, venue.label))
        elif venue.name != old_name:
            report.renamed.append((venue, old_name, venue.name))


def _new_slugs(taken: set[str], entries: list[Entry]) -> list[str]:
    """Slugs for new venues: the abbreviation, told apart when several venues share it.

    When a conference and a journal share an abbreviation (WWW), the journal's slug ends in
    "-journal"; two conferences sharing one (FSE) are told apart by their DBLP keys.
    """
    taken = set(taken)
    bases = [venue_slug(e.abbreviation, e.full_name) for e in entries]
    conferences = Counter(b for b, e in zip(bases, entries, strict=True) if e.kind == "conference")
    shared = Counter(bases)
    slugs = []
    for entry, base in zip(entries, bases, strict=True):
        slug = base
        stream = slugify(entry.dblp_key.rsplit("/", 1)[-1]) if entry.dblp_key else ""
        if entry.kind == "journal" and (conferences[base] or base in taken):
            slug = f"{base}-journal"
        elif shared[base] > 1 and conferences[base] > 1 and stream and stream != base:
            slug = f"{base}-{stream}"
        slug = _unique(slug, taken)
        taken.add(slug)
        slugs.append(slug)
    return slugs


def venue_slug(abbreviation: str, name: str) -> str:
    """A venue's slug: its abbreviation, else the first words of its name, Chinese script
    in pinyin (计算机学报 -> "jisuanjixuebao")."""
    return slugify(abbreviation) or slug_words(name, SLUG_LENGTH)


def _unique(slug: str, taken: set[str]) -> str:
    candidate, number = slug, 2
    while candidate in taken:
        candidate = f"{slug}-{number}"
        number += 1
    return candidate


# -- the fixture -------------------------------------------------------------------------------

CATALOGUE_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "ccf"
FIXTURE = CATALOGUE_DIR.parent / "ccf_venues.json"
UNRANKED_COLUMNS = ("abbreviation", "full_name", "kind", "dblp_key", "publisher", "aliases")
ALIAS_COLUMNS = ("venue", "alias")


def read_unranked(text: str, *, source: str = "unranked.csv") -> list[VenueSpec]:
    """Venues outside the CCF list that labs publish in (MLSys, arXiv, ...)."""
    reader = csv.DictReader(io.StringIO(text))
    venues = []
    for row in reader:
        values = {key: (row.get(key) or "").strip() for key in UNRANKED_COLUMNS}
        if not values["full_name"]:
            raise CatalogueError(f"{source}, line {reader.line_num}: no full name")
        venues.append(
            VenueSpec(
                slug=venue_slug(values["abbreviation"], values["full_name"]),
                name=values["full_name"],
                kind=values["kind"],
                abbreviation=values["abbreviation"],
                publisher=values["publisher"],
                dblp_key=values["dblp_key"],
                aliases=[a.strip() for a in values["aliases"].split("|") if a.strip()],
            )
        )
    return venues


def read_aliases(text: str, *, source: str = "aliases.csv") -> list[tuple[str, str, int]]:
    """(venue, alias, line) rows; the venue is a DBLP key or a slug."""
    reader = csv.DictReader(io.StringIO(text))
    return [
        ((row["venue"] or "").strip(), (row["alias"] or "").strip(), reader.line_num)
        for row in reader
    ]


def build_catalogue(
    editions: dict[int, list[Entry]],
    unranked: list[VenueSpec],
    aliases: list[tuple[str, str, int]],
) -> tuple[list[VenueSpec], list[EditionReport]]:
    """All venues: the unranked ones, then each edition merged in order, then the aliases."""
    venues = list(unranked)
    reports = [merge_edition(venues, edition, editions[edition]) for edition in sorted(editions)]
    by_key = {v.dblp_key: v for v in venues if v.dblp_key} | {v.slug: v for v in venues}
    for venue_key, alias, line in aliases:
        if venue_key not in by_key:
            raise CatalogueError(f"aliases.csv, line {line}: no venue {venue_key!r}")
        by_key[venue_key].add_alias(alias)
    return venues, reports


def fixture_records(venues: list[VenueSpec]) -> list[dict]:
    """Django fixture records (natural keys) for venues and their ranks."""
    records = [
        {
            "model": "pubs.venue",
            "fields": {
                "abbreviation": v.abbreviation,
                "name": v.name,
                "kind": v.kind,
                "publisher": v.publisher,
                "dblp_key": v.dblp_key,
                "aliases": v.aliases,
                "url": "",
                "slug": v.slug,
            },
        }
        for v in venues
    ]
    records += [
        {
            "model": "pubs.venuerank",
            "fields": {
                "venue": [v.slug],
                "ranking": "CCF",
                "edition": edition,
                "rank": rank,
                "field": field_code,
            },
        }
        for v in venues
        for (edition, field_code), rank in sorted(v.ranks.items())
    ]
    return records


def load_catalogue(directory: Path = CATALOGUE_DIR) -> tuple[list[VenueSpec], list[EditionReport]]:
    """The catalogue from the files in fixtures/ccf/: one CSV per edition, unranked, aliases."""
    editions = {
        int(path.stem): read_edition(path.read_text(encoding="utf-8"), source=path.name)
        for path in sorted(directory.glob("[0-9][0-9][0-9][0-9].csv"))
    }
    unranked = read_unranked((directory / "unranked.csv").read_text(encoding="utf-8"))
    aliases = read_aliases((directory / "aliases.csv").read_text(encoding="utf-8"))
    return build_catalogue(editions, unranked, aliases)


def build_fixture_text(directory: Path = CATALOGUE_DIR) -> str:
    """The text fixtures/ccf_venues.json must have."""
    venues, _ = load_catalogue(directory)
    return json.dumps(fixture_records(venues), ensure_ascii=False, indent=1) + "\n"
