"""Signals only invalidate caches (STYLE: no domain logic in signals): the public version of
the page cache, and the stored entries of the lists (pubs.services.rendering)."""

from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

from people.models import Advising, Group, Membership, Person
from pubs.models import Authorship, Link, Paper, Tag, Venue, VenueRank
from pubs.services import public_version, rendering, work_counts

SHOWN = (Paper, Authorship, Link, Tag, Venue, VenueRank, Person, Group, Membership, Advising)
#: What the work counts count: a change of one outside a counted write makes them stale.
COUNTED = (Paper, Authorship, Membership, Paper.groups.through, Paper.versions.through)

#: What a saved or deleted row of each model changes in the stored entries of the lists:
#: the papers, people or venues whose entries it shows (``rendering.entries_forget``).
#: A deletion forgets before the row goes, while the rows it shows still point to it.
ENTRY_PARTS = {
    Paper: lambda paper: {"paper_ids": [paper.pk, paper.folded_into_id]},
    Authorship: lambda authorship: {"paper_ids": [authorship.paper_id]},
    Link: lambda link: {"paper_ids": [link.paper_id]},
    Person: lambda person: {"person_ids": [person.pk]},
    Membership: lambda membership: {"person_ids": [membership.person_id]},
    Venue: lambda venue: {"venue_ids": [venue.pk]},
    VenueRank: lambda rank: {"venue_ids": [rank.venue_id]},
}


def _changed(sender, **kwargs) -> None:
    public_version.bump()
    if sender in COUNTED and not work_counts.counted_now():
        work_counts.work_counts_stale()


def _entry_changed(sender, instance, **kwargs) -> None:
    rendering.entries_forget(**ENTRY_PARTS[sender](instance))


def _versions_changed(sender, instance, pk_set, action, **kwargs) -> None:
    if action.startswith("post_"):
        rendering.entries_forget(paper_ids=[instance.pk, *(pk_set or ())])


def connect() -> None:
    for model in SHOWN:
        post_save.connect(
            _changed, sender=model, dispatch_uid=f"public-cache-save-{model.__name__}"
        )
        post_delete.connect(
            _changed, sender=model, dispatch_uid=f"public-cache-del-{model.__name__}"
        )
    for model in ENTRY_PARTS:
        post_save.connect(
            _entry_changed, sender=model, dispatch_uid=f"entries-save-{model.__name__}"
        )
        pre_delete.connect(
            _entry_changed, sender=model, dispatch_uid=f"entries-del-{model.__name__}"
        )
    m2m_changed.connect(
        _versions_changed, sender=Paper.versions.through, dispatch_uid="entries-versions"
    )
    for through in (Paper.tags.through, Paper.groups.through, Paper.versions.through):
        m2m_changed.connect(
            _changed, sender=through, dispatch_uid=f"public-cache-m2m-{through.__name__}"
        )
