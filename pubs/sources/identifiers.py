"""What a pasted identifier names: a DOI, an arXiv paper, a DBLP person or a DBLP record."""

from __future__ import annotations

import re
from dataclasses import dataclass

from pubs.identifiers import arxiv_id_and_version, normalize_doi, trim_pasted
from pubs.sources.dblp import person_pid, record_key

DOI, ARXIV, DBLP_PERSON, DBLP_RECORD = "doi", "arxiv", "dblp_person", "dblp_record"

#: At most this many identifiers in one paste.
MAX_IDENTIFIERS = 200

#: One piece of a paste: an identifier, with the label people write before it ("DOI:
#: 10.1145/…", "arXiv: 2405.07719", "DOI 10.1145/…"), between spaces, commas or semicolons.
_PIECE = re.compile(
    r"(?:\b(?:doi|arxiv)(?:\s*:\s*|\s+(?=10\.|\d{4}\.\d))(?=[^\s,;]))?[^\s,;]+", re.I
)
_ARXIV_URL = re.compile(r"^(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/", re.I)
_ARXIV_DOI = re.compile(r"^10\.48550/arxiv\.(.+)$", re.I)


@dataclass(frozen=True)
class Identifier:
    kind: str  # DOI, ARXIV, DBLP_PERSON or DBLP_RECORD
    value: str  # normalised: "10.1145/…", "2405.07719", "74/10201", "conf/nsdi/ZhangLW24"
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


def _arxiv(value: str, text: str = "") -> Identifier | None:
    try:
        arxiv_id, version = arxiv_id_and_version(value)
    except ValueError:
        return None
    return Identifier(ARXIV, arxiv_id, text or value, version) if arxiv_id else None
