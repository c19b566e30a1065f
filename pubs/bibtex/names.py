"""Author lists: BibTeX name parts, Chinese-script names, equal-contribution marks.

``parse_authors("Fang, Jin and G. Zhao and 徐宏力 and others")`` gives the authors in order
and whether the list goes on ("and others").
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from bibtexparser.middlewares.names import parse_single_name_into_parts

from pubs.bibtex.latex import to_text
from pubs.text import is_chinese, pinyin, without_accents

#: Marks of equal contribution after a name: *, $^*$, \textsuperscript{*}, ^{*}.
_EQUAL_MARK = re.compile(r"(?:\$\^\{?\*\}?\$|\\textsuperscript\{\*\}|\^\{?\*\}?|\*)")
#: Chinese family names of two characters (the common ones).
COMPOUND_SURNAMES = frozenset(
    [
        "欧阳",
        "司马",
        "上官",
        "诸葛",
        "东方",
        "皇甫",
        "尉迟",
        "公孙",
        "慕容",
        "长孙",
        "宇文",
        "司徒",
        "夏侯",
        "轩辕",
        "令狐",
        "独孤",
        "端木",
        "南宫",
        "西门",
        "百里",
        "呼延",
        "万俟",
        "闻人",
        "澹台",
        "公冶",
        "宗政",
        "濮阳",
        "太叔",
        "申屠",
        "钟离",
        "单于",
    ]
)


#: Family names read otherwise than the same character in ordinary words.
SURNAME_READINGS = {
    "曾": "Zeng", "单": "Shan", "解": "Xie", "仇": "Qiu", "区": "Ou", "查": "Zha", "朴": "Piao",
    "乐": "Yue", "覃": "Qin", "翟": "Zhai", "盖": "Ge", "缪": "Miao", "秘": "Bi", "召": "Shao",
    "黑": "He", "种": "Chong", "员": "Yun", "句": "Gou", "牟": "Mou", "隗": "Wei", "尉迟": "Yuchi",
    "万俟": "Moqi", "长孙": "Zhangsun", "单于": "Chanyu", "澹台": "Tantai", "令狐": "Linghu",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Author:
    """An author as the entry gives them, split into parts, decoded to Unicode."""

    printed: str  # in reading order: "Jin Fang" for "Fang, Jin"; 徐宏力 as written
    given: str
    family: str
    von: str = ""
    jr: str = ""
    native: str = ""  # the name in Chinese script, when written so
    equal: bool = False
    #: Whether only initials are given ("J. Fang", "L.-W. Chang", "JR Smith").
    is_initials: bool = False
    #: An organisation written whole ("{Example Standards Committee}", 北京市示例研究院):
    #: its name is ``family``, never split, never romanised (see :func:`is_organisation`).
    organisation: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_initials", only_initials(self.given))

    @property
    def surname(self) -> str:
        """The family name with its particles, as a person's family name is stored: "de la
        Rosa" whether written ``Tom\\'{a}s de la Rosa`` or ``Tom\\'{a}s {de la Rosa}``."""
        return f"{self.von} {self.family}" if self.von else self.family

    @property
    def full(self) -> str:
        """ "Jiarui Fang", "Ludwig van Beethoven", "John Smith Jr."."""
        return " ".join(part for part in (self.given, self.von, self.family, self.jr) if part)


def only_initials(given: str) -> bool:
    """Whether given names are initials only: "J.", "J. R.", "JR"."""
    return bool(given) and all(
        len(piece.strip(".")) <= 1 or (piece.isupper() and len(piece) <= 3)
        for piece in re.split(r"[\s\-.]+", given)
        if piece
    )


_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
#: Escaped braces (no braces), braces, and the " and " between names.
_AND_OR_BRACE = re.compile(r"\\[{}]|([{}])|\s+and\s+", re.IGNORECASE)

#: The most authors an entry may have: the positions an authorship can take
#: (pubs.models.MAX_POSITION). The longest real author lists, in particle physics, run to some
#: 5,000 names (ATLAS and CMS's 2015 paper on the Higgs boson's mass: 5,154).
MAX_AUTHORS = 9_999


class TooManyAuthors(ValueError):
    """An author list longer than :data:`MAX_AUTHORS`."""


def _split_names(value: str) -> list[str]:
    """The names of an author list: split at " and ", but not inside braces ("{Simon and
    Schuster}" is one name)."""
    value = value.strip()
    if "{" not in value:
        return [name.strip() for name in _AND.split(value)]
    names, start, depth = [], 0, 0
    for match in _AND_OR_BRACE.finditer(value):
        brace = match.group(1)
        if brace == "{":
            depth += 1
        elif brace == "}":
            depth -= 1
        elif brace is None and depth == 0 and not match.group().startswith("\\"):
            names.append(value[start : match.start()].strip())
            start = match.end()
    names.append(value[start:].strip())
    return names


def parse_authors(value: str) -> tuple[list[Author], bool]:
    """The authors of a BibTeX ``author`` (or ``editor``) value, and whether "and others"
    ends the list.

    Raises TooManyAuthors for more than :data:`MAX_AUTHORS` names (none of them parsed).
    """
    names = _split_names(value) if value.strip() else []
    more = bool(names) and names[-1].lower() in ("others", "et al.", "et al")
    if more:
        names = names[:-1]
    if len(names) > MAX_AUTHORS:
        raise TooManyAuthors(
            f"it has {len(names):,} authors; the limit is {MAX_AUTHORS:,} per entry"
        )
    authors = [name for name in names if name and name.casefold() not in ANONYMOUS]
    return [parse_name(name) for name in authors], more  # names come stripped


@functools.lru_cache(maxsize=16384)
def parse_name(raw: str) -> Author:
    """One name, in any BibTeX form: "Last, First", "First von Last", "Last, Jr, First".

    Kept for the names seen last: an author's name recurs on each of their papers, and an
    Author is immutable, so a name met again is the same Author.
    """
    text, equal = _strip_equal_mark(raw.strip())
    if is_organisation(text):
        name = to_text(text)
        return Author(printed=name, given="", family=name, equal=equal, organisation=True)
    if is_chinese(text) and " " not in text.strip() and "," not in text:
        return chinese_name(to_text(text), equal=equal)
    found = parse_single_name_into_parts(text, strict=False)
    given = to_text(" ".join(found.first))
    family = to_text(" ".join(found.last))
    if "," not in text and not found.jr and given and _SUFFIX.fullmatch(family):
        # "John A. Doe Jr.": BibTeX reads "Jr." as the family name; it is the suffix.
        found.jr = found.last
        given, _, family = given.rpartition(" ")
    if not given and family and " " in family and "," not in text:  # "{Jiarui Fang}" braced
        given, _, family = family.rpartition(" ")
    if "," not in text and _family_first(given, family):
        given, family = family, given.capitalize()  # "WANG Jiannan" is Jiannan Wang
    elif "," not in text:
        given, family = _family_words_last(given, family)
    von, jr = to_text(" ".join(found.von)), to_text(" ".join(found.jr))
    printed = " ".join(part for part in (given, von, family, jr) if part)
    return Author(printed=printed, given=given, family=family, von=von, jr=jr, equal=equal)


#: Suffixes of a name written after the family name without a comma ("John Doe Jr.",
#: "Henry Ford II"); with a comma BibTeX reads them itself ("Doe, Jr., John"). "Jun." and
#: "Sen." only with their full stop: without it they are family names ("Wang Jun",
#: "Amartya Sen").
_SUFFIX = re.compile(r"(?:Jr|Sr)\.?|Jun\.|Sen\.|II|III|IV|2nd|3rd|4th")

#: Words that name an organisation, not a person, in a braced name ("{Example Standards
#: Committee}", "{Barnes and Noble, Inc.}"), in lower case.
ORGANISATION_WORDS = frozenset(
    {
        "academy",
        "agency",
        "alliance",
        "association",
        "authors",
        "board",
        "bureau",
        "center",
        "centre",
        "college",
        "collaboration",
        "commission",
        "committee",
        "community",
        "company",
        "consortium",
        "contributors",
        "corporation",
        "council",
        "department",
        "developers",
        "division",
        "employees",
        "federation",
        "forum",
        "foundation",
        "gmbh",
        "group",
        "inc",
        "inc.",
        "industries",
        "initiative",
        "institut",
        "institute",
        "institution",
        "laboratories",
        "laboratory",
        "labs",
        "league",
        "limited",
        "llc",
        "ltd",
        "ltd.",
        "ministry",
        "network",
        "office",
        "organisation",
        "organization",
        "partnership",
        "program",
        "programme",
        "project",
        "research",
        "school",
        "service",
        "services",
        "society",
        "standards",
        "systems",
        "team",
        "technologies",
        "university",
        "working",
    }
)
#: Small words of titles and organisations, never in a person's name.
_TITLE_WORDS = frozenset({"the", "of", "for", "and", "&", "on", "in", "at", "to"})
#: A word of a person's name: capitalised, or an initial ("J."), hyphens and apostrophes
#: inside ("Jean-Pierre", "O'Neil"), or a particle in lower case ("van", "de").
_PERSON_WORD = re.compile(r"[^\W\d_]+(?:[-'’.]+[^\W\d_]+)*\.?")
#: Endings of the names of Chinese organisations: 大学 (university), 研究院 (academy), 公司
#: (company), 委员会 (committee), ...; a name of five characters or more is one too (a
#: person's name in Chinese script has two to four).
CHINESE_ORGANISATION_ENDINGS = (
    "大学", "学院", "学校", "公司", "集团", "研究院", "研究所", "研究中心", "中心", "委员会",
    "协会", "学会", "基金会", "实验室", "出版社", "医院", "政府", "银行", "局", "部", "厅",
    "署", "院", "所", "办",
)  # fmt: skip
_LONGEST_CHINESE_PERSON = 4


def is_organisation(raw: str) -> bool:
    """Whether a name of an author list, as written in BibTeX, names an organisation.

    The rule: (1) a name in Chinese script alone (no spaces, no comma) is an organisation
    when it is longer than a person's name (five characters or more) or ends with a word
    that names an institution after two characters at least (CHINESE_ORGANISATION_ENDINGS:
    北京市示例研究院, 清华大学, 科技部; not 王中心, whose given name is 中心);
    (2) a name in another script is one only when it is braced whole, as BibTeX asks an
    organisation to be written ("{Example Standards Committee}"; "{\\'E}mile Zola" is not
    braced whole), and it does not read as a person's name: one word ("{Google}"), a word
    of ORGANISATION_WORDS, a small title word ("of", "and", "&"), a comma, a digit, or an
    acronym of three capitals or more (a person's braced name, "{Jiarui Fang}", "{Jean de
    La Fontaine}", is two to four name words).
    """
    text = raw.strip()
    if is_chinese(text) and " " not in text and "," not in text:
        han = "".join(char for char in text if is_chinese(char))
        plain = to_text(text)
        return han == plain and (
            len(han) > _LONGEST_CHINESE_PERSON
            or any(
                han.endswith(ending) and len(han) >= (len(ending) + 2 if len(ending) > 1 else 3)
                for ending in CHINESE_ORGANISATION_ENDINGS
            )
        )
    inner = _braced_whole(text)
    if inner is None or inner.startswith("\\") or not inner.strip():
        return False
    words = to_text(inner).split()
    if len(words) == 1:
        return not is_chinese(words[0])
    return (
        len(words) > 4
        or "," in inner
        or any(char.isdigit() for char in inner)
        or any(word.lower().strip(".,") in ORGANISATION_WORDS for word in words)
        or any(word.lower() in _TITLE_WORDS for word in words)
        or any(len(word) >= 3 and word.isupper() and not is_pinyin(word) for word in words)
        or not all(_PERSON_WORD.fullmatch(word) for word in words)
    )


def _braced_whole(text: str) -> str | None:
    """What is inside the braces of a name braced whole ("{Acme Inc.}" -> "Acme Inc."),
    None when the name is not one brace group."""
    if not (text.startswith("{") and text.endswith("}")):
        return None
    depth = 0
    for index, char in enumerate(text):
        if char == "{" and (index == 0 or text[index - 1] != "\\"):
            depth += 1
        elif char == "}" and text[index - 1] != "\\":
            depth -= 1
            if depth == 0 and index < len(text) - 1:
                return None  # "{\\'E}mile Zola": the first group closes before the end
    return text[1:-1]


#: A word of one to three pinyin syllables, without tones ("wang", "jiannan", "ouyang").
_PINYIN = re.compile(
    r"(?:(?:[zcs]h|[bpmfdtnlgkhjqxrzcsyw])?"
    r"(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|an|ao|ei|en|er|ia|ie|in|iu|ou|ua"
    r"|ue|ui|un|uo|a|e|i|o|u|v)){1,3}",
    re.IGNORECASE,
)


def is_pinyin(word: str) -> bool:
    """Whether ``word`` reads as one to three pinyin syllables ("Hao", "Haoran", "Jiannan";
    not "Jonathan", "Markus")."""
    return _PINYIN.fullmatch(word) is not None


#: Letters that names spell out in ASCII where without_accents drops the mark ("Müller" is
#: written "Mueller", "Søren" "Soeren", "Ångström" "Aangstroem"); ß, æ and œ spell out the
#: same way there already.
_SPELT_OUT = str.maketrans(
    {"ä": "ae", "Ä": "Ae", "ö": "oe", "Ö": "Oe", "ü": "ue", "Ü": "Ue", "ø": "oe", "Ø": "Oe",
     "å": "aa", "Å": "Aa"}
)  # fmt: skip


def spelt_out(name: str) -> str:
    """``name`` in ASCII as German and Nordic names are written without their letters:
    "Jürgen Müller" -> "Juergen Mueller", "Søren" -> "Soeren", "Straße" -> "Strasse"."""
    if name.isascii():
        return name
    return without_accents(unicodedata.normalize("NFC", name).translate(_SPELT_OUT))


def _family_first(given: str, family: str) -> bool:
    """Whether a name read as ``given family`` is a Chinese name written family name first,
    in capitals ("WANG Jiannan", "LI Wei"): both words pinyin, the first in capitals and
    the second not ("JR Smith" and "ED Smith" keep their initials)."""
    return (
        len(given) >= 2
        and given.isupper()
        and not family.isupper()
        and is_pinyin(given)
        and is_pinyin(family)
    )


#: Capitalised particles that begin a family name written last ("Lauren Van Alsenoy", "Jan
#: Ter Horst"); BibTeX reads a capitalised word as a given name. Words that are also pinyin
#: syllables ("De", "Da", "Le") are left alone: "Ming De Wang" is a given name "Ming De".
_PARTICLES = frozenset({"Van", "Von", "Vander", "Vanden", "Ten", "Ter", "Della", "Del"})
#: Words that may follow one of them inside the family name ("Van Den Avenne", "Van de").
_PARTICLE_TAILS = frozenset({"Den", "Der", "De", "Het", "La", "Le", "Dem"}) | _PARTICLES


def _family_words_last(given: str, family: str) -> tuple[str, str]:
    """The given name and family name of a name written given names first, with the words
    BibTeX puts among the given names moved to the family name: a capitalised particle that
    begins it ("Lauren Van Alsenoy": Van Alsenoy), or family names in capitals, as French
    writes them ("Sylvie NOUGUIER VOISIN": NOUGUIER VOISIN)."""
    words = given.split()
    start = len(words)
    while start > 1 and words[start - 1] in _PARTICLE_TAILS:
        start -= 1
    while start < len(words) and words[start] not in _PARTICLES:
        start += 1  # the moved words begin with a particle proper ("Van", not "De")
    if start == len(words) and family.isupper() and len(family) > 1:
        while start > 1 and _in_capitals(words[start - 1]) and not _in_capitals(words[0]):
            start -= 1
    if start == len(words):
        return given, family
    return " ".join(words[:start]), " ".join([*words[start:], family])


def _in_capitals(word: str) -> bool:
    return len(word) > 1 and word.isalpha() and word.isupper()


#: Names that say the author is unknown: no person ("Anon" would otherwise become one person
#: of every anonymous text).
ANONYMOUS = frozenset({"anon", "anon.", "anonymous", "anonyme", "anonym", "anónimo", "n.n."})


def _strip_equal_mark(text: str) -> tuple[str, bool]:
    stripped = _EQUAL_MARK.sub("", text).strip()
    return stripped, stripped != text


def chinese_name(text: str, *, equal: bool = False) -> Author:
    """A name in Chinese script: family name first, given name after, romanised in pinyin.

    徐宏力 -> Hongli Xu (native 徐宏力); 欧阳修 -> Xiu Ouyang.
    """
    text = unicodedata.normalize("NFC", text).strip()
    split = 2 if text[:2] in COMPOUND_SURNAMES else 1
    family, given = text[:split], text[split:]
    return Author(
        printed=text,
        given=pinyin(given),
        family=SURNAME_READINGS.get(family) or pinyin(family),
        native=text,
        equal=equal,
    )
