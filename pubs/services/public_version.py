"""The public version: one number that every change to what the public pages show bumps.

Every change to papers, people, groups, venues or memberships bumps one number in the
database (``PublicVersion``, by signals and by the bulk import); cache keys carry it. The
number lives in the database, not the cache, so a change made by any process invalidates
the pages of all of them, and a change rolled back does not.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db.models import F

from pubs.models import PublicVersion


def version() -> int:
    value = PublicVersion.objects.filter(pk=1).values_list("value", flat=True).first()
    return value or 0


_held = threading.local()


def bump() -> None:
    """Make every cached public page stale (once, at the end, inside :func:`one_bump`)."""
    if getattr(_held, "depth", 0):
        _held.wanted = True
        return
    if not PublicVersion.objects.filter(pk=1).update(value=F("value") + 1):
        PublicVersion.objects.get_or_create(pk=1, defaults={"value": 1})


@contextmanager
def one_bump() -> Iterator[None]:
    """Changes of many rows (an import undone: thousands of deletions, each with its
    signal) make the pages stale once, when they are done, rather than once per row."""
    _held.depth = getattr(_held, "depth", 0) + 1
    try:
        yield
    finally:
        _held.depth -= 1
        if not _held.depth and getattr(_held, "wanted", False):
            _held.wanted = False
            bump()
