"""Citation counts: how often OpenAlex says each paper with a DOI is cited, kept with the
source and the date (pubs.jobs.refresh runs it on a schedule), and shown on the public pages."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from pubs.models import CitationCount, Paper
from pubs.services import public_version
from pubs.services.auto_apply import CITATION_COUNTS, auto_apply_kinds
from pubs.services.work_counts import work_counts_refresh
from pubs.sources import openalex
from pubs.sources.http import HttpClient


def citations_refresh(*, http: HttpClient, papers: Iterable[Paper] | None = None) -> int:
    """Read the citation counts of ``papers`` (every paper with a DOI) from OpenAlex, 50 DOIs
    a request, and keep them, unless LABPUBS_AUTO_APPLY leaves citation counts out. Returns
    how many papers got a count."""
    if CITATION_COUNTS not in auto_apply_kinds():
        return 0
    papers = list(papers if papers is not None else Paper.objects.exclude(doi="").only("pk", "doi"))
    if not papers:
        return 0
    found = openalex.by_dois(http, [paper.doi for paper in papers])
    today = timezone.localdate()
    counts = [
        CitationCount(paper=paper, count=work.cited_by, source="OpenAlex", date=today)
        for paper in papers
        if (work := found.get(paper.doi.lower())) is not None and work.cited_by is not None
    ]
    CitationCount.objects.bulk_create(
        counts,
        update_conflicts=True,
        unique_fields=["paper"],
        update_fields=["count", "source", "date"],
    )
    if counts:
        work_counts_refresh(papers=[count.paper.pk for count in counts])
        public_version.bump()
    return len(counts)
