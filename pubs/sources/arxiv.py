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
    number: str = ""
    #: The name of the form it was read by (:data:`JOURNAL_REF_FORMS`); "" for none.
    form: str = ""


#: A venue ends on a letter or a bracket ("Phys. Rev. D", "Combin."), before its volume; before
#: labelled parts, on a digit too ("Proceedings of ICML 2019, pp. 1-10").
_VENUE = r"(?P<venue>.*?[^\d\s,.;:(\-'\u2010-\u2019])"
_LABELLED_VENUE = r"(?P<venue>.*?[^\s,.;:(\-'\u2010-\u2019])"
_VOLUME = r"(?P<volume>\d+)"
_NUMBER = r"\d{1,3}(?:[-/]\d{1,3})?"  # an issue, never a year: "3", "1-2"
_NUMBER_LABEL = r"(?:no|nr|num|number|issue)\.?\s*"
#: The words that label a volume, a number or pages.
_LABELS = r"vol(?:ume)?|no|nr|num|number|issue|pp?|pages"
_PAGES = r"(?P<pages>[A-Za-z]?\d+(?:\s*(?:-+|[\u2010-\u2015])\s*[A-Za-z]?\d+)?)"
_YEAR = r"\(?(?P<year>(?:19|20)\d\d)\)?"
_NOT_A_YEAR = r"(?!\(?(?:19|20)\d\d\)?$)"  # a last number alone is the year, not pages

#: The forms of a journal reference, tried in order; the first that matches all of it (after
#: a lead-in such as "Published in") says which part is which. A volume that is a year is no
#: volume ("ICML 2019, 1-10"): the next form is tried.
JOURNAL_REF_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (name, re.compile(pattern, re.IGNORECASE))
    for name, pattern in (
        (
            # J. Algebraic Combin. 6 (1997), no. 3, 253--257; Journal of X 12 (2025) 1-9
            "volume (year) pages",
            rf"^{_VENUE}[\s,.]+{_VOLUME}\s*{_YEAR}[\s,]*"
            rf"(?:{_NUMBER_LABEL}(?P<number>{_NUMBER})[\s,]*)?(?:pp?\.\s*)?{_PAGES}?$",
        ),
        (
            # IEEE Trans. X, vol. 12, no. 3, pp. 45-67, 2020; Proceedings of ICML 2019, pp. 1-10
            "labelled",
            rf"^(?=.*\b(?:{_LABELS})\b\.?\s*\d){_LABELLED_VENUE}[\s,]+"
            rf"(?:vol(?:ume)?\.?\s*{_VOLUME}(?:\s*\((?P<number>{_NUMBER})\))?[\s,]*)?"
            rf"(?:{_NUMBER_LABEL}(?P<number_>{_NUMBER})[\s,]*)?"
            rf"(?:(?:(?:pp?\.|pages)\s*|{_NOT_A_YEAR}){_PAGES}[\s,]*)?"
            rf"(?:{_YEAR})?$",
        ),
        (
            # Phys. Rev. D 76, 044016 (2007); Phys.Rev.D76:013009,2007; Nature 123:456-460, 2019;
            # Software: Practice and Experience 51 (8), 2021
            "volume, pages, year",
            rf"^{_VENUE}[\s,.]*{_VOLUME}(?:\s*\((?P<number>{_NUMBER})\))?"
            rf"(?:[\s,:]+{_NOT_A_YEAR}{_PAGES})?(?:[\s,]*{_YEAR})?$",
        ),
        (
            # NeurIPS 2020; Accepted to CVPR 2024: the name with its year
            "name and year",
            r"^(?P<venue>.*\b(?P<year>(?:19|20)\d\d)\b.*)$",
        ),
    )
)
#: What an author writes before the reference: "Published in", "Accepted to", "To appear in".
_LEAD_IN = re.compile(
    r"^(?:(?:to\s+appear|appear(?:s|ed)?|published|accepted|presented)"
    r"(?:\s+for\s+publication)?\s+(?:in|at|to|by|as)\b|in\s*:)\s*",
    re.IGNORECASE,
)
#: What a venue cut before its volume or number may end with: "… Combin. 6 (1997), no".
_DANGLING = re.compile(
    rf"(?:[\s,.;:(]+|(?<![\w.])(?:{_LABELS})\.?)+$",
    re.IGNORECASE,
)
_YEAR_ANYWHERE = re.compile(r"\b(19[89]\d|20\d\d)\b")


def read_journal_ref(text: str) -> JournalRef:
    """The venue, volume, number, pages and year a journal reference names, as far as its
    form says (:data:`JOURNAL_REF_FORMS`): "Phys. Rev. B 85, 115117 (2012)"; "IEEE Trans. X,
    vol. 12, no. 3, pp. 45-67, 2020"; "NSDI 2024" gives the venue and the year; a form none
    matches gives the venue as written and the last year in it."""
    text = " ".join(text.split())
    reference = _LEAD_IN.sub("", text).rstrip(" .;,")
    for name, form in JOURNAL_REF_FORMS:
        match = form.match(reference)
        if match is None:
            continue
        found = {group.rstrip("_"): value for group, value in match.groupdict().items() if value}
        if _YEAR_ANYWHERE.fullmatch(found.get("volume", "")):
            continue
        venue = _tidy_venue(found.get("venue", ""))
        pages = re.sub(r"\s*(?:-+|[\u2010-\u2015])\s*", "--", found.get("pages", ""))
        return JournalRef(
            text,
            venue,
            volume=found.get("volume", ""),
            pages=pages,
            year=int(found["year"]) if "year" in found else _last_year(venue),
            number=found.get("number", ""),
            form=name,
        )
    return JournalRef(text, _tidy_venue(reference), year=_last_year(reference))


def _last_year(text: str) -> int | None:
    """The last year ``text`` names ("Proceedings of ICML 2019": 2019)."""
    years = _YEAR_ANYWHERE.findall(text)
    return int(years[-1]) if years else None


def _tidy_venue(venue: str) -> str:
    """The venue without separators or a dangling label ("vol", "no") at its end."""
    return _DANGLING.sub("", venue.strip())
