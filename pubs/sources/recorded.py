"""Recorded answers of the sources, served from a file (``SOURCES_RECORDINGS``): a development
worker (``manage.py demo`` in the browser tests) answers from them without the network.

The file is JSON, a list of answers::

    [{"url": "https://api.crossref.org/works/10.1126/science.169.3946.635",
      "status": 200, "headers": {"content-type": "application/json"}, "body": "..."}]

A request is answered by the first recording of its host and path whose query parameters it
has (each value contained in the request's); any other request gets a connection error. The
transport opens no connection: whatever the file says, nothing leaves the machine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import httpx


@dataclass(frozen=True)
class Recording:
    """One recorded answer, and the requests it answers."""

    url: str
    body: str
    status: int = 200
    headers: dict[str, str] = field(default_factory=dict)

    def answers(self, request: httpx.Request) -> bool:
        recorded = httpx.URL(self.url)
        if (request.url.host, request.url.path) != (recorded.host, recorded.path):
            return False
        return all(
            value in request.url.params.get(name, "") for name, value in recorded.params.items()
        )


class RecordedTransport(httpx.BaseTransport):
    """An httpx transport answering from recordings alone."""

    def __init__(self, recordings: list[Recording]) -> None:
        self.recordings = recordings

    @classmethod
    def from_file(cls, path: str | Path) -> RecordedTransport:
        """The recordings of the JSON file ``path`` (see the module's docstring)."""
        items = json.loads(Path(path).read_text(encoding="utf-8"))
        return cls([Recording(**item) for item in items])

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        for recording in self.recordings:
            if recording.answers(request):
                return httpx.Response(
                    recording.status,
                    headers=recording.headers,
                    text=recording.body,
                    request=request,
                )
        raise httpx.ConnectError(f"no recorded answer for {request.url}", request=request)
