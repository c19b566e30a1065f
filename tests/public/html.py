"""Reading the pages the tests fetch: meta tags, JSON-LD, text."""

from __future__ import annotations

import json
from html.parser import HTMLParser


class _Head(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: list[tuple[str, str]] = []
        self.links: list[dict[str, str]] = []
        self.scripts: list[tuple[str, str]] = []
        self._script_type: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "meta" and ("name" in values or "property" in values):
            self.meta.append((values.get("name") or values["property"], values.get("content", "")))
        elif tag == "link":
            self.links.append(values)
        elif tag == "script":
            self._script_type = values.get("type", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._script_type = None

    def handle_data(self, data: str) -> None:
        if self._script_type is not None:
            self.scripts.append((self._script_type, data))


def meta_tags(html: str) -> list[tuple[str, str]]:
    """(name or property, content) of every <meta>, in order, entities decoded."""
    parser = _Head()
    parser.feed(html)
    return parser.meta


def meta(html: str, name: str) -> list[str]:
    return [content for key, content in meta_tags(html) if key == name]


def link_href(html: str, rel: str) -> str:
    parser = _Head()
    parser.feed(html)
    return next(link["href"] for link in parser.links if link.get("rel") == rel)


def json_ld(html: str) -> dict:
    parser = _Head()
    parser.feed(html)
    return json.loads(next(data for kind, data in parser.scripts if kind == "application/ld+json"))
