"""A Redis server of a test's own: ``redis-server`` on a free port of 127.0.0.1, nothing saved
to disk, which the test stops, pauses and starts again."""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import time

import pytest
import redis

REDIS_SERVER = shutil.which("redis-server")


class PrivateRedis:
    """A redis-server of the test's own on ``port``, started, stopped, paused and resumed."""

    def __init__(self, port: int, *options: str) -> None:
        self.port = port
        self.options = options
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        command = [REDIS_SERVER or "redis-server", "--port", str(self.port), "--save", ""]
        command += ["--bind", "127.0.0.1", "--appendonly", "no", *self.options]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.2)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise
                time.sleep(0.02)

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)  # a paused server cannot die
            self.process.kill()
            self.process.wait()
            self.process = None

    def pause(self) -> None:
        """Hang it: connections are accepted by the kernel, and nothing answers."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url)

    def keys(self) -> int:
        """How many keys it holds."""
        return self.client().dbsize()


def free_port() -> int:
    """A TCP port of 127.0.0.1 nothing listens on (now)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_server(*options: str) -> PrivateRedis:
    """A private Redis started with ``options``; a failure when the program is missing."""
    if REDIS_SERVER is None:
        pytest.fail("redis-server is not installed: CI needs it (.ci/run installs it)")
    server = PrivateRedis(free_port(), *options)
    server.start()
    return server
