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
again once (``CacheOutage``). ``cache_answers`` is the health page's check of it.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.utils.translation import get_language
from redis.exceptions import RedisError

from pubs.services.public_version import version
from pubs.web import site
from pubs.web.context_processors import language_links
from pubs.web.query import PublicQuery

View = Callable[..., HttpResponseBase]

logger = logging.getLogger(__name__)

#: What the cache raises when it cannot serve: Redis down (ConnectionError), hung
#: (TimeoutError), full under ``maxmemory-policy noeviction`` (an OOM ResponseError).
CACHE_ERRORS = (RedisError,)
#: A failing cache is logged at most once in this many seconds (per process).
WARN_EVERY_SECONDS = 60.0
#: The key the health check writes.
HEALTH_KEY = "health-check"


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
            hit = _cache_call(cache.get, key)
            if hit is not None:
                return hit
            response = view(request, *args, **kwargs)
            if _keeps(response):
                _cache_call(cache.set, key, response, settings.PUBLIC_CACHE_SECONDS)
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


# -- the cache, when it fails ----------------------------------------------------------------


@dataclass
class CacheOutage:
    """Whether the cache is to be asked, and what to say of its failures, from the moments
    (seconds of a monotonic clock) the caller passes: after a failure the cache is left alone
    for ``retry_after`` seconds; a failure is to be logged when none was in the last
    ``warn_every`` seconds, an answer when it ends an outage."""

    warn_every: float = WARN_EVERY_SECONDS
    retry_at: float = float("-inf")
    down_since: float | None = None
    warned_at: float | None = None

    def may_ask(self, now: float) -> bool:
        """Whether the cache may be asked at ``now``: always while it answers, and again
        once ``retry_after`` seconds passed since it last failed."""
        return now >= self.retry_at

    def failed(self, now: float, retry_after: float) -> bool:
        """Note a failure at ``now``; whether to log it (the first in ``warn_every``)."""
        self.retry_at = now + retry_after
        if self.down_since is None:
            self.down_since = now
        if self.warned_at is not None and now - self.warned_at < self.warn_every:
            return False
        self.warned_at = now
        return True

    def answered(self, now: float) -> float | None:
        """Note an answer at ``now`` (the cache may be asked again at once): how many seconds
        the cache was failing when this answer ends an outage, else None."""
        self.retry_at = float("-inf")
        if self.down_since is None:
            return None
        down, self.down_since = now - self.down_since, None
        return down


#: This process's view of the cache (a gunicorn worker serves one request at a time; threads
#: racing here at worst log a failure twice).
outage = CacheOutage()


def _cache_call(method: Callable[..., Any], *args: Any) -> Any:
    """``method(*args)`` of the cache, or None when the cache fails or is being left alone
    after a failure."""
    if not outage.may_ask(time.monotonic()):
        return None
    try:
        result = method(*args)
    except CACHE_ERRORS as exc:
        _note_failure(exc)
        return None
    _note_answer()
    return result


def cache_answers() -> bool:
    """Whether the cache takes a write now (the health page's check: it asks even while the
    pages leave the cache alone, and an answer lets them use it again at once)."""
    try:
        cache.set(HEALTH_KEY, "ok", 60)
    except CACHE_ERRORS as exc:
        _note_failure(exc)
        return False
    _note_answer()
    return True


def _note_failure(exc: Exception) -> None:
    retry = settings.CACHE_RETRY_SECONDS
    if outage.failed(time.monotonic(), retry):
        logger.warning(
            "The page cache fails (%s: %s): pages are rendered without it, and it is tried "
            "again every %g s; this is logged at most once a minute.",
            type(exc).__name__,
            exc,
            retry,
        )


def _note_answer() -> None:
    down = outage.answered(time.monotonic())
    if down is not None:
        logger.info("The page cache answers again, after failing for %.0f s.", down)
