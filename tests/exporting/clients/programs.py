"""The outside programs the clients' tests run: skipped where one is missing, unless
REQUIRE_E2E is set (as CI sets it, and as the browser tests do): then a missing program
fails the run, naming the package that brings it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CITATION_JS = ROOT / "scripts" / "citation_js"
#: Program -> the Debian package that installs it (.ci/run installs them when missing).
PACKAGES = {
    "pdflatex": "texlive-latex-base",
    "bibtex": "texlive-latex-base",
    "biber": "biber",
    "kpsewhich": "texlive-latex-base",
    "node": "nodejs",
}


def require(*programs: str) -> None:
    """Skip (or, with REQUIRE_E2E, fail) unless every program is on the PATH."""
    missing = [name for name in programs if shutil.which(name) is None]
    if missing:
        unavailable(
            f"{', '.join(missing)} missing: apt-get install --no-install-recommends "
            + " ".join(sorted({PACKAGES[name] for name in missing}))
        )


def require_citation_js() -> Path:
    """The folder of the citation-js reader, with its npm packages installed."""
    require("node")
    if not (CITATION_JS / "node_modules" / "@citation-js" / "core").exists():
        unavailable(f"citation-js is not installed: run `npm ci` in {CITATION_JS}")
    return CITATION_JS


def unavailable(reason: str) -> None:
    """Skip the test, or fail it under REQUIRE_E2E, saying what is missing."""
    if os.environ.get("REQUIRE_E2E"):
        pytest.fail(reason)
    pytest.skip(reason)
