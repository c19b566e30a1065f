"""The run command of the README (``manage.py demo``) serves the site with a worker beside it:
a DOI pasted in the admin is fetched, previewed and imported end to end, Crossref's answer
being its recorded one (SOURCES_RECORDINGS); run without its worker, the job's page says that
no worker is running."""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from pubs.sources.crossref import works_url
from tests.sources.replay import cassette_interactions

ROOT = Path(__file__).resolve().parents[2]
DOI = "10.1371/journal.ppat.1008184"
TITLE = "An RNA thermometer dictates production of a secreted bacterial toxin"
STARTUP = 60  # seconds


@dataclass
class Demo:
    url: str
    password: str


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def recordings(path: Path) -> Path:
    """Crossref's recorded works record of DOI, as the worker is to be answered."""
    [body] = [
        interaction["response"]["body"]["string"]
        for interaction in cassette_interactions("crossref/test_article_with_pages.yaml")
        if interaction["request"]["uri"] == works_url(DOI)
    ]
    path.write_text(json.dumps([{"url": works_url(DOI), "body": body}]), encoding="utf-8")
    return path


def serve_demo(tmp: Path, *extra: str) -> Iterator[Demo]:
    """``manage.py demo`` on a database of its own, until the test ends (then stopped as its
    process manager stops it)."""
    port = free_port()
    env = {
        **{name: value for name, value in os.environ.items() if name != "DATABASE_URL"},
        "DATABASE_URL": f"sqlite:///{tmp / 'demo.sqlite3'}",
        "SOURCES_RECORDINGS": str(recordings(tmp / "recordings.json")),
        "DEBUG": "1",
        "WORKER_DEAD_SECONDS": "5",
        "WORKER_BEAT_SECONDS": "1",
    }
    output = tmp / "demo.txt"
    with output.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "manage.py", "demo", f"127.0.0.1:{port}", *extra],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        password = wait_for_demo(process, output, port)
        yield Demo(f"http://127.0.0.1:{port}", password)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(STARTUP)


def wait_for_demo(process: subprocess.Popen, output: Path, port: int) -> str:
    deadline = time.monotonic() + STARTUP
    while time.monotonic() < deadline:
        assert process.poll() is None, output.read_text()
        printed = re.search(r"user: admin\s+password: (\S+)", output.read_text())
        if printed:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
            except OSError:
                pass
            else:
                return printed.group(1)
        time.sleep(0.2)
    raise AssertionError(f"the demo did not start:\n{output.read_text()}")


@pytest.fixture
def demo(tmp_path) -> Iterator[Demo]:
    yield from serve_demo(tmp_path)


@pytest.fixture
def demo_without_worker(tmp_path) -> Iterator[Demo]:
    yield from serve_demo(tmp_path, "--no-worker")


def paste_doi(page, demo: Demo) -> None:
    page.goto(f"{demo.url}/admin/login/?next=/admin/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", demo.password)
    page.click("input[type=submit]")
    page.goto(f"{demo.url}/admin/pubs/bibteximport/upload/")
    page.click("text=Or add papers by DOI, arXiv id or DBLP profile")
    page.fill("#id_identifiers", f"https://doi.org/{DOI}")
    page.click("input[name=fetch]")
    page.wait_for_selector("#job-progress")


def test_the_demo_s_worker_adds_a_doi_end_to_end(demo, page, screenshot):
    paste_doi(page, demo)
    page.wait_for_selector("#import-preview", timeout=30000)  # fetched and planned
    assert TITLE in page.inner_text("#import-preview")
    page.select_option("select[name='venue-other:PLOS Pathogens']", "new")
    page.click("#confirm-import")
    page.wait_for_selector(".messagelist", timeout=30000)  # imported by the worker
    assert "The import was applied" in page.inner_text(".messagelist")
    screenshot("demo-doi-applied")


def test_without_its_worker_the_job_s_page_says_no_worker_is_running(
    demo_without_worker, page, screenshot
):
    paste_doi(page, demo_without_worker)
    assert "Waiting for the worker" in page.inner_text("#job-progress")
    assert page.inner_text("#no-worker") == (
        "No worker is running: start one with `manage.py worker`."
    )
    screenshot("demo-no-worker")
