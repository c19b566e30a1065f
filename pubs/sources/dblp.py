"""DBLP, by person (profile URL or pid) and by publication key: their BibTeX as DBLP exports
it, whose citation keys ("DBLP:conf/nsdi/ZhangLW24") name the venue by its DBLP key, the key
the CCF catalogue resolves (pubs.venues.resolution.entry_dblp_key).

DBLP documents no fixed rate; it answers 429 with a Retry-After when asked too often. The
client keeps to one request a second and honours Retry-After.
"""

from __future__ import annotations

import re

from pubs.sources.http import BadAnswer, HttpClient, Source

DBLP = Source("DBLP", interval=1.0)
SITE = "https://dblp.org/"

_PID = re.compile(r"^(?:[a-z]/[\w.\-]+|\d+/[\w\-]+)$")
_PROFILE = re.compile(
    r"^(?:https?://)?(?:www\.)?dblp\.(?:org|uni-trier\.de|dagstuhl\.de)/pid/(.+?)"
    r"(?:\.(?:html|xml|bib|rdf|nt|ttl))?/?(?:[?#].*)?$",
    re.IGNORECASE,
)
_RECORD = re.compile(
    r"^(?:DBLP:|(?:https?://)?(?:www\.)?dblp\.(?:org|uni-trier\.de|dagstuhl\.de)/rec/"
    r"(?:bib\d?/|xml/)?)?((?:conf|journals|books|series|phd|tr|reference|persons|phd)/[^\s?#]+?)"
    r"(?:\.(?:html|xml|bib))?(?:[?#].*)?$",
)


def person_pid(text: str) -> str:
    """The pid of a DBLP person ("74/10201"), from a profile URL or a pid; "" when ``text``
    names no person."""
    text = text.strip()
    match = _PROFILE.match(text)
    pid = match.group(1) if match else text
    return pid if _PID.match(pid) else ""


def record_key(text: str) -> str:
    """The key of a DBLP record ("conf/nsdi/ZhangLW24"), from a key, a DBLP: citation key or
    a record URL; "" when ``text`` names no record."""
    match = _RECORD.match(text.strip())
    return match.group(1) if match else ""


def person_bibtex(http: HttpClient, pid: str) -> str:
    """Every publication of the person ``pid``, as BibTeX."""
    return read_bibtex(http.get(DBLP, f"{SITE}pid/{pid}.bib").text, f"person {pid}")


def record_bibtex(http: HttpClient, key: str) -> str:
    """The publication ``key``, as BibTeX (condensed: without its proceedings' entry)."""
    return read_bibtex(http.get(DBLP, f"{SITE}rec/{key}.bib").text, f"record {key}")


def read_bibtex(text: str, what: str) -> str:
    """DBLP's BibTeX answer; BadAnswer for anything else (an HTML error page)."""
    text = text.strip()
    if not text.startswith("@"):
        raise BadAnswer(f"DBLP did not answer BibTeX for the {what}")
    return text + "\n"
