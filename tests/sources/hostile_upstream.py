"""A hostile upstream: a threaded HTTP server on 127.0.0.1 that answers as a source turned
against the site would (redirects to private addresses, a gzip bomb, a trickle, a redirect
loop, JSON nested 100,000 deep, XML declaring entities after a long comment), and keeps the
path of every request it got. The tests of the HTTP layer start one per test; the outbound
benchmark (bench/outbound_bench.py) runs the same cases with production's limits.

Also here: what the tests put around the guarded transport to see what it does, a resolver
answering from a table (and keeping the names it was asked) and a network backend keeping
the addresses it was told to connect to.
"""

from __future__ import annotations

import contextlib
import functools
import struct
import sys
import threading
import time
import zlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpcore

#: The gzip bomb decodes to this many bytes of zeros.
BOMB_DECODED = 1 << 30
#: A trickle sends one byte every this many seconds, this many bytes.
TRICKLE_EVERY = 1.0
TRICKLE_BYTES = 600
#: How deep the hostile JSON is nested.
DEEP = 100_000


@functools.cache
def gzip_bomb(decoded: int = BOMB_DECODED) -> bytes:
    """A well-formed gzip stream of ``decoded`` zero bytes, about a thousandth of that long
    (each mebibyte compressed alone, so that one compressed block repeats)."""
    mebibyte = bytes(1 << 20)
    blocks = decoded >> 20
    encoder = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    head = encoder.compress(mebibyte) + encoder.flush(zlib.Z_FULL_FLUSH)
    block = encoder.compress(mebibyte) + encoder.flush(zlib.Z_FULL_FLUSH)
    end = encoder.flush()[:-8]  # the trailer is written for the whole stream, below
    crc = 0
    for _ in range(blocks):
        crc = zlib.crc32(mebibyte, crc)
    return head + block * (blocks - 1) + end + struct.pack("<II", crc, decoded & 0xFFFFFFFF)


def deep_json() -> bytes:
    return b"[" * DEEP + b"]" * DEEP


def doctype_after_comment() -> bytes:
    """An Atom feed whose entity declaration comes after a 2,100-character comment."""
    return (
        f"<?xml version='1.0'?><!--{'x' * 2100}-->"
        "<!DOCTYPE feed [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;&a;&a;&a;&a;'>]>"
        "<feed xmlns='http://www.w3.org/2005/Atom'>&b;</feed>"
    ).encode()


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def do_GET(self) -> None:
        self.server.seen.append(self.path)
        url = urlsplit(self.path)
        answer = getattr(self, "answer_" + url.path.strip("/").replace("-", "_"), None)
        if answer is None:
            self.send(404, b"no such thing")
        else:
            answer(parse_qs(url.query))

    def send(self, status: int, body: bytes, **headers: str) -> None:
        self.send_response(status)
        for name, value in {"Content-Length": str(len(body)), **headers}.items():
            self.send_header(name.replace("_", "-"), value)
        self.end_headers()
        with contextlib.suppress(OSError):  # the client gave up first, as it should
            self.wfile.write(body)

    def answer_ok(self, query: Mapping[str, list[str]]) -> None:
        self.send(200, b'{"ok": true}', Content_Type="application/json")

    def answer_secret(self, query: Mapping[str, list[str]]) -> None:
        self.send(200, b"-ERR the local service nobody outside should reach\r\n")

    def answer_to(self, query: Mapping[str, list[str]]) -> None:
        self.send(302, b"", Location=query["location"][0])

    def answer_loop(self, query: Mapping[str, list[str]]) -> None:
        self.send(302, b"", Location="/loop")

    def answer_bomb(self, query: Mapping[str, list[str]]) -> None:
        self.send(200, gzip_bomb(), Content_Type="application/json", Content_Encoding="gzip")

    def answer_deep(self, query: Mapping[str, list[str]]) -> None:
        self.send(200, deep_json(), Content_Type="application/json")

    def answer_doctype(self, query: Mapping[str, list[str]]) -> None:
        self.send(200, doctype_after_comment(), Content_Type="application/atom+xml")

    def answer_trickle(self, query: Mapping[str, list[str]]) -> None:
        self.send_response(200)
        self.send_header("Content-Length", str(TRICKLE_BYTES))
        self.end_headers()
        for _ in range(TRICKLE_BYTES):
            try:
                self.wfile.write(b"x")
                self.wfile.flush()
            except OSError:
                return  # the client gave up
            if self.server.stopping.wait(TRICKLE_EVERY):
                return

    def answer_slow_headers(self, query: Mapping[str, list[str]]) -> None:
        """A status line, then headers that never end: a byte every TRICKLE_EVERY seconds."""
        self.wfile.write(b"HTTP/1.1 200 OK\r\n")
        for _ in range(TRICKLE_BYTES):
            try:
                self.wfile.write(b"X")  # a header name that never ends
                self.wfile.flush()
            except OSError:
                return  # the client gave up
            if self.server.stopping.wait(TRICKLE_EVERY):
                return

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the requests are kept in ``seen``


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.seen: list[str] = []
        self.stopping = threading.Event()

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], OSError):  # a client hanging up is no error here
            super().handle_error(request, client_address)


class HostileUpstream:
    """The server, running in a thread from ``start`` to ``stop``; ``seen`` the paths (with
    their queries) of the requests it got, in order."""

    def __init__(self) -> None:
        self._server = _Server()
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def port(self) -> int:
        return self._server.server_address[1]

    @property
    def seen(self) -> list[str]:
        return self._server.seen

    def url(self, path: str, host: str = "upstream.test") -> str:
        return f"http://{host}:{self.port}{path}"

    def start(self) -> HostileUpstream:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.stopping.set()
        if self._thread.is_alive():
            self._server.shutdown()
            self._thread.join(timeout=5)
        self._server.server_close()


class TableResolver:
    """A resolver answering from ``table`` (a name missing from it does not resolve), and
    keeping the names it was asked, in order."""

    def __init__(self, table: Mapping[str, Sequence[str]]) -> None:
        self.table = table
        self.asked: list[str] = []

    def __call__(self, host: str, port: int) -> Sequence[str]:
        self.asked.append(host)
        if host not in self.table:
            raise OSError(f"{host} does not resolve")
        return self.table[host]


class RecordingBackend(httpcore.NetworkBackend):
    """httpcore's SyncBackend (or ``connect``), keeping each (address, port) it was asked to
    connect to."""

    def __init__(self, connect: Callable[..., httpcore.NetworkStream] | None = None) -> None:
        self.backend = httpcore.SyncBackend()
        self.connect = connect or self.backend.connect_tcp
        self.connections: list[tuple[str, int]] = []

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        self.connections.append((host, port))
        return self.connect(host, port, timeout, local_address, socket_options)

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)
