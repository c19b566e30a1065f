"""Keeping current, on a schedule (``manage.py refresh_sources``, run daily by a timer):
suggestions for preprints published since and for missing fields, and citation counts.

A source that is down fails the job with its reason (the task's record in the admin); the
next run tries again. Nothing but citation counts is written without someone accepting it.
"""

from __future__ import annotations

from collections.abc import Callable

from django_tasks import task

from pubs.services.citations import citations_refresh
from pubs.services.sources import source_client
from pubs.services.suggestions import (
    doi_suggestions,
    missing_field_suggestions,
    preprint_suggestions,
)


def _with_client(check: Callable[..., int]) -> int:
    http = source_client()
    try:
        return check(http=http)
    finally:
        http.close()


@task()
def refresh_preprints() -> int:
    """Suggest the published version of preprints whose arXiv record names one."""
    return _with_client(preprint_suggestions)


@task()
def refresh_missing_fields() -> int:
    """Suggest the abstract, pages, volume and issue Crossref has for papers lacking them,
    and the DOI OpenAlex has for papers without one."""
    return _with_client(missing_field_suggestions) + _with_client(doi_suggestions)


@task()
def refresh_citations() -> int:
    """Read every paper's citation count from OpenAlex."""
    return _with_client(citations_refresh)


REFRESHES = {
    "preprints": refresh_preprints,
    "fields": refresh_missing_fields,
    "citations": refresh_citations,
}
