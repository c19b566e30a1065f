"""The fields the import kept without a column of their own (``ExportPaper.extra_fields``,
as written in BibTeX or biblatex), read as the CSL variables they are: ``edition``,
``translator``, ``urldate`` (CSL ``accessed``), a full ``date`` (or ``day``) where the
columns hold only the year and month, a ``type`` that is no thesis type of ours (CSL
``genre``: "Technical Report", "Habilitation").

Plain data in, plain data out: ``pubs.export.csljson`` adds them to a paper's item, and the
BibTeX export writes the fields back as they were.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from pubs.bibtex.latex import to_text
from pubs.bibtex.names import parse_authors
from pubs.export.model import ExportAuthor
from pubs.text import is_chinese

#: An ISO 8601 (EDTF) date as biblatex writes it: "1980-07-26", "2019-11", "2012".
_ISO_DATE = re.compile(r"^\s*(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?\s*$")
_DAY = re.compile(r"^\s*(\d{1,2})\s*$")


def date_parts(text: str) -> list[int] | None:
    """[year, month, day] (as far as given) of an ISO date, None for anything else (a range,
    a season, words)."""
    match = _ISO_DATE.match(text)
    if not match:
        return None
    parts = [int(part) for part in match.groups() if part is not None]
    if len(parts) > 1 and not 1 <= parts[1] <= 12:
        return None
    if len(parts) > 2 and not 1 <= parts[2] <= 31:
        return None
    return parts


def issued_parts(year: int | None, month: int | None, extra: dict[str, Any]) -> list[int]:
    """The date a paper was issued, as CSL date parts: the kept ``date`` when it agrees
    with the year (and month) stored, else the year, month and a kept ``day``."""
    if not year:
        return []
    written = date_parts(_text(extra, "date")) or []
    if written[:1] == [year] and (month is None or written[1:2] in ([], [month])):
        return written if len(written) > 1 or not month else [year, month]
    parts = [year, month] if month else [year]
    day = _DAY.match(_text(extra, "day"))
    if month and day and 1 <= int(day.group(1)) <= 31:
        parts.append(int(day.group(1)))
    return parts


def names(value: str) -> list[dict[str, str]]:
    """A BibTeX name list (editors, translators) as CSL names: an organisation or a name in
    Chinese script as a literal."""
    people, _ = parse_authors(value)
    return [
        {"literal": person.native or person.family}
        if person.native or person.organisation
        else csl_name(ExportAuthor(person.printed, person.given, person.surname))
        for person in people
    ]


def csl_name(author: ExportAuthor) -> dict[str, str]:
    """{"family": "Fang", "given": "Jin"}, with the particles and suffix as their own
    parts ({"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
    {"family": "Doe", "given": "John A.", "suffix": "Jr."}), as citeproc-js reads them out
    of a family and given name; an organisation and a name in Chinese script as a literal."""
    return dict(_csl_name(author.printed, author.given, author.family, author.native))


@lru_cache(maxsize=8192)  # an author's name recurs on each of their papers
def _csl_name(printed: str, given: str, family: str, native: str) -> tuple[tuple[str, str], ...]:
    if is_chinese(printed) and " " not in printed.strip():
        return (("literal", printed.strip()),)
    name = ExportAuthor(printed, given, family, native).parts()
    parts = (
        ("literal", name.literal),
        ("family", name.family),
        ("given", name.given),
        ("non-dropping-particle", name.particle),
        ("dropping-particle", name.dropping_particle),
        ("suffix", name.suffix),
    )
    return tuple((part, value) for part, value in parts if value)


def kept_variables(extra: dict[str, Any]) -> dict[str, Any]:
    """The CSL variables the kept fields give (only those they give)."""
    variables: dict[str, Any] = {}
    edition = _text(extra, "edition")
    if edition:
        variables["edition"] = edition
    translator = _raw(extra, "translator")
    if translator:
        variables["translator"] = names(translator)
    accessed = date_parts(_text(extra, "urldate"))
    if accessed:
        variables["accessed"] = {"date-parts": [accessed]}
    genre = _text(extra, "type")
    if genre:
        variables["genre"] = genre
    return {name: value for name, value in variables.items() if value}


def _raw(extra: dict[str, Any], name: str) -> str:
    value = extra.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _text(extra: dict[str, Any], name: str) -> str:
    return to_text(_raw(extra, name)).strip()
