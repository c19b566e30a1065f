"""citation-js (scripts/citation_js/read.js) reading our RIS and CSL-JSON, in one Node.js
process for both."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from tests.exporting.clients.programs import require_citation_js


def read(*, ris: str, csl: str) -> dict[str, dict[str, Any]]:
    """{"ris": {"items": [...], "log": [...]}, "csl": {...}}: what citation-js made of each
    file, and what it reported while reading it."""
    folder = require_citation_js()
    done = subprocess.run(
        ["node", "read.js"],
        cwd=folder,
        input=json.dumps({"ris": ris, "csl": csl}),
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return json.loads(done.stdout)
