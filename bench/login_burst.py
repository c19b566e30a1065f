"""Login bursts: how many of N admin logins sent at once, for one username from one address,
learn whether their password was right, against gunicorn with the shipped configuration.

    .venv/bin/python bench/login_burst.py [--workers 2] [--burst 30] [--right-last]

It builds a database of its own on PostgreSQL (BENCH_POSTGRES, default the local server;
database labpubs_bench_logins, made again each run), with one staff user whose password is
hashed as in production, starts gunicorn (config/gunicorn.py, production settings, --workers
sync workers) and sends --burst logins with a wrong password at once, each from a browser of
its own (its own CSRF cookie). With --right-last the last one sent has the right password.

It prints how the logins were answered: "wrong password" (the login page again: that try
told right from wrong), "locked" (429: nothing learnt), "logged in"; and how many passwords
were checked (the failures counted). LOGIN_FAILURE_LIMIT (5) is the most a burst may learn.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PG = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432/")
DATABASE = "labpubs_bench_logins"
PORT = 8765
PASSWORD = "a-right-password-for-the-bench"
LOGIN = "/admin/login/?next=/admin/"


def environment(workers: int) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": PG + DATABASE,
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL": "0",
        "WEB_CONCURRENCY": str(workers),
        "GUNICORN_BIND": f"127.0.0.1:{PORT}",
        "LOG_LEVEL": "ERROR",
        "STATIC_ROOT": str(Path(tempfile.gettempdir()) / "labpubs-bench-logins-static"),
    }


def prepare(env: dict[str, str]) -> None:
    """A fresh database with the migrations and one staff user; the static files collected
    (the login page links them)."""
    admin = PG + "postgres"
    for statement in (f"DROP DATABASE IF EXISTS {DATABASE}", f"CREATE DATABASE {DATABASE}"):
        subprocess.run(["psql", admin, "-qc", statement], check=True, capture_output=True)
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    collect = [*manage, "collectstatic", "--noinput", "-v0"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True)
    create = (
        "from django.contrib.auth.models import User; "
        f"User.objects.create_user('editor', password={PASSWORD!r}, is_staff=True)"
    )
    subprocess.run([*manage, "shell", "-c", create], cwd=ROOT, env=env, check=True)


def failures(env: dict[str, str]) -> int:
    count = (
        "from axes.models import AccessAttempt; "
        "print(sum(a.failures_since_start for a in AccessAttempt.objects.all()))"
    )
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", count],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout.strip() or 0)


def browser() -> tuple[str, str]:
    """A new browser's CSRF cookie and token, from the login page."""
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
    connection.request("GET", LOGIN)
    response = connection.getresponse()
    page = response.read().decode()
    cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie", "")).group(1)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    return cookie, token


def log_in(cookie: str, token: str, password: str) -> str:
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
    body = f"csrfmiddlewaretoken={token}&username=editor&password={password}"
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Cookie": f"csrftoken={cookie}",
        "Referer": f"http://127.0.0.1:{PORT}{LOGIN}",
    }
    connection.request("POST", LOGIN, body, headers)
    response = connection.getresponse()
    response.read()
    return {200: "wrong password", 302: "logged in", 429: "locked"}.get(
        response.status, f"status {response.status}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--burst", type=int, default=30)
    parser.add_argument("--right-last", action="store_true")
    args = parser.parse_args()
    env = environment(args.workers)
    prepare(env)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                browser()
                break
            except OSError:
                time.sleep(0.2)
        browsers = [browser() for _ in range(args.burst)]
        passwords = ["wrong"] * args.burst
        if args.right_last:
            passwords[-1] = PASSWORD
        answers: list[str] = [""] * args.burst
        start = threading.Barrier(args.burst)

        def send(index: int) -> None:
            start.wait()
            answers[index] = log_in(*browsers[index], passwords[index])

        threads = [threading.Thread(target=send, args=(i,)) for i in range(args.burst)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        server.terminate()
        server.wait(timeout=30)
    counts = Counter(answers)
    print(f"{args.burst} logins at once, {args.workers} gunicorn workers, limit 5:")
    for answer, count in counts.most_common():
        print(f"  {answer}: {count}")
    print(f"  passwords checked and failed: {failures(env)}")
    if args.right_last:
        print(f"  the right password (sent last): {answers[-1]}")


if __name__ == "__main__":
    main()
