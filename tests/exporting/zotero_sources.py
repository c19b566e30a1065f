"""What Zotero's translation-server is given, and how its bodies are hashed: shared by
scripts/zotero_items/make_items.py, which asks translation-server, and
tests/exporting/test_zotero_items.py, which renders the same pages and exports with the test
client and checks that the items kept were made from them.

The data: the CCF catalogue and the demo (fixtures/ccf_venues.json and demo.json), and the
example references of GB/T 7714 (tests/data/corpus/gbt7714-examples.bib: books, chapters,
standards, patents, theses, reports, periodicals, web pages, data sets, most in Chinese)
imported on top with the real import (:func:`import_examples`).

A body is hashed after its site origin (``http://127.0.0.1:PORT`` when served, ``http://
testserver`` under the test client) is written as :data:`ORIGIN`, and its host and port
(which Zotero gives as an item's catalogue) as ``testserver``: the pages and exports carry no
token, nonce or time, so that is all that differs from one request to another.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from io import StringIO
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.core.management import call_command

#: The file of varied kinds imported on top of the demo.
EXAMPLES_FILE = Path(__file__).resolve().parents[1] / "data" / "corpus" / "gbt7714-examples.bib"
#: Where the items are kept.
ITEMS_FILE = Path(__file__).resolve().parents[1] / "data" / "zotero" / "items.json"
#: The origin the bodies and the items are written with.
ORIGIN = "http://testserver"
#: Keys of an item that change from one run to the next, left out of the items kept.
VOLATILE_KEYS = frozenset({"key", "version", "accessDate", "dateAdded", "dateModified"})
#: The lists exported whole, besides each paper's own exports.
LIST_EXPORTS = ("/publications/export.bib", "/publications/export.ris")


@dataclass(frozen=True)
class Source:
    """A page or an export Zotero reads: the page through ``/web`` (its meta tags, COinS and
    JSON-LD), an export through ``/import``."""

    path: str
    endpoint: str  # "web" or "import"
    slug: str = ""  # the paper's, for a paper's page or export; "" for a list


def sources(slugs: list[str]) -> list[Source]:
    """Every paper's page, BibTeX and RIS export, then the list exports."""
    found = []
    for slug in slugs:
        found.append(Source(f"/publications/{slug}/", "web", slug))
        found.append(Source(f"/publications/{slug}/export.bib", "import", slug))
        found.append(Source(f"/publications/{slug}/export.ris", "import", slug))
    return found + [Source(path, "import") for path in LIST_EXPORTS]


def import_examples() -> None:
    """Import :data:`EXAMPLES_FILE` as the corpus is imported (entries without a title or
    year skipped, ambiguous names made new people)."""
    options = ("--skip-invalid", "--allow-ambiguous")
    call_command("import_bibtex", str(EXAMPLES_FILE), *options, verbosity=0, stdout=StringIO())


def with_origin(text: str, origin: str) -> str:
    """``text`` with the site's origin as served written as :data:`ORIGIN`, and its host
    and port as :data:`ORIGIN`'s host."""
    text = text.replace(origin, ORIGIN)
    return text.replace(urlsplit(origin).netloc, urlsplit(ORIGIN).netloc)


def body_hash(body: bytes, origin: str) -> str:
    """The sha256 of a page or export body, its origin written as :data:`ORIGIN`."""
    text = with_origin(body.decode("utf-8"), origin)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def kept_items(items: list[dict[str, Any]], origin: str) -> list[dict[str, Any]]:
    """Items as kept: without their volatile keys, the site's origin as :data:`ORIGIN`, a
    child note's ``parentItem`` (a key made per run) as its parent's place in the list."""
    places = {item.get("key"): place for place, item in enumerate(items)}
    kept = []
    for item in items:
        item = {name: value for name, value in item.items() if name not in VOLATILE_KEYS}
        if "parentItem" in item:
            item["parentItem"] = places[item["parentItem"]]
        for attachment in item.get("attachments", []):
            for name in VOLATILE_KEYS & attachment.keys():
                del attachment[name]
        kept.append(json.loads(with_origin(json.dumps(item, ensure_ascii=False), origin)))
    return kept


def read_items() -> dict[str, Any]:
    return json.loads(ITEMS_FILE.read_text(encoding="utf-8"))
