"""ORCID iDs (no Django): the forms people paste one in, and its check character.

An iD is sixteen characters, "0000-0002-1825-0097", the last a check character computed
from the other fifteen digits by ISO 7064 MOD 11-2 (ORCID's "Structure of the ORCID
Identifier"): "X" stands for ten. A mistyped digit or two swapped neighbours fail it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Where an iD lives, the form ORCID asks sites to show it in.
ORCID_URL = "https://orcid.org/"
#: The BibTeX field of the authors' iDs: a biblatex data annotation of the author list.
ORCID_ANNOTATION = "author+an:orcid"
_ANNOTATED = re.compile(r'(\d+)\s*=\s*"([^"]*)"')

#: What people paste before an iD: "ORCID: ", "orcid.org/", "https://orcid.org/".
_PREFIX = re.compile(
    r"^(?:(?:https?://)?(?:www\.)?orcid\.org/|orcid(?:\s*id)?(?:\s*:\s*|\s+(?=\d)))",
    re.IGNORECASE,
)
_SHAPE = re.compile(r"^(\d{4})-?(\d{4})-?(\d{4})-?(\d{3}[\dX])$")


def check_character(digits: str) -> str:
    """The check character of the fifteen digits of an iD (ISO 7064 MOD 11-2)."""
    total = 0
    for digit in digits:
        total = (total + int(digit)) * 2
    result = (12 - total % 11) % 11
    return "X" if result == 10 else str(result)


def normalize_orcid(text: str) -> str:
    """The iD as ORCID writes it ("0000-0002-1825-0097") from an iD as people paste it: bare,
    without its hyphens, after "ORCID:", or as its link (http or https, orcid.org), with a
    lower-case "x". Returns "" for empty input; raises ValueError for text that is not an
    iD or whose check character is wrong."""
    value = text.strip().rstrip("/").strip()
    if not value:
        return ""
    value = _PREFIX.sub("", value, count=1).strip().upper()
    match = _SHAPE.match(value)
    if match is None:
        raise ValueError(f"{text!r} is not an ORCID iD (expected 0000-0002-1825-0097).")
    digits = "".join(match.groups())
    if check_character(digits[:15]) != digits[15]:
        raise ValueError(f"{text!r} is not an ORCID iD: its check character is wrong.")
    return "-".join(match.groups())


def orcid_url(orcid: str) -> str:
    """The iD's link, "https://orcid.org/0000-0002-1825-0097" ("" for none)."""
    return ORCID_URL + orcid if orcid else ""


def orcid_annotation(orcids: Sequence[str]) -> str:
    """The authors' ORCID iDs (in the author list's order, "" for an author without one) as
    a biblatex data annotation of the list, each by its place in it:
    ``1="0000-0002-1825-0097"; 3="…"``; "" when no author has one."""
    return "; ".join(f'{index}="{orcid}"' for index, orcid in enumerate(orcids, start=1) if orcid)


def annotated_orcids(annotation: str) -> dict[int, str]:
    """The iDs of an :func:`orcid_annotation`, by the author's place (from 1); an iD that
    is not one, or fails its check, is left out."""
    found = {}
    for position, text in _ANNOTATED.findall(annotation):
        try:
            found[int(position)] = normalize_orcid(text)
        except ValueError:
            continue
    return found
