"""Keeping current, on a schedule (``manage.py refresh_sources``, run daily by a timer):
suggestions for preprints published since (by arXiv, Crossref's relations, and the authors'
DBLP profiles and ORCID records) and for missing fields, and citation counts.

A source that is down fails the job with its reason (the task's record in the admin), after
the job's other sources had their turn; the next run tries again. Nothing but citation
counts is written without someone accepting it, unless the admin switched other kinds of
finding on (LABPUBS_AUTO_APPLY, pubs.services.auto_apply).
"""

from __future__ import annotations

from collections.abc import Callable

from django_tasks import task

from pubs.services.auto_apply import suggestions_auto_apply
from pubs.services.citations import citations_refresh
from pubs.services.sources import source_client
from pubs.services.suggestions import (
    crossref_preprint_suggestions,
    dblp_preprint_suggestions,
    doi_suggestions,
    missing_field_suggestions,
    orcid_preprint_suggestions,
    preprint_suggestions,
)
from pubs.sources.http import SourceError


def _with_client(check: Callable[..., int]) -> int:
    http = source_client()
    try:
        offered = check(http=http)
    finally:
        http.close()
    suggestions_auto_apply()  # the kinds of finding the admin switched on
    return offered


def _each_with_client(*checks: Callable[..., int]) -> int:
    """Run every check, even when one's source fails; then fail naming the sources that did."""
    http = source_client()
    offered, problems = 0, []
    try:
        for check in checks:
            try:
                offered += check(http=http)
            except SourceError as exc:
                problems.append(str(exc))
    finally:
        http.close()
    suggestions_auto_apply()  # the kinds of finding the admin switched on
    if problems:
        raise SourceError("; ".join(problems))
    return offered


@task()
def refresh_preprints() -> int:
    """Suggest the published version of preprints: the one their arXiv record names, the one
    Crossref's relations name, the one their authors' DBLP profiles and ORCID records list."""
    return _each_with_client(
        preprint_suggestions,
        crossref_preprint_suggestions,
        dblp_preprint_suggestions,
        orcid_preprint_suggestions,
    )


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
