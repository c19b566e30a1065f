"""Reading the public pages from a replica of the database.

With ``DATABASE_REPLICA_URL`` set, settings add a ``replica`` database, this router and this
middleware. The middleware marks the GET and HEAD requests of the public site (the ``pubs``
URLs: lists, people, groups, venues, papers, exports, feeds) and the router sends every read
they make to the replica; everything else (the admin, imports, any write) uses the primary.

A public page reads the version of the public data (pubs.services.public_version) from the
replica too, so a page is cached under the version of the data it was rendered from: a
replica that lags behind serves the previous pages a little longer, never a stale page under
a new version.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import models
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve

REPLICA = "replica"
PUBLIC_APP = "pubs"
_replica_reads: ContextVar[bool] = ContextVar("replica_reads", default=False)


@contextmanager
def replica_reads() -> Iterator[None]:
    """Send the reads made inside the block to the replica."""
    token = _replica_reads.set(True)
    try:
        yield
    finally:
        _replica_reads.reset(token)


class PublicReadsToReplica:
    """Database router: reads inside ``replica_reads()`` go to the replica, the rest to the
    primary (``default``), which alone is migrated."""

    def db_for_read(self, model: type[models.Model], **hints) -> str | None:
        return REPLICA if _replica_reads.get() else None

    def db_for_write(self, model: type[models.Model], **hints) -> str | None:
        return None

    def allow_relation(self, obj1: models.Model, obj2: models.Model, **hints) -> bool:
        return True  # the same data on both

    def allow_migrate(self, db: str, app_label: str, **hints) -> bool:
        return db != REPLICA  # the replica follows the primary's schema


def is_public_page(request: HttpRequest) -> bool:
    """A GET or HEAD request for a page of the public site."""
    if request.method not in ("GET", "HEAD"):
        return False
    try:
        return resolve(request.path_info).app_name == PUBLIC_APP
    except Resolver404:
        return False


class PublicReadsMiddleware:
    """Serve the public pages from the replica (placed after LocaleMiddleware, which decides
    the language the path is resolved in)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not is_public_page(request):
            return self.get_response(request)
        with replica_reads():
            return self.get_response(request)
