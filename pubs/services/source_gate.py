"""The site's turn at each outside source, kept in the database (SourceState) so that every
web process and worker shares it, without Redis.

The rate: a source documents how often it may be asked (``Source.interval``: one request every
so many seconds). Before each request, ``DatabaseGate.before`` claims the next free turn of the
source in one UPDATE, ``next_request = greatest(next_request, now) + interval``, and reads it
back in the same transaction: the row's lock makes two claims, from any two processes, take
two different turns. The caller then sleeps until its turn. A turn further away than
``max_wait`` (the queue is long) is not claimed: the request is refused as Unavailable rather
than holding a worker for minutes.

The circuit breaker: each outcome is told to ``after``. ``threshold`` failures in a row (the
source was unavailable) leave the source alone for ``cool_down`` seconds, doubled while it
keeps failing, up to ``longest_cool_down``; meanwhile ``before`` refuses at once, saying until
when. When the pause is over, the one request that claims the next turn is the trial (the
others are refused while it runs): its success closes the breaker, its failure pauses the
source again, for longer.

The rows are written outside any transaction of the caller's where possible: inside one, the
row stays locked until that transaction ends.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Case, DateTimeField, F, Q, Value, When
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from pubs.models import SourceState
from pubs.sources.http import Source, Unavailable

#: Failures in a row after which a source is left alone.
THRESHOLD = 5
#: How long it is left alone the first time (seconds), doubled each further failure.
COOL_DOWN = 60.0
#: The longest it is left alone (seconds).
LONGEST_COOL_DOWN = 15 * 60.0
#: The longest a request waits for its turn (seconds) before it is refused.
MAX_WAIT = 60.0


class DatabaseGate:
    """The rate and circuit breaker of every source, shared through the database (see the
    module's docstring). ``clock`` and ``sleep`` are the wall clock and the wait, which tests
    replace."""

    def __init__(
        self,
        *,
        clock: Callable[[], datetime] = timezone.now,
        sleep: Callable[[float], None] = time.sleep,
        threshold: int = THRESHOLD,
        cool_down: float = COOL_DOWN,
        longest_cool_down: float = LONGEST_COOL_DOWN,
        max_wait: float = MAX_WAIT,
    ) -> None:
        self.clock = clock
        self.sleep = sleep
        self.threshold = threshold
        self.cool_down = cool_down
        self.longest_cool_down = longest_cool_down
        self.max_wait = max_wait

    def before(self, source: Source) -> None:
        """Wait for the source's next turn, site-wide; Unavailable while its breaker is open
        or when that turn is more than ``max_wait`` seconds away."""
        now = self.clock()
        turn = self._claim(source, now)
        if turn is None:  # no row yet, or refused: the row is made once, race-safe
            SourceState.objects.get_or_create(name=source.name)
            turn = self._claim(source, now)
        if turn is None:
            raise Unavailable(self._refusal(source, now))
        wait = (turn - self.clock()).total_seconds()  # the claim may have waited for the row
        if wait > 0:
            self.sleep(wait)

    def after(self, source: Source, *, ok: bool) -> None:
        """Count the outcome of a request: a success closes the breaker, a failure (the
        source was unavailable) counts towards opening it, or keeps it open for longer."""
        states = SourceState.objects.filter(name=source.name)
        if ok:  # written only when there is something to forget
            states.filter(Q(failures__gt=0) | Q(open_until__isnull=False)).update(
                failures=0, open_until=None
            )
            return
        # In an UPDATE, ``failures`` is the count before this failure.
        now = self.clock()
        pauses = [
            When(failures=count - 1, then=Value(now + timedelta(seconds=seconds)))
            for count, seconds in self._pauses()
        ]
        longest = now + timedelta(seconds=self.longest_cool_down)
        counted = {
            "failures": F("failures") + 1,
            "open_until": Case(
                *pauses,
                When(failures__gte=self.threshold - 1, then=Value(longest)),
                default=Value(None),
                output_field=DateTimeField(),
            ),
        }
        if not states.update(**counted):  # a source never asked through a gate before
            SourceState.objects.get_or_create(name=source.name)
            states.update(**counted)

    def _claim(self, source: Source, now: datetime) -> datetime | None:
        """The start of the turn claimed for one request, or None when the row does not
        exist, the breaker is open (or its trial is running), or the turn is too far away."""
        interval = timedelta(seconds=source.interval)
        start = Greatest(Coalesce(F("next_request"), Value(now)), Value(now))
        trial_ends = now + timedelta(seconds=self.cool_down)
        states = SourceState.objects.filter(name=source.name)
        with transaction.atomic():
            claimed = states.filter(
                Q(open_until__isnull=True) | Q(open_until__lte=now),
                Q(next_request__isnull=True)
                | Q(next_request__lte=now + timedelta(seconds=self.max_wait)),
            ).update(
                next_request=start + interval,
                # Past the threshold, this request is the trial: the others wait for it.
                open_until=Case(
                    When(failures__gte=self.threshold, then=Value(trial_ends)),
                    default=F("open_until"),
                    output_field=DateTimeField(),
                ),
            )
            if not claimed:
                return None
            next_request = states.values_list("next_request", flat=True).get()
        return next_request - interval

    def _pauses(self) -> list[tuple[int, float]]:
        """How long the source is left alone after each count of failures in a row, from the
        threshold until the longest pause (which every count after it keeps)."""
        steps = max(0, math.ceil(math.log2(self.longest_cool_down / self.cool_down)))
        return [
            (self.threshold + step, min(self.cool_down * 2**step, self.longest_cool_down))
            for step in range(steps)
        ]

    def _refusal(self, source: Source, now: datetime) -> str:
        """Why a request to ``source`` is refused, for the person who asked."""
        state = SourceState.objects.get(name=source.name)
        paused = state.open_until is not None and state.open_until > now
        if paused and state.failures >= self.threshold:
            return (
                f"{source.name} has failed {state.failures} times in a row; the site "
                f"leaves it alone until {_clock_time(state.open_until)}: try again then"
            )
        wait = (state.next_request - now).total_seconds() if state.next_request else 0.0
        return (
            f"{source.name} is asked too often just now: the site's next turn at it is "
            f"{math.ceil(wait)} s away, more than the {self.max_wait:.0f} s a request may "
            "wait; try again in a few minutes"
        )


def _clock_time(moment: datetime) -> str:
    """``moment`` as the site's clock shows it, rounded up to the minute ("14:05")."""
    local = timezone.localtime(moment)
    if local.second or local.microsecond:
        local = local.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return local.strftime("%H:%M")
