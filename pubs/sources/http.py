"""The one HTTP layer every source goes through.

What it does for every request: a descriptive User-Agent naming the site's contact address
(the "polite pool" of Crossref and OpenAlex asks for one), a timeout, at most one request
per source every so often (each source's documented rate), retries with exponential backoff
for timeouts, connection errors, 429 (honouring Retry-After) and 5xx, and a cache of the
responses: a fresh one is answered without asking, a stale one is asked again conditionally
(If-None-Match / If-Modified-Since) and kept on 304.

What it refuses, so that no answer of a source (nor a URL built from what a user pasted) can
turn the site's requests against the site: any URL that is not https or whose host is not
one of the source's own (``Source.hosts``), checked before each request; redirects are
followed here, a few at most, each checked the same way; connections go only to public
addresses (``pubs.sources.guard``, when the transport is the network's); an answer is read as
it comes, decoded (gzip) piece by piece and refused past MAX_BYTES, and given up past a
deadline however slowly it trickles; JSON nested deeper than the interpreter's recursion
limit and XML declaring a document type or entities are bad answers. Every such fault is a
SourceError naming the source, and no message repeats what an address that was refused
(or a connection error) said.

A gate (``Gate``), when given, keeps the site-wide rate and circuit breaker of each source:
it is asked before each attempt and told once per request how it ended.

The cache is any object with ``get(key)`` and ``set(key, value)`` (the site passes Django's
cache, shared by the web and the worker). The transport is the guarded network's
(``guard.GuardedTransport``): tests pass one that replays recorded responses. No Django here.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import random
import re
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol
from xml.etree import ElementTree

import httpx

from pubs.sources.guard import AddressRefused, Guard, GuardedTransport, deadline

#: Seconds to connect, and the longest silence while reading an answer.
TIMEOUT = httpx.Timeout(10.0, connect=10.0)
#: Seconds a request may take in all, from its first attempt to its answer's last byte
#: (redirects, retries and the waits between them included), however slowly it trickles.
DEADLINE = 30.0
#: Redirects followed at most, each to the same source's hosts.
MAX_REDIRECTS = 3
#: How often a request is tried before the source counts as unavailable.
ATTEMPTS = 4
#: The first wait before trying again, doubled each time (with some jitter).
BACKOFF = 1.0
#: The longest wait a Retry-After may ask for before the source counts as unavailable.
MAX_RETRY_AFTER = 120.0
#: The most a response may hold, decoded: reading stops past this, and the answer is refused.
MAX_BYTES = 20 * 1024 * 1024
#: The content codings the site asks for and reads (each source's APIs speak gzip).
ENCODINGS = ("gzip",)
#: How much decoded text one step of reading may produce at most.
_PIECE = 64 * 1024


@dataclass(frozen=True)
class Source:
    """A source's name and the rate it asks clients to keep to: at most one request every
    ``interval`` seconds, and how long an answer of it stays fresh in the cache; ``hosts``
    are the only hosts it is asked at (redirects included): none, and it is asked nothing."""

    name: str
    interval: float
    fresh_for: float = 24 * 3600
    hosts: tuple[str, ...] = ()


class SourceError(Exception):
    """A source could not answer: the message says which and why, for the admin."""


class NotFound(SourceError):
    """The source does not know the identifier asked for."""


class Unavailable(SourceError):
    """The source is down, too slow or refusing requests for now: try again later."""


class BadAnswer(SourceError):
    """The source answered something that is not what it documents (garbage, an error page)."""


class Refused(BadAnswer):
    """A request the site does not make: to a host that is not the source's, not over https,
    or to an address that is not public (asked for, or where the source redirected)."""


class Gate(Protocol):
    """The site-wide turn-taking and circuit breaker of the sources."""

    def before(self, source: Source) -> None:
        """Wait for the source's turn; raise Unavailable while its breaker is open."""

    def after(self, source: Source, *, ok: bool) -> None:
        """How a request that went to the network ended: ``ok`` False when Unavailable."""


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
        except RecursionError as exc:  # the parser's own bound on nesting, a few hundred deep
            raise BadAnswer(f"{self.url} answered JSON nested too deep to read") from exc


@dataclass(frozen=True)
class _Reply:
    """An answer read whole (within MAX_BYTES and the deadline)."""

    url: httpx.URL
    status: int
    headers: httpx.Headers
    text: str


#: Headers worth keeping with a cached answer: its type and what revalidates it.
_KEPT_HEADERS = ("content-type", "etag", "last-modified")


class HttpClient:
    """GET requests to the sources, polite, retried, cached and guarded (see the module's
    docstring). ``guard`` says which schemes are asked for and, when no ``transport`` is
    given, how the network's transport resolves names; ``gate`` the site-wide turns."""

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
        guard: Guard | None = None,
        gate: Gate | None = None,
        deadline: float = DEADLINE,
    ) -> None:
        self.user_agent = user_agent(contact)
        self.contact = contact
        self.cache = cache
        self.sleep = sleep
        self.clock = clock
        self.attempts = attempts
        self.backoff = backoff
        self.guard = guard or Guard()
        self.gate = gate
        self.deadline = deadline
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()
        self._client = httpx.Client(
            transport=transport or GuardedTransport(self.guard),
            timeout=TIMEOUT,
            follow_redirects=False,  # followed by _follow, each hop checked
            headers={"User-Agent": self.user_agent, "Accept-Encoding": ", ".join(ENCODINGS)},
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
        Refused for a URL or redirect outside the source's hosts or https, BadAnswer for any
        other unexpected status or an answer that cannot be read."""
        try:
            request = self._client.build_request("GET", url, params=params)
        except (httpx.InvalidURL, ValueError) as exc:
            raise Refused(f"{source.name} is not asked at a URL that does not parse") from exc
        self._check(source, request.url, f"{source.name} is not asked at {request.url}")
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
        reply = self._send(source, request.url, headers)
        if reply.status == 304 and cached:
            cached = {**cached, "stored": now}
            self._store(key, cached, source)
            return _answer(cached, from_cache=True)
        if reply.status in (404, 410):
            raise NotFound(f"{source.name} does not know {request.url}")
        if reply.status != 200:
            raise BadAnswer(f"{source.name} answered {reply.status} to {request.url}")
        stored = {
            "url": str(reply.url),
            "status": reply.status,
            "text": reply.text,
            "headers": {
                name: reply.headers[name] for name in _KEPT_HEADERS if name in reply.headers
            },
            "stored": now,
        }
        self._store(key, stored, source)
        return _answer(stored)

    def _store(self, key: str, value: dict, source: Source) -> None:
        if self.cache is not None:  # kept past freshness: it revalidates a later request
            self.cache.set(key, value, timeout=max(source.fresh_for * 7, 7 * 24 * 3600))

    def _check(self, source: Source, url: httpx.URL, refusal: str) -> None:
        """Refused (with ``refusal``) unless ``url`` is one the site asks ``source`` at."""
        if url.scheme not in self.guard.schemes or url.host not in source.hosts:
            raise Refused(refusal)
        port = url.port or {"https": 443, "http": 80}[url.scheme]
        if port not in self.guard.ports and url.host not in self.guard.pinned:
            raise Refused(refusal)

    def _send(self, source: Source, url: httpx.URL, headers: dict[str, str]) -> _Reply:
        """One request, tried up to ``attempts`` times; the gate is told once how it ended
        (not at all when its breaker let no attempt out)."""
        went_out = False
        try:
            problem, ends = "", None
            for attempt in range(self.attempts):
                self._take_turn(source)
                if ends is None:  # the deadline counts from the first attempt, retries included
                    ends = time.monotonic() + self.deadline
                elif time.monotonic() >= ends:
                    break
                went_out = True
                try:
                    reply = self._follow(source, url, headers, ends)
                except httpx.TimeoutException:
                    problem = f"{source.name} did not answer in time"
                    wait = self._backoff(attempt)
                except httpx.HTTPError:  # which one is not said: see the module's docstring
                    problem = f"{source.name} could not be reached"
                    wait = self._backoff(attempt)
                else:
                    if reply.status != 429 and reply.status < 500:
                        if self.gate is not None:
                            self.gate.after(source, ok=True)
                        return reply
                    problem = f"{source.name} answered {reply.status}"
                    wait = retry_after(reply.headers.get("Retry-After", ""))
                    if wait is None:
                        wait = self._backoff(attempt)
                    elif wait > MAX_RETRY_AFTER:
                        raise Unavailable(f"{problem}; try again later")
                if attempt + 1 < self.attempts:
                    if time.monotonic() + wait >= ends:
                        break  # the next attempt could not start before the deadline
                    self.sleep(wait)
            raise Unavailable(f"{problem}; try again later")
        except Unavailable:
            if went_out and self.gate is not None:
                self.gate.after(source, ok=False)
            raise
        except SourceError:
            if self.gate is not None:
                self.gate.after(source, ok=True)  # the source answered, something unusable
            raise

    def _follow(
        self, source: Source, url: httpx.URL, headers: dict[str, str], ends: float
    ) -> _Reply:
        """One attempt: ``url`` and the redirects it leads to (each checked before it is
        asked), and the last answer read whole, all by ``ends`` (the guarded connection's
        reads and writes included: a status line or headers that trickle end there too)."""
        with deadline(ends):
            return self._follow_within(source, url, headers, ends)

    def _follow_within(
        self, source: Source, url: httpx.URL, headers: dict[str, str], ends: float
    ) -> _Reply:
        for _ in range(MAX_REDIRECTS + 1):
            timeout = httpx.Timeout(
                min(TIMEOUT.read or self.deadline, max(ends - time.monotonic(), 0.01)),
                connect=TIMEOUT.connect,
            )
            request = self._client.build_request("GET", url, headers=headers, timeout=timeout)
            try:
                response = self._client.send(request, stream=True)
            except AddressRefused as exc:
                raise Refused(f"{source.name} is not asked at {url.host}: {exc}") from exc
            try:
                if not response.has_redirect_location:
                    return _Reply(
                        url, response.status_code, response.headers, _read(source, response, ends)
                    )
                url = _location(source, response)
                self._check(
                    source, url, f"{source.name} redirected outside its own hosts; not followed"
                )
            finally:
                response.close()
        raise BadAnswer(f"{source.name} redirected more than {MAX_REDIRECTS} times")

    def _backoff(self, attempt: int) -> float:
        return self.backoff * (2**attempt) * (1 + random.random() / 4)

    def _take_turn(self, source: Source) -> None:
        """Wait for ``source``'s turn: the gate's, site-wide, or this process's own."""
        if self.gate is not None:
            self.gate.before(source)
        else:
            self._wait_turn(source)

    def _wait_turn(self, source: Source) -> None:
        """Keep to one request every ``source.interval`` seconds (in this process)."""
        with self._lock:
            last = self._last.get(source.name)
            now = self.clock()
            if last is not None and now - last < source.interval:
                self.sleep(source.interval - (now - last))
                now = self.clock()
            self._last[source.name] = now


def _location(source: Source, response: httpx.Response) -> httpx.URL:
    """Where a redirect leads, read against the URL that answered it."""
    try:
        return response.url.join(response.headers["Location"])
    except (httpx.InvalidURL, ValueError) as exc:
        raise BadAnswer(f"{source.name} redirected to something that is not a URL") from exc


def _read(source: Source, response: httpx.Response, ends: float) -> str:
    """The text of ``response``, read as it comes and decoded piece by piece: BadAnswer past
    MAX_BYTES decoded or in a coding not asked for, a timeout past ``ends``."""
    declared = response.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_BYTES:
        raise BadAnswer(f"{source.name} answered more than {MAX_BYTES} bytes")
    if response.is_stream_consumed:  # a transport holding answers in memory read it whole
        pieces: Iterable[bytes] = [response.content]
    else:
        pieces = response.iter_raw()
        for coding in reversed(_codings(response.headers.get("Content-Encoding", ""))):
            if coding not in ("gzip", "x-gzip"):
                raise BadAnswer(f"{source.name} answered in a coding it was not asked for")
            pieces = gunzipped(pieces)
    body = bytearray()
    try:
        for piece in pieces:
            body += piece
            if len(body) > MAX_BYTES:
                raise BadAnswer(f"{source.name} answered more than {MAX_BYTES} bytes")
            if time.monotonic() > ends:
                raise httpx.ReadTimeout("the answer took longer than the deadline")
    except zlib.error as exc:
        raise BadAnswer(f"{source.name} answered gzip that does not decode") from exc
    try:
        return body.decode(response.charset_encoding or "utf-8", errors="replace")
    except LookupError:
        return body.decode("utf-8", errors="replace")


def _codings(header: str) -> list[str]:
    """The content codings of a Content-Encoding header, in the order they were applied."""
    return [
        c for c in (part.strip().lower() for part in header.split(",")) if c not in ("", "identity")
    ]


def gunzipped(pieces: Iterable[bytes]) -> Iterator[bytes]:
    """The gzip stream ``pieces`` decoded, at most _PIECE bytes a step, so that a small
    answer that decodes to gigabytes never has more than a step of it in memory (httpx's
    decoder expands each piece read whole)."""
    decoder = zlib.decompressobj(zlib.MAX_WBITS | 16)
    for piece in pieces:
        data = piece
        while data:
            yield decoder.decompress(data, _PIECE)
            data = decoder.unconsumed_tail
    yield decoder.flush()


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
    not XML or that declares a document type or an entity anywhere (the sources' answers
    declare none: entities declared there could expand a small answer into a huge one)."""
    if _DECLARATION.search(text):
        raise BadAnswer(f"{what} came with a document type declaration, which it never has")
    try:
        return ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise BadAnswer(f"{what} is not well-formed XML ({exc})") from exc


#: A document type or entity declaration, wherever it is (after comments or not).
_DECLARATION = re.compile(r"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)


def _answer(stored: dict, *, from_cache: bool = False) -> Answer:
    return Answer(
        stored["url"], stored["status"], stored["text"], stored["headers"], from_cache=from_cache
    )
