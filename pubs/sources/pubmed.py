"""PubMed, by PMID: the records of NCBI's E-utilities (``efetch.fcgi?db=pubmed&retmode=xml``,
the PubMed XML, whose authors carry their ORCID iDs, unlike esummary's JSON), and PMIDs as
people paste them ("PMID: 31452104", "https://pubmed.ncbi.nlm.nih.gov/31452104/").

What is read of a record: the title; the authors in order (family and given names, or a
group's name) with the ORCID iD NCBI lists (``Identifier Source="ORCID"``); the journal's
full title (without the place the NLM adds to tell namesakes apart: "Social justice (San
Francisco, Calif.)"), volume, issue, year and month; the pages (MEDLINE's "113-25" as
113--125); the DOI, the PMID and the PMC id; the abstract; its kind (a "Preprint"
publication type is a preprint, a book record a book or chapter, the rest journal
articles).

NCBI asks every client to name itself and a contact address (``tool`` and ``email``
parameters: the site's contact address) and, without an API key, to keep to three requests
a second; one request asks for up to 200 PMIDs. The answers declare PubMed's DTD (an external
one, never read): that declaration alone is taken off before the XML is read, any other is
refused as by every source.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from xml.etree import ElementTree

from people.orcid import normalize_orcid
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.sources.http import BadAnswer, HttpClient, NotFound, Source, read_xml
from pubs.sources.openlibrary import normalize_isbn
from pubs.sources.works import Creator, Work

PUBMED = Source("PubMed", interval=0.4, hosts=("eutils.ncbi.nlm.nih.gov",))
EFETCH = "https://eutils.ncbi.nlm.nih.gov/entrez/eutils/efetch.fcgi"
#: The ``tool`` parameter NCBI asks for.
TOOL = "labpubs"
#: PMIDs in one request.
BATCH = 200

_PMID = re.compile(
    r"^(?:pmid\s*:?\s*|(?:https?://)?(?:pubmed\.ncbi\.nlm\.nih\.gov/|(?:www\.)?ncbi\.nlm\.nih\.gov/pubmed/))"
    r"(\d{1,9})/?$",
    re.IGNORECASE,
)
#: PubMed's own document type declaration (public, external, no internal subset).
_PUBMED_DOCTYPE = re.compile(
    r'^(\s*(?:<\?xml[^>]*\?>)?\s*)<!DOCTYPE PubmedArticleSet PUBLIC "[^"<>\[\]]*" "[^"<>\[\]]*">'
)
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
        start=1,
    )
}
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
#: The place (and year) the NLM adds to a journal's title to tell namesakes apart:
#: "Social justice (San Francisco, Calif.)", "… (San Diego, Calif. : 1997)".
_PLACE_QUALIFIER = re.compile(r"\s+\([^()]*,[^()]*\)$")


def pmid(text: str) -> str:
    """The PMID ("31452104") of "PMID: 31452104", "pmid:31452104" or a PubMed link; "" when
    ``text`` names none (a bare number is not taken for a PMID)."""
    match = _PMID.match(text.strip())
    return str(int(match.group(1))) if match else ""


def articles(http: HttpClient, pmids: Sequence[str]) -> list[Work]:
    """The records of ``pmids`` that PubMed has, in batches of BATCH, in the order asked."""
    found: dict[str, Work] = {}
    for start in range(0, len(pmids), BATCH):
        batch = list(pmids[start : start + BATCH])
        params = {"db": "pubmed", "id": ",".join(batch), "retmode": "xml", "tool": TOOL}
        if http.contact:
            params["email"] = http.contact
        found.update(read_articles(http.get(PUBMED, EFETCH, params=params).text))
    return [found[number] for number in pmids if number in found]


def article(http: HttpClient, number: str) -> Work:
    """The record of one PMID; NotFound when PubMed has none."""
    found = articles(http, [number])
    if not found:
        raise NotFound(f"PubMed has no record {number}")
    return found[0]


def read_articles(xml: str) -> dict[str, Work]:
    """The records of an efetch answer (``<PubmedArticleSet>``), by PMID."""
    root = read_xml(_PUBMED_DOCTYPE.sub(r"\1", xml, count=1), "PubMed's answer")
    if root.tag != "PubmedArticleSet":
        raise BadAnswer("PubMed answered something that is not a set of its records")
    records = [read_article(node) for node in root.findall("PubmedArticle")]
    records += [read_book_article(node) for node in root.findall("PubmedBookArticle")]
    return {record.pmid: record for record in records if record.pmid}


def read_article(node: ElementTree.Element) -> Work:
    """One ``<PubmedArticle>``: a journal article, or a preprint."""
    citation = node.find("MedlineCitation")
    article_node = citation.find("Article") if citation is not None else None
    if citation is None or article_node is None:
        raise BadAnswer("PubMed answered an article without its citation")
    issue = article_node.find("Journal/JournalIssue")
    year, month = _date(issue.find("PubDate") if issue is not None else None)
    types = {_text(item) for item in article_node.findall("PublicationTypeList/PublicationType")}
    ids = _article_ids(node.findall("PubmedData/ArticleIdList/ArticleId"))
    doi = ids.get("doi") or _elocation_doi(article_node)
    return Work(
        source=PUBMED.name,
        kind="preprint" if "Preprint" in types else "journal",
        title=_title(article_node.find("ArticleTitle")),
        authors=_authors(article_node.find("AuthorList")),
        container=_PLACE_QUALIFIER.sub("", _text(article_node.find("Journal/Title"))),
        year=year,
        month=month,
        volume=_text(issue.find("Volume")) if issue is not None else "",
        number=_text(issue.find("Issue")) if issue is not None else "",
        pages=_pages(article_node.find("Pagination")),
        doi=doi,
        arxiv_id=_elocation_arxiv_id(article_node),
        pmid=_text(citation.find("PMID")),
        pmcid=ids.get("pmc", ""),
        abstract=_abstract(article_node.find("Abstract")),
    )


def read_book_article(node: ElementTree.Element) -> Work:
    """One ``<PubmedBookArticle>``: a chapter of a book (or a book, when it has no chapter
    title of its own)."""
    document = node.find("BookDocument")
    if document is None:
        raise BadAnswer("PubMed answered a book record without its document")
    book = document.find("Book")
    chapter = _title(document.find("ArticleTitle"))
    book_title = _title(book.find("BookTitle")) if book is not None else ""
    year, month = _date(book.find("PubDate") if book is not None else None)
    ids = _article_ids(document.findall("ArticleIdList/ArticleId"))
    # The chapter's authors are the document's; a book's, and its editors, the book's.
    lists = document.findall("AuthorList")
    lists += book.findall("AuthorList") if book is not None else []
    editors = [found for found in lists if found.get("Type") == "editors"]
    authors = [found for found in lists if found.get("Type") != "editors"]
    return Work(
        source=PUBMED.name,
        kind="chapter" if chapter else "book",
        title=chapter or book_title,
        authors=_authors(authors[0] if authors else None),
        editors=_authors(editors[0] if editors else None),
        isbn=_isbn(book.find("Isbn") if book is not None else None),
        container=book_title if chapter else "",
        year=year,
        month=month,
        publisher=_text(book.find("Publisher/PublisherName")) if book is not None else "",
        address=_text(book.find("Publisher/PublisherLocation")) if book is not None else "",
        doi=ids.get("doi", ""),
        pmid=_text(document.find("PMID")),
        abstract=_abstract(document.find("Abstract")),
    )


def _authors(node: ElementTree.Element | None) -> tuple[Creator, ...]:
    if node is None:
        return ()
    found = []
    for author in node.findall("Author"):
        group = _text(author.find("CollectiveName"))
        if group:
            found.append(Creator(group, organisation=True))
            continue
        family, given = _text(author.find("LastName")), _text(author.find("ForeName"))
        given = given or _text(author.find("Initials"))
        if not family:
            continue
        found.append(
            Creator(f"{given} {family}".strip(), family=family, given=given, orcid=_orcid(author))
        )
    return tuple(found)


def _orcid(author: ElementTree.Element) -> str:
    for identifier in author.findall("Identifier"):
        if identifier.get("Source", "").upper() == "ORCID":
            try:
                return normalize_orcid(_text(identifier))
            except ValueError:
                continue
    return ""


def _title(node: ElementTree.Element | None) -> str:
    """A title as text (its markup read as text), without the full stop PubMed ends it with."""
    text = _text(node)
    return text[:-1] if text.endswith(".") and not text.endswith("..") else text


def _date(node: ElementTree.Element | None) -> tuple[int | None, int | None]:
    """The year and month of a ``PubDate``: Year and Month, or MEDLINE's free "1998 Dec"."""
    if node is None:
        return None, None
    year_text = _text(node.find("Year")) or _text(node.find("MedlineDate"))
    found = _YEAR.search(year_text)
    month_text = _text(node.find("Month")).lower()
    if not month_text and (medline := _text(node.find("MedlineDate"))):
        month_text = next((w for w in medline.lower().split() if w[:3] in _MONTHS), "")
    month = int(month_text) if month_text.isdigit() else _MONTHS.get(month_text[:3])
    return (int(found.group(1)) if found else None), (month if month in range(1, 13) else None)


def _pages(node: ElementTree.Element | None) -> str:
    """The page range: StartPage and EndPage, else MEDLINE's "113-25" with its end whole."""
    if node is None:
        return ""
    start, end = _text(node.find("StartPage")), _text(node.find("EndPage"))
    if not start:
        start, _, end = _text(node.find("MedlinePgn")).partition("-")
        if start.isdigit() and end.isdigit() and len(end) < len(start):
            end = start[: len(start) - len(end)] + end
    return f"{start}--{end}" if start and end and start != end else start


def _article_ids(nodes: list[ElementTree.Element]) -> dict[str, str]:
    ids: dict[str, str] = {}
    for node in nodes:
        kind, value = node.get("IdType", ""), _text(node)
        if kind == "doi":
            try:
                value = normalize_doi(value)
            except ValueError:
                continue
        if value:
            ids.setdefault(kind, value)
    return ids


def _elocation_doi(article_node: ElementTree.Element) -> str:
    for node in article_node.findall("ELocationID"):
        if node.get("EIdType") == "doi" and node.get("ValidYN", "Y") == "Y":
            try:
                return normalize_doi(_text(node))
            except ValueError:
                continue
    return ""


def _elocation_arxiv_id(article_node: ElementTree.Element) -> str:
    """The arXiv id of a preprint PubMed lists from arXiv (its ``pii``: "arXiv:2304.02112v2")."""
    for node in article_node.findall("ELocationID"):
        value = _text(node)
        if node.get("EIdType") == "pii" and value.lower().startswith("arxiv:"):
            try:
                return normalize_arxiv_id(value)
            except ValueError:
                continue
    return ""


def _isbn(node: ElementTree.Element | None) -> str:
    """A book's ISBN as ISBN-13, "" when it has none or a wrong one."""
    try:
        return normalize_isbn(_text(node)) if node is not None else ""
    except ValueError:
        return ""


def _abstract(node: ElementTree.Element | None) -> str:
    if node is None:
        return ""
    return " ".join(_text(part) for part in node.findall("AbstractText") if _text(part))


def _text(node: ElementTree.Element | None) -> str:
    return " ".join("".join(node.itertext()).split()) if node is not None else ""
