"""The admin's venue search: a typed venue ("SC'23", "NSDI '24", "ICML 2024", "Proc. of ...")
read as an import reads a printed one (``VenueIndex.read``), and the venues ranked in SQL:
the venue the text names, then an exact abbreviation, an exact name or alias, a prefix, the
rest.

A keystroke costs two small queries to see whether the venues changed, the search and its
count (5 to 20 ms among 1,213 venues on SQLite); the index of every venue (read and built in
0.25 s for those 1,213) is kept per process and built again only after a venue changed.
"""

from __future__ import annotations

import json

from django.db import connection
from django.db.models import Case, Count, IntegerField, Max, Q, QuerySet, Value, When

from pubs.models import Venue
from pubs.services import public_version
from pubs.services.papers import venue_index
from pubs.venues.resolution import VenueIndex, VenueReading, VenueRecord, venue_name

#: The index and what it was built from: the database, the public version (which every change
#: to a venue bumps), the number of venues and the last id.
_built: tuple[tuple, VenueIndex] | None = None


def current_venue_index() -> VenueIndex:
    """Every venue, indexed as an import indexes them (:func:`venue_index`), built again only
    when the venues changed."""
    global _built
    counts = Venue.objects.aggregate(count=Count("pk"), last=Max("pk"))
    stamp = (connection.settings_dict["NAME"], public_version.version(), *counts.values())
    if _built is None or _built[0] != stamp:
        _built = (stamp, venue_index())
    return _built[1]


def search_words(term: str) -> str:
    """The words of a typed venue that its name or abbreviation may contain: "SC'23" -> "SC",
    "Proc. of the 2023 Symposium on X" -> "Symposium on X"."""
    return venue_name(term)[0]


def venue_search(queryset: QuerySet[Venue], term: str, matched: QuerySet[Venue]) -> QuerySet:
    """``queryset`` narrowed to the venues ``term`` finds (``matched``: the admin's own search
    of its :func:`search_words`, and the venue the term names) and ranked by the field
    ``search_rank`` (0 best)."""
    reading = current_venue_index().read(term)
    named = _named(reading)
    core, abbreviation = venue_name(term)
    exact_abbreviation = Q(abbreviation__iexact=core)
    if abbreviation:
        exact_abbreviation |= Q(abbreviation__iexact=abbreviation)
    alias = json.dumps(core, ensure_ascii=False)  # an alias as the JSON list holds it
    rank = Case(
        *([When(named, then=Value(0))] if named else []),
        When(exact_abbreviation, then=Value(1)),
        When(Q(name__iexact=core) | Q(aliases__icontains=alias), then=Value(2)),
        When(Q(abbreviation__istartswith=core) | Q(name__istartswith=core), then=Value(3)),
        default=Value(4),
        output_field=IntegerField(),
    )
    found = Q(pk__in=matched.values("pk"))
    if named:
        found |= named
    return queryset.filter(found).annotate(search_rank=rank)


def _named(reading: VenueReading) -> Q | None:
    """The venues a reading names (the venue, or the candidates it could not decide between),
    as they were indexed: a venue renamed since is not taken for what its old name says."""
    records: tuple[VenueRecord, ...] = (
        (reading.venue,) if reading.venue else reading.resolution.candidates
    )
    condition = None
    for record in records:
        same = Q(pk=record.key, name=record.name, abbreviation=record.abbreviation)
        condition = same if condition is None else condition | same
    return condition
