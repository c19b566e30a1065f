"""The HTTP layer against a hostile upstream on 127.0.0.1 (tests/sources/hostile_upstream.py),
through the guarded transport: what it refuses is never asked, what never ends is given up.

The upstream is reached as ``upstream.test``, pinned to 127.0.0.1 over plain http: the one
opening the tests make in the guard (production's pins nothing and asks for https only).
Every other name goes through a table resolver, and the network backend keeps every address
it connected to."""

import time
import tracemalloc

import pytest

from pubs.sources.guard import Guard, GuardedTransport
from pubs.sources.http import (
    MAX_BYTES,
    BadAnswer,
    HttpClient,
    Refused,
    Source,
    Unavailable,
    read_xml,
)
from tests.sources.hostile_upstream import HostileUpstream, RecordingBackend, TableResolver

UPSTREAM = Source("Upstream", interval=0, hosts=("upstream.test", "inside.test", "mixed.test"))
DEADLINE = 3.0


@pytest.fixture
def upstream():
    server = HostileUpstream().start()
    yield server
    server.stop()


@pytest.fixture
def names() -> TableResolver:
    return TableResolver(
        {"inside.test": ["127.0.0.1"], "mixed.test": ["93.184.216.34", "127.0.0.1"]}
    )


@pytest.fixture
def network() -> RecordingBackend:
    return RecordingBackend()


def guard_for(names, upstream, *ports: int) -> Guard:
    """The guard of these tests: plain http, and the upstream's port besides http's."""
    return Guard(
        schemes=frozenset({"http"}),
        ports=frozenset({80, upstream.port, *ports}),
        resolver=names,
        pinned={"upstream.test": "127.0.0.1"},
    )


def client_for(names, network, upstream, **options) -> HttpClient:
    """A client through the tests' guard and network, tried once, with the tests' deadline
    (unless ``options`` say otherwise)."""
    guard = guard_for(names, upstream)
    transport = GuardedTransport(guard, backend=network)
    options = {"attempts": 1, "deadline": DEADLINE, **options}
    return HttpClient(contact="", guard=guard, transport=transport, **options)


@pytest.fixture
def client(names, network, upstream):
    client = client_for(names, network, upstream)
    yield client
    client.close()


def test_an_answer_of_the_upstream_is_read_through_the_guard(client, upstream, network):
    assert client.get(UPSTREAM, upstream.url("/ok")).json() == {"ok": True}
    assert network.connections == [("127.0.0.1", upstream.port)]


def refused_redirect(client, upstream, location: str) -> None:
    with pytest.raises(Refused):
        client.get(UPSTREAM, upstream.url(f"/to?location={location}"))


def test_a_redirect_to_a_local_port_is_refused_without_a_request(client, upstream, network):
    refused_redirect(client, upstream, f"http://127.0.0.1:{upstream.port}/secret")
    assert upstream.seen == [f"/to?location=http://127.0.0.1:{upstream.port}/secret"]
    assert network.connections == [("127.0.0.1", upstream.port)]


def test_a_redirect_to_a_private_address_is_refused_without_a_request(client, upstream, network):
    refused_redirect(client, upstream, "http://10.0.0.1/secret")
    assert len(upstream.seen) == 1 and network.connections == [("127.0.0.1", upstream.port)]


def test_a_redirect_to_the_metadata_service_is_refused_without_a_request(client, upstream, network):
    refused_redirect(client, upstream, "http://169.254.169.254/latest/meta-data/")
    assert len(upstream.seen) == 1 and network.connections == [("127.0.0.1", upstream.port)]


def test_a_redirect_to_ipv6_loopback_is_refused_without_a_request(client, upstream, network):
    refused_redirect(client, upstream, f"http://[::1]:{upstream.port}/secret")
    assert len(upstream.seen) == 1 and network.connections == [("127.0.0.1", upstream.port)]


def test_a_redirect_to_a_name_resolving_to_loopback_is_refused_without_a_request(
    client, upstream, names, network
):
    # inside.test is one of the source's hosts: the address, not the name, is refused
    refused_redirect(client, upstream, "http://inside.test/secret")
    assert "/secret" not in upstream.seen and names.asked == ["inside.test"]
    assert network.connections == [("127.0.0.1", upstream.port)]


def test_a_redirect_to_another_port_of_an_allowed_host_is_refused_unresolved(
    client, upstream, names, network
):
    refused_redirect(client, upstream, "http://inside.test:6379/")
    assert names.asked == [] and network.connections == [("127.0.0.1", upstream.port)]


def test_a_name_answering_public_then_private_gets_no_connection(client, upstream, network):
    # all or nothing: not even the public address is asked (see pubs.sources.guard)
    with pytest.raises(Refused):
        client.get(UPSTREAM, upstream.url("/ok", host="mixed.test"))
    assert upstream.seen == [] and network.connections == []


def test_a_refusal_does_not_tell_a_listening_port_from_a_closed_one(names, upstream):
    closed = HostileUpstream()
    closed_port = closed.port
    closed.stop()  # never started: nothing listens there now
    client = HttpClient(contact="", attempts=1, guard=guard_for(names, upstream, closed_port))
    messages = []
    for port in (upstream.port, closed_port):
        with pytest.raises(Refused) as refused:
            client.get(UPSTREAM, f"http://inside.test:{port}/secret")
        messages.append(str(refused.value).replace(str(port), "PORT"))
    assert messages[0] == messages[1] and "127.0.0.1" not in messages[0]
    assert upstream.seen == []


def test_production_s_guard_asks_for_https_only(upstream):
    client = HttpClient(contact="", attempts=1)
    with pytest.raises(Refused):
        client.get(UPSTREAM, upstream.url("/ok"))
    assert upstream.seen == []


def test_production_s_guard_refuses_a_loopback_host_even_on_the_allowlist(upstream):
    careless = Source("Careless", interval=0, hosts=("127.0.0.1",))
    guard = Guard(schemes=frozenset({"http"}), ports=frozenset({upstream.port}))
    client = HttpClient(contact="", attempts=1, guard=guard)
    with pytest.raises(Refused):
        client.get(careless, f"http://127.0.0.1:{upstream.port}/secret")
    assert upstream.seen == []


def test_a_host_outside_the_allowlist_is_refused_without_a_request(client, upstream, network):
    with pytest.raises(Refused):
        client.get(UPSTREAM, upstream.url("/secret", host="localhost"))
    assert upstream.seen == [] and network.connections == []


def test_a_gzip_bomb_ends_as_a_bad_answer_within_the_cap(client, upstream):
    # The cap, not the deadline, must end it: decoding 20 MB under tracemalloc on a busy
    # machine may take longer than the trickle tests' short deadline.
    client.deadline = 120.0
    tracemalloc.start()
    try:
        with pytest.raises(BadAnswer, match=f"more than {MAX_BYTES} bytes"):
            client.get(UPSTREAM, upstream.url("/bomb"))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * MAX_BYTES  # the bomb decodes to 1 GiB
    assert upstream.seen == ["/bomb"]


def test_a_trickle_ends_at_the_deadline(client, upstream):
    started = time.monotonic()
    with pytest.raises(Unavailable, match="did not answer in time"):
        client.get(UPSTREAM, upstream.url("/trickle"))
    assert DEADLINE <= time.monotonic() - started < DEADLINE + 5  # a busy machine answers late


def test_headers_that_trickle_end_at_the_deadline(client, upstream):
    started = time.monotonic()
    with pytest.raises(Unavailable, match="did not answer in time"):
        client.get(UPSTREAM, upstream.url("/slow-headers"))
    assert DEADLINE <= time.monotonic() - started < DEADLINE + 5  # a busy machine answers late


def test_a_trickle_ends_at_the_deadline_however_often_it_is_tried(names, network, upstream):
    client = client_for(names, network, upstream, attempts=4, backoff=0.1)
    started = time.monotonic()
    with pytest.raises(Unavailable, match="did not answer in time"):
        client.get(UPSTREAM, upstream.url("/trickle"))
    client.close()
    assert DEADLINE <= time.monotonic() - started < DEADLINE + 5  # a busy machine answers late


def test_a_redirect_loop_ends_as_a_source_error(client, upstream):
    with pytest.raises(BadAnswer, match="redirected more than 3 times"):
        client.get(UPSTREAM, upstream.url("/loop"))
    assert upstream.seen == ["/loop"] * 4


def test_json_nested_100_000_deep_is_a_bad_answer(client, upstream):
    answer = client.get(UPSTREAM, upstream.url("/deep"))
    with pytest.raises(BadAnswer, match="nested too deep"):
        answer.json()


def test_a_doctype_after_a_2100_character_comment_is_refused(client, upstream):
    answer = client.get(UPSTREAM, upstream.url("/doctype"))
    with pytest.raises(BadAnswer, match="document type declaration"):
        read_xml(answer.text, "the upstream's feed")
