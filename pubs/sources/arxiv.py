"""arXiv, by identifier or URL: its API's Atom feed (versions, abstract, and the published
DOI and journal reference when the authors add them), and an entry's BibTeX for the import.

arXiv asks API clients for at most one request every three seconds; one request asks for up
to 100 identifiers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.etree import ElementTree

from pubs.export.bibtex import format_entry, utf8_encode
from pubs.identifiers import normalize_arxiv_id, normalize_doi, versioned_arxiv_id
from pubs.sources.http import BadAnswer, HttpClient, NotFound, Source, read_xml

ARXIV = Source("arXiv", interval=3.0, hosts=("export.arxiv.org",))
API = "https://export.arxiv.org/api/query"
#: Identifiers in one request.
BATCH = 100

_NS = {"atom": "http://www.w3.org/2005/Atom", "arxiv": "http://arxiv.org/schemas/atom"}
_VERSION = re.compile(r"v(\d+)$")


@dataclass(frozen=True)
class ArxivEntry:
    """One arXiv record, as its API's feed gives it."""

    arxiv_id: str
    version: int
    title: str
    authors: tuple[str, ...]
    summary: str
    published: str  # ISO date of the first version
    updated: str  # ISO date of this version
    doi: str = ""
    journal_ref: str = ""
    comment: str = ""
    primary_category: str = ""

    @property
    def year(self) -> int:
        return int(self.published[:4])


def entries(http: HttpClient, ids: Sequence[str]) -> list[ArxivEntry]:
    """The records of ``ids`` (identifiers or URLs), in batches of ``BATCH``: of the version
    an id names ("2405.07719v2"), else the latest."""
    found: list[ArxivEntry] = []
    normalized = [versioned_arxiv_id(text) for text in ids]
    for start in range(0, len(normalized), BATCH):
        batch = normalized[start : start + BATCH]
        params = {"id_list": ",".join(batch), "max_results": str(len(batch))}
        found.extend(read_feed(http.get(ARXIV, API, params=params).text))
    return found


def entry(http: HttpClient, arxiv_id: str) -> ArxivEntry:
    """The record of one identifier; NotFound when arXiv has none."""
    found = entries(http, [arxiv_id])
    if not found:
        raise NotFound(f"arXiv has no paper {arxiv_id}")
    return found[0]


def read_feed(xml: str) -> list[ArxivEntry]:
    """The entries of an API answer (Atom). An id arXiv does not know comes back as an entry
    titled "Error"; it is left out."""
    root = read_xml(xml, "arXiv's answer")
    if root.tag != "{http://www.w3.org/2005/Atom}feed":
        raise BadAnswer("arXiv answered something that is not its Atom feed")
    return [read_entry(node) for node in root.findall("atom:entry", _NS) if _is_paper(node)]


def read_entry(node: ElementTree.Element) -> ArxivEntry:
    url = _text(node, "atom:id")
    versioned = url.rsplit("/abs/", 1)[-1]
    version = _VERSION.search(versioned)
    doi = _text(node, "arxiv:doi")
    try:
        doi = normalize_doi(doi)
    except ValueError:
        doi = ""
    category = node.find("arxiv:primary_category", _NS)
    return ArxivEntry(
        arxiv_id=normalize_arxiv_id(versioned),
        version=int(version.group(1)) if version else 1,
        title=_text(node, "atom:title"),
        authors=tuple(_text(author, "atom:name") for author in node.findall("atom:author", _NS)),
        summary=_text(node, "atom:summary"),
        published=_text(node, "atom:published")[:10],
        updated=_text(node, "atom:updated")[:10],
        doi=doi,
        journal_ref=_text(node, "arxiv:journal_ref"),
        comment=_text(node, "arxiv:comment"),
        primary_category=category.get("term", "") if category is not None else "",
    )


def to_bibtex(found: Iterable[ArxivEntry]) -> str:
    """The entries as BibTeX the import reads as arXiv preprints (eprint, archivePrefix,
    primaryClass), with the DOI and journal reference of the published version when given."""
    texts = []
    for item in found:
        fields = [
            ("author", " and ".join(utf8_encode(name) for name in item.authors)),
            ("title", utf8_encode(item.title)),
            ("year", str(item.year)),
            ("eprint", item.arxiv_id),
            ("archiveprefix", "arXiv"),
            ("primaryclass", item.primary_category),
            ("abstract", utf8_encode(item.summary)),
        ]
        if item.doi:
            fields.append(("doi", item.doi))
        if item.journal_ref:
            fields.append(("note", utf8_encode(item.journal_ref)))
        key = "arXiv:" + item.arxiv_id.replace("/", "_")
        texts.append(format_entry("misc", key, [(n, v) for n, v in fields if v]))
    return "\n\n".join(texts) + "\n" if texts else ""


def _is_paper(node: ElementTree.Element) -> bool:
    return _text(node, "atom:title") != "Error" and "/abs/" in _text(node, "atom:id")


def _text(node: ElementTree.Element, path: str) -> str:
    found = node.find(path, _NS)
    return " ".join((found.text or "").split()) if found is not None else ""


@dataclass(frozen=True)
class JournalRef:
    """What an arXiv journal reference says: "Phys. Rev. B 85, 115117 (2012)"."""

    text: str
    venue: str
    volume: str = ""
    pages: str = ""
    year: int | None = None


_JOURNAL_REF = re.compile(
    r"^(?P<venue>.*?[^\d\s,.;:(])[\s,.]+(?P<volume>\d+)(?:\s*\(\d+\))?[\s,:]+"
    r"(?P<pages>[A-Za-z]?\d+(?:\s*[-\u2013]+\s*[A-Za-z]?\d+)?)"
)
_YEAR = re.compile(r"\b(19[89]\d|20\d\d)\b")


def read_journal_ref(text: str) -> JournalRef:
    """The venue, volume, pages and year a journal reference names, as far as its form
    says ("Phys. Rev. B 85, 115117 (2012)"; "NSDI 2024" gives the venue text and the year)."""
    text = " ".join(text.split())
    years = _YEAR.findall(text)
    year = int(years[-1]) if years else None
    match = _JOURNAL_REF.match(text)
    if match and match.group("volume") != str(year):
        pages = re.sub(r"\s*[-\u2013]+\s*", "--", match.group("pages"))
        return JournalRef(text, match.group("venue").strip(), match.group("volume"), pages, year)
    return JournalRef(text, text, year=year)
