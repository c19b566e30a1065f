"""Caching the public pages: a rendered page is kept until anything it shows changes.

Every change to papers, people, groups, venues or memberships bumps one number in the
database (``PublicVersion``, by signals and by the bulk import); cache keys carry it. The
number lives in the database, not the cache, so a change made by any process invalidates
the pages of all of them, and a change rolled back does not.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

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


def cached_page(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Serve a public GET page from the cache while nothing it shows has changed."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "GET" or not settings.PUBLIC_CACHE_SECONDS:
            return view(request, *args, **kwargs)
        path = hashlib.sha256(request.get_full_path().encode()).hexdigest()
        key = f"public-page:{version()}:{get_language()}:{path}"
        hit = cache.get(key)
        if hit is not None:
            content, content_type = hit
            return HttpResponse(content, content_type=content_type)
        response = view(request, *args, **kwargs)
        if response.status_code == 200 and not response.streaming:
            if hasattr(response, "render") and not response.is_rendered:
                response.render()
            cache.set(
                key, (response.content, response["Content-Type"]), settings.PUBLIC_CACHE_SECONDS
            )
        return response

    return wrapper
