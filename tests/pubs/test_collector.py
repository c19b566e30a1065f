"""The garbage collector paused for a bulk job, and as it was after."""

from __future__ import annotations

import gc
import weakref

import pytest

from pubs.collector import collector_paused


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@collector_paused
def make_objects(count: int) -> list[dict]:
    assert not gc.isenabled()
    return [{"n": n} for n in range(count)]


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_during_the_job_and_on_after(collector_on):
    make_objects(10)
    assert gc.isenabled()


def test_a_collector_turned_off_before_stays_off(collector_on):
    gc.disable()
    make_objects(10)
    assert not gc.isenabled()


def test_what_the_job_leaves_alive_needs_no_young_generation_pass(collector_on):
    kept = make_objects(50_000)
    assert gc.get_count()[0] < 1_000  # the next allocations do not walk the 50,000 again
    assert len(kept) == 50_000


def test_cycles_made_during_the_job_are_still_collected(collector_on):
    @collector_paused
    def make_cycle() -> weakref.ref:
        first, second = Node(), Node()
        first.other, second.other = second, first
        return weakref.ref(first)

    dropped = make_cycle()
    gc.collect()
    assert dropped() is None


def test_objects_frozen_on_purpose_stay_frozen(collector_on):
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        make_objects(1_000)
        # Still frozen (some may have been freed meanwhile), and nothing of the job's added.
        assert 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()


def test_the_collector_comes_back_when_the_job_fails(collector_on):
    @collector_paused
    def fail() -> None:
        raise ValueError("bad entry")

    with pytest.raises(ValueError, match="bad entry"):
        fail()
    assert gc.isenabled()
