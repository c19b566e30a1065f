"""Where the site's requests to the sources may connect: public addresses only.

A source's host name is resolved once; the name is refused when any of its addresses is one
the site never connects to (loopback, private, link-local, multicast, reserved, unspecified,
shared, or an IPv4-mapped, 6to4 or NAT64 form of one of those), and the TCP connection is
made to a checked address, never by looking the name up again (a second look-up could answer
otherwise: DNS rebinding). TLS still verifies the certificate for the host name (httpcore
sends it as SNI and checks it), as the connection only changes where the socket goes.

This is httpcore's public API put together: ``GuardedBackend`` is a ``NetworkBackend`` that
wraps the ``SyncBackend``, a ``ConnectionPool`` uses it, and ``GuardedTransport`` is the small
httpx transport over that pool (as httpx's own ``HTTPTransport`` maps requests, responses and
errors). Which hosts a source may be asked at, and https, are checked by the HTTP layer
(``pubs.sources.http``) for every URL and redirect, whatever the transport.
"""

from __future__ import annotations

import contextlib
import contextvars
import ipaddress
import socket
import ssl
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpcore
import httpx

#: A resolver: the addresses of a host name (for a port), as ``socket.getaddrinfo`` finds them.
Resolver = Callable[[str, int], Sequence[str]]

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

#: The well-known NAT64 prefix (RFC 6052): its last 32 bits are an IPv4 address.
_NAT64 = ipaddress.ip_network("64:ff9b::/96")

#: When the request being made must be over (``time.monotonic()``), or None: every read and
#: write of its connection is given at most the time left, so that an answer whose status
#: line and headers trickle in ends at the deadline too, not only its body.
_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "source_request_deadline", default=None
)


@contextlib.contextmanager
def deadline(ends: float) -> Iterator[None]:
    """Within this block, the guarded connections' reads and writes end by ``ends``
    (a ``time.monotonic()`` time), whatever timeout httpcore gives each of them."""
    token = _DEADLINE.set(ends)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def _time_left(timeout: float | None) -> float | None:
    """``timeout`` shortened to the time the request has left; ReadTimeout when none."""
    ends = _DEADLINE.get()
    if ends is None:
        return timeout
    left = ends - time.monotonic()
    if left <= 0:
        raise httpcore.ReadTimeout("the request took longer than its deadline")
    return left if timeout is None else min(timeout, left)


class AddressRefused(Exception):
    """A host name resolves to an address the site never connects to. The message says no
    more than that, whatever the address: what is there is none of the requester's business."""


def system_resolver(host: str, port: int) -> list[str]:
    """The addresses of ``host``, each once, in the order the system's resolver gives them."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in found))


def is_public(address: str) -> bool:
    """Whether the site may connect to ``address``: a global unicast address. An IPv6 form
    of an IPv4 address (IPv4-mapped, NAT64) is judged as that IPv4 address; a 6to4 address
    as itself and as the IPv4 address it carries. False for text that is no address."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return _is_public(parsed.ipv4_mapped)
        if parsed in _NAT64:
            return _is_public(ipaddress.IPv4Address(int(parsed) & 0xFFFFFFFF))
        if parsed.sixtofour is not None and not _is_public(parsed.sixtofour):
            return False
    return _is_public(parsed)


def _is_public(address: IPAddress) -> bool:
    # is_global leaves out private, shared, loopback, link-local and most reserved ranges;
    # multicast counts as global for ipaddress, and the explicit checks say what is meant.
    return address.is_global and not (
        address.is_multicast
        or address.is_reserved
        or address.is_loopback
        or address.is_link_local
        or address.is_unspecified
        or address.is_private
    )


@dataclass(frozen=True)
class Guard:
    """What the site's requests may reach: the URL schemes, and how host names become
    addresses. The defaults are production's: https, the system's resolver, nothing pinned.

    ``pinned`` answers a few names with a fixed address, neither looked up nor checked (as
    curl's ``--resolve``): only a test's own server on 127.0.0.1 is ever pinned, together
    with ``schemes`` allowing plain http for it. ``ports`` are the ports asked at (the
    sources listen on https's own; another port of their host is another service)."""

    schemes: frozenset[str] = frozenset({"https"})
    ports: frozenset[int] = frozenset({443})
    resolver: Resolver = system_resolver
    pinned: Mapping[str, str] = field(default_factory=dict)

    def addresses(self, host: str, port: int) -> list[str]:
        """The addresses to connect to for ``host``, all checked; AddressRefused when any
        address the name resolves to is not public, and httpcore's ConnectError when the
        name does not resolve."""
        if host in self.pinned:
            return [self.pinned[host]]
        try:
            found = list(self.resolver(host, port))
        except OSError as exc:
            raise httpcore.ConnectError(f"{host} could not be resolved") from exc
        # All or nothing: a name answering a private address beside public ones is hostile.
        if not found or not all(map(is_public, found)):
            raise AddressRefused(f"{host} resolves to an address the site does not connect to")
        return found


class GuardedBackend(httpcore.NetworkBackend):
    """httpcore's network backend that connects only to addresses the guard checked: the
    name is resolved once, here, and the wrapped backend is given the address."""

    def __init__(self, guard: Guard, backend: httpcore.NetworkBackend | None = None) -> None:
        self.guard = guard
        self.backend = backend or httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        failure: Exception | None = None
        for address in self.guard.addresses(host, port):
            try:
                stream = self.backend.connect_tcp(
                    address, port, _time_left(timeout), local_address, socket_options
                )
                return DeadlineStream(stream)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc  # the next checked address of the name, as browsers do
        assert failure is not None
        raise failure

    def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        raise AddressRefused("the site does not connect to local sockets")

    def sleep(self, seconds: float) -> None:
        self.backend.sleep(seconds)


class DeadlineStream(httpcore.NetworkStream):
    """A connection whose every read and write is given at most the time its request has
    left (``deadline``): httpcore's timeouts are per read, and a server sending a byte every
    few seconds would never reach them."""

    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self.stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self.stream.read(max_bytes, _time_left(timeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self.stream.write(buffer, _time_left(timeout))

    def close(self) -> None:
        self.stream.close()

    def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        return DeadlineStream(
            self.stream.start_tls(ssl_context, server_hostname, _time_left(timeout))
        )

    def get_extra_info(self, info: str) -> Any:
        return self.stream.get_extra_info(info)


#: httpcore's errors as httpx names them (the most specific first).
_ERRORS: dict[type[Exception], type[httpx.TransportError]] = {
    httpcore.ConnectTimeout: httpx.ConnectTimeout,
    httpcore.ReadTimeout: httpx.ReadTimeout,
    httpcore.WriteTimeout: httpx.WriteTimeout,
    httpcore.PoolTimeout: httpx.PoolTimeout,
    httpcore.TimeoutException: httpx.TimeoutException,
    httpcore.ConnectError: httpx.ConnectError,
    httpcore.ReadError: httpx.ReadError,
    httpcore.WriteError: httpx.WriteError,
    httpcore.NetworkError: httpx.NetworkError,
    httpcore.RemoteProtocolError: httpx.RemoteProtocolError,
    httpcore.LocalProtocolError: httpx.LocalProtocolError,
    httpcore.UnsupportedProtocol: httpx.UnsupportedProtocol,
    httpcore.ProtocolError: httpx.ProtocolError,
}


@contextlib.contextmanager
def _as_httpx_errors() -> Iterator[None]:
    try:
        yield
    except tuple(_ERRORS) as exc:
        kind = next(_ERRORS[each] for each in type(exc).__mro__ if each in _ERRORS)
        raise kind(str(exc)) from exc


class _ResponseStream(httpx.SyncByteStream):
    def __init__(self, stream: Iterable[bytes]) -> None:
        self.stream = stream

    def __iter__(self) -> Iterator[bytes]:
        with _as_httpx_errors():
            yield from self.stream

    def close(self) -> None:
        if hasattr(self.stream, "close"):
            self.stream.close()


class GuardedTransport(httpx.BaseTransport):
    """An httpx transport whose connections go only where ``guard`` allows (see the module's
    docstring). ``backend`` is what connects to a checked address (httpcore's SyncBackend;
    tests wrap it to see the connections made); ``ssl_context`` httpx's default context,
    verifying certificates against certifi's authorities."""

    def __init__(
        self,
        guard: Guard | None = None,
        *,
        backend: httpcore.NetworkBackend | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        self.guard = guard or Guard()
        self._pool = httpcore.ConnectionPool(
            ssl_context=ssl_context or httpx.create_ssl_context(),
            network_backend=GuardedBackend(self.guard, backend),
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        core_request = httpcore.Request(
            method=request.method,
            url=httpcore.URL(
                scheme=request.url.raw_scheme,
                host=request.url.raw_host,
                port=request.url.port,
                target=request.url.raw_path,
            ),
            headers=request.headers.raw,
            content=request.stream,
            extensions=request.extensions,
        )
        with _as_httpx_errors():
            response = self._pool.handle_request(core_request)
        return httpx.Response(
            status_code=response.status,
            headers=response.headers,
            stream=_ResponseStream(response.stream),
            extensions=response.extensions,
        )

    def close(self) -> None:
        self._pool.close()
