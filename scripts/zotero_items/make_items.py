"""Make the Zotero items of tests/data/zotero/items.json again: what Zotero's
translation-server reads from every paper page and every BibTeX and RIS export of the demo.

    .venv/bin/python scripts/zotero_items/make_items.py [--source DIR]

translation-server (https://github.com/zotero/translation-server, AGPL-3.0) is not on npm:
without ``--source`` it is cloned with its submodules (the translators, the translate and
utilities modules, the schema) into ~/.cache/labpubs-zotero/translation-server and its
packages installed with ``npm ci``; ``--source DIR`` uses a checkout already there (with
its submodules and ``node_modules``). It needs git and Node.js, so it runs outside CI.

What it does: loads fixtures/ccf_venues.json and demo.json into a temporary SQLite database
and imports tests/data/corpus/gbt7714-examples.bib on top (the data
tests/exporting/test_zotero_items.py renders the pages from), serves the site with
``manage.py runserver`` on a free local port, starts translation-server on another, and asks
it for every source of tests/exporting/zotero_sources.py: a paper's page through ``/web``,
an export through ``/import``. It keeps each source's items (without the keys that change
per run) with the sha256 of the body it was made from, and prints the items per item type.
"""

from __future__ import annotations

import argparse
import collections
import json
import logging
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
REPOSITORY = "https://github.com/zotero/translation-server"
CHECKOUT = Path.home() / ".cache" / "labpubs-zotero" / "translation-server"
#: Seconds a server is given to start, and translation-server to answer one source.
START_SECONDS = 60
ANSWER_SECONDS = 120


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--source", type=Path, help="a translation-server checkout with its submodules"
    )
    source = parser.parse_args().source or checkout()
    if not (source / "node_modules").exists():
        subprocess.run(["npm", "ci"], cwd=source, check=True)
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as directory:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{directory}/zotero.sqlite3"}
        env.update(DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings")
        os.environ.update(env)
        slugs = site_slugs()
        site_port, zotero_port = free_port(), free_port()
        site_log = Path(directory) / "runserver.log"
        site = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{site_port}", "--noreload"],
            cwd=ROOT,
            env=env,
            stdout=site_log.open("wb"),
            stderr=subprocess.STDOUT,
        )
        zotero_config = json.dumps({"port": zotero_port, "host": "127.0.0.1"})
        zotero = subprocess.Popen(
            ["node", "src/server.js"],
            cwd=source,
            env={**os.environ, "NODE_CONFIG": zotero_config, "DEBUG_LEVEL": "0"},
            stdout=subprocess.DEVNULL,
        )
        try:
            origin = f"http://127.0.0.1:{site_port}"
            wait_for(f"{origin}/", log=site_log)
            wait_for(f"http://127.0.0.1:{zotero_port}/", any_answer=True)
            kept = ask_every_source(slugs, origin, f"http://127.0.0.1:{zotero_port}")
        finally:
            for process in (site, zotero):
                process.terminate()
                process.wait()
    from tests.exporting.zotero_sources import ITEMS_FILE

    versions = {
        "translation-server": commit(source),
        "translators": commit(source / "modules" / "translators"),
    }
    ITEMS_FILE.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({**versions, "sources": kept}, ensure_ascii=False, indent=1, sort_keys=True)
    ITEMS_FILE.write_text(text + "\n", encoding="utf-8")
    report(kept)
    print(f"Wrote {ITEMS_FILE.relative_to(ROOT)}.")


def checkout() -> Path:
    """translation-server with its submodules, cloned once into the cache."""
    if not CHECKOUT.exists():
        CHECKOUT.parent.mkdir(parents=True, exist_ok=True)
        clone = ["git", "clone", "--recurse-submodules", REPOSITORY, str(CHECKOUT)]
        subprocess.run(clone, check=True)
    return CHECKOUT


def commit(repository: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repository, capture_output=True, text=True, check=True
    ).stdout.strip()


def site_slugs() -> list[str]:
    """The slugs of the papers with a page, in a fresh database of the demo and the
    examples."""
    import django
    from django.core.management import call_command

    django.setup()
    from pubs.queries import selectors
    from tests.exporting.zotero_sources import import_examples

    logging.getLogger("httpx").setLevel(logging.WARNING)
    call_command("migrate", verbosity=0)
    call_command("loaddata", "ccf_venues", "demo", verbosity=0)
    import_examples()
    return list(selectors.public_versions().values_list("slug", flat=True))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(url: str, *, any_answer: bool = False, log: Path | None = None) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            answer = httpx.get(url, timeout=5)
        except httpx.TransportError:
            time.sleep(0.5)
            continue
        if any_answer or answer.is_success:
            return
        time.sleep(0.5)
    told = log.read_text(encoding="utf-8", errors="replace")[-2000:] if log else ""
    raise SystemExit(f"{url} did not answer within {START_SECONDS} s\n{told}")


def ask_every_source(slugs: list[str], origin: str, zotero: str) -> dict[str, dict]:
    """Each source's body hash and the items translation-server made of it, by path."""
    from tests.exporting.zotero_sources import body_hash, kept_items, sources

    kept = {}
    with httpx.Client(timeout=ANSWER_SECONDS) as client:
        for source in sources(slugs):
            body = client.get(f"{origin}{source.path}").raise_for_status().content
            data = f"{origin}{source.path}".encode() if source.endpoint == "web" else body
            answer = client.post(
                f"{zotero}/{source.endpoint}",
                content=data,
                headers={"Content-Type": "text/plain; charset=utf-8"},
            )
            # 501: no translator found anything, which the items kept say as none.
            if answer.status_code not in (200, 501):
                raise SystemExit(f"{source.path}: translation-server {answer.status_code}")
            items = answer.json() if answer.status_code == 200 else []
            kept[source.path] = {
                "endpoint": source.endpoint,
                "sha256": body_hash(body, origin),
                "items": kept_items(items, origin),
            }
            print(f"{source.path}: {len(items)} item(s)", file=sys.stderr)
    return kept


def report(kept: dict[str, dict]) -> None:
    """The items per item type, of the pages and of each kind of export."""
    counts: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for path, source in kept.items():
        kind = "page" if source["endpoint"] == "web" else path.rsplit(".", 1)[-1]
        if "/publications/export." in path:
            kind = f"list {kind}"
        counts[kind].update(item["itemType"] for item in source["items"])
        if not source["items"]:
            counts[kind]["(none)"] += 1
    for kind, counter in sorted(counts.items()):
        print(f"{kind}: " + ", ".join(f"{name} {n}" for name, n in counter.most_common()))


if __name__ == "__main__":
    main()
