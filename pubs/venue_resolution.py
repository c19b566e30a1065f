"""Which venue a BibTeX entry appeared at, from the strings the entry gives.

Pure Python: build a :class:`VenueIndex` from plain :class:`VenueRecord` rows once, then call
:meth:`VenueIndex.resolve` with an entry's booktitle, journal, series, publisher, DOI and
DBLP key. The answer is a :class:`Resolution`: the venue (or none), a confidence and the
reason, and the candidates when it could not decide. A miss is reported, never guessed:

- a workshop, poster, demo or companion track is not its main conference;
- an abbreviation shared by a conference and a journal (WWW) is decided by the BibTeX field;
- two venues equally good leave the entry unresolved, with both named.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz

CONFERENCE_KINDS = frozenset({"conference", "workshop"})
JOURNAL_KINDS = frozenset({"journal", "preprint_server"})

#: Words that say the text names a track or satellite of a venue, not the venue itself.
TRACK_WORDS = frozenset(
    {
        "workshop",
        "workshops",
        "poster",
        "posters",
        "demo",
        "demos",
        "demonstration",
        "demonstrations",
        "companion",
        "adjunct",
        "doctoral",
        "tutorial",
        "tutorials",
        "findings",
        "satellite",
        "colloquium",
        "abstracts",
        "phd",
        "student",
        "students",
        "competition",
        "challenge",
        "keynote",
        "panel",
        "volume",
    }
)
TRACK_PHRASES = (
    "extended abstract",
    "work in progress",
    "work-in-progress",
    "late breaking",
    "late-breaking",
    "datasets and benchmarks",
    "short paper",
    "position paper",
    "industry track",
    "new ideas",
    "in conjunction with",
    "co-located",
)

#: Publishers and sponsors: optional in names ("ACM SIGOPS ATC", "IEEE/ACM ToN").
ORG_WORDS = frozenset(
    {
        "ieee",
        "acm",
        "usenix",
        "siam",
        "aaai",
        "ifip",
        "ieee/acm",
        "acm/ieee",
        "ieee/cvf",
        "cvf",
        "ieee-acm",
        "ieee computer society",
        "springer",
        "elsevier",
        "ifaamas",
        "iapr",
        "isca",
        "ieee/ifip",
        "ifip/ieee",
        "acm/sigapp",
        "euromicro",
        "eurographics",
        "eatcs",
        "ijcai",
    }
)
STOP_WORDS = frozenset(
    {
        "of",
        "on",
        "the",
        "and",
        "for",
        "in",
        "at",
        "to",
        "a",
        "an",
        "&",
        "international",
        "annual",
        "proceedings",
        "joint",
        "its",
        "with",
        "de",
    }
)
#: Common abbreviations of title words (ISO 4, DBLP) expanded before comparing.
EXPANSIONS = {
    "int.": "international",
    "intl.": "international",
    "intl": "international",
    "int'l": "international",
    "j.": "journal",
    "jour.": "journal",
    "trans.": "transactions",
    "proc.": "proceedings",
    "conf.": "conference",
    "symp.": "symposium",
    "ann.": "annual",
    "natl.": "national",
    "&": "and",
}
#: Words that differ between forms of one name without changing the venue.
SYNONYMS = {"symposium": "conference", "conferences": "conference", "annul": "annual"}

_YEAR = re.compile(r"(?<![\w/])(?:19|20)\d{2}(?![\w/])")
_YEAR_MARK = re.compile(r"['\u2019\u2018`]\s?\d{2}(?!\d)")
_ORDINAL = re.compile(r"(?<!\w)\d+\s*(?:st|nd|rd|th)(?!\w)", re.IGNORECASE)
_ORDINAL_WORDS = re.compile(
    r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|"
    r"twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
    r"(?:twenty|thirty|forty|fifty|sixty)(?:-(?:first|second|third|fourth|fifth|sixth|"
    r"seventh|eighth|ninth))?|twentieth|thirtieth|fortieth|fiftieth|sixtieth)\b",
    re.IGNORECASE,
)
_PARENTHESES = re.compile(r"\(([^()]*)\)")
_TOKEN = re.compile(r"[^\W_][\w'./+&-]*", re.UNICODE)
_ARXIV = re.compile(r"\b(?:arxiv|corr)\b", re.IGNORECASE)
#: DOI registrant prefixes that tell the publisher.
DOI_SPONSORS = {
    "10.1109": frozenset({"ieee"}),
    "10.1145": frozenset({"acm"}),
}
_DBLP_KEY = re.compile(r"(?:^|[/:])((?:conf|journals)/[\w-]+)(?:/|$)")


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


@dataclass(frozen=True)
class Resolution:
    venue: VenueRecord | None
    confidence: float
    reason: str
    candidates: tuple[VenueRecord, ...] = field(default=())

    @property
    def resolved(self) -> bool:
        return self.venue is not None


def fold(text: str) -> str:
    """NFKC, accents off, curly quotes straight, LaTeX braces dropped, spaces collapsed."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "'").replace("{", "")
    text = text.replace("}", "").replace("\\&", "&").replace("--", " ").replace("\u2013", " ")
    return " ".join(text.split())


def strip_dates(text: str) -> str:
    """Remove years, 'YY marks and ordinals ("2024", "'24", "32nd", "Twenty-Ninth")."""
    text = _YEAR_MARK.sub(" ", text)
    text = _YEAR.sub(" ", text)
    text = _ORDINAL.sub(" ", text)
    return _ORDINAL_WORDS.sub(" ", text)


def words(text: str) -> list[str]:
    """Lower-case word tokens of a folded text, abbreviations expanded, dots kept."""
    result = []
    for token in _TOKEN.findall(text.lower()):
        token = token.strip("-'/+")
        token = EXPANSIONS.get(token, token)
        if token.endswith(".") and token.count(".") == 1 and token[:-1].isalpha():
            result.append(token)  # an abbreviated word ("comput.")
        else:
            result.extend(part for part in re.split(r"[.]", token) if part)
    return result


def core(tokens: Iterable[str]) -> tuple[str, ...]:
    """The tokens that identify a venue: no stop words, sponsors or dates."""
    out = []
    for token in tokens:
        token = SYNONYMS.get(token, token)
        if token in STOP_WORDS or token in ORG_WORDS or token.isdigit():
            continue
        if token.startswith("sig") and token[3:].isalpha() and len(token) > 4:
            continue  # ACM special interest groups: SIGPLAN, SIGOPS, ... (sponsors)
        out.append(token)
    return tuple(out)


def name_key(text: str) -> tuple[str, ...]:
    """The comparison key of a full name: folded, dated and sponsored parts removed."""
    folded = strip_dates(fold(text))
    folded = _PARENTHESES.sub(" ", folded)
    return core(words(folded))


def org_words(text: str) -> frozenset[str]:
    tokens = set(words(fold(text)))
    return frozenset(t for t in tokens if t in ORG_WORDS or (t.startswith("sig") and len(t) > 4))


def is_track(text: str) -> bool:
    """Whether the text names a workshop, poster, demo or other track rather than a venue."""
    lowered = fold(text).lower()
    if any(phrase in lowered for phrase in TRACK_PHRASES):
        return True
    return any(token in TRACK_WORDS for token in words(lowered))


def abbreviated_match(query: tuple[str, ...], name: tuple[str, ...]) -> bool:
    """Whether ``query`` is ``name`` with some words abbreviated ("Comput." for "Computer")."""
    if len(query) != len(name) or not any(token.endswith(".") for token in query):
        return False
    for short, full in zip(query, name, strict=True):
        if short.endswith("."):
            stem = short[:-1]
            if not (full.startswith(stem) or _consonant_skeleton(stem, full)):
                return False
        elif short != full and short.rstrip("s") != full.rstrip("s"):
            return False
    return True


def _consonant_skeleton(short: str, full: str) -> bool:
    """ISO 4 contractions keep letters in order: "mgmt" in "management", "syst" in "systems"."""
    if not short or short[0] != full[0] or len(short) < 2:
        return False
    position = 0
    for letter in short:
        position = full.find(letter, position)
        if position < 0:
            return False
        position += 1
    return True


def dblp_stream(text: str) -> str:
    """ "conf/icnp" from "DBLP:conf/icnp/FangZXLYX24", a dblp.org URL or a bare key."""
    match = _DBLP_KEY.search(text.strip())
    return match.group(1) if match else ""


class VenueIndex:
    """The known venues, indexed for :meth:`resolve`; build once per import."""

    def __init__(self, venues: Iterable[VenueRecord]) -> None:
        self.venues = list(venues)
        self.by_dblp: dict[str, list[VenueRecord]] = defaultdict(list)
        self.by_name: dict[tuple[str, ...], list[VenueRecord]] = defaultdict(list)
        self.by_abbreviation: dict[str, list[VenueRecord]] = defaultdict(list)
        self.names: list[tuple[tuple[str, ...], VenueRecord]] = []
        for venue in self.venues:
            if venue.dblp_key:
                self.by_dblp[venue.dblp_key].append(venue)
            short_forms = {venue.abbreviation} if venue.abbreviation else set()
            for text in (venue.name, *venue.aliases):
                key = name_key(text)
                if len(key) == 1 and len(text.split()) == 1:
                    short_forms.add(text)  # a one-word alias is an abbreviation ("ComNet")
                if key and venue not in self.by_name[key]:
                    self.by_name[key].append(venue)
                    self.names.append((key, venue))
            for short in short_forms:
                self.by_abbreviation[_abbreviation_key(short)].append(venue)
        self._cache: dict[tuple, Resolution] = {}

    def resolve(
        self,
        *,
        booktitle: str = "",
        journal: str = "",
        series: str = "",
        publisher: str = "",
        doi: str = "",
        dblp_key: str = "",
    ) -> Resolution:
        """The venue these BibTeX fields name, with a confidence and a reason."""
        args = (booktitle, journal, series, publisher, doi, dblp_key)
        if args not in self._cache:
            self._cache[args] = self._resolve(*args)
        return self._cache[args]

    # -- the steps, strongest evidence first ----------------------------------------------------

    def _resolve(
        self, booktitle: str, journal: str, series: str, publisher: str, doi: str, dblp_key: str
    ) -> Resolution:
        texts = [
            (text, kind)
            for text, kind in (
                (booktitle, "conference"),
                (journal, "journal"),
                (series, "conference"),
            )
            if text.strip()
        ]
        if not texts and not dblp_key:
            return Resolution(None, 0.0, "no booktitle, journal or series")
        if self._names_arxiv(texts, doi):
            found = self.by_dblp.get("journals/corr") or [
                v for v in self.venues if v.kind == "preprint_server"
            ]
            if found:
                return Resolution(found[0], 0.99, "arXiv preprint")
        sponsors = org_words(" ".join([publisher, *(text for text, _ in texts)]))
        sponsors |= DOI_SPONSORS.get(doi.strip().lower().split("/")[0], frozenset())
        stream = dblp_stream(dblp_key)
        misses = []
        for text, kind in texts:
            kind = _kind_of(text, kind)
            if stream:
                found = self._decide(self.by_dblp.get(stream, []), kind, sponsors)
                if found.resolved and not is_track(text):
                    return Resolution(found.venue, 1.0, f"DBLP key {stream}")
            found = self._by_name(text, kind, sponsors)
            if found.resolved:
                return found
            if is_track(text):  # a venue named like a workshop matched by its name above
                return self._track_miss(text, kind)
            misses.append(found)
            for step in (self._by_abbreviation, self._by_abbreviated_name, self._by_close_name):
                found = step(text, kind, sponsors)
                if found.resolved:
                    return found
                misses.append(found)
        # The most telling miss: an ambiguity or a venue of the wrong kind, else none at all.
        return next(
            (miss for miss in misses if miss.candidates),
            Resolution(None, 0.0, "no known venue matches"),
        )

    def _names_arxiv(self, texts: list[tuple[str, str]], doi: str) -> bool:
        if doi.lower().startswith("10.48550/arxiv"):
            return True
        return any(_ARXIV.search(text) and len(name_key(text)) <= 4 for text, _ in texts)

    def _track_miss(self, text: str, kind: str) -> Resolution:
        main = self._by_abbreviation(text, kind, frozenset()).venue
        hint = (
            f" (a track of {main.abbreviation or main.name}, not the venue itself)" if main else ""
        )
        return Resolution(None, 0.0, f"a workshop, poster, demo or companion track{hint}")

    def _by_name(self, text: str, kind: str, sponsors: frozenset[str]) -> Resolution:
        key = name_key(text)
        # A full name is specific enough to override the BibTeX field's kind.
        found = self._decide(self.by_name.get(key, []), kind, sponsors, strict=False)
        if found.resolved:
            return Resolution(found.venue, 0.95, "full name", found.candidates)
        return found

    def _by_abbreviation(self, text: str, kind: str, sponsors: frozenset[str]) -> Resolution:
        folded = fold(text)
        inner = [m.group(1) for m in _PARENTHESES.finditer(folded)]
        outer = _PARENTHESES.sub(" ", folded)
        short = name_key(outer)
        candidates: list[VenueRecord] = []
        reason = ""
        for part in inner:  # "(ICNP)", "(ICNP 2024)", "(ICNP'24)"
            for token in _short_tokens(strip_dates(part)):
                candidates += self.by_abbreviation.get(_abbreviation_key(token), [])
            if candidates:
                reason = "abbreviation in parentheses"
                break
        if not candidates and len(short) <= 2:  # "NSDI'24", "IEEE Cluster", "ComNet"
            whole = " ".join(_short_tokens(strip_dates(outer)))
            for token in {whole, *whole.split()}:
                candidates += self.by_abbreviation.get(_abbreviation_key(token), [])
            reason = "abbreviation"
        if not candidates:  # "Computer Vision - ECCV 2022 - 17th European Conference ..."
            for token in re.findall(r"\b[A-Z][A-Za-z]*[A-Z][A-Za-z]*\b", outer):
                exact = [
                    v
                    for v in self.by_abbreviation.get(_abbreviation_key(token), [])
                    if token in {v.abbreviation, *v.aliases}
                ]
                candidates += exact
            reason = "abbreviation in the name"
        found = self._decide(candidates, kind, sponsors)
        if found.resolved:
            return Resolution(found.venue, 0.9, reason, found.candidates)
        return found

    def _by_abbreviated_name(self, text: str, kind: str, sponsors: frozenset[str]) -> Resolution:
        key = name_key(text)
        if not any(token.endswith(".") for token in key):
            return Resolution(None, 0.0, "")
        candidates = [venue for name, venue in self.names if abbreviated_match(key, name)]
        found = self._decide(candidates, kind, sponsors)
        if found.resolved:
            return Resolution(found.venue, 0.85, "abbreviated name", found.candidates)
        return found

    def _by_close_name(self, text: str, kind: str, sponsors: frozenset[str]) -> Resolution:
        key = name_key(text)
        if len(key) < 3:
            return Resolution(None, 0.0, "")
        joined = " ".join(key)
        candidates = [
            venue
            for name, venue in self.names
            if len(name) == len(key) and fuzz.ratio(joined, " ".join(name)) >= 94
        ]
        found = self._decide(candidates, kind, sponsors)
        if found.resolved:
            return Resolution(found.venue, 0.75, "name with a small difference", found.candidates)
        return found

    # -- choosing among candidates ---------------------------------------------------------------

    @staticmethod
    def _decide(
        candidates: list[VenueRecord], kind: str, sponsors: frozenset[str], strict: bool = True
    ) -> Resolution:
        """The one candidate of the wanted kind (sponsors break ties), else a reasoned miss."""
        unique = list(dict.fromkeys(candidates))
        if not unique:
            return Resolution(None, 0.0, "")
        wanted = CONFERENCE_KINDS if kind == "conference" else JOURNAL_KINDS
        of_kind = [v for v in unique if v.kind in wanted]
        if not of_kind and (kind == "" or not strict):
            of_kind = unique
        if len(of_kind) > 1 and sponsors:
            sponsored = [v for v in of_kind if org_words(f"{v.publisher} {v.name}") & sponsors]
            of_kind = sponsored or of_kind
        if len(of_kind) == 1:
            return Resolution(of_kind[0], 1.0, "", tuple(unique))
        if not of_kind:
            return Resolution(
                None, 0.0, f"only a venue of another kind matches ({kind} wanted)", tuple(unique)
            )
        names = ", ".join(v.abbreviation or v.name for v in of_kind)
        return Resolution(None, 0.0, f"ambiguous: {names}", tuple(of_kind))


def _kind_of(text: str, field_kind: str) -> str:
    """The kind of venue a text names: Google Scholar puts proceedings in ``journal``."""
    lowered = text.lower()
    names_meeting = re.search(r"\b(?:proceedings|conference|symposium)\b", lowered)
    if field_kind == "journal" and names_meeting and "vldb endowment" not in lowered:
        return ""
    return field_kind


def _short_tokens(text: str) -> list[str]:
    return [t for t in re.findall(r"[\w&/+-]+", text) if t.lower() not in ORG_WORDS and t != "&"]


def _abbreviation_key(text: str) -> str:
    return re.sub(r"[^\w&+]", "", fold(text).lower())
