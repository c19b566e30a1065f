"""A plain page of another site (another port, so another origin) that embeds a list of the
site under test with the <script> and the <iframe> of docs/api.md."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>A researcher's homepage</title>
  <style>
    body {{ font-family: Georgia, serif; max-width: 60rem; margin: 0 auto; padding: 1rem; }}
    .labpubs-embed {{ --labpubs-accent: #8e24aa; }}
    iframe {{ width: 100%; height: 40rem; border: 1px solid #ccc; }}
  </style>
</head>
<body>
  <h1>A researcher's homepage</h1>
  <h2 id="script-form">Publications (script)</h2>
  <script src="{site}/static/js/embed.js" data-{kind}="{slug}" async></script>
  <h2 id="iframe-form">Publications (iframe)</h2>
  <iframe src="{site}/api/v1/embed/{path}/{slug}/" title="Publications"></iframe>
</body>
</html>
"""


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        pass


@contextmanager
def host_page(folder: Path, site: str, slug: str, kind: str = "person") -> Iterator[str]:
    """Serve the host page for the list of the person (or ``kind="group"``) ``slug`` of
    ``site`` from 127.0.0.1 on a free port; yields its URL."""
    path = "people" if kind == "person" else "groups"
    (folder / "index.html").write_text(PAGE.format(site=site, kind=kind, slug=slug, path=path))
    handler = functools.partial(_Quiet, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    finally:
        server.shutdown()
        server.server_close()
