"""The findings of the refreshes that apply without review: the kinds the site's admin lists
in LABPUBS_AUTO_APPLY (by default citation counts alone).

A finding that applies by itself is still a suggestion: accepted at once (by nobody, with
"Applied automatically" in the paper's history), kept with the values it replaced, and
undone from the admin's list of suggestions like one accepted by hand. One that cannot
apply (the paper changed, a DOI another paper has) stays open for someone to decide.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import IntegrityError, transaction

from pubs.models import Suggestion, SuggestionStatus
from pubs.services.suggestions import SuggestionRefused, suggestion_accept

#: The kinds of finding, and what each is.
CITATION_COUNTS = "citation_counts"  # how often each paper is cited (OpenAlex)
PUBLISHED_VERSION = "published_version"  # a preprint's published version: DOI, venue, year
DOI = "doi"  # the DOI of a paper without one (OpenAlex)
MISSING_FIELDS = "missing_fields"  # the abstract, pages, volume or issue a paper lacks
KINDS = frozenset({CITATION_COUNTS, PUBLISHED_VERSION, DOI, MISSING_FIELDS})


def auto_apply_kinds() -> frozenset[str]:
    """The kinds of finding LABPUBS_AUTO_APPLY switches on; a kind it names that does not
    exist is a configuration error naming it (rather than a finding silently left open)."""
    kinds = frozenset(settings.LABPUBS_AUTO_APPLY)
    unknown = sorted(kinds - KINDS)
    if unknown:
        raise ImproperlyConfigured(
            f"LABPUBS_AUTO_APPLY names {', '.join(unknown)}, which no refresh finds "
            f"(the kinds are {', '.join(sorted(KINDS))})."
        )
    return kinds


def suggestion_kind(suggestion: Suggestion) -> str:
    """The kind of finding a suggestion is: a published version changes the paper's status;
    a DOI alone is a DOI; anything else fills fields the paper lacks."""
    if "status" in suggestion.changes:
        return PUBLISHED_VERSION
    if set(suggestion.changes) == {"doi"}:
        return DOI
    return MISSING_FIELDS


def suggestions_auto_apply() -> int:
    """Accept the open suggestions of the kinds switched on, oldest first. Returns how many
    were applied; those that could not be stay open."""
    kinds = auto_apply_kinds() - {CITATION_COUNTS}
    if not kinds:
        return 0
    applied = 0
    for suggestion in Suggestion.objects.filter(status=SuggestionStatus.OPEN).order_by("pk"):
        if suggestion_kind(suggestion) not in kinds:
            continue
        try:
            with transaction.atomic():
                suggestion_accept(suggestion=suggestion, user=None)
        except (SuggestionRefused, IntegrityError):
            continue
        applied += 1
    return applied
