"""Fault test: PostgreSQL restarted in the middle of a load on the app. Run it with
bench/faults.sh:

    bench/faults.sh [--before 5] [--after 15] [--clients 16] [--down 0] [--path /groups/bench-lab/]
                    [--cluster main]

It starts our gunicorn (2 workers, production settings, the database of bench/load.sh: built
on the first run) and --clients clients asking for --path without pause. After --before
seconds it restarts the PostgreSQL cluster (``pg_ctlcluster ... restart``; with --down N it
stops it, waits N seconds and starts it), then goes on for --after seconds once the restart is
done, while a probe asks PostgreSQL ten times a second whether it answers. It prints, second
by second, the responses that were fine (2xx) and the errors (other statuses, failed
connections) with PostgreSQL's state, and checks that errors came only while PostgreSQL was
down, that the app answered again by itself, and that the same gunicorn processes served
before and after (nothing restarted the app).

Restarting PostgreSQL breaks whatever else uses it at that moment (other test runs): run it
on a machine of your own, rarely, or against a cluster of its own (BENCH_POSTGRES and
--cluster, e.g. one made with ``pg_createcluster 15 faults --port 5433``).
"""

from __future__ import annotations

import argparse
import http.client
import os
import subprocess
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from common import CACHE, load_average
from load_bench import OURS_PORT, PG, PROXY_HEADERS, our_server, prepare_ours, say, serving

GRACE = 2.0  # seconds after PostgreSQL is back in which requests begun before may still fail


@dataclass
class Outage:
    """When the restart ran, and the moments PostgreSQL did not answer a probe."""

    start: float = 0.0
    end: float = 0.0
    unanswered: list[float] = field(default_factory=list)


@dataclass
class Timeline:
    """What each client saw: (seconds since the start, "ok" / "error")."""

    events: list[tuple[float, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, when: float, outcome: str) -> None:
        with self.lock:
            self.events.append((when, outcome))


def client(path: str, start: float, stop: threading.Event, timeline: Timeline) -> None:
    """Ask for ``path`` again and again, on one keep-alive connection while it lasts."""
    connection = None
    while not stop.is_set():
        try:
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", OURS_PORT, timeout=10)
            connection.request("GET", path, headers=PROXY_HEADERS)
            response = connection.getresponse()
            response.read()
            outcome = "ok" if 200 <= response.status < 300 else "error"
        except (OSError, http.client.HTTPException):
            outcome = "error"
            if connection is not None:
                connection.close()
            connection = None
            time.sleep(0.05)  # a refused connection returns at once
        timeline.record(time.monotonic() - start, outcome)


def postgres(cluster: str, action: str) -> None:
    version = sorted(os.listdir("/etc/postgresql"))[-1]
    command = ["pg_ctlcluster", "--skip-systemctl-redirect", version, cluster, action]
    subprocess.run(command, check=True, capture_output=True)


def postgres_ready() -> bool:
    server = urlsplit(PG)
    check = ["pg_isready", "-q", "-h", server.hostname, "-p", str(server.port or 5432)]
    return subprocess.run(check).returncode == 0


def probe(start: float, stop: threading.Event, outage: Outage) -> None:
    """Ask PostgreSQL whether it answers, ten times a second."""
    while not stop.is_set():
        if not postgres_ready():
            outage.unanswered.append(time.monotonic() - start)
        time.sleep(0.1)


def fault(args: argparse.Namespace, start: float, outage: Outage) -> None:
    """Restart PostgreSQL (or stop it for --down seconds) and wait until it answers."""
    outage.start = time.monotonic() - start
    if args.down:
        postgres(args.cluster, "stop")
        time.sleep(args.down)
        postgres(args.cluster, "start")
    else:
        postgres(args.cluster, "restart")
    while not postgres_ready():
        time.sleep(0.05)
    outage.end = time.monotonic() - start


def processes(master: int) -> list[int]:
    """The gunicorn master and its workers."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [master, *sorted(int(pid) for pid in children)]


def report(timeline: Timeline, outage: Outage, same_processes: bool) -> bool:
    per_second: dict[int, Counter] = {}
    for when, outcome in timeline.events:
        per_second.setdefault(int(when), Counter())[outcome] += 1
    unanswered = {int(when) for when in outage.unanswered}
    seconds = int(max(when for when, _ in timeline.events)) + 1
    say(f"\n{'second':>6} {'ok':>6} {'errors':>6}  PostgreSQL")
    for second in range(seconds):
        counts = per_second.get(second, Counter())
        restarting = second + 1 > outage.start and second < outage.end
        state = "up"
        if second in unanswered:
            state = "down"
        elif restarting:
            state = "up, restart running"
        say(f"{second:6d} {counts['ok']:6d} {counts['error']:6d}  {state}")
    errors_outside = sum(
        1
        for when, outcome in timeline.events
        if outcome == "error" and not outage.start <= when <= outage.end + GRACE
    )
    errors_inside = sum(1 for _, outcome in timeline.events if outcome == "error") - errors_outside
    after = [outcome for when, outcome in timeline.events if when > outage.end + GRACE]
    recovered = bool(after) and all(outcome == "ok" for outcome in after)
    back = max(outage.unanswered, default=outage.start)  # the last probe unanswered
    first_ok = min(
        (when for when, outcome in timeline.events if when > back and outcome == "ok"),
        default=None,
    )
    say(f"\nthe restart ran from {outage.start:.1f} s to {outage.end:.1f} s")
    if outage.unanswered:
        say(
            f"PostgreSQL did not answer from {min(outage.unanswered):.1f} s "
            f"to {max(outage.unanswered):.1f} s"
        )
    say(f"errors while it restarted (and {GRACE:.0f} s after): {errors_inside}")
    say(f"errors at any other time: {errors_outside}")
    if first_ok is not None:
        say(f"first good answer {first_ok - back:.2f} s after the last unanswered probe")
    say(f"every request after that was answered: {'yes' if recovered else 'NO'}")
    say(f"the same gunicorn processes before and after: {'yes' if same_processes else 'NO'}")
    passed = errors_outside == 0 and recovered and same_processes
    say(f"fault test: {'passed' if passed else 'FAILED'} (load {load_average()})")
    return passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=float, default=5, help="seconds of load before")
    parser.add_argument("--after", type=float, default=15, help="seconds of load after it")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--down", type=float, default=0, help="stop for this long; 0: restart")
    parser.add_argument("--path", default="/groups/bench-lab/")
    parser.add_argument(
        "--cluster", default="main", help="the cluster to restart (the one BENCH_POSTGRES names)"
    )
    args = parser.parse_args()
    prepare_ours(rebuild=False)
    log = CACHE / "load-logs" / "faults.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("")
    timeline, stop = Timeline(), threading.Event()
    with serving(*our_server(2, "locmem"), OURS_PORT, log) as (_, server):
        before = processes(server.pid)
        say(f"gunicorn {before[0]}, workers {before[1:]}; {args.clients} clients on {args.path}")
        start = time.monotonic()
        threads = [
            threading.Thread(target=client, args=(args.path, start, stop, timeline))
            for _ in range(args.clients)
        ]
        outage = Outage()
        threads.append(threading.Thread(target=probe, args=(start, stop, outage)))
        for thread in threads:
            thread.start()
        time.sleep(args.before)
        say(f"{time.monotonic() - start:.1f} s: restarting PostgreSQL")
        fault(args, start, outage)
        say(f"{time.monotonic() - start:.1f} s: PostgreSQL answers again")
        time.sleep(args.after)
        stop.set()
        for thread in threads:
            thread.join()
        after = processes(server.pid)
    passed = report(timeline, outage, same_processes=before == after)
    raise SystemExit(0 if passed else 1)


if __name__ == "__main__":
    main()
