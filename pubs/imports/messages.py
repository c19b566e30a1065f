"""The import's reasons and problems in the reader's language.

The import's rules (``pubs.bibtex``, ``pubs.venues``) are pure code: they say why an author
is a person, why a venue matched, what is wrong with an entry, in English sentences built
from the entry's names and values. They stay free of Django; the admin translates a message
where it shows it (the preview's template through ``pubs.templatetags.import_messages``, the
upload form, the admin's messages): each message's English form is a pattern below, its
parts (names, keys, values: data) kept as written and put into the translated template. A
message no pattern knows is shown as it is.
"""

from __future__ import annotations

import re

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from pubs.bibtex.plan import NOT_AN_AUTHOR
from pubs.bibtex.plan.completions import INCONSISTENT_AUTHORS, UNDECIDED_AUTHORS
from pubs.bibtex.plan.papers import OTHER_VERSION

#: Parts of a message that are themselves messages (or lists of names joined with "or").
_NESTED = {"message", "reason"}
_NAMES = {"names"}


def _rule(pattern: str, translation: Promise) -> tuple[re.Pattern[str], Promise]:
    return re.compile(pattern, re.DOTALL), translation


#: (the English message as a pattern, its translation), the first that matches wins.
MESSAGES: tuple[tuple[re.Pattern[str], Promise], ...] = (
    # Why a file cannot be read at all (pubs.bibtex.parse.decode, the upload form).
    _rule(r"the file is (?P<size>.+); the limit is (?P<limit>.+)",
          _("the file is %(size)s; the limit is %(limit)s")),
    _rule(r"the file has (?P<n>\d+) entries; the limit is (?P<limit>\d+) per import",
          _("the file has %(n)s entries; the limit is %(limit)s per import")),
    _rule(r"not valid (?P<encoding>\S+) text", _("not valid %(encoding)s text")),
    _rule(r"this is not a text file \(it contains NUL bytes\)",
          _("this is not a text file (it contains NUL bytes)")),
    _rule(r"this is not text \(it contains NUL characters\)",
          _("this is not text (it contains NUL characters)")),
    _rule(r"this is not a text file \(it contains control characters\)",
          _("this is not a text file (it contains control characters)")),
    # Where a problem is: "line 3, entry key: the message" (pubs.bibtex.parse.Problem).
    _rule(r"line (?P<line>\d+), entry (?P<key>\S+): (?P<message>.+)",
          _("line %(line)s, entry %(key)s: %(message)s")),
    _rule(r"line (?P<line>\d+): (?P<message>.+)", _("line %(line)s: %(message)s")),
    _rule(r"entry (?P<key>\S+): (?P<message>.+)", _("entry %(key)s: %(message)s")),
    # Why the plan cannot be applied (ImportPlan.blockers).
    _rule(r"(?P<n>\d+) error\(s\) in the input", _("%(n)s error(s) in the input")),
    _rule(r"ambiguous author names need a choice: (?P<names>.+)",
          _("ambiguous author names need a choice: %(names)s")),
    # The entry's own problems (pubs.bibtex.normalize, pubs.bibtex.parse).
    _rule(r"it has no title", _("it has no title")),
    _rule(r"it has no year", _("it has no year")),
    _rule(r"the year (?P<value>.+) is not a year", _("the year %(value)s is not a year")),
    _rule(r"the month (?P<value>.+) is not a month; it is left out",
          _("the month %(value)s is not a month; it is left out")),
    _rule(r"the key (?P<key>\S+) is used twice \(first at line (?P<line>\d+)\)",
          _("the key %(key)s is used twice (first at line %(line)s)")),
    _rule(r"this cannot be read as BibTeX: (?P<detail>.+)",
          _("this cannot be read as BibTeX: %(detail)s")),
    _rule(r"unknown entry type @(?P<type>\S+); imported as “other”",
          _("unknown entry type @%(type)s; imported as “other”")),
    _rule(r"crossref to (?P<key>.+), which is not in the file",
          _("crossref to %(key)s, which is not in the file")),
    _rule(r"the url (?P<value>.+) is not a web address \(http or https\); it is kept as a field",
          _("the url %(value)s is not a web address (http or https); it is kept as a field")),
    _rule(r"the (?P<name>\S+) link (?P<value>.+) is not a valid address; it is kept as a field",
          _("the %(name)s link %(value)s is not a valid address; it is kept as a field")),
    # What the plan says of an entry (pubs.bibtex.plan): fixed sentences, translated as they
    # are (their English is the catalogue's msgid).
    _rule(re.escape(NOT_AN_AUTHOR), _(NOT_AN_AUTHOR)),
    _rule(re.escape(INCONSISTENT_AUTHORS), _(INCONSISTENT_AUTHORS)),
    _rule(re.escape(UNDECIDED_AUTHORS), _(UNDECIDED_AUTHORS)),
    _rule(re.escape(OTHER_VERSION), _(OTHER_VERSION)),
    # Who an author is (pubs.bibtex.people_match).
    _rule(r"(?P<printed>.+) could be (?P<names>.+)", _("%(printed)s could be %(names)s")),
    _rule(r"(?P<printed>.+) may be (?P<name>.+) misspelt",
          _("%(printed)s may be %(name)s misspelt")),
    _rule(r"(?P<printed>.+) may be (?P<name>.+) in Chinese order",
          _("%(printed)s may be %(name)s in Chinese order")),
    _rule(r"(?P<printed>.+) may be (?P<names>.+), a given name written short or long",
          _("%(printed)s may be %(names)s, a given name written short or long")),
    _rule(r"(?P<printed>.+) may be (?P<names>.+) with a middle initial",
          _("%(printed)s may be %(names)s with a middle initial")),
    _rule(r"(?P<printed>.+) may be (?P<names>.+), middle names written differently",
          _("%(printed)s may be %(names)s, middle names written differently")),
    _rule(r"(?P<printed>.+) may be (?P<name>.+) with a middle name on one side only",
          _("%(printed)s may be %(name)s with a middle name on one side only")),
    _rule(r"(?P<printed>.+) is (?P<name>.+), letters spelt out",
          _("%(printed)s is %(name)s, letters spelt out")),
    _rule(r"(?P<printed>.+) is (?P<name>.+), given names written differently",
          _("%(printed)s is %(name)s, given names written differently")),
    _rule(r"(?P<printed>.+) has another ORCID iD than (?P<other>.+)'s (?P<orcid>\S+)",
          _("%(printed)s has another ORCID iD than %(other)s's %(orcid)s")),
    _rule(r"ORCID iD (?P<orcid>\S+): (?P<name>.+)", _("ORCID iD %(orcid)s: %(name)s")),
    _rule(r"Chinese-script name (?P<name>.+)", _("Chinese-script name %(name)s")),
    _rule(r"recorded variant (?P<name>.+)", _("recorded variant %(name)s")),
    _rule(r"the only (?P<printed>.+): (?P<name>.+)", _("the only %(printed)s: %(name)s")),
    _rule(r"same name", _("same name")),
    _rule(r"same organisation", _("same organisation")),
    _rule(r"no one of this name", _("no one of this name")),
    _rule(r"no organisation of this name", _("no organisation of this name")),
    _rule(r"(?P<printed>.+): several organisations of this name",
          _("%(printed)s: several organisations of this name")),
    # Which paper an entry is (pubs.bibtex.paper_match).
    _rule(r"same DOI (?P<doi>\S+)", _("same DOI %(doi)s")),
    _rule(r"same arXiv id (?P<id>\S+)", _("same arXiv id %(id)s")),
    _rule(r"same title \((?P<year>\d+)\)", _("same title (%(year)s)")),
    _rule(r"same title", _("same title")),
    # Which venue a string names (pubs.venues.resolution).
    _rule(r"full name", _("full name")),
    _rule(r"abbreviation in parentheses", _("abbreviation in parentheses")),
    _rule(r"abbreviation in the name", _("abbreviation in the name")),
    _rule(r"abbreviation", _("abbreviation")),
    _rule(r"abbreviated name", _("abbreviated name")),
    _rule(r"name with a small difference", _("name with a small difference")),
    _rule(r"DBLP key (?P<key>\S+)", _("DBLP key %(key)s")),
    _rule(r"arXiv preprint", _("arXiv preprint")),
    _rule(r"no booktitle, journal or series", _("no booktitle, journal or series")),
    _rule(r"no known venue matches", _("no known venue matches")),
    _rule(r"a workshop, poster, demo or companion track of (?P<names>.+)",
          _("a workshop, poster, demo or companion track of %(names)s")),
    _rule(r"a workshop, poster, demo or companion track",
          _("a workshop, poster, demo or companion track")),
    _rule(r"only a venue of another kind matches \((?P<kind>\S+) wanted\)",
          _("only a venue of another kind matches (%(kind)s wanted)")),
    _rule(r"ambiguous: (?P<names>.+)", _("ambiguous: %(names)s")),
)  # fmt: skip


def _part(name: str, value: str) -> str:
    if name in _NESTED:
        return translated_message(value)
    if name in _NAMES:
        return value.replace(" or ", str(_(" or ")))
    return value


def translated_message(message: object) -> str:
    """``message`` (a reason or a problem of the import, or its text) in the active
    language; its names and values as written."""
    text = str(message)
    for pattern, translation in MESSAGES:
        found = pattern.fullmatch(text)
        if found:
            parts = {name: _part(name, value) for name, value in found.groupdict().items()}
            return str(translation) % parts
    return text
