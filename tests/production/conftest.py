"""Helpers of the production tests: the app as a separate process sees it."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
#: Variables the test run sets for itself that a production process never has.
TEST_ONLY = {"DJANGO_ALLOW_ASYNC_UNSAFE"}


@pytest.fixture
def production_env() -> dict[str, str]:
    """The environment of a production process: DEBUG off, a real secret key, one host name,
    the sources' contact address (and none of the test run's own switches, such as the
    browser tests' async override)."""
    return {
        **{name: value for name, value in os.environ.items() if name not in TEST_ONLY},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "pubs.example.org",
        "SOURCES_CONTACT": "pubs-admin@example.org",
    }


def run_python(code: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """Run ``code`` in a new interpreter in the project directory; raise if it fails."""
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """``manage.py ARGS`` in a new process; the result, whatever the exit status."""
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def database_url() -> str:
    """The URL of the test database, for another process to use it (PostgreSQL)."""
    settings = connection.settings_dict
    user = settings["USER"] or "postgres"
    host = settings["HOST"] or "127.0.0.1"
    return f"postgres://{user}@{host}:{settings['PORT'] or 5432}/{settings['NAME']}"
