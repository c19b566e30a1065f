"""Every paper as the rules of pubs.bibtex.identity compare it, and the pairs linked as
versions: what ``pubs.lookalike.paper_lookalikes`` reads, in three queries whatever the
number of papers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable

from pubs.bibtex.names import parse_name
from pubs.bibtex.paper_records import PaperRecord, family_key
from pubs.bibtex.plan import STORED_PAPER_COLUMNS, stored_paper_record
from pubs.models import Authorship, Paper


def paper_records() -> list[PaperRecord]:
    """Every paper with its identifiers, kind, venue, form and authors (each the family
    names they may have: as printed, and as their person has it), as the import compares
    a stored paper."""
    families: dict[int, list[frozenset[str]]] = defaultdict(list)
    printed_families: dict[str, str] = {}  # many authorships print one name
    rows = Authorship.objects.order_by("paper_id", "position").values_list(
        "paper_id", "printed_name", "person__family_name"
    )
    for paper_id, printed, family in rows.iterator(chunk_size=5000):
        if printed and printed not in printed_families:
            printed_families[printed] = family_key(parse_name(printed).family)
        names = {family_key(family), printed_families.get(printed, "")}
        families[paper_id].append(frozenset(filter(None, names)))
    return [
        stored_paper_record(row, tuple(families.get(row[0], ())))
        for row in Paper.objects.order_by("pk").values_list(*STORED_PAPER_COLUMNS)
    ]


def linked_versions() -> list[tuple[Hashable, Hashable]]:
    """The pairs of papers linked as versions of one work."""
    return list(Paper.versions.through.objects.values_list("from_paper_id", "to_paper_id"))
