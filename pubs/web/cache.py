"""Caching the public pages: a rendered page is kept until anything it shows changes.

Cache keys carry the public version number (``pubs.services.public_version``), so a change
made by any process invalidates the pages of all of them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language

from pubs.services.public_version import version


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
