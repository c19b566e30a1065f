"""Fault test of the page cache: its Redis stopped and started, then hung and resumed, in the
middle of a load on the public pages. Run it with bench/faults.sh:

    bench/faults.sh --redis [--size 10000] [--clients 4] [--workers 2] [--before 5]
                            [--down 5] [--between 10] [--after 10]

It starts a Redis server of its own (``redis-server`` on a free port, nothing saved), and our
gunicorn (--workers, production settings) with REDIS_URL pointing at it, on a database of its
own (labpubs_faults_<size>: pubs_<size>.bib imported as bench/pages_bench.py does it, built on
the first run). --clients clients ask, without pause, for the public pages in turn (the whole
list, a filtered list, the group page, the most prolific author's page, a paper's page, an
author's BibTeX export), while a probe asks /health/ twice a second. After --before seconds
Redis is killed; --down seconds later it is started again (empty); --between seconds later it
is hung (SIGSTOP: connections open, nothing answers); --down seconds later it is resumed;
--after seconds of load follow.

It prints, second by second, the answers (2xx), the pages Redis served (its keyspace hits),
the 5xx, the failed connections, the median and slowest answer, what /health/ said of the
cache and Redis's state; then the counts, the warnings the app logged, and whether caching
resumed (Redis served at least 90 % of the answers after the faults). It passes with no 5xx,
no failed connection, caching resumed and at most one warning per worker a minute.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field

from common import CACHE, load_average
from load_bench import (
    PG,
    PROXY_HEADERS,
    STATIC_ROOT,
    create_database,
    database_exists,
    say,
    serving,
)

WARNING = "The shared cache fails"
BACK = "The shared cache answers again"
#: Caching resumed when Redis served at least this share of the answers after the faults.
RESUMED = 0.9


@dataclass
class Answer:
    when: float  # seconds since the start
    status: int  # 0: the connection failed
    seconds: float
    path: str


@dataclass
class Run:
    """What the clients and the probe saw, and when Redis changed state."""

    answers: list[Answer] = field(default_factory=list)
    health: list[tuple[float, str]] = field(default_factory=list)
    hits: list[tuple[float, int]] = field(default_factory=list)  # Redis's keyspace_hits
    states: list[tuple[float, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, answer: Answer) -> None:
        with self.lock:
            self.answers.append(answer)

    def state_at(self, when: float) -> str:
        state = "up"
        for moment, name in self.states:
            if moment <= when:
                state = name
        return state


# -- the database and the pages -----------------------------------------------------------


def database_name(size: int) -> str:
    return f"labpubs_faults_{size}"


def prepare(size: int) -> list[str]:
    """The database built (or reused) and the static files collected, in a child process:
    the paths the clients ask for."""
    name = database_name(size)
    if not database_exists(name):
        create_database(name)
        say(f"building {name} from pubs_{size}.bib (a minute or two)")
    env = {**os.environ, "STATIC_ROOT": str(STATIC_ROOT)}
    command = [sys.executable, __file__, "--prepare", "--size", str(size)]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"could not prepare {name}:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.splitlines()[-1])


def prepare_child(size: int) -> None:
    """In the child: migrate, import unless done, collect static files; print the paths."""
    from common import analyze_after_fill, setup_django

    setup_django(PG + database_name(size))
    from django.apps import apps
    from django.core.management import call_command
    from pages_bench import GROUP, build_lab, lab_pages

    call_command("migrate", verbosity=0)
    if not apps.get_model("people", "Group").objects.filter(slug=GROUP).exists():
        build_lab(size)
        analyze_after_fill()
    call_command("collectstatic", interactive=False, verbosity=0)
    urls, _ = lab_pages()
    paths = [
        urls["all publications"],
        "/publications/?rank=A&year_min=2020",
        urls["group page"],
        urls["top author"],
        urls["paper page"],
        urls["author with one page"] + "export.bib",
    ]
    print(json.dumps(paths))


# -- Redis and the app ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PrivateRedis:
    """A redis-server of the run's own, nothing saved to disk."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        program = shutil.which("redis-server")
        if program is None:
            raise SystemExit("redis-server is not installed (Debian: apt-get install redis-server)")
        command = [program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "no", "--maxmemory", "256mb"]
        command += ["--maxmemory-policy", "allkeys-lru"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while self.command("PING") != "PONG":
            if time.monotonic() > deadline:
                raise SystemExit("redis-server did not start")
            time.sleep(0.02)

    def kill(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait()
            self.process = None

    def pause(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def command(self, *words: str) -> str:
        """One command through redis-cli; its answer, or "" when Redis does not answer."""
        cli = ["redis-cli", "-p", str(self.port), *words]
        try:
            done = subprocess.run(cli, capture_output=True, text=True, timeout=2)
        except subprocess.TimeoutExpired:
            return ""
        return done.stdout.strip()


def app_server(args: argparse.Namespace, redis: PrivateRedis, port: int):
    env = {
        **{k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "SECURE_SSL")},
        "DATABASE_URL": PG + database_name(args.size),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_ROOT": str(STATIC_ROOT),
        "REDIS_URL": f"redis://127.0.0.1:{redis.port}/0",
        "CACHE_KEY_PREFIX": f"labpubs-faults-{secrets.token_hex(4)}",
    }
    command = [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py"]
    command += ["--workers", str(args.workers), "--bind", f"127.0.0.1:{port}", "config.wsgi"]
    return command, env


# -- load -----------------------------------------------------------------------------------


def client(
    number: int, paths: list[str], port: int, start: float, stop: threading.Event, run: Run
) -> None:
    """Ask for ``paths`` in turn (each client from its own place), on one keep-alive
    connection while it lasts."""
    connection = None
    turn = number
    while not stop.is_set():
        path = paths[turn % len(paths)]
        turn += 1
        began = time.monotonic()
        try:
            if connection is None:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request("GET", path, headers=PROXY_HEADERS)
            response = connection.getresponse()
            response.read()
            status = response.status
        except (OSError, http.client.HTTPException):
            status = 0
            if connection is not None:
                connection.close()
            connection = None
            time.sleep(0.05)
        ended = time.monotonic()
        run.record(Answer(ended - start, status, ended - began, path))


def probe(port: int, start: float, stop: threading.Event, run: Run) -> None:
    """Ask /health/ twice a second what it says of the cache."""
    while not stop.is_set():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", "/health/", headers=PROXY_HEADERS)
            response = connection.getresponse()
            said = json.loads(response.read()).get("cache", "?")
        except (OSError, http.client.HTTPException, ValueError):
            said = "no answer"
        finally:
            connection.close()
        run.health.append((time.monotonic() - start, said))
        time.sleep(0.5)


def count_hits(redis: PrivateRedis, start: float, stop: threading.Event, run: Run) -> None:
    """Read how many reads Redis has answered with a page so far, twice a second."""
    while not stop.is_set():
        info = redis.command("INFO", "stats")
        for line in info.splitlines():
            if line.startswith("keyspace_hits:"):
                run.hits.append((time.monotonic() - start, int(line.split(":")[1])))
        time.sleep(0.5)


def hits_per_second(run: Run) -> dict[int, int]:
    """Pages served from Redis in each second (counted since its last start)."""
    per_second: dict[int, int] = defaultdict(int)
    for (_, before), (when, now) in zip(run.hits, run.hits[1:], strict=False):
        per_second[int(when)] += max(0, now - before)  # a restarted Redis counts from 0
    return per_second


def faults(args: argparse.Namespace, redis: PrivateRedis, start: float, run: Run) -> None:
    """Kill Redis, start it, hang it, resume it, each step noted in ``run.states``."""

    def note(state: str) -> None:
        run.states.append((time.monotonic() - start, state))
        say(f"{time.monotonic() - start:5.1f} s: Redis {state}")

    time.sleep(args.before)
    redis.kill()
    note("killed")
    time.sleep(args.down)
    redis.start()
    note("up")
    time.sleep(args.between)
    redis.pause()
    note("hung")
    time.sleep(args.down)
    redis.resume()
    note("up")
    time.sleep(args.after)


# -- report ---------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def report(run: Run, log: str, workers: int, keys_after: int) -> bool:
    per_second: dict[int, list[Answer]] = defaultdict(list)
    for answer in run.answers:
        per_second[int(answer.when)].append(answer)
    health: dict[int, set[str]] = defaultdict(set)
    for when, said in run.health:
        health[int(when)].add(said)
    hits = hits_per_second(run)
    columns = f"{'second':>6} {'2xx':>5} {'cached':>6} {'5xx':>4} {'failed':>6} {'p50 ms':>7}"
    columns += f" {'max ms':>7}"
    say(f"\n{columns}  Redis, /health/")
    for second in range(int(max(a.when for a in run.answers)) + 1):
        answers = per_second.get(second, [])
        ok = [a.seconds * 1000 for a in answers if 200 <= a.status < 300]
        server_errors = sum(1 for a in answers if a.status >= 500)
        failed = sum(1 for a in answers if a.status == 0)
        median = statistics.median(ok) if ok else 0
        slowest = max(ok, default=0)
        said = "/".join(sorted(health.get(second, set()))) or "-"
        say(
            f"{second:6d} {len(ok):5d} {hits.get(second, 0):6d} {server_errors:4d} {failed:6d} "
            f"{median:7.0f} "
            f"{slowest:7.0f}  {run.state_at(second + 0.5)}, cache {said}"
        )
    served = sum(1 for a in run.answers if 200 <= a.status < 300)
    server_errors = sum(1 for a in run.answers if a.status >= 500)
    failed = sum(1 for a in run.answers if a.status == 0)
    others = len(run.answers) - served - server_errors - failed
    warnings = log.count(WARNING)
    backs = log.count(BACK)
    first_fault = run.states[0][0]
    last_fault = run.states[-1][0]

    def latencies(low: float, high: float) -> list[float]:
        return [a.seconds for a in run.answers if low <= a.when < high and a.status == 200]

    before = latencies(1, first_fault)
    after = latencies(last_fault + 2, math.inf)
    minutes = max(1, math.ceil(max(a.when for a in run.answers) / 60))
    for (began, state), (ended, _) in zip(run.states, run.states[1:], strict=False):
        if state in ("killed", "hung"):
            during = latencies(began, ended)
            if not during:
                say(f"Redis {state} {began:.1f}-{ended:.1f} s: no answer")
                continue
            say(
                f"Redis {state} {began:.1f}-{ended:.1f} s: {len(during)} answers, p50 "
                f"{statistics.median(during) * 1000:.0f} ms, p99 "
                f"{percentile(during, 0.99) * 1000:.0f} ms, slowest {max(during) * 1000:.0f} ms"
            )
    p50_before = statistics.median(before) * 1000
    p50_after = statistics.median(after) * 1000
    from_redis = sum(n for second, n in hits.items() if second >= last_fault + 2)
    share = from_redis / max(1, len(after))
    resumed = keys_after > 0 and share >= RESUMED
    say(f"\nrequests served (2xx): {served}; 5xx: {server_errors}; failed connections: {failed}")
    if others:
        say(f"other statuses: {others}")
    say(f"answers before the faults: p50 {p50_before:.0f} ms; after them: p50 {p50_after:.0f} ms")
    say(
        f"answers from 2 s after the last fault on: {len(after)}, {from_redis} of them served "
        f"by Redis ({share:.0%}); pages in Redis at the end: {keys_after}; caching resumed: "
        f"{'yes' if resumed else 'NO'}"
    )
    say(
        f"warnings logged: {warnings} (at most {workers * minutes}: one a worker a minute); "
        f"'answers again' logged: {backs}"
    )
    passed = server_errors == 0 and failed == 0 and resumed and warnings <= workers * minutes
    say(f"cache fault test: {'passed' if passed else 'FAILED'} (load {load_average()})")
    return passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10000, help="pubs_<size>.bib")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", type=float, default=5, help="seconds of load first")
    parser.add_argument("--down", type=float, default=5, help="seconds killed, then hung")
    parser.add_argument("--between", type=float, default=10, help="seconds up in between")
    parser.add_argument("--after", type=float, default=10, help="seconds of load after")
    parser.add_argument("--prepare", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.prepare:
        prepare_child(args.size)
        return
    paths = prepare(args.size)
    log_path = CACHE / "load-logs" / "cache-faults.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_path.write_text("")
    redis = PrivateRedis(free_port())
    redis.start()
    port = free_port()
    run, stop = Run(), threading.Event()
    try:
        with serving(*app_server(args, redis, port), port, log_path):
            say(f"{args.clients} clients, {args.workers} workers, Redis on {redis.port}: {paths}")
            start = time.monotonic()
            threads = [
                threading.Thread(target=client, args=(n, paths, port, start, stop, run))
                for n in range(args.clients)
            ]
            threads.append(threading.Thread(target=probe, args=(port, start, stop, run)))
            threads.append(threading.Thread(target=count_hits, args=(redis, start, stop, run)))
            for thread in threads:
                thread.start()
            faults(args, redis, start, run)
            stop.set()
            for thread in threads:
                thread.join()
            keys_after = int(redis.command("DBSIZE") or 0)
    finally:
        redis.kill()
    passed = report(run, log_path.read_text(), args.workers, keys_after)
    raise SystemExit(0 if passed else 1)


if __name__ == "__main__":
    main()
