"""Signals only invalidate caches (STYLE: no domain logic in signals)."""

from django.db.models.signals import m2m_changed, post_delete, post_save

from people.models import Advising, Group, Membership, Person
from pubs.models import Authorship, Link, Paper, Tag, Venue, VenueRank
from pubs.services import public_version

SHOWN = (Paper, Authorship, Link, Tag, Venue, VenueRank, Person, Group, Membership, Advising)


def _changed(sender, **kwargs) -> None:
    public_version.bump()


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
