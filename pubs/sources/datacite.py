"""DataCite, by DOI: the BibTeX of a work whose DOI DataCite registered (Zenodo's, arXiv's,
figshare's, most data sets' and software's), from its REST API (api.datacite.org), never by
following doi.org to the registrant's own site.

DataCite asks for at most 500 requests in 5 minutes from an address that does not identify
itself (1,000 with a contact address in the User-Agent, which the site sends when it has one):
the client keeps to the lower rate, one request every 0.6 s, whatever the site's settings.
"""

from __future__ import annotations

from urllib.parse import quote

from pubs.identifiers import normalize_doi
from pubs.sources.http import Answer, BadAnswer, HttpClient, Source

DATACITE = Source("DataCite", interval=0.6, hosts=("api.datacite.org",))
DOIS_API = "https://api.datacite.org/dois/"
BIBTEX = "application/x-bibtex"


def bibtex(http: HttpClient, doi: str) -> str:
    """The work's BibTeX, as DataCite writes it; NotFound when DataCite does not know the
    DOI."""
    return read_bibtex(http.get(DATACITE, bibtex_url(doi), accept=BIBTEX))


def bibtex_url(doi: str) -> str:
    """The REST API's BibTeX of ``doi`` (its format named in the path, as DataCite's content
    negotiation documents it for links)."""
    return DOIS_API + BIBTEX + "/" + quote(normalize_doi(doi), safe="/")


def read_bibtex(answer: Answer) -> str:
    """The BibTeX of an answer; BadAnswer when it is not BibTeX."""
    text = answer.text.strip()
    if not text.startswith("@"):
        raise BadAnswer(f"DataCite did not answer BibTeX for {answer.url}")
    return text + "\n"
