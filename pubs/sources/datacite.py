"""DataCite, by DOI: the record of a work whose DOI DataCite registered (Zenodo's, figshare's,
Dryad's, arXiv's, most data sets' and software's, conference series such as LIPIcs), read from
its REST API's JSON (``GET https://api.datacite.org/dois/{doi}``), never by following doi.org
to the registrant's own site.

What is read of a record (``data.attributes``): the title; the creators in order, each with
family and given names when DataCite parts them, and the ORCID iD among its
``nameIdentifiers``; the container (a journal, a proceedings series) with its volume, issue
and pages; the publication year; the publisher; the version of software; the DOI (arXiv's
DOI as the arXiv id); the abstract; the versions and preprints the record names
(``relatedIdentifiers``: IsVersionOf, HasVersion, IsPreprintOf …). Its kind is
``types.resourceTypeGeneral`` mapped to ours (:data:`KINDS`): software and data sets are
kinds of their own.

DataCite asks for at most 500 requests in 5 minutes from an address that does not identify
itself (1,000 with a contact address in the User-Agent, which the site sends when it has one):
the client keeps to the lower rate, one request every 0.6 s, whatever the site's settings.
"""

from __future__ import annotations

from urllib.parse import quote

from people.orcid import normalize_orcid
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.sources.http import BadAnswer, HttpClient, Source
from pubs.sources.works import Creator, Relation, Work

DATACITE = Source("DataCite", interval=0.6, hosts=("api.datacite.org",))
DOIS_API = "https://api.datacite.org/dois/"
JSON_API = "application/vnd.api+json"

#: DataCite's resourceTypeGeneral -> the row of pubs.kinds's table (anything else: "other").
KINDS = {
    "JournalArticle": "journal",
    "ConferencePaper": "conference",
    "ConferenceProceeding": "book",
    "Preprint": "preprint",
    "Book": "book",
    "BookChapter": "chapter",
    "Dissertation": "thesis",
    "Report": "report",
    "Software": "software",
    "ComputationalNotebook": "software",
    "Dataset": "dataset",
}
#: For a record whose general type is "Text" (DataCite's default), the BibTeX type it gives.
TEXT_KINDS = {"article": "journal", "inproceedings": "conference", "phdthesis": "thesis"}
#: The relations that name another version of the same work, kept with the record.
VERSION_RELATIONS = frozenset(
    {
        "IsVersionOf", "HasVersion", "IsNewVersionOf", "IsPreviousVersionOf", "IsPreprintOf",
        "HasPreprint", "IsIdenticalTo", "IsVariantFormOf", "IsOriginalFormOf",
    }
)  # fmt: skip
_ARXIV_DOI = "10.48550/arxiv."


def work(http: HttpClient, doi: str) -> Work:
    """The record of ``doi``; NotFound when DataCite does not know the DOI."""
    return read_work(http.get(DATACITE, work_url(doi), accept=JSON_API).json())


def work_url(doi: str) -> str:
    """The REST API's record of ``doi``."""
    return DOIS_API + quote(normalize_doi(doi), safe="/")


def read_work(data: object) -> Work:
    """A REST API answer ({"data": {"attributes": {...}}}) as a Work; BadAnswer for an
    answer that holds no record."""
    record = data.get("data") if isinstance(data, dict) else None
    attributes = record.get("attributes") if isinstance(record, dict) else None
    if not isinstance(attributes, dict) or not attributes.get("doi"):
        raise BadAnswer("DataCite's REST API answered no record of a DOI")
    return read_attributes(attributes)


def read_attributes(attributes: dict) -> Work:
    """One record's ``attributes`` as a Work."""
    doi = normalize_doi(str(attributes["doi"]))
    arxiv_id = ""
    if doi.startswith(_ARXIV_DOI):
        arxiv_id, doi = normalize_arxiv_id(doi.removeprefix(_ARXIV_DOI)), ""
    container = _published_in(attributes.get("relatedItems")) or attributes.get("container")
    if not isinstance(container, dict):
        container = {}
    types = attributes.get("types") or {}
    kind = _kind(types if isinstance(types, dict) else {})
    return Work(
        source=DATACITE.name,
        kind=kind,
        title=_title(attributes.get("titles")),
        authors=tuple(_creator(item) for item in _dicts(attributes.get("creators"))),
        container=_container_title(container) if kind != "software" else "",
        year=_year(attributes.get("publicationYear")),
        volume=_text(container.get("volume")),
        number=_text(container.get("issue")),
        pages=_pages(container),
        publisher=_publisher(attributes.get("publisher")),
        doi=doi,
        arxiv_id=arxiv_id,
        version=_text(attributes.get("version")) if kind in ("software", "dataset") else "",
        abstract=_abstract(attributes.get("descriptions")),
        relations=_relations(attributes.get("relatedIdentifiers")),
    )


def _published_in(related: object) -> dict | None:
    """The journal, proceedings or book the record says it is published in (``relatedItems``,
    the schema's 4.4 form, fuller than ``container``): its titles, volume, issue, pages."""
    for item in _dicts(related):
        if item.get("relationType") == "IsPublishedIn" and item.get("relatedItemType") in (
            "Journal", "ConferenceProceeding", "Book", "BookChapter",
        ):  # fmt: skip
            return {
                "titles": item.get("titles"),
                "type": item.get("relatedItemType"),
                "volume": item.get("volume"),
                "issue": item.get("issue"),
                "firstPage": item.get("firstPage"),
                "lastPage": item.get("lastPage"),
            }
    return None


def _container_title(container: dict) -> str:
    """A container's title: the ``container``'s, or a related item's; of proceedings, its
    subtitle when it has one (LIPIcs titles a volume "LIPIcs, Volume 22, TQC 2013" and
    names the conference in the subtitle)."""
    if "titles" not in container:
        return _text(container.get("title"))
    titles = _dicts(container.get("titles"))
    subtitle = next((t for t in titles if t.get("titleType") == "Subtitle"), None)
    if container.get("type") == "ConferenceProceeding" and subtitle:
        return " ".join(_text(subtitle.get("title")).split())
    main = next((t for t in titles if not t.get("titleType")), None)
    return " ".join(_text(main.get("title")).split()) if main else ""


def _kind(types: dict) -> str:
    general = _text(types.get("resourceTypeGeneral"))
    if general in KINDS:
        return KINDS[general]
    return TEXT_KINDS.get(_text(types.get("bibtex")), "other")


def _creator(item: dict) -> Creator:
    """A creator: a person with their parted names and ORCID iD, or an organisation."""
    name = " ".join(_text(item.get("name")).split())
    orcid = ""
    for identifier in _dicts(item.get("nameIdentifiers")):
        if _text(identifier.get("nameIdentifierScheme")).upper() == "ORCID":
            try:
                orcid = normalize_orcid(_text(identifier.get("nameIdentifier")))
            except ValueError:
                continue
            break
    if item.get("nameType") == "Organizational":
        return Creator(name, organisation=True)
    family, given = _text(item.get("familyName")), _text(item.get("givenName"))
    if not family and "," in name:
        family, _, given = (part.strip() for part in name.partition(","))
    return Creator(name, family=family, given=given, orcid=orcid)


def _title(titles: object) -> str:
    """The main title (the first without a titleType; a subtitle joined to it)."""
    found = _dicts(titles)
    main = next((t for t in found if not t.get("titleType")), found[0] if found else {})
    title = " ".join(_text(main.get("title")).split())
    if title.endswith(".") and not title.endswith(".."):
        title = title[:-1]  # a full stop ends a sentence, not a title
    subtitle = next((t for t in found if t.get("titleType") == "Subtitle"), None)
    if subtitle and _text(subtitle.get("title")):
        title = f"{title}: {' '.join(_text(subtitle.get('title')).split())}"
    return title


def _publisher(value: object) -> str:
    """The publisher: a name, or (in the API's newer form) an object with one."""
    if isinstance(value, dict):
        value = value.get("name")
    return " ".join(_text(value).split())


def _pages(container: dict) -> str:
    first, last = _text(container.get("firstPage")), _text(container.get("lastPage"))
    return f"{first}--{last}" if first and last and first != last else first


def _abstract(descriptions: object) -> str:
    for item in _dicts(descriptions):
        if item.get("descriptionType") == "Abstract":
            return " ".join(_text(item.get("description")).split())
    return ""


def _relations(related: object) -> tuple[Relation, ...]:
    """The other versions the record names, by DOI (arXiv's DOI as the arXiv id) or URL."""
    found = []
    for item in _dicts(related):
        kind = _text(item.get("relationType"))
        scheme = _text(item.get("relatedIdentifierType"))
        value = _text(item.get("relatedIdentifier"))
        if kind not in VERSION_RELATIONS or not value:
            continue
        if scheme == "DOI":
            try:
                value = normalize_doi(value)
            except ValueError:
                continue
        elif scheme == "arXiv":
            value = f"{_ARXIV_DOI}{value.lower().removeprefix('arxiv:')}"
        elif scheme != "URL":
            continue
        found.append(Relation(kind, value))
    return tuple(found)


def _year(value: object) -> int | None:
    text = _text(value)
    return int(text[:4]) if text[:4].isdigit() else None


def _dicts(value: object) -> list[dict]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _text(value: object) -> str:
    return str(value).strip() if isinstance(value, str | int) else ""
