"""The one HTTP layer every source goes through.

What it does for every request: a descriptive User-Agent naming the site's contact address
(the "polite pool" of Crossref and OpenAlex asks for one), a timeout, at most one request
per source every so often (each source's documented rate), retries with exponential backoff
for timeouts, connection errors, 429 (honouring Retry-After) and 5xx, and a cache of the
responses: a fresh one is answered without asking, a stale one is asked again conditionally
(If-None-Match / If-Modified-Since) and kept on 304.

The cache is any object with ``get(key)`` and ``set(key, value)`` (the site passes Django's
cache, shared by the web and the worker). The transport is httpx's: tests pass one that
replays recorded responses. No Django here.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import random
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol
from xml.etree import ElementTree

import httpx

#: Seconds a request may take, to connect and for the whole answer.
TIMEOUT = httpx.Timeout(20.0, connect=10.0)
#: How often a request is tried before the source counts as unavailable.
ATTEMPTS = 4
#: The first wait before trying again, doubled each time (with some jitter).
BACKOFF = 1.0
#: The longest wait a Retry-After may ask for before the source counts as unavailable.
MAX_RETRY_AFTER = 120.0
#: The most a response may hold: an answer larger than this is refused, not read.
MAX_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class Source:
    """A source's name and the rate it asks clients to keep to: at most one request every
    ``interval`` seconds, and how long an answer of it stays fresh in the cache."""

    name: str
    interval: float
    fresh_for: float = 24 * 3600


class SourceError(Exception):
    """A source could not answer: the message says which and why, for the admin."""


class NotFound(SourceError):
    """The source does not know the identifier asked for."""


class Unavailable(SourceError):
    """The source is down, too slow or refusing requests for now: try again later."""


class BadAnswer(SourceError):
    """The source answered something that is not what it documents (garbage, an error page)."""


class Cache(Protocol):
    def get(self, key: str) -> Any: ...
    def set(self, key: str, value: Any, timeout: float | None = None) -> None: ...


@dataclass(frozen=True)
class Answer:
    """A response as the clients read it."""

    url: str
    status: int
    text: str
    headers: Mapping[str, str] = field(default_factory=dict)
    from_cache: bool = False

    def json(self) -> Any:
        try:
            return json.loads(self.text)
        except ValueError as exc:
            raise BadAnswer(f"{self.url} answered something that is not JSON") from exc


#: Headers worth keeping with a cached answer: its type and what revalidates it.
_KEPT_HEADERS = ("content-type", "etag", "last-modified")


class HttpClient:
    """GET requests to the sources, polite, retried and cached (see the module's docstring)."""

    def __init__(
        self,
        *,
        contact: str,
        cache: Cache | None = None,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        attempts: int = ATTEMPTS,
        backoff: float = BACKOFF,
    ) -> None:
        self.user_agent = user_agent(contact)
        self.contact = contact
        self.cache = cache
        self.sleep = sleep
        self.clock = clock
        self.attempts = attempts
        self.backoff = backoff
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()
        self._client = httpx.Client(
            transport=transport,
            timeout=TIMEOUT,
            follow_redirects=True,
            headers={"User-Agent": self.user_agent},
        )

    def close(self) -> None:
        self._client.close()

    def get(
        self,
        source: Source,
        url: str,
        *,
        params: Mapping[str, str] | None = None,
        accept: str = "",
    ) -> Answer:
        """The answer of ``source`` to a GET of ``url``: from the cache while fresh, else
        asked (conditionally, when the cache has an older one). Raises NotFound for a 404 or
        410, Unavailable when the source is down, slow or rate-limiting after the retries,
        BadAnswer for any other unexpected status."""
        request = self._client.build_request("GET", url, params=params)
        key = cache_key(str(request.url), accept)
        cached = self.cache.get(key) if self.cache is not None else None
        now = time.time()
        if cached and now - cached["stored"] < source.fresh_for:
            return _answer(cached, from_cache=True)
        headers = {"Accept": accept} if accept else {}
        if cached:
            if cached["headers"].get("etag"):
                headers["If-None-Match"] = cached["headers"]["etag"]
            if cached["headers"].get("last-modified"):
                headers["If-Modified-Since"] = cached["headers"]["last-modified"]
        response = self._send(source, request.url, headers)
        if response.status_code == 304 and cached:
            cached = {**cached, "stored": now}
            self._store(key, cached, source)
            return _answer(cached, from_cache=True)
        if response.status_code in (404, 410):
            raise NotFound(f"{source.name} does not know {request.url}")
        if response.status_code != 200:
            raise BadAnswer(f"{source.name} answered {response.status_code} to {request.url}")
        stored = {
            "url": str(response.url),
            "status": response.status_code,
            "text": response.text,
            "headers": {
                name: response.headers[name] for name in _KEPT_HEADERS if name in response.headers
            },
            "stored": now,
        }
        self._store(key, stored, source)
        return _answer(stored)

    def _store(self, key: str, value: dict, source: Source) -> None:
        if self.cache is not None:  # kept past freshness: it revalidates a later request
            self.cache.set(key, value, timeout=max(source.fresh_for * 7, 7 * 24 * 3600))

    def _send(self, source: Source, url: httpx.URL, headers: dict[str, str]) -> httpx.Response:
        """One request, tried up to ``attempts`` times."""
        problem = ""
        for attempt in range(self.attempts):
            self._wait_turn(source)
            try:
                response = self._client.get(url, headers=headers)
            except httpx.TimeoutException:
                problem = f"{source.name} did not answer in time"
                wait = self._backoff(attempt)
            except httpx.TransportError as exc:
                problem = f"{source.name} could not be reached ({type(exc).__name__})"
                wait = self._backoff(attempt)
            else:
                if len(response.content) > MAX_BYTES:
                    raise BadAnswer(f"{source.name} answered more than {MAX_BYTES} bytes")
                if response.status_code == 429 or response.status_code >= 500:
                    problem = f"{source.name} answered {response.status_code}"
                    wait = retry_after(response.headers.get("Retry-After", ""))
                    if wait is None:
                        wait = self._backoff(attempt)
                    elif wait > MAX_RETRY_AFTER:
                        break
                else:
                    return response
            if attempt + 1 < self.attempts:
                self.sleep(wait)
        raise Unavailable(f"{problem}; try again later")

    def _backoff(self, attempt: int) -> float:
        return self.backoff * (2**attempt) * (1 + random.random() / 4)

    def _wait_turn(self, source: Source) -> None:
        """Keep to one request every ``source.interval`` seconds (in this process)."""
        with self._lock:
            last = self._last.get(source.name)
            now = self.clock()
            if last is not None and now - last < source.interval:
                self.sleep(source.interval - (now - last))
                now = self.clock()
            self._last[source.name] = now


def user_agent(contact: str) -> str:
    """What the site tells every source it is, with the address to write to."""
    mailto = f"; mailto:{contact}" if contact else ""
    return f"labpubs/0.1 (publication manager of a research lab{mailto})"


def cache_key(url: str, accept: str = "") -> str:
    """The cache's key for an answer to ``url`` in the type ``accept`` asked for."""
    return "sources:" + hashlib.sha256(f"{accept} {url}".encode()).hexdigest()


def retry_after(value: str) -> float | None:
    """Seconds to wait that a Retry-After header asks for (seconds or an HTTP date)."""
    value = value.strip()
    if not value:
        return None
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


def read_xml(text: str, what: str) -> ElementTree.Element:
    """The root of an XML answer; BadAnswer, naming ``what`` was expected, for text that is
    not XML or that declares a document type (the sources' answers declare none: entities
    declared there could expand a small answer into a huge one)."""
    if "<!DOCTYPE" in text[:2000].upper():
        raise BadAnswer(f"{what} came with a document type declaration, which it never has")
    try:
        return ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise BadAnswer(f"{what} is not well-formed XML ({exc})") from exc


def _answer(stored: dict, *, from_cache: bool = False) -> Answer:
    return Answer(
        stored["url"], stored["status"], stored["text"], stored["headers"], from_cache=from_cache
    )
