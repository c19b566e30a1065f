"""What an export knows about a paper: plain dataclasses, filled by ``pubs.queries.exporting``.

The writers (BibTeX, RIS, CSL-JSON, citations, CV lists) read only these, so they are
tested without a database.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pubs.bibtex.names import parse_name
from pubs.bibtex.versions import Version, version_of
from pubs.kinds import ENTRY_TYPE_FIELD, Kind, kind_row
from pubs.text import is_chinese

#: A container that names only a preprint server ("arXiv", "arXiv preprint arXiv:2405.14430",
#: "CoRR abs/2405.07719", "preprint arXiv:2212.05339").
_REPOSITORY_ONLY = re.compile(r"^\s*(?:preprint\s+)?(?:arxiv|corr)\b", re.IGNORECASE)


def _plain(given: str) -> bool:
    """A given name with no particle in it ("Deborah", not "Deborah van der")."""
    return bool(given) and all(word[0].isupper() or not word[0].isalpha() for word in given.split())


@dataclass(frozen=True, slots=True)
class NameParts:
    """A name as CSL's name object holds it: an organisation as one ``literal``, a person's
    given and family names, the particles ("van" of "Ludwig van Beethoven" before the
    family name, CSL's non-dropping particle; "van" of "Beethoven, Ludwig van", written
    with the given names, its dropping particle) and a suffix ("Jr.")."""

    given: str = ""
    family: str = ""
    particle: str = ""
    dropping_particle: str = ""
    suffix: str = ""
    literal: str = ""


def _leading_lower(words: list[str]) -> int:
    """How many of the words begin in lower case, the last word aside (citeproc-js's test
    of a particle: "van der Waals" -> 2)."""
    count = 0
    while count < len(words) - 1 and words[count].lstrip("-'’")[:1].islower():
        count += 1
    return count


@dataclass(slots=True)
class ExportAuthor:
    """An author as the paper prints them, and the person they are."""

    #: The name as the paper prints it ("J. Fang", "徐宏力"); the person's name when unknown.
    printed: str
    #: The person's given and family names ("Hongli", "Xu" for 徐宏力).
    given: str = ""
    family: str = ""
    #: The person's name in Chinese script, when recorded.
    native: str = ""
    #: The person's slug: who the author is, whatever the printed form.
    person: str = ""
    #: 1 for the first author; a gap before it stands for authors not recorded.
    position: int = 0
    equal: bool = False
    corresponding: bool = False
    #: A member of one of the lab's groups (lists highlight them).
    member: bool = False
    #: The person's ORCID iD ("0000-0002-1825-0097"), "" when not recorded.
    orcid: str = ""

    @property
    def organisation(self) -> bool:
        """Whether the author is named whole: recorded with a family name only, of several
        words or in Chinese script, printed as it is ("Example Standards Committee",
        北京市示例研究院), as the import records an organisation (pubs.bibtex.names)."""
        printed = " ".join(self.printed.split())
        if self.given or self.native or not printed or printed != self.family:
            return False
        return is_chinese(printed) or (" " in printed and not printed.split()[0].islower())

    def parts(self) -> NameParts:
        """The printed name's parts as CSL names them (:class:`NameParts`)."""
        if self.organisation:
            return NameParts(literal=" ".join(self.printed.split()))
        given, family, suffix = self.name_parts()
        words = family.split(" ")
        lower = _leading_lower(words) if given else 0
        given_words = given.split(" ")
        given_words.reverse()
        dropping = _leading_lower(given_words)
        given_words.reverse()
        keep = len(given_words) - dropping
        return NameParts(
            given=" ".join(given_words[:keep]),
            family=" ".join(words[lower:]),
            particle=" ".join(words[:lower]),
            dropping_particle=" ".join(given_words[keep:]),
            suffix=suffix,
        )

    def name_parts(self) -> tuple[str, str, str]:
        """(given, family with its particle, suffix) of the printed name: ("Jin", "Fang", "").

        A name in Chinese script gives the person's recorded parts ("Hongli", "Xu"), and so
        does a name printed as the person's given and family names: the import keeps a
        particle written with the given names ("Beethoven, Ludwig van": "Ludwig van",
        "Beethoven"), which CSL calls dropping, apart from one written with the family name
        ("van Beethoven, Ludwig", "Ludwig van Beethoven": "Ludwig", "van Beethoven").
        """
        printed = " ".join(self.printed.split())
        if is_chinese(printed):
            return self.given, self.family or printed, ""
        if self.given and self.family and printed == f"{self.given} {self.family}":
            return self.given, self.family, ""
        given = printed[: -len(self.family) - 1] if self.family else ""
        if printed.endswith(" " + self.family) and "," not in printed and _plain(given):
            return given, self.family, ""
        parsed = parse_name(printed)
        family = " ".join(part for part in (parsed.von, parsed.family) if part)
        return parsed.given, family or printed, parsed.jr


@dataclass(frozen=True, slots=True)
class OtherVersion:
    """Another version of a listed paper's work, folded into it (a preprint, a workshop
    version, a report): what the entry's "also:" line names and links to."""

    slug: str
    kind: str
    status: str = "published"
    year: int | None = None
    #: The booktitle or journal as the version prints it.
    container_title: str = ""
    #: The venue's short name ("arXiv", "ICAPS"), "" when it has none.
    venue: str = ""
    venue_kind: str = ""

    @property
    def version(self) -> Version:
        """Its stage and form (pubs.bibtex.versions)."""
        return version_of(self.kind, self.status, self.container_title, self.venue_kind)

    @property
    def where(self) -> str:
        """Where it appeared, shortly: the venue's short name, else as printed."""
        return self.venue or self.container_title


@dataclass(slots=True, kw_only=True)
class ExportPaper:
    """A paper with everything an export writes: its fields, authors, venue, links, rank."""

    title: str
    kind: str = "other"
    status: str = "published"
    #: The title with its LaTeX and case-protecting braces, as imported ("" when none).
    title_bibtex: str = ""
    slug: str = ""
    year: int | None = None
    month: int | None = None
    venue_abbreviation: str = ""
    venue_name: str = ""
    venue_kind: str = ""
    #: Other names of the venue (the catalogue's aliases), for the short forms CVs use.
    venue_aliases: tuple[str, ...] = ()
    #: The booktitle or journal as the paper prints it.
    container_title: str = ""
    volume: str = ""
    number: str = ""
    pages: str = ""
    publisher: str = ""
    address: str = ""
    editor: str = ""
    series: str = ""
    institution: str = ""
    thesis_type: str = ""
    doi: str = ""
    arxiv_id: str = ""
    url: str = ""
    abstract: str = ""
    tags: tuple[str, ...] = ()
    awards: tuple[str, ...] = ()
    selected: bool = False
    more_authors: bool = False
    citation_key: str = ""
    #: BibTeX fields the import kept that have no column of their own, as written.
    extra_fields: dict[str, str] = field(default_factory=dict)
    #: Link kind ("pdf", "code", "slides", ...) -> URL, the first of each kind.
    links: dict[str, str] = field(default_factory=dict)
    #: Every link as (kind, URL, label), in order: what a list entry shows.
    all_links: tuple[tuple[str, str, str], ...] = ()
    #: The venue's slug (its page), and its rank in the current CCF edition ('' unranked).
    venue_slug: str = ""
    ccf_rank: str = ""
    authors: tuple[ExportAuthor, ...] = ()
    #: "CCF A", "CCF B (A in 2022)", "" when the venue is not ranked.
    ccf_label: str = ""
    #: The other public versions of the work, folded into this one, newest first.
    other_versions: tuple[OtherVersion, ...] = ()

    @property
    def container(self) -> str:
        """Where the paper appeared: the journal or proceedings as the paper prints it, else
        the venue's name. The one description of the venue that the page, its meta tags,
        JSON-LD and COinS, and every export give."""
        return self.container_title or self.venue_name

    @property
    def entry_type(self) -> str:
        """The entry type the paper was imported from, where its kind stored does not tell
        its row of pubs.kinds's table ("standard" for a paper stored as "other")."""
        value = self.extra_fields.get(ENTRY_TYPE_FIELD, "")
        return value if isinstance(value, str) else ""

    @property
    def row(self) -> Kind:
        """The paper's row of pubs.kinds's table: its types in every format."""
        return kind_row(
            self.kind,
            container=self.container,
            institution=self.institution,
            entry_type=self.entry_type,
        )

    @property
    def repository(self) -> str:
        """The preprint server a preprint is on ("arXiv"), "" for other papers."""
        if self.kind != "preprint":
            return ""
        if self.venue_kind == "preprint_server" and self.venue_name:
            return self.venue_name
        return "arXiv" if self.arxiv_id else ""

    @property
    def journal_or_proceedings(self) -> str:
        """``container`` unless it only names the preprint server (a preprint's "arXiv
        preprint arXiv:2405.14430"): the formats that give a preprint's server and number
        fields of their own (CSL-JSON, RIS, COinS, Scholar's tags) give it there instead."""
        container = self.container
        if self.repository and (container == self.repository or _REPOSITORY_ONLY.match(container)):
            return ""
        return container

    @property
    def known_by_number(self) -> bool:
        """A patent whose title is its number (the seeds give some patents by number only):
        outputs show the number once, as the patent's number, and no title."""
        return self.kind == "patent" and self.title.strip() == self.number.strip() != ""
