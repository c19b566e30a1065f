"""The shared cache (Redis, when REDIS_URL names one), asked so that it is an optimisation,
never a dependency: when it is down, hung or full, a call answers nothing and the caller goes
on without it (a page rendered afresh, an outside source asked again).

Its calls give up after ``REDIS_TIMEOUT_SECONDS`` (config/settings.py); after a failure the
process leaves the cache alone for ``CACHE_RETRY_SECONDS``, then tries it again, so caching
resumes by itself. That the cache fails is logged as a warning at most once a minute per
process, and that it answers again once (:class:`CacheOutage`). :func:`cache_answers` is the
health page's check of it; :class:`GuardedCache` is the cache the outside sources' client is
given (pubs.services.sources).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import cache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

#: What the cache raises when it cannot serve: Redis down (ConnectionError), hung
#: (TimeoutError), full under ``maxmemory-policy noeviction`` (an OOM ResponseError).
CACHE_ERRORS = (RedisError,)
#: A failing cache is logged at most once in this many seconds (per process).
WARN_EVERY_SECONDS = 60.0
#: The key the health check writes.
HEALTH_KEY = "health-check"


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


def cache_call(method: Callable[..., Any], *args: Any) -> Any:
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
            "The shared cache fails (%s: %s): pages are rendered and sources asked without "
            "it, and it is tried again every %g s; this is logged at most once a minute.",
            type(exc).__name__,
            exc,
            retry,
        )


def _note_answer() -> None:
    down = outage.answered(time.monotonic())
    if down is not None:
        logger.info("The shared cache answers again, after failing for %.0f s.", down)


class GuardedCache:
    """The cache as the outside sources' client takes it (``get``, ``set``), asked through
    :func:`cache_call`: with the cache down, an answer is not kept and is asked again."""

    def get(self, key: str) -> Any:
        return cache_call(cache.get, key)

    def set(self, key: str, value: Any, timeout: float | None = None) -> None:
        cache_call(cache.set, key, value, timeout)
