"""The site-wide turn at each source and its circuit breaker, kept in the database: several
gates (as several processes would hold) on one database share one rate and one breaker."""

import threading
import time
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.utils import timezone

from pubs.models import SourceState
from pubs.services.source_gate import DatabaseGate
from pubs.services.sources import source_client
from pubs.sources.http import Source, Unavailable

pytestmark = pytest.mark.django_db

CROSSREF = Source("Crossref", interval=0.2)
SLOW = Source("Slow", interval=30.0)


class WallClock:
    """The site's clock, standing still: the waits the gates ask for are kept, not slept."""

    def __init__(self) -> None:
        self.now = timezone.make_aware(datetime(2026, 11, 28, 14, 0))
        self.naps: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.naps.append(round(seconds, 6))

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> WallClock:
    return WallClock()


@pytest.fixture
def gates(clock):
    """Two gates, as a web process and a worker hold one each."""
    return DatabaseGate(clock=clock, sleep=clock.sleep), DatabaseGate(
        clock=clock, sleep=clock.sleep
    )


@pytest.fixture
def gate(gates):
    return gates[0]


def fail(gate, times: int, source: Source = CROSSREF) -> None:
    for _ in range(times):
        gate.after(source, ok=False)


def test_a_source_s_row_is_made_on_its_first_request(gate):
    gate.before(CROSSREF)
    state = SourceState.objects.get(name="Crossref")
    assert state.failures == 0 and state.open_until is None and state.next_request is not None


def test_the_first_request_goes_at_once(gate, clock):
    gate.before(CROSSREF)
    assert clock.naps == []


def test_requests_at_once_from_two_processes_take_turns_at_the_source_s_rate(gates, clock):
    web, worker = gates
    web.before(CROSSREF)
    worker.before(CROSSREF)
    web.before(CROSSREF)
    assert clock.naps == [0.2, 0.4]


def test_a_request_after_the_interval_goes_at_once(gates, clock):
    web, worker = gates
    web.before(CROSSREF)
    clock.advance(1)
    worker.before(CROSSREF)
    assert clock.naps == []


def test_each_source_keeps_its_own_rate(gate, clock):
    gate.before(CROSSREF)
    gate.before(SLOW)
    assert clock.naps == []


def test_a_turn_further_away_than_the_longest_wait_is_refused(gate, clock):
    for _ in range(3):  # turns now, in 30 s, in 60 s: the longest a request waits
        gate.before(SLOW)
    with pytest.raises(Unavailable, match="next turn at it is 90 s away, more than the 60 s"):
        gate.before(SLOW)
    assert clock.naps == [30.0, 60.0]


def test_a_refused_request_takes_no_turn(gate, clock):
    for _ in range(3):
        gate.before(SLOW)
    with pytest.raises(Unavailable):
        gate.before(SLOW)
    clock.advance(30)
    gate.before(SLOW)  # the turn 90 s after the first, 60 s from now
    assert clock.naps[-1] == 60.0


def test_failures_fewer_than_the_threshold_leave_the_source_open(gate):
    fail(gate, 4)
    gate.before(CROSSREF)


def test_five_failures_in_a_row_from_any_process_open_the_breaker_saying_until_when(gates):
    web, worker = gates
    fail(web, 3)
    fail(worker, 2)
    with pytest.raises(Unavailable) as refused:
        web.before(CROSSREF)
    assert str(refused.value) == (
        "Crossref has failed 5 times in a row; the site leaves it alone until 14:01: try again then"
    )


def test_the_time_a_source_is_left_alone_until_is_rounded_up_to_the_minute(gate, clock):
    clock.advance(10)
    fail(gate, 5)
    with pytest.raises(Unavailable, match="until 14:02"):
        gate.before(CROSSREF)


def test_a_success_between_failures_starts_the_count_again(gate):
    fail(gate, 4)
    gate.after(CROSSREF, ok=True)
    fail(gate, 4)
    gate.before(CROSSREF)
    assert SourceState.objects.get(name="Crossref").failures == 4


def test_the_breaker_of_one_source_leaves_the_others_open(gate):
    fail(gate, 5)
    gate.before(SLOW)


def test_after_the_pause_one_request_is_the_trial_and_the_others_wait_for_it(gates, clock):
    web, worker = gates
    fail(web, 5)
    clock.advance(60)
    web.before(CROSSREF)
    with pytest.raises(Unavailable, match="has failed 5 times in a row"):
        worker.before(CROSSREF)


def test_a_trial_that_succeeds_closes_the_breaker(gates, clock):
    web, worker = gates
    fail(web, 5)
    clock.advance(60)
    web.before(CROSSREF)
    web.after(CROSSREF, ok=True)
    worker.before(CROSSREF)
    web.before(CROSSREF)
    state = SourceState.objects.get(name="Crossref")
    assert state.failures == 0 and state.open_until is None


def test_a_trial_that_fails_leaves_the_source_alone_twice_as_long(gate, clock):
    fail(gate, 5)
    clock.advance(60)
    gate.before(CROSSREF)
    fail(gate, 1)
    with pytest.raises(Unavailable, match=r"failed 6 times in a row; .* until 14:03"):
        gate.before(CROSSREF)


def test_the_pause_doubles_at_each_failure_up_to_fifteen_minutes(gate):
    expected = {5: 60, 6: 120, 7: 240, 8: 480, 9: 900, 10: 900, 30: 900}
    seen = {}
    for failures in range(1, 31):
        gate.after(CROSSREF, ok=False)
        if failures in expected:
            state = SourceState.objects.get(name="Crossref")
            seen[failures] = (state.open_until - gate.clock()).total_seconds()
    assert seen == expected


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    connection.vendor == "sqlite",
    reason="the SQLite test database is in memory, shared by the threads' connections, where a "
    "locked table fails at once instead of waiting its busy timeout as a database file does",
)
def test_threads_with_a_gate_each_keep_to_the_rate_together():
    source = Source("Threads", interval=0.05)
    times: list[float] = []
    problems: list[BaseException] = []

    def request() -> None:
        try:
            DatabaseGate().before(source)
            times.append(time.monotonic())
        except BaseException as exc:  # reported by the test, not lost in the thread
            problems.append(exc)
        finally:
            connection.close()  # the thread's own connection

    SourceState.objects.create(name="Threads")
    threads = [threading.Thread(target=request) for _ in range(6)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert problems == [] and len(times) == 6
    # The first turn is taken after ``started``, each next one 0.05 s later, and no request
    # goes before its turn: the sixth goes five intervals after ``started`` at the earliest.
    assert max(times) - started >= 5 * 0.05 * 0.98  # a float's rounding aside


def test_the_site_s_client_takes_each_source_s_turn_through_the_database():
    client = source_client()
    try:
        assert isinstance(client.gate, DatabaseGate)
    finally:
        client.close()
