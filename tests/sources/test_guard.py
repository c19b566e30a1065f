"""The network guard: which addresses the site connects to, and that it connects to the
address it checked (the name looked up once). No network: a table answers the names and a
backend that refuses every connection keeps what it was asked."""

import httpcore
import pytest

from pubs.sources.guard import AddressRefused, Guard, GuardedBackend, is_public
from tests.sources.hostile_upstream import RecordingBackend, TableResolver

NOT_PUBLIC = [
    "127.0.0.1",  # loopback
    "127.8.9.10",
    "10.0.0.1",  # private
    "172.16.5.4",
    "192.168.1.1",
    "100.64.0.1",  # shared (carrier-grade NAT)
    "169.254.169.254",  # link-local: the clouds' metadata service
    "0.0.0.0",  # unspecified
    "224.0.0.1",  # multicast
    "239.255.255.250",
    "240.0.0.1",  # reserved
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",  # unique local
    "ff02::1",  # multicast
    "::ffff:127.0.0.1",  # IPv4-mapped loopback
    "::ffff:169.254.169.254",
    "2002:7f00:1::1",  # 6to4 of 127.0.0.1
    "2002:a00:1::1",  # 6to4 of 10.0.0.1
    "64:ff9b::a9fe:a9fe",  # NAT64 of 169.254.169.254
    "64:ff9b::7f00:1",  # NAT64 of 127.0.0.1
    "not an address",
]
PUBLIC = [
    "93.184.216.34",
    "104.18.5.5",
    "2606:4700::6812:505",
    "::ffff:93.184.216.34",
    "64:ff9b::5db8:d822",  # NAT64 of a public IPv4 address
    "2002:5db8:d822::1",  # 6to4 of one
]


@pytest.mark.parametrize("address", NOT_PUBLIC)
def test_an_address_that_is_not_public_is_refused(address):
    assert not is_public(address)


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_is_allowed(address):
    assert is_public(address)


def refusing(host, port, *args):
    raise httpcore.ConnectError("nothing listens here (the test has no network)")


@pytest.fixture
def names() -> TableResolver:
    return TableResolver(
        {
            "api.example.org": ["93.184.216.34"],
            "two.example.org": ["93.184.216.34", "104.18.5.5"],
            "rebound.example.org": ["127.0.0.1"],
            "mixed.example.org": ["93.184.216.34", "10.0.0.1"],
        }
    )


@pytest.fixture
def network() -> RecordingBackend:
    return RecordingBackend(connect=refusing)


def connect(names, network, host, **guard):
    backend = GuardedBackend(Guard(resolver=names, **guard), network)
    return backend.connect_tcp(host, 443, timeout=1)


def test_the_connection_goes_to_the_address_checked_and_the_name_is_looked_up_once(names, network):
    with pytest.raises(httpcore.ConnectError):
        connect(names, network, "api.example.org")
    assert names.asked == ["api.example.org"]
    assert network.connections == [("93.184.216.34", 443)]


def test_the_next_checked_address_is_tried_when_one_does_not_answer(names, network):
    with pytest.raises(httpcore.ConnectError):
        connect(names, network, "two.example.org")
    assert network.connections == [("93.184.216.34", 443), ("104.18.5.5", 443)]
    assert names.asked == ["two.example.org"]


def test_a_name_resolving_to_loopback_gets_no_connection(names, network):
    with pytest.raises(AddressRefused):
        connect(names, network, "rebound.example.org")
    assert network.connections == []


def test_a_name_answering_a_public_then_a_private_address_gets_no_connection(names, network):
    # all or nothing: even the public address is not asked (see pubs.sources.guard)
    with pytest.raises(AddressRefused):
        connect(names, network, "mixed.example.org")
    assert network.connections == []


def test_an_address_literal_that_is_not_public_gets_no_connection(network):
    with pytest.raises(AddressRefused):
        connect(TableResolver({"169.254.169.254": ["169.254.169.254"]}), network, "169.254.169.254")
    assert network.connections == []


def test_the_refusal_says_nothing_of_the_address(names, network):
    with pytest.raises(AddressRefused) as refused:
        connect(names, network, "rebound.example.org")
    assert "127.0.0.1" not in str(refused.value)


def test_a_name_that_does_not_resolve_is_a_connection_error(names, network):
    with pytest.raises(httpcore.ConnectError, match="could not be resolved"):
        connect(names, network, "nowhere.example.org")
    assert network.connections == []


def test_a_pinned_name_is_neither_looked_up_nor_checked(names, network):
    with pytest.raises(httpcore.ConnectError):
        connect(names, network, "upstream.test", pinned={"upstream.test": "127.0.0.1"})
    assert names.asked == [] and network.connections == [("127.0.0.1", 443)]


def test_a_local_socket_is_refused(names, network):
    with pytest.raises(AddressRefused):
        GuardedBackend(Guard(resolver=names), network).connect_unix_socket("/run/redis.sock")


def test_production_asks_for_https_only_and_pins_nothing():
    assert Guard().schemes == {"https"} and Guard().pinned == {}
