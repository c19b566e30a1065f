"""The site's side of the sources (pubs.sources): the HTTP client it uses (with the site-wide
turns and circuit breaker of pubs.services.source_gate), and the BibTeX of pasted identifiers,
which an import then previews like any file (pubs.jobs.imports)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.conf import settings

from pubs.services.shared_cache import GuardedCache
from pubs.services.source_gate import DatabaseGate
from pubs.sources import arxiv, crossref, datacite, dblp, openlibrary, orcid, pubmed
from pubs.sources.http import HttpClient, NotFound, SourceError
from pubs.sources.identifiers import (
    ARXIV,
    DBLP_PERSON,
    DBLP_RECORD,
    DOI,
    ISBN,
    ORCID,
    PMID,
    Identifier,
)
from pubs.sources.works import to_bibtex


def source_client() -> HttpClient:
    """The client every request to a source goes through: the site's contact address
    (SOURCES_CONTACT), the site's cache (left alone while it fails:
    pubs.services.shared_cache), the network (or SOURCES_TRANSPORT's answers), and each
    source's turn, site-wide (always: recorded answers served to tests take their turns
    too, at the sources' own rates)."""
    return HttpClient(
        contact=settings.SOURCES_CONTACT,
        cache=GuardedCache(),
        transport=settings.SOURCES_TRANSPORT,
        attempts=settings.SOURCES_ATTEMPTS,
        gate=DatabaseGate(),
    )


def doi_bibtex(http: HttpClient, doi: str) -> str:
    """The BibTeX of ``doi`` from the registry that knows it: Crossref, else DataCite (each
    record read from the registry's JSON, authors with their ORCID iDs); a NotFound naming
    both when neither does."""
    try:
        return to_bibtex([crossref.record(http, doi)])
    except NotFound:
        pass
    try:
        return to_bibtex([datacite.work(http, doi)])
    except NotFound:
        raise NotFound("neither Crossref nor DataCite knows this DOI") from None


def isbn_bibtex(http: HttpClient, isbn: str) -> str:
    """The BibTeX of the book of ``isbn``, from Open Library."""
    return to_bibtex([openlibrary.book(http, isbn)])


def orcid_bibtex(http: HttpClient, orcid_id: str) -> str:
    """The BibTeX of the works of the ORCID record of ``orcid_id``, its owner fixed as
    their author (pubs.sources.orcid)."""
    return to_bibtex(orcid.person_works(http, orcid_id))


def identifiers_bibtex(
    *,
    identifiers: Sequence[Identifier],
    http: HttpClient,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[str, list[str]]:
    """The BibTeX of ``identifiers``, from Crossref or DataCite (DOIs), arXiv (all its ids in one
    request), PubMed (all its PMIDs in one request), Open Library (ISBNs), DBLP (people,
    records) and ORCID (a person's works), and a message for each one that failed (which
    source, and why). ``progress`` is told how many identifiers were asked for so far."""
    texts: list[str] = []
    problems: list[str] = []
    done = 0
    total = len(identifiers)

    def step(count: int = 1) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, total)

    arxiv_ids = [i for i in identifiers if i.kind == ARXIV]
    if arxiv_ids:
        try:
            found = {
                entry.arxiv_id: entry
                for entry in arxiv.entries(http, [i.versioned for i in arxiv_ids])
            }
        except SourceError as exc:
            found = {}
            problems.extend(f"{i.text}: {exc}" for i in arxiv_ids)
        else:
            problems.extend(
                f"{i.text}: arXiv has no such paper" for i in arxiv_ids if i.value not in found
            )
            texts.append(arxiv.to_bibtex(found[i.value] for i in arxiv_ids if i.value in found))
        step(len(arxiv_ids))
    pmids = [i for i in identifiers if i.kind == PMID]
    if pmids:
        try:
            records = {work.pmid: work for work in pubmed.articles(http, [i.value for i in pmids])}
        except SourceError as exc:
            records = {}
            problems.extend(f"{i.text}: {exc}" for i in pmids)
        else:
            problems.extend(
                f"{i.text}: PubMed has no such record" for i in pmids if i.value not in records
            )
            texts.append(to_bibtex(records[i.value] for i in pmids if i.value in records))
        step(len(pmids))
    fetch = {
        DOI: doi_bibtex,
        ISBN: isbn_bibtex,
        DBLP_PERSON: dblp.person_bibtex,
        DBLP_RECORD: dblp.record_bibtex,
        ORCID: orcid_bibtex,
    }
    for identifier in identifiers:
        if identifier.kind in (ARXIV, PMID):
            continue
        try:
            texts.append(fetch[identifier.kind](http, identifier.value))
        except SourceError as exc:
            problems.append(f"{identifier.text}: {exc}")
        step()
    return "\n".join(text for text in texts if text), problems
