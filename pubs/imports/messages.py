"""The import's reasons and problems in the reader's language.

The import's rules (``pubs.bibtex``, ``pubs.venues``) are pure code: they say why an author
is a person, why a venue matched, what is wrong with an entry, in English sentences built
from the entry's names and values. They stay free of Django; the admin translates a message
where it shows it (the preview's template through ``pubs.templatetags.import_messages``, the
upload form, the admin's messages, ``manage.py import_bibtex``): each message's English form
is a pattern below, its parts (names, keys, values: data) kept as written and put into the
translated template, a part that is itself a message translated the same way. A message no
pattern knows is shown as it is; tests/admin/test_import_message_patterns.py finds every
message the rules can write and fails on one without a pattern. The summary the command
prints (``pubs.bibtex.report``) is translated line by line the same way (REPORT_LINES).
"""

from __future__ import annotations

import re

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from pubs.bibtex.plan import NOT_AN_AUTHOR
from pubs.bibtex.plan.completions import INCONSISTENT_AUTHORS, UNDECIDED_AUTHORS
from pubs.bibtex.plan.papers import OTHER_VERSION

#: Parts of a message that are themselves messages (or lists of names joined with "or", or
#: messages joined with ";").
_NESTED = {
    "message",
    "reason",
    "detail",
    "advice",
    "what",
    "which",
    "basis",
    "label",
    "how",
    "names_more",
    "entry",
}
_NAMES = {"names"}
_SEQUENCES = {"problems", "more"}
Rules = tuple[tuple[re.Pattern[str], Promise], ...]


def _rule(pattern: str, translation: Promise) -> tuple[re.Pattern[str], Promise]:
    return re.compile(pattern, re.DOTALL), translation


#: (the English message as a pattern, its translation), the first that matches wins.
MESSAGES: Rules = (
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
    _rule(r"the file is not UTF-8; it was read as Latin-1 \(Windows-1252\)",
          _("the file is not UTF-8; it was read as Latin-1 (Windows-1252)")),
    _rule(r"this file takes more than (?P<seconds>\S+) s to read, (?P<advice>.+)",
          _("this file takes more than %(seconds)s s to read, %(advice)s")),
    # The advice of a file that takes too long: the preview's, the command's and a job's.
    _rule(r"longer than a preview may take; split it into smaller files \(or import it with "
          r"manage\.py import_bibtex, which may take longer\)",
          _("longer than a preview may take; split it into smaller files (or import it with "
            "manage.py import_bibtex, which may take longer)")),
    _rule(r"longer than --seconds allows \(IMPORT_PLAN_SECONDS by default\); split it into "
          r"smaller files, or give more --seconds",
          _("longer than --seconds allows (IMPORT_PLAN_SECONDS by default); split it into "
            "smaller files, or give more --seconds")),
    _rule(r"longer than a job may take \(IMPORT_PLAN_SECONDS\); split it into smaller files, "
          r"or raise that limit",
          _("longer than a job may take (IMPORT_PLAN_SECONDS); split it into smaller files, or "
            "raise that limit")),
    _rule(r"its @string macros and @preamble commands expand to more than (?P<n>[\d,]+) "
          r"characters, all told; the file cannot be read",
          _("its @string macros and @preamble commands expand to more than %(n)s characters, "
            "all told; the file cannot be read")),
    _rule(r"the file holds more LaTeX than an import decodes \((?P<n>[\d,]+) characters of "
          r"commands and formulas, all told\); split the file",
          _("the file holds more LaTeX than an import decodes (%(n)s characters of commands "
            "and formulas, all told); split the file")),
    _rule(r"the file has more than (?P<n>[\d,]+) authors, all told; that is the limit per "
          r"import \(split the file\)",
          _("the file has more than %(n)s authors, all told; that is the limit per import "
            "(split the file)")),
    # Where a problem is: "line 3, entry key: the message" (pubs.bibtex.parse.Problem).
    _rule(r"line (?P<line>\d+), entry (?P<key>\S+): (?P<message>.+)",
          _("line %(line)s, entry %(key)s: %(message)s")),
    _rule(r"line (?P<line>\d+): (?P<message>.+)", _("line %(line)s: %(message)s")),
    _rule(r"entry (?P<key>\S+): (?P<message>.+)", _("entry %(key)s: %(message)s")),
    # Why the plan cannot be applied (ImportPlan.blockers).
    _rule(r"(?P<n>\d+) error\(s\) in the input", _("%(n)s error(s) in the input")),
    _rule(r"ambiguous author names need a choice: (?P<names>.+)",
          _("ambiguous author names need a choice: %(names)s")),
    # Why an import is not written (pubs.imports.errors.ImportBlocked).
    _rule(r"another import is being written; try again in a moment",
          _("another import is being written; try again in a moment")),
    _rule(r"this preview was deleted", _("this preview was deleted")),
    _rule(r"this preview was imported already", _("this preview was imported already")),
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
    _rule(r"it has (?P<n>[\d,]+) authors; the limit is (?P<limit>[\d,]+) per entry",
          _("it has %(n)s authors; the limit is %(limit)s per entry")),
    _rule(r"the entry (?P<key>\S+) is repeated word for word \(first at line (?P<line>\d+)\); "
          r"it is read once",
          _("the entry %(key)s is repeated word for word (first at line %(line)s); it is read "
            "once")),
    _rule(r"syntax error", _("syntax error")),
    _rule(r"the @(?P<type>\S+) entry cannot be read: (?P<detail>.+)",
          _("the @%(type)s entry cannot be read: %(detail)s")),
    _rule(r"the field\(s\) (?P<fields>.+) appear twice", _("the field(s) %(fields)s appear twice")),
    _rule(r"a group written \\\{\.\.\.\} \(as Crossref writes a formula's letters\) is read as "
          r"BibTeX reads it, \{\.\.\.\}; bibtexparser would end the value at its \} and lose "
          r"the fields after it",
          _("a group written \\{...} (as Crossref writes a formula's letters) is read as BibTeX "
            "reads it, {...}; bibtexparser would end the value at its } and lose the fields "
            "after it")),
    # Values past the parser's bounds: what is too long ("its value", "the title field").
    _rule(r"this entry cannot be read: with the @preamble's commands expanded, the "
          r"(?P<name>\S+) field (?P<reason>.+)",
          _("this entry cannot be read: with the @preamble's commands expanded, the %(name)s "
            "field %(reason)s")),
    _rule(r"this entry cannot be read: (?P<reason>.+)", _("this entry cannot be read: %(reason)s")),
    _rule(r"the @preamble cannot be read: (?P<reason>.+)",
          _("the @preamble cannot be read: %(reason)s")),
    _rule(r"the @string (?P<name>\S+) cannot be read: (?P<reason>.+)",
          _("the @string %(name)s cannot be read: %(reason)s")),
    _rule(r"the @string (?P<name>\S+) is defined again; the later value is used",
          _("the @string %(name)s is defined again; the later value is used")),
    _rule(r"the @string (?P<name>.+) is not defined; its name is kept",
          _("the @string %(name)s is not defined; its name is kept")),
    _rule(r"(?P<what>.+) is (?P<length>[\d,]+) characters long; the limit is (?P<limit>[\d,]+)",
          _("%(what)s is %(length)s characters long; the limit is %(limit)s")),
    _rule(r"(?P<what>.+) has braces nested (?P<depth>\d+) deep; the limit is (?P<limit>\d+)",
          _("%(what)s has braces nested %(depth)s deep; the limit is %(limit)s")),
    _rule(r"(?P<what>.+) uses the @string (?P<name>\S+) \(line (?P<line>\d+)\), which cannot "
          r"be read",
          _("%(what)s uses the @string %(name)s (line %(line)s), which cannot be read")),
    _rule(r"(?P<what>.+) is longer than (?P<limit>[\d,]+) characters",
          _("%(what)s is longer than %(limit)s characters")),
    _rule(r"has braces nested (?P<depth>\d+) deep; the limit is (?P<limit>\d+)",
          _("has braces nested %(depth)s deep; the limit is %(limit)s")),
    _rule(r"is longer than (?P<limit>[\d,]+) characters",
          _("is longer than %(limit)s characters")),
    _rule(r"still expands after (?P<n>\d+) rounds \(a command calls itself\?\)",
          _("still expands after %(n)s rounds (a command calls itself?)")),
    _rule(r"its value", _("its value")),
    _rule(r"the (?P<name>\S+) field", _("the %(name)s field")),
    # An identifier left out (pubs.identifiers, read by pubs.bibtex.normalize).
    _rule(r"(?P<reason>.+) It is left out\.", _("%(reason)s It is left out.")),
    _rule(r"(?P<value>.+) is not a DOI \(expected 10\.<registrant>/<suffix>\)\.",
          _("%(value)s is not a DOI (expected 10.<registrant>/<suffix>).")),
    _rule(r"(?P<value>.+) is not an arXiv identifier \(expected e\.g\. 2405\.07719\)\.",
          _("%(value)s is not an arXiv identifier (expected e.g. 2405.07719).")),
    _rule(r"the (?P<name>\S+) link (?P<value>.+) is a relative path; it is kept as a field "
          r"\(give a link base to import it as a link\)",
          _("the %(name)s link %(value)s is a relative path; it is kept as a field (give a link "
            "base to import it as a link)")),
    # An identifier that another paper has (pubs.bibtex.plan.papers).
    _rule(r"its (?P<label>.+?) (?P<value>\S+) is also that of (?P<which>.+), whose "
          r"title disagrees \((?P<rule>\S+)\): a conflict, not merged; check which entry the "
          r"(?P=label) belongs to \(this paper is kept without it\)",
          _("its %(label)s %(value)s is also that of %(which)s, whose title disagrees "
            "(%(rule)s): a conflict, not merged; check which entry the %(label)s belongs to "
            "(this paper is kept without it)")),
    _rule(r"its (?P<label>.+?) (?P<value>\S+) is that of another paper "
          r"\((?P<which>.+)\): this paper keeps its own",
          _("its %(label)s %(value)s is that of another paper (%(which)s): this paper keeps its "
            "own")),
    _rule(r"arXiv id", _("arXiv id")),
    _rule(r"entry (?P<key>\S+) \(line (?P<line>\d+)\)", _("entry %(key)s (line %(line)s)")),
    _rule(r"entry (?P<key>\S+)", _("entry %(key)s")),
    _rule(r"a paper already there", _("a paper already there")),
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
    _rule(r"(?P<printed>.+) could be (?P<names>.+) \(or (?P<more>[\d,]+) more\)",
          _("%(printed)s could be %(names)s (or %(more)s more)")),
    _rule(r"(?P<printed>.+) could be (?P<names>.+)", _("%(printed)s could be %(names)s")),
    _rule(r"no exact match; close to (?P<names>.+)", _("no exact match; close to %(names)s")),
    _rule(r"(?P<basis>.+) fits (?P<n>[\d,]+) people; (?P<name>.+) wrote with (?P<shared>.+)",
          _("%(basis)s fits %(n)s people; %(name)s wrote with %(shared)s")),
    _rule(r"native name", _("native name")),
    _rule(r"the name spelt out", _("the name spelt out")),
    _rule(r"initials", _("initials")),
    # A name written another way that co-authors confirm (people_match._WRITTEN_OTHERWISE).
    _rule(r"(?P<printed>.+) is (?P<name>.+) (?P<how>with a middle name on one side only|with "
          r"the given name written short|misspelt|in Chinese order): both wrote with "
          r"(?P<names_more>.+), and few others did",
          _("%(printed)s is %(name)s %(how)s: both wrote with %(names_more)s, and few others "
            "did")),
    _rule(r"with a middle name on one side only", _("with a middle name on one side only")),
    _rule(r"with the given name written short", _("with the given name written short")),
    _rule(r"misspelt", _("misspelt")),
    _rule(r"in Chinese order", _("in Chinese order")),
    _rule(r"(?P<names>.+), (?P<more>[\d,]+) more", _("%(names)s and %(more)s more")),
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
    _rule(r"(?P<name>.+) has another suffix than (?P<printed>.+)",
          _("%(name)s has another suffix than %(printed)s")),
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


def _part(name: str, value: str, table: Rules) -> str:
    if name in _NESTED:
        return _translated(value, table)
    if name in _NAMES:
        return value.replace(" or ", str(_(" or ")))
    if name in _SEQUENCES:  # "; a; b" or "a; b": each part a message
        parts = value.removeprefix("; ").split("; ")
        joined = str(_("; ")).join(_translated(part, table) for part in parts)
        return str(_("; ")) + joined if value.startswith("; ") else joined
    return value


def _translated(text: str, table: Rules) -> str:
    """``text`` by the first pattern of ``table`` it matches, else as a message; its parts
    the same way."""
    for pattern, translation in table:
        found = pattern.fullmatch(text)
        if found:
            parts = {name: _part(name, v, table) for name, v in found.groupdict().items()}
            return str(translation) % parts
    return text if table is MESSAGES else _translated(text, MESSAGES)


def translated_message(message: object) -> str:
    """``message`` (a reason or a problem of the import, or its text) in the active
    language; its names and values as written."""
    return _translated(str(message), MESSAGES)


#: The lines of ``manage.py import_bibtex``'s summary (pubs.bibtex.report), as patterns and
#: their translations; a line no pattern knows is read as a message (a problem's line).
REPORT_LINES: Rules = (
    _rule(r"(?P<file>.+): (?P<n>\d+) entries", _("%(file)s: %(n)s entries")),
    _rule(r"papers:  (?P<created>\d+) to create, (?P<duplicates>\d+) already there "
          r"\((?P<updated>\d+) to fill in\), (?P<invalid>\d+) invalid; (?P<added>\d+) authors "
          r"added to shortened lists, (?P<linked>\d+) links to other versions",
          _("papers:  %(created)s to create, %(duplicates)s already there (%(updated)s to fill "
            "in), %(invalid)s invalid; %(added)s authors added to shortened lists, %(linked)s "
            "links to other versions")),
    _rule(r"authors: (?P<matched>\d+) matched, (?P<new>\d+) new, (?P<ambiguous>\d+) ambiguous, "
          r"(?P<suggested>\d+) close to someone known; (?P<people>\d+) new people",
          _("authors: %(matched)s matched, %(new)s new, %(ambiguous)s ambiguous, %(suggested)s "
            "close to someone known; %(people)s new people")),
    _rule(r"venues:  (?P<matched>\d+) matched, (?P<unmatched>\d+) unmatched",
          _("venues:  %(matched)s matched, %(unmatched)s unmatched")),
    _rule(r"(?P<n>\d+) @proceedings/@book entries are crossref targets, read into the papers "
          r"that cite them",
          _("%(n)s @proceedings/@book entries are crossref targets, read into the papers that "
            "cite them")),
    _rule(r"entries:", _("entries:")),
    _rule(r'ambiguous names \(choose with --author "NAME=SLUG", or --allow-ambiguous\):',
          _('ambiguous names (choose with --author "NAME=SLUG", or --allow-ambiguous):')),
    _rule(r'close to someone known \(a new person unless --author "NAME=SLUG"\):',
          _('close to someone known (a new person unless --author "NAME=SLUG"):')),
    _rule(r'unmatched venues \(--create-venues, or --venue "TEXT=SLUG"\):',
          _('unmatched venues (--create-venues, or --venue "TEXT=SLUG"):')),
    _rule(r"errors:", _("errors:")),
    _rule(r"warnings:", _("warnings:")),
    _rule(r"line (?P<line>\d+), (?P<key>\S+): (?P<printed>.+) could be (?P<names>.+)",
          _("line %(line)s, %(key)s: %(printed)s could be %(names)s")),
    _rule(r"line (?P<line>\d+), (?P<key>\S+): (?P<printed>.+) is like (?P<options>.+)",
          _("line %(line)s, %(key)s: %(printed)s is like %(options)s")),
    _rule(r"(?P<text>'.*'|\".*\") \((?P<n>\d+) entries: (?P<keys>.+)\)",
          _("%(text)s (%(n)s entries: %(keys)s)")),
    # An entry of the verbose summary: what it does, then what else, each after a ";".
    _rule(r"line (?P<line>\d+), (?P<key>\S+): (?P<entry>.+)",
          _("line %(line)s, %(key)s: %(entry)s")),
    _rule(r"invalid \((?P<problems>.+)\)", _("invalid (%(problems)s)")),
    _rule(r"skipped \(not among its authors\)", _("skipped (not among its authors)")),
    _rule(r"the same paper as (?P<other>\S+) in this file(?P<more>(?:; .+)?)",
          _("the same paper as %(other)s in this file%(more)s")),
    _rule(r"already there \((?P<reason>(?:[^()]|\([^()]*\))+)\)(?P<more>(?:; .+)?)",
          _("already there (%(reason)s)%(more)s")),
    _rule(r"create “(?P<title>.+?)”(?P<more>(?:; .+)?)", _("create “%(title)s”%(more)s")),
    _rule(r"the published version of this preprint",
          _("the published version of this preprint")),
    _rule(r"fills in (?P<fields>.+)", _("fills in %(fields)s")),
    _rule(r"adds (?P<n>\d+) authors", _("adds %(n)s authors")),
    _rule(r"differs in (?P<fields>.+) \(kept\)", _("differs in %(fields)s (kept)")),
    _rule(r"venue (?P<text>'.*'|\".*\"): (?P<reason>.+)", _("venue %(text)s: %(reason)s")),
    _rule(r"to create", _("to create")),
    _rule(r"unmatched", _("unmatched")),
    _rule(r"with (?P<keys>.+) from other entries", _("with %(keys)s from other entries")),
)  # fmt: skip


def translated_report_line(line: str) -> str:
    """A line of the import's summary in the active language, its indent kept."""
    text = line.lstrip(" ")
    return line[: len(line) - len(text)] + _translated(text, REPORT_LINES)
