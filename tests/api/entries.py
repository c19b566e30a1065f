"""What a public list's entries show (templates/includes/paper_entry.html), read back from
the page: the parts the API must give too."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class ShownEntry:
    slug: str
    title: str = ""
    authors: list[str] = field(default_factory=list)
    equal: list[str] = field(default_factory=list)  # the authors marked *
    venue: str = ""
    badges: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)
    versions: list[str] = field(default_factory=list)  # the hrefs of the "also:" line


class _Entries(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.entries: list[ShownEntry] = []
        self.part: str | None = None  # the part of the entry being read
        self.depth = 0  # open elements inside that part
        self.author = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        values = {name: value or "" for name, value in attrs}
        classes = values.get("class", "").split()
        if tag == "li" and "paper" in classes:
            self.entries.append(ShownEntry(values["id"].removeprefix("paper-")))
            return
        if not self.entries:
            return
        entry = self.entries[-1]
        if self.part:
            self.depth += 1
            if self.part == "authors" and tag in ("a", "strong"):
                self.author = ""
            elif self.part == "authors" and tag == "abbr":
                entry.equal.append(entry.authors[-1])
            elif self.part == "links" and tag == "a":
                entry.links.append(values["href"])
            elif self.part == "also" and tag == "a":
                entry.versions.append(values["href"])
            return
        part = next(
            (c for c in ("title", "authors", "venue", "badge", "links", "also") if c in classes),
            None,
        )
        if part and tag != "svg":
            self.part, self.depth = part, 0
            if part == "badge":
                entry.badges.append("")

    def handle_endtag(self, tag: str) -> None:
        if not self.part:
            return
        if self.depth:
            self.depth -= 1
            if self.part == "authors" and tag in ("a", "strong"):
                self.entries[-1].authors.append(self.author.strip())
            return
        self.part = None

    def handle_data(self, data: str) -> None:
        if not self.part or not self.entries:
            return
        entry = self.entries[-1]
        if self.part == "title":
            entry.title += data
        elif self.part == "authors" and self.depth:
            self.author += data
        elif self.part == "venue":
            entry.venue += data
        elif self.part == "badge":
            entry.badges[-1] += data


def shown_entries(html: str) -> list[ShownEntry]:
    """The entries of a page's list, in order."""
    parser = _Entries()
    parser.feed(html)
    for entry in parser.entries:
        entry.badges = [" ".join(badge.split()) for badge in entry.badges]
    return parser.entries
