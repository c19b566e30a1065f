"""Where the team's shared data sets are (../shared/data beside the repository).

``SHARED_DATA`` in the environment overrides it; a clone elsewhere falls back to
/work/shared/data. Tests that need a data set fail (not skip) when it cannot be found.
"""

import os
from pathlib import Path

CANDIDATES = [
    Path(os.environ["SHARED_DATA"]) if os.environ.get("SHARED_DATA") else None,
    Path(__file__).resolve().parents[2] / "shared" / "data",
    Path("/work/shared/data"),
]


def shared_data(name: str) -> Path:
    """The path of a shared data set; AssertionError naming the places looked in if missing."""
    for directory in filter(None, CANDIDATES):
        if (directory / name).exists():
            return directory / name
    places = ", ".join(str(d) for d in CANDIDATES if d)
    raise AssertionError(f"{name} not found in {places}; set SHARED_DATA to its directory")
