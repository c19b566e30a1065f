"""What a pasted identifier names: a DOI, an arXiv paper, a DBLP person or a DBLP record, a
book by its ISBN, a PubMed record by its PMID, or a person by their ORCID iD."""

from __future__ import annotations

import re
from dataclasses import dataclass

from people.orcid import normalize_orcid
from pubs.identifiers import arxiv_id_and_version, normalize_doi, trim_pasted
from pubs.sources.dblp import person_pid, record_key
from pubs.sources.openlibrary import normalize_isbn
from pubs.sources.pubmed import pmid

DOI, ARXIV, DBLP_PERSON, DBLP_RECORD = "doi", "arxiv", "dblp_person", "dblp_record"
ISBN, PMID, ORCID = "isbn", "pmid", "orcid"

#: At most this many identifiers in one paste.
MAX_IDENTIFIERS = 200

#: One piece of a paste: an identifier, with the label people write before it ("DOI:
#: 10.1145/…", "arXiv: 2405.07719", "DOI 10.1145/…"), between spaces, commas or semicolons.
_PIECE = re.compile(
    r"(?:\b(?:(?:doi|arxiv)(?:\s*:\s*|\s+(?=10\.|\d{4}\.\d))"
    r"|(?:isbn(?:-?1[03])?|pmid|orcid(?:\s*id)?)(?:\s*:\s*|\s+(?=\d)))(?=[^\s,;]))?[^\s,;]+",
    re.I,
)
#: What is an ORCID iD and nothing else: its link, "ORCID: …", or the iD with its hyphens.
_ORCID_LIKE = re.compile(
    r"^(?:(?:https?://)?(?:www\.)?orcid\.org/|orcid\b|\d{4}-\d{4}-\d{4}-\d{3}[\dXx]$)", re.I
)
#: An ISBN as pasted: after its label, or 10 or 13 digits with hyphens or none.
_ISBN_LIKE = re.compile(r"^(?:isbn\b|97[89][\d-]{10,14}$|[\d-]{9,12}[\dXx]$)", re.I)
_ARXIV_URL = re.compile(r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/", re.I)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.I)


@dataclass(frozen=True)
class Identifier:
    kind: str  # DOI, ARXIV, DBLP_PERSON, DBLP_RECORD, ISBN, PMID or ORCID
    #: Normalised: "10.1145/…", "2405.07719", "74/10201", "conf/nsdi/ZhangLW24",
    #: "9780262033848" (an ISBN-10 as its ISBN-13), "31452104", "0000-0002-1825-0097".
    value: str
    text: str  # as pasted
    #: The arXiv version pasted ("2405.07719v2": 2); None for the latest, or another kind.
    version: int | None = None

    @property
    def versioned(self) -> str:
        """The value with its version, as arXiv's API is asked for it ("2405.07719v2")."""
        return f"{self.value}v{self.version}" if self.version else self.value


def read_identifiers(text: str) -> tuple[list[Identifier], list[str]]:
    """The identifiers of a paste (separated by spaces, commas, semicolons or lines), each
    once (an arXiv paper once whatever its versions), and the pieces that are none, to tell
    the user: a piece that is none takes nothing from the others."""
    found: dict[tuple[str, str], Identifier] = {}
    unknown: list[str] = []
    for piece in _PIECE.findall(text):
        identifier = read_identifier(piece)
        if identifier is None:
            unknown.append(piece)
        else:
            found.setdefault((identifier.kind, identifier.value), identifier)
    return list(found.values()), unknown


def read_identifier(text: str) -> Identifier | None:
    """What ``text`` names, or None."""
    text = trim_pasted(text)
    if number := pmid(text):
        return Identifier(PMID, number, text)
    if _ORCID_LIKE.match(text):
        return _checked(ORCID, normalize_orcid, text)
    if _ISBN_LIKE.match(text):
        return _checked(ISBN, normalize_isbn, text)
    if "dblp." in text.lower() or text.startswith("DBLP:"):
        if key := record_key(text):
            return Identifier(DBLP_RECORD, key, text)
        if pid := person_pid(text):
            return Identifier(DBLP_PERSON, pid, text)
        return None
    if _ARXIV_URL.match(text) or text.lower().startswith("arxiv:"):
        return _arxiv(text)
    try:
        doi = normalize_doi(text)
    except ValueError:
        doi = ""
    if doi:
        arxiv_doi = _ARXIV_DOI.match(doi)  # arXiv's own DOI: the paper on arXiv
        return _arxiv(arxiv_doi.group(1), text) if arxiv_doi else Identifier(DOI, doi, text)
    if arxiv := _arxiv(text):
        return arxiv
    if key := record_key(text):
        return Identifier(DBLP_RECORD, key, text)
    if pid := person_pid(text):
        return Identifier(DBLP_PERSON, pid, text)
    return None


def _checked(kind: str, normalize, text: str) -> Identifier | None:
    """The identifier ``normalize`` reads from ``text``: None when its check digit is wrong."""
    try:
        value = normalize(text)
    except ValueError:
        return None
    return Identifier(kind, value, text) if value else None


def _arxiv(value: str, text: str = "") -> Identifier | None:
    try:
        arxiv_id, version = arxiv_id_and_version(value)
    except ValueError:
        return None
    return Identifier(ARXIV, arxiv_id, text or value, version) if arxiv_id else None
