"""Identifiers: normalising DOIs and arXiv ids (papers are deduplicated by them), and slugs."""

import re

from django.utils.text import slugify

_DOI_PREFIXES = re.compile(
    r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/|https?://doi\.acm\.org/|doi\.org/)", re.IGNORECASE
)
_DOI_SHAPE = re.compile(r"^10\.\d{4,9}/\S+$")

_ARXIV_PREFIXES = re.compile(
    r"^(?:arxiv:\s*|https?://(?:www\.)?arxiv\.org/(?:abs|pdf)/)", re.IGNORECASE
)
_ARXIV_NEW = re.compile(r"^(\d{4}\.\d{4,5})(?:v\d+)?(?:\.pdf)?$")
_ARXIV_OLD = re.compile(r"^([a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?(?:\.pdf)?$", re.IGNORECASE)


def normalize_doi(text: str) -> str:
    """The bare, lower-case DOI ("10.1109/tnet.2024.1"), from a DOI, a doi: or a doi.org URL.

    DOIs are case-insensitive, so the lower-case form is the one kept and compared.
    Returns "" for empty input; raises ValueError for text that is not a DOI.
    """
    value = _DOI_PREFIXES.sub("", text.strip()).strip()
    if not value:
        return ""
    if not _DOI_SHAPE.match(value):
        raise ValueError(f"{text!r} is not a DOI (expected 10.<registrant>/<suffix>).")
    return value.lower()


def normalize_arxiv_id(text: str) -> str:
    """The arXiv identifier without version ("2405.07719"), from an id, arXiv: form or URL.

    Returns "" for empty input; raises ValueError for text that is not an arXiv identifier.
    """
    value = _ARXIV_PREFIXES.sub("", text.strip()).strip()
    if not value:
        return ""
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        match = pattern.match(value)
        if match:
            return match.group(1)
    raise ValueError(f"{text!r} is not an arXiv identifier (expected e.g. 2405.07719).")


def arxiv_year(arxiv_id: str) -> int | None:
    """The year an arXiv identifier was assigned in ("2405.07719" -> 2024), if it says."""
    match = re.match(r"^(\d{2})(\d{2})\.", arxiv_id)
    if match:
        return 2000 + int(match.group(1))
    match = re.search(r"/(\d{2})\d{5}$", arxiv_id)
    if match:
        yy = int(match.group(1))
        return (1900 if yy >= 91 else 2000) + yy
    return None


def slug_words(text: str, max_length: int) -> str:
    """A slug of the text's first words, cut between words to at most ``max_length`` (Django's
    ASCII slug: a title in Chinese script gives none)."""
    slug = slugify(text)
    if len(slug) <= max_length:
        return slug
    cut = slug.rfind("-", 0, max_length + 1)  # the last word boundary that fits
    return slug[:cut] if cut > 0 else slug[:max_length]


PAPER_SLUG_LENGTH = 50


def paper_slug(title: str, year: int | None) -> str:
    """A readable slug from the title's first words and the year ("goat-gradient-...-2023")."""
    slug = slug_words(title, PAPER_SLUG_LENGTH)
    return f"{slug}-{year}" if year else slug
