"""Writes to papers and their authors (reads live in ``pubs.queries.selectors``)."""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from django.db import transaction
from django.db.models import F

from pubs.models import MAX_POSITION, Authorship, Paper, PaperKind, Venue, VenueRank
from pubs.search import search_text_refresh
from pubs.services import public_version, rendering
from pubs.services.versions import paper_versions_refold
from pubs.services.work_counts import counted_write, work_counts_refresh
from pubs.venues import ccf
from pubs.venues.catalogue import EditionReport, Entry, VenueSpec, merge_edition
from pubs.venues.resolution import VenueIndex

#: Added to positions being moved so that a reordering never clashes half-way: past every
#: real position, and still within a small integer (32767).
POSITION_SHIFT = MAX_POSITION + 1


def authorships_make_room(*, authorship_ids: Iterable[int]) -> int:
    """Move authorships out of the way of a reordering of their paper's author list.

    Rows about to take new positions (or be deleted) are shifted past every real position
    in one UPDATE, so saving the new order row by row never meets the unique
    (paper, position) constraint on an old position. Returns the number of rows moved.
    """
    ids = [pk for pk in authorship_ids if pk is not None]
    if not ids:
        return 0
    return Authorship.objects.filter(pk__in=ids).update(position=F("position") + POSITION_SHIFT)


def _venue_specs() -> tuple[list[VenueSpec], dict[str, Venue]]:
    rows = {venue.slug: venue for venue in Venue.objects.prefetch_related("ranks")}
    specs = [
        VenueSpec(
            slug=venue.slug,
            name=venue.name,
            kind=venue.kind,
            abbreviation=venue.abbreviation,
            publisher=venue.publisher,
            dblp_key=venue.dblp_key,
            aliases=list(venue.aliases),
            ranks={
                (r.edition, r.field): r.rank for r in venue.ranks.all() if r.ranking == ccf.RANKING
            },
        )
        for venue in rows.values()
    ]
    return specs, rows


@transaction.atomic
@rendering.one_forget()
def ccf_edition_load(*, edition: int, entries: list[Entry], dry_run: bool = False) -> EditionReport:
    """Load one edition of the CCF list: new venues, renamed venues, the edition's ranks.

    Loading an edition again replaces its ranks, so it changes nothing the second time.
    With ``dry_run`` the report is computed and nothing is written.
    """
    specs, rows = _venue_specs()
    report = merge_edition(specs, edition, entries)
    if dry_run:
        return report
    described = ("name", "abbreviation", "publisher", "dblp_key", "aliases")
    changed = []
    for spec in specs:
        venue = rows.get(spec.slug)
        if venue is None:
            continue
        values = {name: getattr(spec, name) for name in described}
        if any(getattr(venue, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(venue, name, value)
            changed.append(venue)
    Venue.objects.bulk_update(changed, described)
    search_text_refresh(Paper.objects.filter(venue__in=changed).values_list("pk", flat=True))
    created = Venue.objects.bulk_create(
        Venue(
            slug=s.slug,
            name=s.name,
            kind=s.kind,
            abbreviation=s.abbreviation,
            publisher=s.publisher,
            dblp_key=s.dblp_key,
            aliases=s.aliases,
        )
        for s in report.created
    )
    rows.update({venue.slug: venue for venue in created})
    VenueRank.objects.filter(ranking=ccf.RANKING, edition=edition).delete()
    VenueRank.objects.bulk_create(
        VenueRank(
            venue=rows[spec.slug], ranking=ccf.RANKING, edition=edition, rank=rank, field=field_code
        )
        for spec in specs
        for (rank_edition, field_code), rank in spec.ranks.items()
        if rank_edition == edition
    )
    rendering.entries_forget(venue_ids=[venue.pk for venue in rows.values()])  # names, ranks
    public_version.bump()
    return report


def venue_index() -> VenueIndex:
    """The resolver over every venue in the database, keyed by primary key (build it once
    per import or action). The venues of the catalogue (a DBLP key or a rank) answer first,
    those the lab added what the catalogue leaves unresolved."""
    ranked = set(VenueRank.objects.values_list("venue_id", flat=True))
    return VenueIndex(
        replace(
            venue.as_record(), key=venue.pk, catalogued=bool(venue.dblp_key) or venue.pk in ranked
        )
        for venue in Venue.objects.all()
    )


@dataclass
class VenueMatchReport:
    matched: list[tuple[Paper, Venue, str]] = field(default_factory=list)
    missed: list[tuple[Paper, str]] = field(default_factory=list)


@transaction.atomic
@counted_write()
def papers_match_venues(
    *, papers: Iterable[Paper], min_confidence: float = 0.85
) -> VenueMatchReport:
    """Give papers without a venue the venue their printed venue names, when sure enough.

    Papers that already have a venue are left alone; the misses come back with the reason.
    """
    index = venue_index()
    venues = {venue.pk: venue for venue in Venue.objects.all()}
    report = VenueMatchReport()
    for paper in papers:
        if paper.venue_id is not None:
            continue
        field_name = "journal" if paper.kind == PaperKind.JOURNAL else "booktitle"
        resolution = index.resolve(
            **{field_name: paper.container_title},
            series=paper.series,
            publisher=paper.publisher,
            doi=paper.doi,
        )
        if resolution.venue is None or resolution.confidence < min_confidence:
            reason = resolution.reason if resolution.venue is None else "not sure enough"
            report.missed.append((paper, reason))
            continue
        paper.venue = venues[resolution.venue.key]
        paper.save(update_fields=["venue", "modified"])
        report.matched.append((paper, paper.venue, resolution.reason))
    search_text_refresh(paper.pk for paper, _, _ in report.matched)
    # A venue (a preprint server) may say which version of a work stands for it.
    paper_versions_refold(paper_ids=[paper.pk for paper, _, _ in report.matched])
    work_counts_refresh(papers=[paper.pk for paper, _, _ in report.matched])
    return report


@transaction.atomic
@rendering.one_forget()
def catalogue_install(*, venues: list[VenueSpec]) -> tuple[int, int]:
    """Write a whole catalogue (fixtures/ccf/) to the database in a few bulk statements.

    The same result as ``loaddata ccf_venues``, without one query per object: venues are
    matched by slug, changed ones updated, missing ones created, and each venue's ranks made
    exactly the catalogue's. Returns (venues created, venues updated).
    """
    rows = {venue.slug: venue for venue in Venue.objects.all()}
    described = ("name", "kind", "abbreviation", "publisher", "dblp_key", "aliases")
    created, changed = [], []
    for spec in venues:
        values = {name: getattr(spec, name) for name in described}
        venue = rows.get(spec.slug)
        if venue is None:
            created.append(Venue(slug=spec.slug, **values))
        elif any(getattr(venue, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(venue, name, value)
            changed.append(venue)
    Venue.objects.bulk_create(created)
    Venue.objects.bulk_update(changed, described)
    search_text_refresh(Paper.objects.filter(venue__in=changed).values_list("pk", flat=True))
    rows.update({venue.slug: venue for venue in created})
    wanted = {
        (rows[spec.slug].pk, edition, field_code): rank
        for spec in venues
        for (edition, field_code), rank in spec.ranks.items()
    }
    present = {
        (r.venue_id, r.edition, r.field): r
        for r in VenueRank.objects.filter(
            ranking=ccf.RANKING, venue__slug__in=[s.slug for s in venues]
        )
    }
    VenueRank.objects.filter(
        pk__in=[r.pk for key, r in present.items() if key not in wanted]
    ).delete()
    stale = [r for key, r in present.items() if key in wanted and r.rank != wanted[key]]
    for rank in stale:
        rank.rank = wanted[(rank.venue_id, rank.edition, rank.field)]
    VenueRank.objects.bulk_update(stale, ["rank"])
    VenueRank.objects.bulk_create(
        VenueRank(
            venue_id=venue_id, ranking=ccf.RANKING, edition=edition, rank=rank, field=field_code
        )
        for (venue_id, edition, field_code), rank in wanted.items()
        if (venue_id, edition, field_code) not in present
    )
    rendering.entries_forget(venue_ids=[venue.pk for venue in rows.values()])  # names, ranks
    public_version.bump()
    return len(created), len(changed)
