"""Identifiers: normalising DOIs and arXiv ids (papers are deduplicated by them), and slugs."""

import re
from urllib.parse import unquote

from django.utils.text import slugify

from pubs.text import HAN, is_chinese, pinyin

#: What people write before a DOI: "DOI: ", "doi:", "DOI " (then the DOI itself).
_DOI_LABEL = re.compile(r"^doi(?:\s*:\s*|\s+(?=10\.))", re.IGNORECASE)
#: The resolvers' addresses a DOI is pasted as a link of (its %-escapes then decoded).
_DOI_URL = re.compile(r"^(?:https?://)?(?:(?:www\.|dx\.)?doi\.org|doi\.acm\.org)/", re.IGNORECASE)
_DOI_SHAPE = re.compile(r"^10\.\d{4,9}/\S+$")
_ESCAPED_DOI = re.compile(r"^10\.\d{4,9}%2F", re.IGNORECASE)
_HAN_RUN = re.compile(f"[{HAN}]+")

_ARXIV_PREFIXES = re.compile(
    r"^(?:arxiv(?:\s*:\s*|\s+(?=\d))|(?:https?://)?(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/)",
    re.IGNORECASE,
)
_ARXIV_NEW = re.compile(r"^(\d{4}\.\d{4,5})(?:v(\d+))?(?:\.pdf)?$")
_ARXIV_OLD = re.compile(r"^([a-z\-]+(?:\.[A-Z]{2})?/\d{7})(?:v(\d+))?(?:\.pdf)?$", re.IGNORECASE)

#: What a sentence puts around an identifier: "(doi:10.1145/3600006.3613165)." or "<...>".
_OPENING = "([{<\"'\u201c\u2018"
_CLOSING = {")": "(", "]": "[", "}": "{", ">": "<"}
_TRAILING = ".,;:!?\"'\u201d\u2019"


def trim_pasted(text: str) -> str:
    """``text`` without what a sentence adds around an identifier: spaces, opening brackets
    and quotes before it, and after it full stops, commas, quotes and closing brackets that
    close nothing in it ("10.1016/0010-4809(89)90035-4" keeps its own)."""
    text = text.strip().lstrip(_OPENING)
    while text:
        last = text[-1]
        opener = _CLOSING.get(last)
        if opener is not None and text.count(opener) >= text.count(last):
            break  # it closes a bracket of the identifier's own
        if opener is None and last not in _TRAILING:
            break
        text = text[:-1].rstrip()
    return text


def normalize_doi(text: str) -> str:
    """The bare, lower-case DOI ("10.1109/tnet.2024.1"), from a DOI as people paste it: bare,
    after "DOI:" or "doi:", or as a link to doi.org (dx., www., http or https, %-escaped),
    in any case, with what a sentence adds around it.

    DOIs are case-insensitive, so the lower-case form is the one kept and compared.
    Returns "" for empty input; raises ValueError for text that is not a DOI.
    """
    value = _DOI_LABEL.sub("", trim_pasted(text))
    link = _DOI_URL.match(value)
    if link:
        value = unquote(value[link.end() :])
    elif _ESCAPED_DOI.match(value):  # a DOI's slash %-escaped, its link's address cut off
        value = unquote(value)
    value = value.strip()
    if not value:
        return ""
    if not _DOI_SHAPE.match(value):
        raise ValueError(f"{text!r} is not a DOI (expected 10.<registrant>/<suffix>).")
    return value.lower()


def normalize_arxiv_id(text: str) -> str:
    """The arXiv identifier without version ("2405.07719"), from an id, arXiv: form or URL.

    Returns "" for empty input; raises ValueError for text that is not an arXiv identifier.
    """
    return arxiv_id_and_version(text)[0]


def arxiv_id_and_version(text: str) -> tuple[str, int | None]:
    """The arXiv identifier without version, and the version it names ("arXiv:2405.07719v2",
    "https://arxiv.org/pdf/2405.07719v2.pdf" -> ("2405.07719", 2); None when it names none).
    Papers are told apart by the identifier alone: every version is one paper.

    Returns ("", None) for empty input; raises ValueError for text that is not an arXiv
    identifier.
    """
    value = _ARXIV_PREFIXES.sub("", trim_pasted(text)).strip()
    if not value:
        return "", None
    for pattern in (_ARXIV_NEW, _ARXIV_OLD):
        match = pattern.match(value)
        if match:
            version = match.group(2)
            return match.group(1), int(version) if version else None
    raise ValueError(f"{text!r} is not an arXiv identifier (expected e.g. 2405.07719).")


def versioned_arxiv_id(text: str) -> str:
    """The arXiv identifier with the version it names, if it names one ("arXiv:2405.07719v2"
    -> "2405.07719v2", "2405.07719" -> "2405.07719"): what arXiv's API is asked for."""
    arxiv_id, version = arxiv_id_and_version(text)
    return f"{arxiv_id}v{version}" if version else arxiv_id


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
    """A slug of the text's first words, cut between words to at most ``max_length``: Django's
    ASCII slug, each run of Chinese characters spelt in pinyin as one word (北京市示例研究院
    -> "beijingshishiliyanjiuyuan"), as people's names and venues are."""
    if is_chinese(text):
        text = _HAN_RUN.sub(lambda run: f" {pinyin(run.group())} ", text)
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
