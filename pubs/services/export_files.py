"""Export files kept by their content: a list's export written once per version of the public
data, then served from storage.

A file is named by :func:`export_key`, a digest of what its content depends on (the public
version, pubs.services.public_version; the list, its filters and the format's options; the
language; the site's address, which absolute links carry), so any change to the data gives
new names, and a stored file is never stale. Files live in the default storage under
``exports/``; a file being written has a marker beside it, so that two requests do not ask
for it twice.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils import timezone

from pubs.services.public_version import version

DIRECTORY = "exports"
#: A file asked for longer ago than this and still not written is asked for again.
PENDING_FOR = timedelta(minutes=10)


def export_key(*parts: str) -> str:
    """The name of the export that ``parts`` (the list's path, its canonical query, the
    language, the site's address) describe, in the current version of the public data."""
    text = "\n".join([str(version()), *parts])
    return hashlib.sha256(text.encode()).hexdigest()


def _path(key: str) -> str:
    return f"{DIRECTORY}/{key}"


def export_stored(key: str) -> str | None:
    """The storage name of the export ``key`` when it is written (wholly: its marker is
    gone), else None."""
    name = _path(key)
    if default_storage.exists(f"{name}.pending") or not default_storage.exists(name):
        return None
    return name


def export_pending(key: str) -> bool:
    """Whether the export ``key`` was asked for (and not written) within PENDING_FOR."""
    marker = f"{_path(key)}.pending"
    if not default_storage.exists(marker):
        return False
    return timezone.now() - default_storage.get_modified_time(marker) < PENDING_FOR


def export_mark_pending(key: str) -> None:
    """Note that the export ``key`` is being written."""
    marker = f"{_path(key)}.pending"
    if default_storage.exists(marker):
        default_storage.delete(marker)
    default_storage.save(marker, ContentFile(b""))


def export_write(key: str, content: str) -> str:
    """Store the export ``key``; returns its storage name."""
    name = _path(key)
    if default_storage.exists(name):
        default_storage.delete(name)
    saved = default_storage.save(name, ContentFile(content.encode("utf-8")))
    if default_storage.exists(f"{name}.pending"):
        default_storage.delete(f"{name}.pending")
    return saved
