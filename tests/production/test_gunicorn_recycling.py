"""The shipped gunicorn configuration replaces a worker after a number of requests, each at
its own count, so that the memory a worker grew to goes with it."""

from __future__ import annotations

import runpy
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.production.conftest import ROOT

CONFIG = ROOT / "config" / "gunicorn.py"


def settings_with(monkeypatch, **env: str) -> dict:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(CONFIG))


def test_workers_are_replaced_after_requests_with_jitter(monkeypatch):
    monkeypatch.delenv("GUNICORN_MAX_REQUESTS", raising=False)
    config = runpy.run_path(str(CONFIG))
    assert config["max_requests"] == 10_000
    assert config["max_requests_jitter"] == 1_000


def test_the_number_of_requests_comes_from_the_environment(monkeypatch):
    config = settings_with(monkeypatch, GUNICORN_MAX_REQUESTS="500")
    assert (config["max_requests"], config["max_requests_jitter"]) == (500, 50)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gunicorn(production_env, tmp_path: Path):
    """gunicorn with the shipped configuration, one worker replaced every 3 requests: its
    address and what it logged so far."""
    port = free_port()
    log = tmp_path / "gunicorn.log"
    env = {
        **production_env,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL": "0",
        "WEB_CONCURRENCY": "1",
        "GUNICORN_MAX_REQUESTS": "3",
        "GUNICORN_BIND": f"127.0.0.1:{port}",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",  # robots.txt reads none
    }
    with log.open("w") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(CONFIG), "config.wsgi"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        try:
            url = f"http://127.0.0.1:{port}/robots.txt"
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                try:
                    urllib.request.urlopen(url, timeout=5).read()
                    break
                except OSError:
                    time.sleep(0.2)
            yield url, log
        finally:
            server.terminate()
            server.wait(timeout=30)


def test_a_worker_is_replaced_after_its_requests(gunicorn):
    url, log = gunicorn
    for _ in range(7):  # with the first: 8 requests, two replacements
        assert urllib.request.urlopen(url, timeout=10).status == 200
    time.sleep(1)
    text = log.read_text()
    assert text.count("Autorestarting worker after current request.") >= 2
    assert text.count("Booting worker with pid") >= 3
