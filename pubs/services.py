"""Writes to papers and their authors (reads live in ``pubs.selectors``)."""

from collections.abc import Iterable

from django.db.models import F

from pubs.models import MAX_POSITION, Authorship

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
