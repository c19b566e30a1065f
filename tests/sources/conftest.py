"""Fixtures of the source tests: the HTTP layer over recorded answers, never the network."""

import pytest

from pubs.sources.http import HttpClient
from tests.sources.replay import Replay

CONTACT = "pubs-admin@lab.example.edu"


class DictCache:
    """A cache of one test (the site passes Django's)."""

    def __init__(self) -> None:
        self.data: dict = {}

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value, timeout=None) -> None:
        self.data[key] = value


class Clock:
    """Time that passes only when the client sleeps (the waits it asks for are kept)."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.naps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.naps.append(seconds)
        self.now += seconds


@pytest.fixture
def replay() -> Replay:
    return Replay()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def cache() -> DictCache:
    return DictCache()


@pytest.fixture
def http(replay, clock, cache) -> HttpClient:
    client = HttpClient(
        contact=CONTACT, cache=cache, transport=replay, sleep=clock.sleep, clock=clock
    )
    yield client
    client.close()
