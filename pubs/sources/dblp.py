"""DBLP, by person (profile URL or pid) and by publication key: their BibTeX as DBLP exports
it, whose citation keys ("DBLP:conf/nsdi/ZhangLW24") name the venue by its DBLP key, the key
the CCF catalogue resolves (pubs.venues.resolution.entry_dblp_key); and a person's XML, which
says more than the BibTeX: which author of each record is which DBLP person (pids, ORCIDs),
which records are informal (CoRR preprints), and every link of a record (DOI and arXiv).

DBLP documents no fixed rate; it answers 429 with a Retry-After when asked too often. The
client keeps to one request a second and honours Retry-After.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.etree import ElementTree

from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.sources.http import BadAnswer, HttpClient, Source, read_xml
from pubs.venues.resolution import dblp_stream

DBLP = Source("DBLP", interval=1.0, hosts=("dblp.org",))
SITE = "https://dblp.org/"

_PID = re.compile(r"^(?:[a-z]/[\w.\-]+|\d+/[\w\-]+)$")
_PROFILE = re.compile(
    r"^(?:https?://)?(?:www\.)?dblp\.(?:org|uni-trier\.de|dagstuhl\.de)/pid/(.+?)"
    r"(?:\.(?:html|xml|bib|rdf|nt|ttl))?/?(?:[?#].*)?$",
    re.IGNORECASE,
)
_RECORD = re.compile(
    r"^(?:DBLP:|(?:https?://)?(?:www\.)?dblp\.(?:org|uni-trier\.de|dagstuhl\.de)/rec/"
    r"(?:bib\d?/|xml/)?)?((?:conf|journals|books|series|phd|tr|reference|persons|phd)/[^\s?#]+?)"
    r"(?:\.(?:html|xml|bib))?(?:[?#].*)?$",
)
#: DBLP's number telling homonyms apart, after a name: "Di Xu 0001".
_HOMONYM = re.compile(r"\s+\d{4}$")
#: The XML elements of a person's records that are publications.
PUBLICATIONS = frozenset(
    {"article", "inproceedings", "incollection", "book", "proceedings", "phdthesis",
     "mastersthesis"}
)  # fmt: skip


def person_pid(text: str) -> str:
    """The pid of a DBLP person ("74/10201"), from a profile URL or a pid; "" when ``text``
    names no person."""
    text = text.strip()
    match = _PROFILE.match(text)
    pid = match.group(1) if match else text
    return pid if _PID.match(pid) else ""


def record_key(text: str) -> str:
    """The key of a DBLP record ("conf/nsdi/ZhangLW24"), from a key, a DBLP: citation key or
    a record URL; "" when ``text`` names no record."""
    match = _RECORD.match(text.strip())
    return match.group(1) if match else ""


def person_bibtex(http: HttpClient, pid: str) -> str:
    """Every publication of the person ``pid``, as BibTeX."""
    return read_bibtex(http.get(DBLP, f"{SITE}pid/{pid}.bib").text, f"person {pid}")


def person_xml(http: HttpClient, pid: str) -> DblpPerson:
    """Every publication of the person ``pid``, as their XML gives them."""
    return read_person_xml(http.get(DBLP, f"{SITE}pid/{pid}.xml").text)


def record_bibtex(http: HttpClient, key: str) -> str:
    """The publication ``key``, as BibTeX (condensed: without its proceedings' entry)."""
    return read_bibtex(http.get(DBLP, f"{SITE}rec/{key}.bib").text, f"record {key}")


def read_bibtex(text: str, what: str) -> str:
    """DBLP's BibTeX answer; BadAnswer for anything else (an HTML error page)."""
    text = text.strip()
    if not text.startswith("@"):
        raise BadAnswer(f"DBLP did not answer BibTeX for the {what}")
    return text + "\n"


@dataclass(frozen=True)
class DblpAuthor:
    """An author of a record: the name as DBLP prints it without its homonym number ("Di Xu"
    of "Di Xu 0001"), and the person's pid and ORCID when the record gives them."""

    name: str
    pid: str = ""
    orcid: str = ""

    @property
    def family(self) -> str:
        """The last word of the name, as DBLP writes names given name first."""
        return self.name.rsplit(" ", 1)[-1]


@dataclass(frozen=True)
class DblpRecord:
    """One publication of a person's XML."""

    key: str  # "journals/tvcg/XuDN11"
    kind: str  # the XML element: article, inproceedings, incollection, book, phdthesis ...
    title: str
    authors: tuple[DblpAuthor, ...]
    year: int | None = None
    venue: str = ""  # the journal or booktitle as DBLP abbreviates it ("IEEE Trans. Vis. ...")
    volume: str = ""
    number: str = ""
    pages: str = ""  # "333--344"
    doi: str = ""
    arxiv_id: str = ""
    informal: bool = False  # DBLP's publtype "informal": a preprint (CoRR) or a report

    @property
    def venue_key(self) -> str:
        """The venue's DBLP key ("journals/tvcg"), the key the CCF catalogue resolves."""
        return dblp_stream(self.key)


@dataclass(frozen=True)
class DblpPerson:
    """A person's XML: the pid, the name and the publications, in DBLP's order (newest first)."""

    pid: str
    name: str
    records: tuple[DblpRecord, ...]


def read_person_xml(xml: str) -> DblpPerson:
    """A person's XML (``<dblpperson>``) as plain data; BadAnswer for anything else."""
    root = read_xml(xml, "DBLP's answer for a person")
    if root.tag != "dblpperson":
        raise BadAnswer("DBLP answered something that is not a person's XML")
    records = []
    for wrapper in root.findall("r"):
        node = next((child for child in wrapper if child.tag in PUBLICATIONS), None)
        if node is not None and node.get("key"):
            records.append(read_record(node))
    return DblpPerson(
        pid=root.get("pid", ""), name=without_homonym(root.get("name", "")), records=tuple(records)
    )


def read_record(node: ElementTree.Element) -> DblpRecord:
    """One record (``<article key=...>``, ``<inproceedings ...>`` ...) as plain data."""
    year = _text(node, "year")
    links = [" ".join((ee.text or "").split()) for ee in node.findall("ee")]
    doi = next(filter(None, map(_doi, links)), "")
    return DblpRecord(
        key=node.get("key", ""),
        kind=node.tag,
        title=_text(node, "title").removesuffix("."),
        authors=tuple(
            DblpAuthor(
                without_homonym(" ".join((author.text or "").split())),
                author.get("pid", ""),
                author.get("orcid", ""),
            )
            for author in node.findall("author")
        ),
        year=int(year) if year.isdigit() else None,
        venue=_text(node, "journal") or _text(node, "booktitle"),
        volume=_text(node, "volume"),
        number=_text(node, "number"),
        pages=re.sub(r"\s*-+\s*", "--", _text(node, "pages")),
        doi=doi if not doi.startswith("10.48550/arxiv.") else "",
        arxiv_id=next(filter(None, map(_arxiv_id, links)), ""),
        informal=node.get("publtype") == "informal",
    )


def without_homonym(name: str) -> str:
    """A DBLP name without the number telling homonyms apart: "Di Xu" of "Di Xu 0001"."""
    return _HOMONYM.sub("", name)


def _text(node: ElementTree.Element, tag: str) -> str:
    """The text of a child, with the markup DBLP puts in titles (<i>, <sub>) read as text."""
    found = node.find(tag)
    return " ".join("".join(found.itertext()).split()) if found is not None else ""


def _doi(link: str) -> str:
    if not re.match(r"(?i)^https?://(?:dx\.)?doi\.org/", link):
        return ""
    try:
        return normalize_doi(link)
    except ValueError:
        return ""


def _arxiv_id(link: str) -> str:
    match = re.match(r"(?i)^https?://(?:dx\.)?doi\.org/10\.48550/arxiv\.(.+)$", link)
    text = match.group(1) if match else link
    if not match and not re.match(r"(?i)^https?://(?:www\.)?arxiv\.org/abs/", text):
        return ""
    try:
        return normalize_arxiv_id(text)
    except ValueError:
        return ""
