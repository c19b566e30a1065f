"""Build ``fixtures/demo.json`` from the readable source ``fixtures/demo_source.toml``.

The source says what the seed documents say (people, groups, venues, papers with authors as
printed); this module turns it into Django fixture records with natural keys, so the
fixture loads on top of existing data, or twice, without duplicating anything. Pure data in,
pure data out: no database. Each paper carries its search text, as the services store it.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from pubs.identifiers import arxiv_year, paper_slug
from pubs.search import paper_search_text
from pubs.venues import catalogue as ccf_catalogue

SOURCE = Path(__file__).resolve().parent.parent / "fixtures" / "demo_source.toml"
FIXTURE = SOURCE.with_name("demo.json")

#: Every record gets the same timestamps so that the fixture is reproducible byte for byte.
TIMESTAMP = "2026-11-01T00:00:00Z"

UNNAMED_AUTHOR = "..."


class DemoDataError(ValueError):
    """The demo source contradicts itself (an unknown person, a repeated slug, ...)."""


@dataclass
class _Builder:
    source: dict[str, Any]
    catalogue: list[ccf_catalogue.VenueSpec]
    records: list[dict[str, Any]] = field(default_factory=list)
    people: set[str] = field(default_factory=set)
    #: (given, family, native) name of each person, by slug.
    names: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    used_people: set[str] = field(default_factory=set)
    groups: set[str] = field(default_factory=set)
    #: (abbreviation, name) of each venue, by slug.
    venues: dict[str, tuple[str, str]] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    papers: dict[str, dict[str, Any]] = field(default_factory=dict)

    def add(self, model: str, fields: dict[str, Any]) -> None:
        self.records.append({"model": model, "fields": fields})

    def person_slug(self, slug: str, where: str) -> str:
        if slug not in self.people:
            raise DemoDataError(f"{where}: no person with slug {slug!r}")
        self.used_people.add(slug)
        return slug

    # -- people ------------------------------------------------------------------------------

    def build_people(self) -> None:
        for entry in self.source.get("people", []):
            given, _, family = entry["name"].rpartition(" ")
            slug = entry.get("slug") or slugify(entry["name"])
            if slug in self.people:
                raise DemoDataError(f"person {entry['name']!r}: slug {slug!r} is used twice")
            self.people.add(slug)
            self.names[slug] = (given, family, entry.get("native_name", ""))
            self.add(
                "people.person",
                {
                    "given_name": given,
                    "family_name": family,
                    "native_name": entry.get("native_name", ""),
                    "slug": slug,
                    "variants": entry.get("variants", []),
                    "affiliation": entry.get("affiliation", ""),
                    "homepage": entry.get("homepage", ""),
                    "github": entry.get("github", ""),
                    "bio": entry.get("bio", ""),
                    "created": TIMESTAMP,
                    "modified": TIMESTAMP,
                },
            )

    def build_groups(self) -> None:
        for entry in self.source.get("groups", []):
            self.groups.add(entry["slug"])
            self.add(
                "people.group",
                {
                    key: entry.get(key, "")
                    for key in ("name", "short_name", "slug", "institution", "department", "url")
                },
            )

    def build_memberships(self) -> None:
        for entry in self.source.get("memberships", []):
            where = f"membership of {entry['person']} in {entry['group']}"
            if entry["group"] not in self.groups:
                raise DemoDataError(f"{where}: no group {entry['group']!r}")
            self.add(
                "people.membership",
                {
                    "person": [self.person_slug(entry["person"], where)],
                    "group": [entry["group"]],
                    "role": entry["role"],
                    "start": entry.get("start"),
                    "end": entry.get("end"),
                    "note": entry.get("note", ""),
                },
            )

    def build_advising(self) -> None:
        for entry in self.source.get("advising", []):
            where = f"advising of {entry['student']} by {entry['advisor']}"
            self.add(
                "people.advising",
                {
                    "student": [self.person_slug(entry["student"], where)],
                    "advisor": [self.person_slug(entry["advisor"], where)],
                    "role": entry.get("role", "advisor"),
                    "context": entry.get("context", ""),
                },
            )

    # -- venues ------------------------------------------------------------------------------

    def build_venues(self) -> None:
        """The venues the papers cite, exactly as the CCF catalogue fixture writes them.

        So loading demo.json and ccf_venues.json in either order gives the same venues.
        """
        used = sorted({e["venue"] for e in self.source.get("papers", []) if e.get("venue")})
        known = {venue.slug: venue for venue in self.catalogue}
        unknown = [slug for slug in used if slug not in known]
        if unknown:
            raise DemoDataError(f"venues not in the CCF catalogue (fixtures/ccf/): {unknown}")
        self.venues.update((slug, (known[slug].abbreviation, known[slug].name)) for slug in used)
        self.records += ccf_catalogue.fixture_records([known[slug] for slug in used])

    # -- papers ------------------------------------------------------------------------------

    def tag_slug(self, name: str) -> str:
        slug = slugify(name)
        self.tags.setdefault(slug, name)
        return slug

    def add_paper(
        self, slug: str, paper: dict[str, Any], authors: list[dict[str, Any]], links: dict[str, str]
    ) -> None:
        if slug in self.papers:
            if self.papers[slug] != paper:
                raise DemoDataError(f"paper {slug!r} is listed twice with different data")
            return
        self.papers[slug] = paper
        venue = paper["venue"]
        search_text = paper_search_text(
            title=paper["title"],
            authors=[(a["printed_name"], *self.names[a["person"][0]]) for a in authors],
            container_title=paper["container_title"],
            venue=self.venues[venue[0]] if venue else None,
        )
        self.add("pubs.paper", {**paper, "search_text": search_text})
        for authorship in authors:
            self.add("pubs.authorship", {"paper": [slug], **authorship})
        for kind, url in links.items():
            self.add(
                "pubs.link", {"paper": [slug], "kind": kind, "url": url, "file": "", "label": ""}
            )

    def authorships(self, printed_authors: list[str], where: str) -> list[dict[str, Any]]:
        result = []
        for position, printed in enumerate(printed_authors, start=1):
            if printed == UNNAMED_AUTHOR:
                continue
            printed, _, slug = (part.strip() for part in printed.partition("|"))
            equal = printed.endswith("*")
            printed = printed.rstrip("*").strip()
            result.append(
                {
                    "person": [self.person_slug(slug or slugify(printed), where)],
                    "position": position,
                    "printed_name": printed,
                    "equal_contribution": equal,
                    "corresponding": False,
                    "affiliation": "",
                }
            )
        return result

    def paper_fields(self, entry: dict[str, Any], slug: str) -> dict[str, Any]:
        venue = entry.get("venue")
        if venue is not None and venue not in self.venues:
            raise DemoDataError(f"paper {slug!r}: no venue {venue!r}")
        for group in entry.get("groups", []):
            if group not in self.groups:
                raise DemoDataError(f"paper {slug!r}: no group {group!r}")
        text = {
            key: entry.get(key, "")
            for key in (
                "container_title",
                "volume",
                "number",
                "pages",
                "publisher",
                "address",
                "editor",
                "series",
                "institution",
                "thesis_type",
                "doi",
                "arxiv_id",
                "url",
                "abstract",
                "citation_key",
            )
        }
        return {
            "title": entry["title"],
            "slug": slug,
            "year": entry_year(entry),
            "month": entry.get("month"),
            "kind": entry["kind"],
            "status": entry.get("status", "published"),
            "venue": [venue] if venue else None,
            **text,
            "awards": "\n".join(entry.get("awards", [])),
            "selected": entry.get("selected", False),
            "is_public": True,
            "more_authors": entry.get("more_authors", False),
            "extra_fields": {},
            "tags": [[self.tag_slug(name)] for name in entry.get("tags", [])],
            "groups": [[group] for group in entry.get("groups", [])],
            "created": TIMESTAMP,
            "modified": TIMESTAMP,
        }

    def build_papers(self) -> None:
        for entry in self.source.get("papers", []):
            slug = entry.get("slug") or paper_slug(entry["title"], entry_year(entry))
            fields = self.paper_fields(entry, slug)
            authors = self.authorships(entry["authors"], f"paper {slug!r}")
            self.add_paper(slug, fields, authors, entry.get("links", {}))

    def build_patents(self) -> None:
        """Patents: the homepage's with their titles, the CV's by number only (the seeds give
        no title, date or other inventor of those: a patent's title is then its number,
        which pages and citations show once, as the patent's number). The seeds name one
        inventor of each, and the list goes on.

        A "*" after the number marks that inventor as the first; otherwise the first
        position is left empty, since someone else is (or may be) the first inventor.
        """
        patents = [
            {
                "number": number,
                "title": number,
                "inventor": group["inventor"],
                "assignee": group.get("assignee", ""),
            }
            for group in self.source.get("patent_lists", [])
            for number in group["numbers"]
        ] + list(self.source.get("patents", []))
        for entry in patents:
            number = entry["number"].rstrip("*")
            first = entry["number"].endswith("*")
            slug = slugify(number)
            fields = self.paper_fields(
                {
                    "title": entry["title"].rstrip("*"),
                    "kind": "patent",
                    "number": number,
                    "institution": entry.get("assignee", ""),
                },
                slug,
            )
            fields["more_authors"] = True
            inventors = [entry["inventor"]] if first else [UNNAMED_AUTHOR, entry["inventor"]]
            self.add_paper(slug, fields, self.authorships(inventors, f"patent {number}"), {})

    def build_tags(self) -> None:
        tag_records = [
            {"model": "pubs.tag", "fields": {"name": name, "slug": slug}}
            for slug, name in sorted(self.tags.items())
        ]
        first_paper = next(i for i, r in enumerate(self.records) if r["model"] == "pubs.paper")
        self.records[first_paper:first_paper] = tag_records

    def build(self) -> list[dict[str, Any]]:
        self.build_people()
        self.build_groups()
        self.build_memberships()
        self.build_advising()
        self.build_venues()
        self.build_papers()
        self.build_patents()
        self.build_tags()
        unused = sorted(self.people - self.used_people)
        if unused:
            raise DemoDataError(f"people who neither author nor advise anything: {unused}")
        return self.records


def entry_year(entry: dict[str, Any]) -> int | None:
    """The year a source entry gives, or the one its arXiv identifier says."""
    return entry.get("year") or arxiv_year(entry.get("arxiv_id", "")) or None


def build_records(
    source: dict[str, Any], catalogue: list[ccf_catalogue.VenueSpec]
) -> list[dict[str, Any]]:
    """The fixture records for a parsed demo source, its venues taken from the catalogue."""
    return _Builder(source, catalogue).build()


def render(records: list[dict[str, Any]]) -> str:
    """The fixture file's text: stable, readable JSON."""
    return json.dumps(records, ensure_ascii=False, indent=1) + "\n"


def build_fixture_text(source_path: Path = SOURCE) -> str:
    """Read the demo source and return the text ``fixtures/demo.json`` must have."""
    with source_path.open("rb") as handle:
        source = tomllib.load(handle)
    catalogue, _ = ccf_catalogue.load_catalogue()
    return render(build_records(source, catalogue))
