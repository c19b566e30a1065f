"""Recorded answers served to the HTTP layer (an httpx transport): the network is never used.

A route answers the requests to one host and path (and, optionally, whose query has a given
parameter value); a request no route answers fails the test, naming its URL.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import yaml

DATA = Path(__file__).resolve().parents[1] / "data" / "sources"


@dataclass
class Route:
    host: str
    path: str
    status: int
    body: str
    headers: dict[str, str] = field(default_factory=dict)
    params: dict[str, str] = field(default_factory=dict)

    def answers(self, request: httpx.Request) -> bool:
        if request.url.host != self.host or request.url.path != self.path:
            return False
        return all(value in request.url.params.get(name, "") for name, value in self.params.items())


def cassette_interactions(name: str) -> list[dict]:
    """The interactions of the VCR cassette ``name`` (Python's vcrpy or R's vcr)."""
    recorded = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))
    return recorded.get("interactions") or recorded["http_interactions"]


class Replay(httpx.MockTransport):
    """The recorded answers, and the requests that were made (``requests``)."""

    def __init__(self) -> None:
        super().__init__(self._handle)
        self.routes: list[Route] = []
        self.requests: list[httpx.Request] = []

    def route(self, url: str, body: str, *, status: int = 200, headers=None, **params) -> None:
        parsed = httpx.URL(url)
        self.routes.append(
            Route(parsed.host, parsed.path, status, body, dict(headers or {}), params)
        )

    def cassette(self, name: str) -> None:
        """Every interaction of a VCR cassette (as habanero records them, or R's vcr:
        ``http_interactions``)."""
        for interaction in cassette_interactions(name):
            response = interaction["response"]
            body = response.get("content")
            if body is None:
                body = response["body"]["string"]
            status = int(
                response.get("status_code")
                or response["status"].get("code")
                or response["status"]["status_code"]
            )
            headers = {k: v[0] for k, v in response.get("headers", {}).items() if v}
            headers.pop("content-encoding", None)  # the body is recorded decoded
            headers.pop("content-length", None)
            headers.pop("transfer-encoding", None)
            self.route(interaction["request"]["uri"], body, status=status, headers=headers)

    def recorded(self, url: str, name: str, **params) -> None:
        """A recorded body (a file as the service sent it, or arxiv.py's JSON records)."""
        text = (DATA / name).read_text(encoding="utf-8")
        if name.endswith(".json") and name.startswith("arxiv/"):
            text = json.loads(text)["body"]
        self.route(url, text, **params)

    def fail_with(self, handler: Callable[[httpx.Request], httpx.Response]) -> None:
        """Answer every request with ``handler`` (the failure cases, written by hand)."""
        self.routes.clear()
        self._failure = handler

    def _handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        failure = getattr(self, "_failure", None)
        if failure is not None:
            return failure(request)
        for route in self.routes:
            if route.answers(request):
                return httpx.Response(
                    route.status, headers=route.headers, text=route.body, request=request
                )
        raise AssertionError(f"no recorded answer for {request.url}")
