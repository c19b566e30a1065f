"""The choices a preview asks for, as an import keeps them and as the planner takes them.

The admin's preview stores what the user chose in the import's ``options`` (venues by slug,
so that a choice survives a venue's id changing); planning, in the request or in a job, reads
them back as the planner's :class:`~pubs.bibtex.plan.Decisions`.
"""

from __future__ import annotations

from typing import Any

from pubs.bibtex.plan import NEW, Decisions


def decisions_from_options(options: dict[str, Any], venue_ids: dict[str, int]) -> Decisions:
    """Decisions from stored options; venues chosen by slug become ids ("" = none)."""
    venues: dict[str, Any] = {}
    for text, choice in options.get("venues", {}).items():
        if choice == NEW:
            venues[text] = NEW
        elif choice in venue_ids:
            venues[text] = venue_ids[choice]
        elif choice == "-":
            venues[text] = ""
    return Decisions(
        people=dict(options.get("people", {})),
        venues=venues,
        overwrite=dict(options.get("overwrite", {})),
        skip_invalid=options.get("skip_invalid", False),
        allow_ambiguous=options.get("allow_ambiguous", False),
        create_venues=options.get("create_venues", False),
    )
