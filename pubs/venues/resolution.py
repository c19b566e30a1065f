"""Which venue a BibTeX entry appeared at, from the strings the entry gives.

Pure Python: build a :class:`VenueIndex` from plain :class:`VenueRecord` rows once, then call
:meth:`VenueIndex.resolve` with an entry's booktitle, journal, series, publisher, DOI and
DBLP key. The answer is a :class:`Resolution`: the venue (or none), a confidence and the
reason, and the candidates when it could not decide. A miss is reported, never guessed:

- a workshop, poster, demo or companion track is not its main conference (unless the
  venue's own name says workshop, as HotNets' and SPIN's do);
- an abbreviation shared by a conference and a journal (WWW) is decided by the BibTeX field;
- an abbreviation in parentheses does not override a name that says another venue;
- an abbreviation in the title of a book ("SAT2000: Highlights of Satisfiability Research")
  is a word of the title, unless the title is the venue's proceedings;
- two venues equally good leave the entry unresolved, with both named.

The catalogue's venues (``VenueRecord.catalogued``) answer first; the venues a lab or an
import added answer only what the catalogue leaves unresolved, so that a venue created for
one text never takes another from the catalogue, and re-importing a file resolves every
text as the first import did. A text the lab gave one of its venues as an alias (a user's
choice in an import) goes to that venue first.

The steps, strongest evidence first: DBLP key (the venue's, or another it lists among its
aliases, "conf/pkdd"); full name or alias (years, ordinals,
"Proceedings of the", sponsors, word order and parenthesised parts ignored); abbreviation
(in parentheses, "NSDI'24", or written inside a long DBLP or Springer title); abbreviated
name (ISO 4 and DBLP forms such as "IEEE Trans. Parallel Distributed Syst."); a name one
typo away. Long DBLP titles ("..., ICNP 2024, Charleroi, Belgium, ...") and subtitles are
also tried piece by piece.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from pubs.text import CJK_TEXT, without_accents

CONFERENCE_KINDS = frozenset({"conference", "workshop"})
JOURNAL_KINDS = frozenset({"journal", "preprint_server"})

#: Words that make a text name a track or satellite event rather than the venue itself.
TRACK_WORDS = frozenset(
    {
        "workshop", "workshops", "poster", "posters", "demo", "demos", "demonstration",
        "demonstrations", "companion", "adjunct", "doctoral", "tutorial", "tutorials",
        "findings", "satellite", "abstracts", "phd", "student", "students", "competition",
        "challenge", "keynote", "panel", "forum",
    }
)  # fmt: skip
TRACK_PHRASES = (
    "extended abstract", "work in progress", "late breaking", "datasets and benchmarks",
    "position paper", "industry track", "new ideas", "in conjunction with", "co located",
)  # fmt: skip

#: Publishers and sponsors, optional in names ("ACM SIGOPS ATC", "IEEE/ACM ToN").
ORG_WORDS = frozenset(
    {
        "ieee", "acm", "usenix", "siam", "aaai", "ifip", "ieee/acm", "acm/ieee", "ieee/cvf",
        "cvf", "ieee/ifip", "ifip/ieee", "springer", "elsevier", "ifaamas", "iapr", "euromicro",
    }
)  # fmt: skip
#: ACM special interest groups, which sponsor a venue and are often left out of its name.
ACM_SIGS = frozenset(
    {
        "sigact", "sigada", "sigai", "sigapp", "sigarch", "sigbed", "sigbio", "sigcas", "sigchi",
        "sigcomm", "sigcse", "sigda", "sigdoc", "sigecom", "sigevo", "sighpc", "sigir",
        "sigkdd", "siglog", "sigmetrics", "sigmicro", "sigmis", "sigmm", "sigmobile", "sigmod",
        "sigops", "sigplan", "sigsac", "sigsim", "sigsoft", "sigspatial", "sigweb", "siggraph",
    }
)  # fmt: skip
STOP_WORDS = frozenset(
    {
        "of", "on", "the", "and", "for", "in", "at", "to", "a", "an", "international",
        "annual", "proceedings", "its", "with", "de", "part", "volume", "vol",
    }
)  # fmt: skip
#: Words that carry no meaning in a name at all.
FUNCTION_WORDS = frozenset({"of", "on", "the", "and", "for", "in", "at", "to", "a", "an"})
#: Words that say what kind of event or series a name is, not which one.
MEETING_WORDS = frozenset({"conference", "workshop", "meeting"})
#: Names made only of these say nothing about which venue they are.
GENERIC_WORDS = frozenset(
    {"conference", "journal", "transactions", "workshop", "letters", "magazine", "review",
     "meeting", "series"}
)  # fmt: skip
#: Common abbreviations (ISO 4, DBLP) and misspellings of title words.
EXPANSIONS = {
    "int.": "international", "intl.": "international", "intl": "international",
    "int'l": "international", "internation": "international", "j.": "journal",
    "jour.": "journal", "trans.": "transactions", "conf.": "conference",
    "symp.": "symposium", "ann.": "annual", "&": "and",
}  # fmt: skip
#: Words that differ between forms of one name without changing the venue.
SYNONYMS = {"symposium": "conference", "conferences": "conference", "annul": "annual"}
#: An alias starting with this names a look-alike that is NOT the venue.
LOOK_ALIKE = "!"
#: Characters folded away: curly quotes, LaTeX braces and escapes, dashes.
FOLDED_CHARACTERS = (
    ("\u2019", "'"), ("\u2018", "'"), ("`", "'"), ("{", ""), ("}", ""), ("\\&", "&"),
    ("$", ""), ("\u2013", " - "), ("\u2014", " - "), ("--", " - "),
)  # fmt: skip
#: DOI registrant prefixes that tell the publisher.
DOI_SPONSORS = {"10.1109": frozenset({"ieee"}), "10.1145": frozenset({"acm"})}

_YEAR = re.compile(r"(?<![\w/])(?:19|20)\d{2}(?![\w/])")
_GLUED_YEAR = re.compile(r"(?<=[A-Za-z])(?=(?:19|20)\d{2}\b)")
_YEAR_MARK = re.compile(r"(?:['\u2019\u2018`]\s?|(?<=[A-Za-z])-)(?P<yy>\d{2})(?!\d)")
#: An edition written after an abbreviation: "PPSN-X", "PPSN XIII", "HPDC-1".
_EDITION = re.compile(r"(?<=[A-Za-z])(?:-|\s+)(?:[IVXL]+|\d{1,2})$")
_ORDINAL = re.compile(r"(?<!\w)\d+\s*(?:st|nd|rd|th)(?!\w)", re.IGNORECASE)
_ORDINAL_WORDS = re.compile(
    r"\b(?:(?:twenty|thirty|forty|fifty|sixty)[- ]?)?(?:first|second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|"
    r"seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|fiftieth|sixtieth)\b",
    re.IGNORECASE,
)
#: What every ordinal word contains ("twenty-ninth": "ninth").
_ORDINAL_STEMS = (
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "teenth", "tieth",
)  # fmt: skip
_DIGIT = re.compile(r"\d")
_EVENT_WORDS = r"conference|conf\.|symposium|symp\.|workshop|congress|meeting|colloquium"
#: What a meeting's proceedings say they are (a book's title does not).
_MEETING = re.compile(rf"(?i)\b(?:proceedings|proc\.|{_EVENT_WORDS})")
#: What a meeting says it is: a journal may be called "Proceedings of the IEEE" too.
_EVENT = re.compile(rf"(?i)\b(?:{_EVENT_WORDS})")
_LEAD_IN = re.compile(r"^\s*(?:to appear in|accepted (?:at|by|to)|in)\s*:?\s+", re.IGNORECASE)
_PARENTHESES = re.compile(r"\(([^()]*)\)")
_CJK_LATIN = re.compile(rf"(?<=[{CJK_TEXT}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{CJK_TEXT}])")
_LATIN_WORD = re.compile(r"^[a-z][a-z.'/+&]*$")
_TOKEN = re.compile(r"[^\W_][\w'./+&]*", re.UNICODE)
_SEGMENTS = re.compile(r"\s*[,:;]\s+|\s+-\s+")
_ARXIV = re.compile(r"\b(?:arxiv|corr)\b", re.IGNORECASE)
_DBLP_KEY = re.compile(r"(?:^|[/:])((?:conf|journals)/[\w-]+)(?:/|$)")
_DBLP_VENUE = re.compile(r"(?:conf|journals)/[\w-]+")
_DBLP_CITATION_KEY = re.compile(r"(?i)(?:dblp:)?(?:conf|journals)/[\w-]+/\S")
_CAPITALISED = re.compile(r"(?<![\w&])[A-Z][\w&-]*[A-Z][\w&]*(?![\w&])")
_ABBREVIATION_WITH_YEAR = re.compile(
    r"(?<![\w&])([A-Z][\w&-]*[A-Z][\w&]*)"
    r"(?=\s*(?:'\d{2}\b|(?:19|20)\d{2}\b|(?i:conference|symposium)\b))"
)


@dataclass(frozen=True)
class VenueRecord:
    """What the resolver knows about one venue (plain data, e.g. from a Venue row)."""

    key: str  # the caller's identifier, e.g. the venue's slug
    name: str
    kind: str
    abbreviation: str = ""
    dblp_key: str = ""
    publisher: str = ""
    aliases: tuple[str, ...] = ()
    #: From the catalogue (the CCF list, DBLP): such venues answer first, and a venue an
    #: import created never takes a text from them.
    catalogued: bool = False

    @property
    def label(self) -> str:
        return self.abbreviation or self.name


@dataclass(frozen=True)
class Resolution:
    venue: VenueRecord | None
    confidence: float
    reason: str
    candidates: tuple[VenueRecord, ...] = field(default=())

    @property
    def resolved(self) -> bool:
        return self.venue is not None


@dataclass(frozen=True)
class VenueReading:
    """What a venue string typed or printed says (:meth:`VenueIndex.read`): the venue it names
    (with the reason, or the candidates when it could not decide) and the year it holds."""

    resolution: Resolution
    year: int | None

    @property
    def venue(self) -> VenueRecord | None:
        return self.resolution.venue


# -- text normalisation --------------------------------------------------------------------


def fold(text: str) -> str:
    """Accents off, quotes straight, LaTeX braces and dashes dropped, Chinese text set apart
    from Latin letters and digits ("会议DAC" -> "会议 DAC"), spaces collapsed."""
    return _tidy(without_accents(text))


def _tidy(text: str) -> str:
    """:func:`fold` but for the accents, which a name keeps ("La Race Nègre")."""
    for old, new in FOLDED_CHARACTERS:
        text = text.replace(old, new)
    text = _CJK_LATIN.sub(" ", text)
    return _LEAD_IN.sub("", " ".join(text.split()))


def _any_year(text: str) -> str:
    return _YEAR_MARK.sub("'00", _YEAR.sub("2000", text))


def printed_year(text: str) -> int | None:
    """The year a venue string holds, if any: "SC'23" -> 2023, "NSDI '24" -> 2024, "ICML 2024",
    "AAAI2026", "(IJCAI-95)" -> 1995; the first when it holds several. Two digits are read
    as a year from 1950 to 2049; an edition ("PPSN-X", "HPDC-1") is no year."""
    folded = _GLUED_YEAR.sub(" ", fold(text))
    found = [(m.start(), int(m.group())) for m in _YEAR.finditer(folded)]
    found += [(m.start(), int(m.group("yy"))) for m in _YEAR_MARK.finditer(folded)]
    if not found:
        return None
    _, year = min(found)
    if year < 100:
        year += 1900 if year >= 50 else 2000
    return year


def strip_dates(text: str) -> str:
    """Remove years, 'YY marks and ordinals ("2024", "'24", "AAAI2026", "32nd", "Twenty-Ninth")."""
    if _DIGIT.search(text):
        text = _GLUED_YEAR.sub(" ", text)
        text = _YEAR_MARK.sub(" ", text)
        text = _YEAR.sub(" ", text)
        text = _ORDINAL.sub(" ", text)
    lowered = text.lower()
    if any(stem in lowered for stem in _ORDINAL_STEMS):  # the regular expression is slow
        text = _ORDINAL_WORDS.sub(" ", text)
    return text


def words(text: str) -> list[str]:
    """Lower-case word tokens, abbreviations expanded; a trailing dot marks a short word."""
    result = []
    for raw in _TOKEN.findall(text.lower().replace("-", " ")):
        token = EXPANSIONS.get(raw, raw).strip("'/+")
        if token == "proc." and not result:
            token = "proceedings"  # "Proc. IEEE"; elsewhere "Proc." may be "Processing"
        if token.endswith(".") and token.count(".") == 1 and token[:-1].isalpha():
            result.append(token)  # an abbreviated word ("comput.")
        else:
            result.extend(part for part in token.split(".") if part)
    return result


def name_key(text: str) -> tuple[str, ...]:
    """The comparison key of a name: dates, parenthesised parts, stop words, sponsors gone.

    A name that is nothing but its sponsor ("Proceedings of the IEEE", "Journal of the ACM")
    keeps the sponsor.
    """
    text = re.sub(r"(?i)\bcomputer society\b", " ", fold(text))
    tokens = [SYNONYMS.get(t, t) for t in words(_PARENTHESES.sub(" ", strip_dates(text)))]
    tokens = [t for t in tokens if not t.isdigit()]
    key = tuple(t for t in tokens if t not in STOP_WORDS and t not in ORG_WORDS)
    if identifying(key):
        return key
    # Only a sponsor is left: keep it, and the words around it ("Proceedings of the IEEE").
    return tuple(t for t in tokens if t not in FUNCTION_WORDS)


def exact_key(text: str) -> tuple[str, ...]:
    """The words of a name as written, "in" and "of" included ("Frontiers in/of ...")."""
    return tuple(words(_PARENTHESES.sub(" ", strip_dates(fold(text)))))


def stems(key: Iterable[str]) -> frozenset[str]:
    """Words as two names' vocabularies compare them, plural or not ("Symposium on Discrete
    Algorithm" shares "algorithm" with "... Discrete Algorithms")."""
    return frozenset(
        word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word
        for word in key
    )


def identifying(key: tuple[str, ...]) -> bool:
    """Whether a key says which venue, not only what kind ("Conference", "Transactions")."""
    return any(token not in GENERIC_WORDS for token in key)


def key_variants(key: tuple[str, ...], loose: bool = True) -> set[tuple[str, ...]]:
    """Forms a name keeps its identity under: any word order and, when ``loose``, without
    ACM SIGs or "Conference" (Springer titles read "Computer Aided Verification").

    A form that dropping words leaves with fewer than two telling words ("FSE" of "SIGSOFT
    FSE", "Technical Conference" of "SIGCSE Technical Symposium") is not kept.
    """
    variants = {key}
    if loose:
        variants.add(without_sig(key))
        variants |= {tuple(t for t in v if t not in MEETING_WORDS) for v in list(variants)}
    return {
        any_order(v)
        for v in variants
        if identifying(v) and (v == key or len(set(v) - GENERIC_WORDS) >= 2)
    }


def any_order(key: tuple[str, ...]) -> tuple[str, ...]:
    """A key's words in any order: the form the index keeps names under."""
    return tuple(sorted(set(key)))


def without_sig(key: tuple[str, ...]) -> tuple[str, ...]:
    """The key without ACM special interest groups (SIGPLAN, SIGOPS ...)."""
    return tuple(token for token in key if token not in ACM_SIGS)


def track_words(text: str) -> frozenset[str]:
    """The words and phrases that make a text name a workshop, poster, demo ... track."""
    folded = fold(text)
    lowered = " ".join(words(folded))
    found = {phrase for phrase in TRACK_PHRASES if phrase in lowered}
    if re.search(r"\w@\s?[A-Z]", folded):  # "MOBILESoft@ICSE": held with another venue
        found.add("co located")
    return frozenset(found | {token for token in lowered.split() if token in TRACK_WORDS})


def is_track(text: str) -> bool:
    return bool(track_words(text))


def org_words(text: str) -> frozenset[str]:
    return frozenset(t for t in words(fold(text)) if t in ORG_WORDS)


def abbreviated_match(query: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Whether ``query`` is ``name`` with words abbreviated ("Comput." for "Computer")."""
    if len(query) != len(name) or not any(token.endswith(".") for token in query):
        return False
    for short, full in zip(query, name, strict=True):
        if short.endswith("."):
            if not _contracts(short[:-1], full):
                return False
        elif short != full and short.rstrip("s") != full.rstrip("s"):
            return False
    return True


def _contracts(short: str, full: str) -> bool:
    """ISO 4 keeps a word's letters in order from its first: "comput", "syst", "mgmt"."""
    if not short or short[0] != full[0]:
        return False
    if full.startswith(short):
        return True
    position = 0
    for letter in short:
        position = full.find(letter, position)
        if position < 0:
            return False
        position += 1
    return len(short) >= 3


def venue_name(text: str) -> tuple[str, str]:
    """A name and an abbreviation for a new venue from one paper's printed venue, without the
    edition: "Proceedings of the Annual Meeting on Vision (AMCV 2006)" -> ("Annual Meeting
    on Vision", "AMCV"). Accents are kept: "La Race Nègre"."""
    folded = _tidy(text)
    abbreviation = ""
    for inner in _PARENTHESES.findall(folded):
        candidates = [t for t in strip_dates(inner).split() if _CAPITALISED.fullmatch(t)]
        if candidates:
            abbreviation = candidates[0]
            break
    name = strip_dates(_PARENTHESES.sub(" ", folded))
    name = re.sub(r"(?i)^\s*(?:proc\.|proceedings of(?: the)?)\s+", "", name)
    name = re.sub(r"\s+(?=[,;:])", "", " ".join(name.split()))  # "SAT2000:" -> "SAT :" -> "SAT:"
    name = re.sub(r"([,;:])[,;:]+", r"\1", name).strip(" ,;:-")  # "August 22-24, 2005, Proc."
    return (name or folded)[:300], abbreviation[:50]


def new_venue_key(name: str) -> tuple[str, ...]:
    """Which new venue a name (from :func:`venue_name`) is: the words of its key in any
    order, as the index finds a venue by its full name. Two printed venues an import creates
    one venue for are then found as that one venue by the next import ("... 2019, 8-14
    December 2019, Vancouver" and "... 2024, Vancouver, December 10-15, 2024")."""
    return any_order(name_key(name))


def _without_tracks(key: tuple[str, ...]) -> tuple[str, ...]:
    """The key of the venue a track belongs to: "Companion ... Web Conference" -> WWW's."""
    return tuple(token for token in key if token not in TRACK_WORDS)


def dblp_stream(text: str) -> str:
    """ "conf/icnp" from "DBLP:conf/icnp/FangZXLYX24", a dblp.org URL or a bare key."""
    match = _DBLP_KEY.search(text.strip())
    return match.group(1) if match else ""


def abbreviation_key(text: str) -> str:
    """How abbreviations compare: "ECML-PKDD", "ECML/PKDD" and "ecml pkdd" are one."""
    return re.sub(r"[^\w&+]", "", fold(text).lower())


def abbreviations(venue: VenueRecord) -> set[str]:
    """The abbreviations a venue is known by (as :func:`abbreviation_key` compares them): its
    own, and a one-word name or alias ("ComNet", "arXiv")."""
    shorts = {venue.abbreviation} - {""}
    for text in (venue.name, *venue.aliases):
        one_word = len(text.split()) == 1 and not text.startswith(LOOK_ALIKE)
        if one_word and not is_dblp_key(text) and len(name_key(text)) <= 1:
            shorts.add(text)
    return {abbreviation_key(short) for short in shorts} - {""}


def is_dblp_key(text: str) -> bool:
    """Whether a text is a DBLP venue key ("conf/pkdd"): a venue's aliases may list the other
    keys DBLP files it under (ECML PKDD's papers since 2008 are conf/pkdd, the venue conf/ecml)."""
    return bool(_DBLP_VENUE.fullmatch(text))


def entry_dblp_key(citation_key: str, biburl: str = "", bibsource: str = "") -> str:
    """The DBLP venue key ("conf/nsdi") of an entry DBLP exported, from its citation key
    ("DBLP:conf/nsdi/ZhangLW24"), its biburl ("https://dblp.org/rec/conf/nsdi/ZhangLW24.bib")
    or its bibsource; "" for an entry from elsewhere."""
    texts = [biburl, bibsource] if "dblp" in f"{biburl} {bibsource}".lower() else []
    if _DBLP_CITATION_KEY.match(citation_key.strip()):
        texts.insert(0, citation_key)
    return next(filter(None, (dblp_stream(text) for text in texts)), "")


def _segments(text: str) -> list[str]:
    """A long title's pieces: "Title, ICNP 2024, Charleroi, Belgium" and "Title: Subtitle"."""
    pieces = [piece for piece in _SEGMENTS.split(_PARENTHESES.sub(" ", fold(text))) if piece]
    return pieces if len(pieces) > 1 else []


# -- the index -----------------------------------------------------------------------------


class VenueIndex:
    """The known venues, indexed for :meth:`resolve`; build once per import."""

    def __init__(self, venues: Iterable[VenueRecord]) -> None:
        venues = list(venues)
        catalogue = [venue for venue in venues if venue.catalogued]
        added = [venue for venue in venues if not venue.catalogued]
        #: The venues the lab added (by hand, or an import for texts nothing matched), asked
        #: only what the catalogue leaves unresolved: a venue created for one text never takes
        #: another text from the catalogue ("SPIN" stays the CCF's SPIN beside a created
        #: "International SPIN Workshop"). A text the lab gave one of them (an alias, as a
        #: user's choice in an import leaves) goes there first.
        self.added = VenueIndex(added) if catalogue and added else None
        self.venues = catalogue if self.added else venues
        self.given: dict[str, list[VenueRecord]] = defaultdict(list)
        if self.added:
            for venue in added:
                for alias in venue.aliases:
                    if not alias.startswith(LOOK_ALIKE):
                        self.given[_as_given(alias)].append(venue)
        self.by_dblp: dict[str, list[VenueRecord]] = defaultdict(list)
        self.by_name: dict[tuple[str, ...], list[VenueRecord]] = defaultdict(list)
        self.by_loose_name: dict[tuple[str, ...], list[VenueRecord]] = defaultdict(list)
        self.by_abbreviation: dict[str, list[VenueRecord]] = defaultdict(list)
        self.names: list[tuple[tuple[str, ...], VenueRecord]] = []
        self.names_by_word: dict[str, list[int]] = defaultdict(list)
        self.name_words: dict[str, frozenset[str]] = {}
        self.own_track_words: dict[str, frozenset[str]] = {}
        self.look_alikes: dict[str, set[tuple[str, ...]]] = defaultdict(set)
        for venue in self.venues:
            if venue.dblp_key:
                self.by_dblp[venue.dblp_key].append(venue)
            tracks: set[str] = set()
            vocabulary: set[str] = set()
            for text in (venue.name, *venue.aliases):
                if text.startswith(LOOK_ALIKE):  # "!Frontiers in Computer Science"
                    self.look_alikes[venue.key].add(exact_key(text[1:]))
                    continue
                if is_dblp_key(text):  # another key DBLP files the venue under
                    self.by_dblp[text].append(venue)
                    continue
                tracks |= track_words(text)
                key = name_key(text)
                if len(text.split()) >= 3:
                    vocabulary |= stems(key)
                if not identifying(key):
                    continue
                for index, loose in ((self.by_name, False), (self.by_loose_name, True)):
                    for variant in key_variants(key, loose):
                        if venue not in index[variant]:
                            index[variant].append(venue)
                for word in set(key):
                    self.names_by_word[word].append(len(self.names))
                self.names.append((key, venue))
            for short in abbreviations(venue):
                self.by_abbreviation[short].append(venue)
            self.own_track_words[venue.key] = frozenset(tracks)
            self.name_words[venue.key] = frozenset(vocabulary - stems(GENERIC_WORDS))
        self._cache: dict[tuple, Resolution] = {}
        self._as_written: dict[tuple, Resolution] = {}  # the same answers, by the texts

    def resolve(
        self,
        *,
        booktitle: str = "",
        journal: str = "",
        series: str = "",
        publisher: str = "",
        doi: str = "",
        dblp_key: str = "",
        book: bool = False,
        typed: str = "",
    ) -> Resolution:
        """The venue these BibTeX fields name, with a confidence and a reason.

        ``dblp_key`` is the DBLP venue key the entry came with (:func:`entry_dblp_key`);
        ``book`` says the entry is a book or a part of one (@book, @inbook, @incollection),
        whose booktitle is the title of a book unless it says it is a meeting's proceedings;
        ``typed`` is a venue's name or short form of either kind, as a search box gets it.
        """
        # Texts that differ only in their years resolve alike ("AMCV 2006", "AMCV '07"), and
        # of a DOI only what it tells counts (arXiv, or the publisher): one answer serves all.
        lowered = doi.strip().lower()
        told = (
            "arxiv"
            if lowered.startswith("10.48550/arxiv")
            else DOI_SPONSORS.get(lowered.split("/")[0], frozenset())
        )
        as_written = (booktitle, journal, series, publisher, told, dblp_key, book, typed)
        found = self._as_written.get(as_written)
        if found is None:
            key = (
                _any_year(booktitle),
                _any_year(journal),
                _any_year(series),
                publisher,
                told,
                dblp_stream(dblp_key),
                book,
                _any_year(typed),
            )
            if key not in self._cache:
                fields = (booktitle, journal, series, publisher, doi, dblp_key, book, typed)
                self._cache[key] = self._resolve_in_turn(*fields)
            found = self._as_written[as_written] = self._cache[key]
        return found

    def read(
        self,
        text: str,
        *,
        kind: str = "",
        series: str = "",
        publisher: str = "",
        doi: str = "",
    ) -> VenueReading:
        """The venue a string names and the year it holds: one reading for a printed venue
        (an import's, a paper's "venue as printed") and a typed one (the admin's venue search):
        "SC'23", "NSDI '24", "ICML 2024", "Proc. of the ...", "PPSN-X, Tenth International
        Conference on ...". ``kind`` is "conference" or "journal" when the string is known to
        name one (a BibTeX booktitle or journal), "" when it may name either."""
        fields = {"conference": "booktitle", "journal": "journal"}.get(kind, "typed")
        resolution = self.resolve(**{fields: text}, series=series, publisher=publisher, doi=doi)
        return VenueReading(resolution, printed_year(text))

    def _resolve_in_turn(self, *fields) -> Resolution:
        """A text the lab gave one of its venues goes there; else the catalogue answers, and
        the venues the lab added answer what it leaves unresolved."""
        if self.added is None:
            return self._resolve(*fields)
        booktitle, journal, *_, typed = fields
        for text in (booktitle, journal, typed):
            given = list(dict.fromkeys(self.given.get(_as_given(text), ()))) if text else []
            if len(given) == 1:
                return Resolution(given[0], 1.0, "a name given to this venue before")
        found = self._resolve(*fields)
        if found.resolved:
            return found
        added = self.added._resolve(*fields)
        return added if added.resolved or (added.candidates and not found.candidates) else found

    def _resolve(
        self,
        booktitle: str,
        journal: str,
        series: str,
        publisher: str,
        doi: str,
        dblp_key: str,
        book: bool,
        typed: str = "",
    ) -> Resolution:
        fields = ((booktitle, "conference"), (journal, "journal"), (typed, ""), (series, ""))
        texts = [(text, kind) for text, kind in fields if text.strip()]
        if not texts and not dblp_key:
            return Resolution(None, 0.0, "no booktitle, journal or series")
        if self._names_arxiv(texts, doi):
            arxiv = self.by_dblp.get("journals/corr") or [
                v for v in self.venues if v.kind == "preprint_server"
            ]
            if arxiv:
                return Resolution(arxiv[0], 0.99, "arXiv preprint")
        sponsors = org_words(" ".join([publisher, *(text for text, _ in texts)]))
        sponsors |= DOI_SPONSORS.get(doi.strip().lower().split("/")[0], frozenset())
        stream = dblp_stream(dblp_key)
        steps: list[tuple[Callable[[str], list[VenueRecord]], float, str]] = [
            (self._by_name, 0.95, "full name"),
            (self._by_parenthesised, 0.9, "abbreviation in parentheses"),
            (self._by_short_form, 0.9, "abbreviation"),
            (self._by_capitalised, 0.85, "abbreviation in the name"),
            (self._by_abbreviated_name, 0.85, "abbreviated name"),
            (self._by_close_name, 0.75, "name with a small difference"),
        ]
        if stream:
            steps.insert(0, (lambda _text: self.by_dblp.get(stream, []), 1.0, f"DBLP key {stream}"))
        misses: list[Resolution] = []
        for text, field_kind in texts:
            kind = _kind_of(text, field_kind)
            tracks = track_words(text)
            query, exact = stems(name_key(text)), exact_key(text)
            pieces = _segments(text)
            book_title = book and field_kind == "conference" and not names_a_meeting(text)
            for find, confidence, reason in steps:
                candidates = find(text)
                if book_title and find in (self._by_parenthesised, self._by_capitalised):
                    candidates = self._titled_after(text, candidates)
                found = self._decide(candidates, kind, sponsors, tracks, query, exact)
                if found.resolved:
                    return Resolution(found.venue, confidence, reason, found.candidates)
                misses.append(found)
                piece_find = {
                    self._by_name: self._by_exact_name,
                    self._by_short_form: self._by_abbreviation_piece,
                }.get(find)
                if piece_find is not None:
                    for piece in pieces:  # "..., ICNP 2024, Charleroi" or "Title: Subtitle"
                        candidates = piece_find(piece)
                        if book_title and piece_find == self._by_abbreviation_piece:
                            candidates = self._titled_after(text, candidates)
                        found = self._decide(candidates, kind, sponsors, tracks, query, exact)
                        if found.resolved:
                            piece_confidence = confidence - 0.05
                            return Resolution(
                                found.venue, piece_confidence, reason, found.candidates
                            )
                        misses.append(found)
        if any(track_words(text) for text, _ in texts):
            nothing = Resolution(None, 0.0, "a workshop, poster, demo or companion track")
        else:
            nothing = Resolution(None, 0.0, "no known venue matches")
        return next((miss for miss in misses if miss.candidates), nothing)

    def _names_arxiv(self, texts: list[tuple[str, str]], doi: str) -> bool:
        if doi.lower().startswith("10.48550/arxiv"):
            return True
        return any(_ARXIV.search(text) and len(name_key(text)) <= 4 for text, _ in texts)

    # -- the ways of finding candidates ----------------------------------------------------

    def _by_name(self, text: str, loose: bool = True) -> list[VenueRecord]:
        key = name_key(text)
        indexes = (self.by_name, self.by_loose_name) if loose else (self.by_name,)
        for index in indexes:
            loose_forms = index is self.by_loose_name
            for variant in (key, _without_tracks(key)):
                for form in sorted(key_variants(variant, loose_forms), key=len, reverse=True):
                    if index.get(form):
                        return index[form]
        return []

    def _by_exact_name(self, text: str) -> list[VenueRecord]:
        """A name as it stands, for a piece of a long title (not "Computer Vision" of ECCV's)."""
        return self._by_name(text, loose=False)

    def _by_parenthesised(self, text: str) -> list[VenueRecord]:
        """ "... Symposium on Quality of Service (IWQoS)", "(ICNP 2024)", "（ICNP’24）"."""
        folded = fold(text)
        for inner in _PARENTHESES.finditer(folded):
            bare = re.sub(r"(?<=[A-Za-z])-\d+\b", " ", strip_dates(inner.group(1)))  # "HPDC-1"
            candidates = [
                venue
                for token in {bare.strip(), *bare.split()}
                for venue in self.by_abbreviation.get(abbreviation_key(token), [])
            ]
            if candidates:
                # The name an abbreviation stands for comes before it; a place may follow.
                named = folded[: inner.start()]
                return self._agreeing_with_name(text, candidates, named=named)
        return []

    def _by_short_form(self, text: str) -> list[VenueRecord]:
        """The text is an abbreviation, give or take a year and a sponsor: "NSDI'24"."""
        outer = _PARENTHESES.sub(" ", strip_dates(fold(text)))
        outer = re.sub(r"(?i)^\s*(?:proc\.|proceedings)(?:\s+of)?(?:\s+the)?\s+", "", outer)
        latin = [t for t in re.findall(r"[\w&/+-]+", outer) if re.search("[A-Za-z]", t)]
        # Sponsors are left out ("IEEE INFOCOM"), unless the sponsor is the venue ("AAAI").
        tokens = [t for t in latin if t.lower() not in ORG_WORDS] or latin
        if not tokens or len(tokens) > 3:
            return []
        joined = " ".join(tokens)
        glued_year = re.sub(r"(?<=[A-Za-z])\d{2}$", "", joined)  # "SC20"
        for candidate in (outer, joined, glued_year, _EDITION.sub("", joined)):  # "PPSN-X"
            found = self.by_abbreviation.get(abbreviation_key(candidate), [])
            if found:
                return found
        return []

    def _by_abbreviation_piece(self, piece: str) -> list[VenueRecord]:
        """A piece of a long title that is an abbreviation ("SC 2015"), not a word."""
        if not _CAPITALISED.search(piece) and not re.search(r"[A-Z]{2}", piece):
            return []
        return self._by_short_form(piece)

    def _by_capitalised(self, text: str) -> list[VenueRecord]:
        """An abbreviation with its year inside a long title: "Computer Vision - ECCV 2022".

        Without the year it is only a word of the title ("AI Communications" is not AI).
        """
        candidates = [
            venue
            for token in _ABBREVIATION_WITH_YEAR.findall(_GLUED_YEAR.sub(" ", fold(text)))
            for venue in self.by_abbreviation.get(abbreviation_key(token), [])
            if token in {venue.abbreviation, *venue.aliases}
        ]
        return self._agreeing_with_name(text, candidates)

    def _by_abbreviated_name(self, text: str) -> list[VenueRecord]:
        key = name_key(text)
        if not any(token.endswith(".") for token in key):
            return []
        return [venue for name, venue in self.names if abbreviated_match(key, name)]

    def _by_close_name(self, text: str) -> list[VenueRecord]:
        """A name one typo away: same number of words, all but one of them shared.

        Such a name has one of the query's two rarest words, so only names with those are
        compared.
        """
        key = name_key(text)
        if len(key) < 3:
            return []
        rarest = sorted(set(key), key=lambda word: len(self.names_by_word.get(word, ())))[:2]
        indexes = {i for word in rarest for i in self.names_by_word.get(word, ())}
        joined = " ".join(key)
        return [
            venue
            for name, venue in (self.names[i] for i in indexes)
            if len(name) == len(key)
            and len(set(name) & set(key)) >= len(set(key)) - 1
            and fuzz.ratio(joined, " ".join(name)) >= 94
        ]

    def _agreeing_with_name(
        self, text: str, candidates: list[VenueRecord], named: str = ""
    ) -> list[VenueRecord]:
        """Drop venues an abbreviation points to when the words around it (``named``, those it
        stands after, when there are any) name another venue.

        "International Conference on Computing and Machine Intelligence (ICMI)" is not ICMI,
        the International Conference on Multimodal Interaction; "... Symposium on Discrete
        Algorithm (SODA 1991), San Francisco" is SODA, whatever the place.
        """
        outer = _telling_words(named) or _telling_words(text)
        if len(outer) < 3:
            return candidates
        return [v for v in candidates if len(outer & self.name_words[v.key]) * 2 >= len(outer)]

    def _titled_after(self, title: str, candidates: list[VenueRecord]) -> list[VenueRecord]:
        """The venues an abbreviation in a book's title names when the book is their
        proceedings: most of the title's other words are the venue's. "Computer Vision - ECCV
        2016" is ECCV's; "SAT2000: Highlights of Satisfiability Research in the Year 2000", a
        book of its own, is not SAT's."""
        words_ = {w for w in name_key(title) if _LATIN_WORD.match(w) and w not in GENERIC_WORDS}
        kept = []
        for venue in candidates:
            rest = stems(w for w in words_ if abbreviation_key(w) not in abbreviations(venue))
            if len(rest & self.name_words[venue.key]) * 2 >= len(rest):
                kept.append(venue)
        return kept

    # -- choosing among candidates ---------------------------------------------------------

    def _decide(
        self,
        candidates: list[VenueRecord],
        kind: str,
        sponsors: frozenset[str],
        tracks: frozenset[str],
        query: frozenset[str],
        exact: tuple[str, ...],
    ) -> Resolution:
        """The one candidate of the wanted kind, else a reasoned miss.

        Ties are broken by the sponsors named (ACM, IEEE ...), then by the words the text
        shares with each candidate's names.
        """
        unique = [v for v in dict.fromkeys(candidates) if exact not in self.look_alikes[v.key]]
        if not unique:
            return Resolution(None, 0.0, "")
        # A workshop or poster track of a venue is not the venue, unless its name says so.
        fitting = [v for v in unique if tracks <= self.own_track_words[v.key]]
        if not fitting:
            labels = ", ".join(v.label for v in unique)
            return Resolution(
                None, 0.0, f"a workshop, poster, demo or companion track of {labels}", tuple(unique)
            )
        wanted = CONFERENCE_KINDS if kind == "conference" else JOURNAL_KINDS
        chosen = [v for v in fitting if v.kind in wanted] if kind else fitting
        if len(chosen) > 1 and sponsors:
            chosen = [
                v for v in chosen if org_words(f"{v.publisher} {v.name}") & sponsors
            ] or chosen
        if len(chosen) > 1:
            overlap = {v.key: len(query & self.name_words[v.key]) for v in chosen}
            best = max(overlap.values())
            if best:
                chosen = [v for v in chosen if overlap[v.key] == best]
        if len(chosen) == 1:
            return Resolution(chosen[0], 1.0, "", tuple(unique))
        if not chosen:
            return Resolution(
                None, 0.0, f"only a venue of another kind matches ({kind} wanted)", tuple(unique)
            )
        labels = ", ".join(v.label for v in chosen)
        return Resolution(None, 0.0, f"ambiguous: {labels}", tuple(chosen))


def _telling_words(text: str) -> frozenset[str]:
    """The words of a name outside parentheses that tell one venue from another."""
    return stems(
        word
        for word in name_key(_PARENTHESES.sub(" ", fold(text)))
        if _LATIN_WORD.match(word) and word not in GENERIC_WORDS
    )


def _kind_of(text: str, field_kind: str) -> str:
    """The kind of venue a text names: Google Scholar puts proceedings in ``journal``."""
    if field_kind == "journal" and names_a_meeting(text):
        return ""
    return field_kind


def names_a_meeting(text: str) -> bool:
    """Whether a venue's name may be a meeting's: "Proceedings of ...", "... Conference"."""
    return bool(_MEETING.search(text))


def names_an_event(text: str) -> bool:
    """Whether a venue's name says it is a meeting: "... Conference", "... Workshop", not
    "Proceedings of the IEEE" (a journal)."""
    return bool(_EVENT.search(text))


def _as_given(text: str) -> str:
    """A name as the lab gave it to a venue, whatever the year: how :attr:`VenueIndex.given`
    compares texts."""
    return " ".join(_any_year(fold(text)).casefold().split())
