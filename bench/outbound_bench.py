"""Hostile upstream answers through the HTTP layer of the sources, with production's limits
(issue #30): what each case ends as, how many requests reached the upstream, where the
transport connected, the peak of memory and the wall time.

    .venv/bin/python bench/outbound_bench.py [--cases NAME ...] [--attempts N]

The upstream is the tests' (tests/sources/hostile_upstream.py): a threaded server on
127.0.0.1, reached as ``upstream.test`` pinned to it over plain http, the one opening made in
the guard; other names go through a table (``inside.test`` -> 127.0.0.1, ``mixed.test`` ->
a public address then 127.0.0.1) or, for ``localhost``, the system's resolver. Everything
else is production's: MAX_BYTES, DEADLINE, TIMEOUT, MAX_REDIRECTS and ATTEMPTS (a trickle is
tried again while the deadline, which spans every attempt, leaves time). Memory is
tracemalloc's peak of the Python heap during the case (the client's buffers and the
decoder's output are Python objects); time is the wall clock.
"""

from __future__ import annotations

import argparse
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pubs.sources.guard import Guard, GuardedTransport, system_resolver  # noqa: E402
from pubs.sources.http import ATTEMPTS, HttpClient, Source, read_xml  # noqa: E402
from tests.sources.hostile_upstream import (  # noqa: E402
    HostileUpstream,
    RecordingBackend,
    TableResolver,
    gzip_bomb,
)

UPSTREAM = Source(
    "Upstream", interval=0, hosts=("upstream.test", "inside.test", "mixed.test", "localhost")
)


Case = Callable[[HttpClient], object]


def cases(port: int) -> dict[str, tuple[Case, bool]]:
    """Each hostile case: what the site does with the upstream at ``port``, and whether it
    goes through production's guard as it is (else the one with the upstream pinned)."""

    def get(path: str, host: str = "upstream.test") -> Case:
        return lambda client: client.get(UPSTREAM, f"http://{host}:{port}{path}")

    def to(location: str) -> Case:
        return get(f"/to?location={location}")

    def json(client: HttpClient) -> object:
        return client.get(UPSTREAM, f"http://upstream.test:{port}/deep").json()

    def xml(client: HttpClient) -> object:
        return read_xml(client.get(UPSTREAM, f"http://upstream.test:{port}/doctype").text, "feed")

    return {
        "redirect to 127.0.0.1:PORT": (to(f"http://127.0.0.1:{port}/secret"), False),
        "redirect to 10.0.0.1": (to("http://10.0.0.1/secret"), False),
        "redirect to 169.254.169.254": (to("http://169.254.169.254/latest/meta-data/"), False),
        "redirect to [::1]:PORT": (to(f"http://[::1]:{port}/secret"), False),
        "redirect to a name -> 127.0.0.1": (to("http://inside.test/secret"), False),
        "redirect to another port of a source's host": (to("http://inside.test:6379/"), False),
        "name -> public, then 127.0.0.1": (get("/ok", host="mixed.test"), False),
        "localhost (system resolver)": (get("/secret", host="localhost"), False),
        "plain http, production's guard": (get("/ok"), True),
        "gzip bomb (1 MB -> 1 GiB)": (get("/bomb"), False),
        "trickle (a byte a second)": (get("/trickle"), False),
        "headers that trickle (a byte a second)": (get("/slow-headers"), False),
        "redirect loop": (get("/loop"), False),
        "JSON nested 100,000 deep": (json, False),
        "DOCTYPE after a 2,100-character comment": (xml, False),
    }


def run(name: str, attempts: int) -> None:
    upstream = HostileUpstream().start()
    work, production = cases(upstream.port)[name]
    names = TableResolver(
        {"inside.test": ["127.0.0.1"], "mixed.test": ["93.184.216.34", "127.0.0.1"]}
    )
    network = RecordingBackend()
    if production:
        client = HttpClient(contact="", attempts=attempts)
    else:
        guard = Guard(
            schemes=frozenset({"http"}),
            ports=frozenset({80, upstream.port}),
            resolver=lambda host, port: (
                system_resolver(host, port) if host == "localhost" else names(host, port)
            ),
            pinned={"upstream.test": "127.0.0.1"},
        )
        transport = GuardedTransport(guard, backend=network)
        client = HttpClient(contact="", guard=guard, transport=transport, attempts=attempts)
    tracemalloc.start()
    started = time.monotonic()
    try:
        work(client)
        outcome = "answered (not refused)"
    except Exception as exc:  # every outcome is reported, whatever it is
        outcome = f"{type(exc).__name__}: {exc}"
    elapsed = time.monotonic() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    client.close()
    upstream.stop()
    others = [c for c in network.connections if c != ("127.0.0.1", upstream.port)]
    print(
        f"| {name} | {len(upstream.seen)} | {len(others)} | {peak / 2**20:.1f} | "
        f"{elapsed:.2f} | {outcome} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", nargs="*", help="names (or parts of names) of the cases")
    parser.add_argument("--attempts", type=int, default=ATTEMPTS)
    options = parser.parse_args()
    gzip_bomb()  # built once, before any case is measured
    print(f"attempts per request: {options.attempts}")
    print(
        "| case | requests the upstream got | connections elsewhere | peak MB | seconds | outcome |"
    )
    print("|---|---|---|---|---|---|")
    for name in cases(0):
        if not options.cases or any(part in name for part in options.cases):
            run(name, options.attempts)


if __name__ == "__main__":
    main()
