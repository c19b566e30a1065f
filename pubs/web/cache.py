"""Caching the public pages: a rendered page is kept until anything it shows changes.

``cached_page(query)`` first checks the request's query string with the URL's query form
(``pubs.web.query``): a query it cannot honour is a 400 (the site's 400 page for a page, plain
text for a download), and the view sees only the canonical query. A page is then cached under
what changes it and nothing else: the scheme and host (absolute URLs are written into pages
and exports), the path, the language, the canonical query, and the lab's name and look
(``pubs.web.site``). Cache keys carry the public version number
(``pubs.services.public_version``), so a change made by any process invalidates the pages of
all of them.

The whole response is kept, headers included (a download keeps its file name). A response
larger than ``PUBLIC_CACHE_MAX_BYTES`` is not kept, and how many are kept is bounded by the
cache backend (``MAX_ENTRIES`` in memory, ``maxmemory`` in Redis: docs/deploy.md).

The cache is an optimisation, never a dependency: when the shared cache (Redis) is down, hung
or full, a page is rendered and served without it. Its calls give up after
``REDIS_TIMEOUT_SECONDS`` (config/settings.py); after a failure the process leaves the cache
alone for ``CACHE_RETRY_SECONDS``, then tries it again, so caching resumes by itself. That the
cache fails is logged as a warning at most once a minute per process, and that it answers
again once (``pubs.services.shared_cache``, which the outside sources' client uses too).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import get_language

from pubs.services.public_version import version
from pubs.services.shared_cache import cache_call
from pubs.web import site
from pubs.web.context_processors import language_links
from pubs.web.query import PublicQuery

View = Callable[..., HttpResponseBase]


def cached_page(query: Callable[..., PublicQuery]) -> Callable[[View], View]:
    """Check a public page's query string with ``query`` (a form built from the query and the
    URL's arguments), then serve the page from the cache while nothing it shows has changed."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            form = query(request.GET, **kwargs)
            if not form.is_valid():
                return bad_query(request, form)
            request.GET = form.canonical()
            if request.method != "GET" or not settings.PUBLIC_CACHE_SECONDS:
                return view(request, *args, **kwargs)
            key = page_key(request)
            hit = cache_call(cache.get, key)
            if hit is not None:
                return hit
            response = view(request, *args, **kwargs)
            if _keeps(response):
                cache_call(cache.set, key, response, settings.PUBLIC_CACHE_SECONDS)
            return response

        return wrapper

    return decorator


def bad_query(request: HttpRequest, form: PublicQuery) -> HttpResponse:
    """The 400 of a query string a URL cannot honour, saying what is wrong: on the site's 400
    page for a page, in plain text for a download (``form.plain_errors``)."""
    problems = form.problems()
    if form.plain_errors:
        return HttpResponse(problems, status=400, content_type="text/plain; charset=utf-8")
    # The page in the other language is asked for without the query: a refusal repeats no
    # query string, which may be long (and is what was wrong).
    context = {"problems": problems.splitlines(), "language_links": language_links(request.path)}
    return render(request, "400.html", context, status=400)


def page_key(request: HttpRequest) -> str:
    """The cache key of a public page: the data version, then what the page is rendered from
    (``request.GET`` being the canonical query ``cached_page`` made it)."""
    page = (
        site.version(),  # the lab's name and look, which every page shows
        request.scheme,
        request.get_host(),
        request.path,
        get_language(),
        request.GET.urlencode(),
    )
    text = "\n".join(page)
    return f"public-page:{version()}:{hashlib.sha256(text.encode()).hexdigest()}"


def _keeps(response: HttpResponseBase) -> bool:
    """Whether a response may be kept for every visitor: a whole, public 200 of bounded size."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    if hasattr(response, "render") and not response.is_rendered:
        response.render()
    return len(response.content) <= settings.PUBLIC_CACHE_MAX_BYTES
