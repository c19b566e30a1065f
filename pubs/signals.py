"""Signals only invalidate caches (STYLE: no domain logic in signals)."""

from django.db.models.signals import m2m_changed, post_delete, post_save

from people.models import Advising, Group, Membership, Person
from pubs.models import Authorship, Link, Paper, Tag, Venue, VenueRank
from pubs.services import public_version, work_counts

SHOWN = (Paper, Authorship, Link, Tag, Venue, VenueRank, Person, Group, Membership, Advising)
#: What the work counts count: a change of one outside a counted write makes them stale.
COUNTED = (Paper, Authorship, Membership, Paper.groups.through, Paper.versions.through)


def _changed(sender, **kwargs) -> None:
    public_version.bump()
    if sender in COUNTED and not work_counts.counted_now():
        work_counts.work_counts_stale()


def connect() -> None:
    for model in SHOWN:
        post_save.connect(
            _changed, sender=model, dispatch_uid=f"public-cache-save-{model.__name__}"
        )
        post_delete.connect(
            _changed, sender=model, dispatch_uid=f"public-cache-del-{model.__name__}"
        )
    for through in (Paper.tags.through, Paper.groups.through, Paper.versions.through):
        m2m_changed.connect(
            _changed, sender=through, dispatch_uid=f"public-cache-m2m-{through.__name__}"
        )
