"""Which person an author is: never merge two people, never split one silently.

Pure Python over plain :class:`PersonRecord` rows. :data:`RULES` says, in order, every way an
author is found to be a person or not; the rule's name is the match's kind, and the reason
says what decided it. The rules from "middle_one_side" on weigh co-authors, and are decided by
:meth:`PeopleIndex.confirm` once the whole file is read: each of those names is first a
suggestion that names the one person it may be.

New people of an import are added with :meth:`PeopleIndex.add`, so later entries of the same
file find them; co-authorships of earlier entries count as evidence too, but a paper never vouches
for who its own authors are.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Literal, NamedTuple

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from pubs.bibtex.names import Author, is_pinyin, only_initials, parse_name, spelt_out
from pubs.text import without_accents

#: A given name that begins another is taken for it written short from this length on ("Jon",
#: Jonathan), when the other is this many letters longer or more: a name and its feminine or
#: Latin form ("Paul", Paula; "Mark", Markus; "Christian", Christiane) are two names.
SHORT_GIVEN_LENGTH = 3
#: A given name a typing edit away is taken for a misspelling from this length on: shorter
#: ones are as often another name ("Yan" and "Yang", "Maria" and "Marie").
MISSPELT_LENGTH = 6

MatchKind = Literal[
    "orcid", "other_orcid", "other_suffix", "native", "exact", "variant", "folded", "middle",
    "initials", "coauthors", "ambiguous", "kept_for_several", "middle_one_side", "short_given",
    "misspelling", "chinese_order", "suggestion", "new",
]  # fmt: skip


@dataclass(frozen=True)
class Rule:
    """One way an author is found to be a person, or not; its name is the match's kind."""

    name: MatchKind
    says: str
    #: Whether the outcome links the author to the person without asking.
    links: bool = True
    #: For a name written another way: how many co-authors in common, few others share, it
    #: needs to be linked once the whole file is read (0: decided name by name).
    coauthors_needed: int = 0
    #: Whether the name as written is remembered on the person it is linked to.
    remembered: bool = False
    #: Whether most of the name's co-authors being the person's is evidence enough, however
    #: many others wrote with them (a lab writes with its head, who wrote with everyone).
    covered_suffices: bool = False
    #: Whether the two sharing most of their co-authors, each of the two's, is evidence
    #: enough, however many others wrote with them (one lab's circle, written two ways).
    alike_circles_suffice: bool = False
    #: Whether the person found may be added to a paper's shortened author list that the
    #: entry completes (pubs.bibtex.completion): not when the name may be someone else.
    completes: bool = True


#: How an author is matched, in the order tried: the one place that says it.
RULES: tuple[Rule, ...] = (
    Rule("orcid", "the ORCID iD of exactly one person, whatever the name is written as"),
    Rule(
        "other_orcid",
        "a name found for a person whose ORCID iD is another: two humans of one name, a new person",
        links=False,
    ),
    Rule(
        "other_suffix",
        'a name found for a person whose suffix is another ("John Doe Jr.", John Doe Sr.):'
        ' two humans of one name, a new person; a suffix written on one side only ("John'
        ' Doe", John Doe Jr.) tells nothing, as lists often leave it out, and the other rules'
        " decide",
        links=False,
    ),
    Rule("native", "the Chinese-script name of exactly one person (徐宏力)"),
    Rule("exact", "the full name of exactly one person, case, accents and hyphens aside"),
    Rule("variant", "a recorded variant of exactly one person's name"),
    Rule(
        "folded",
        "the name of exactly one person with its letters spelt out in ASCII"
        ' ("Juergen Mueller", Jürgen Müller; "Soeren", Søren)',
        remembered=True,
    ),
    Rule(
        "middle",
        "given names alike but for middle names, as many on both sides"
        ' ("Geoffrey Everest", Geoffrey E.; "M. Fatih", Mehmet Fatih) of exactly one person',
        remembered=True,
    ),
    Rule("initials", 'initials that fit exactly one person ("G. Zhao")', remembered=True),
    Rule(
        "coauthors",
        "a name or initials that fit several people, decided by the co-authors of the"
        ' same entry ("J. Fang": Jin Fang, Jiarui Fang)',
    ),
    Rule("ambiguous", "several people fit and co-authors do not decide", links=False),
    Rule(
        "kept_for_several",
        "initials that several people fit and co-authors do not decide, whose person, made"
        ' for them when they were ambiguous before, keeps them ("J. Fang", made when Jin Fang'
        " and Jiarui Fang both fitted); not enough to add them to a shortened author list",
        completes=False,
    ),
    Rule(
        "middle_one_side",
        'a middle name or initial on one side only ("Samantha P. Nair", Samantha Nair),'
        " with a co-author in common few others share, or most co-authors in common (two at"
        " least), each side's",
        coauthors_needed=1,
        remembered=True,
        alike_circles_suffice=True,
    ),
    Rule(
        "short_given",
        'a given name that begins the other, not pinyin ("Jon", Jonathan), with a co-author'
        " in common few others share",
        coauthors_needed=1,
        remembered=True,
    ),
    Rule(
        "misspelling",
        f"a given name of {MISSPELT_LENGTH} letters or more one typing edit away"
        ' ("Gongmin", Gongming), with two co-authors in common few others share, or most of'
        " its co-authors the person's",
        coauthors_needed=2,
        remembered=True,
        covered_suffices=True,
    ),
    Rule(
        "chinese_order",
        'the name in the other order ("You Yang", Yang You) when no one has it in the order'
        " written, with a co-author in common few others share, or most of its co-authors"
        " the person's",
        coauthors_needed=1,
        remembered=True,
        covered_suffices=True,
    ),
    Rule(
        "suggestion",
        "one of the four above without that evidence, a name close to someone's"
        ' ("Haohuan Fang", Haohuan Fu) or initials with more than someone\'s ("N. R. Sabar",'
        " Nasser Sabar): a new person, shown flagged with who it may be",
        links=False,
    ),
    Rule("new", "no one of this name: a new person", links=False),
)
RULES_BY_NAME = {rule.name: rule for rule in RULES}
#: Kinds that link the author to a person without asking.
LINKED = frozenset(rule.name for rule in RULES if rule.links)
#: Kinds whose name as written the person should know next time.
REMEMBERED = frozenset(rule.name for rule in RULES if rule.remembered)
SUGGESTION_SCORE = 85
#: The people an ambiguous or close name is shown to be, at most (the likeliest first).
MAX_CANDIDATES = 20
#: The people of one family name (or one given name) a close name is compared with, at most:
#: the first recorded. Real labs know a few hundred of one family name; a file of 100,000
#: people called Wang would otherwise compare each with all the others.
MAX_CLOSE_NAMES = 5_000
#: Initials indexed for each person: "J. R. R. T." is looked up by its first eight.
_INDEXED_INITIALS = 8
_FOLDED_AWAY = re.compile(r"[\s.\-'’]+")
#: Co-authors in common confirm a name written another way only when they are rare: at most
#: this share of the people who never wrote with one of the two has as many co-authors in
#: common with them. Measured: the distinct namesakes of the 10,000-entry benchmark (whose
#: co-authors are drawn from everyone) score 0.10 and more, the same humans of the IRIDIA
#: bibliography ("Matthew Hyde", "Matthew R. Hyde") 0.025 and less.
COAUTHOR_SPECIFICITY = 0.05
#: For the rules that allow it: more than this share of a name's co-authors being the
#: person's is evidence however prolific they are. The distinct namesakes of the
#: 10,000-entry benchmark share at most 0.40 ("Yan Lin" and Lin Yan).
COVERED = 0.5
#: For the rules that allow it: two people having most of their co-authors in common, each
#: of the two's and this many at least, is evidence however many others wrote with them (one
#: lab's circle, written two ways: "Kevin Murphy" and "Kevin P. Murphy" of the IRIDIA
#: bibliography, 3 of 3). One co-author in common may be a hub everyone shares; the distinct
#: namesakes of the 10,000-entry benchmark share at most a few of a prolific one's co-authors
#: ("Samantha Nair", 2 of her 3 among his 111).
ALIKE_CIRCLES_SHARED = 2
#: Co-authors in common confirm it only when they are this many times as many as two people
#: drawing their co-authors from everyone known would have by chance.
CHANCE_MARGIN = 2
#: A co-author in common is no evidence when they wrote with more than this share of the
#: people who wrote with someone, once those are HUB_MIN_PEOPLE or more: at department
#: scale the few who wrote with everyone (the 100,000-entry benchmark's most prolific
#: authors wrote with 18 to 91 % of everyone) are the co-authors of any two namesakes
#: ("Lin Yan" and Yan Lin shared 38 of them). A real bibliography's most connected author
#: wrote with 5.5 % (IRIDIA's), a lab's head in a small database with most of it.
HUB_SHARE = 0.10
HUB_MIN_PEOPLE = 1_000
#: The co-authorships weighed for that, at most, per person: the co-authors of each of their
#: co-authors. A name whose co-authors wrote with more stays a suggestion.
MAX_WEIGHED_COAUTHORSHIPS = 500_000


@dataclass(frozen=True)
class PersonRecord:
    """What the matcher knows of a person: an id (any hashable), names and variants."""

    id: Hashable
    given: str
    family: str
    native: str = ""
    variants: tuple[str, ...] = ()
    orcid: str = ""
    #: "Jr.", "Sr.", "III": what tells two people of one name apart (rule "other_suffix").
    suffix: str = ""

    @property
    def name(self) -> str:
        return " ".join(part for part in (self.given, self.family, self.suffix) if part)


#: For people stored elsewhere: person -> paper -> the people of that paper, of the people
#: asked for (papers of one person left out).
StoredPapers = Callable[[list[Hashable]], Mapping[Hashable, Mapping[Hashable, frozenset]]]


@dataclass(frozen=True, slots=True)
class PersonMatch:
    kind: MatchKind
    person: Hashable | None = None
    candidates: tuple[Hashable, ...] = ()
    reason: str = ""
    #: A suggestion of one of the rules that weigh the file's co-authors (a middle name on
    #: one side, a short given name, a misspelling, Chinese order) rather than a close name.
    confirmable: bool = False

    @property
    def linked(self) -> bool:
        return self.kind in LINKED

    @property
    def rule(self) -> Rule:
        """The rule that decided this match."""
        return RULES_BY_NAME[self.kind]


def _other_suffix(first: str, second: str) -> bool:
    """Whether two suffixes, both written, differ ("Jr." and "Sr."; "Jr" and "Jr." agree)."""
    return bool(first and second) and fold(first) != fold(second)


def fold(text: str) -> str:
    """Lower case, accents off, dots, hyphens and spaces gone: "Li-Wen" -> "liwen"."""
    return _FOLDED_AWAY.sub("", without_accents(text).casefold())


def initials_of(given: str) -> str:
    """ "Li-Wen" -> "lw", "J. R. R." -> "jrr", "JR" -> "jr"."""
    pieces = [piece for piece in re.split(r"[\s.\-]+", given) if piece]
    if len(pieces) == 1 and pieces[0].isupper() and len(pieces[0]) <= 3:
        return pieces[0].lower()  # "JR" written without dots
    return "".join(piece[0].casefold() for piece in pieces)


def _full_key(given: str, family: str) -> tuple[str, str]:
    return fold(family), fold(given)


def _spelt_key(given: str, family: str) -> tuple[str, str]:
    """The full key of the name with its letters spelt out: "Müller" as "mueller"."""
    return fold(spelt_out(family)), fold(spelt_out(given))


class _Named(NamedTuple):
    """Who an author's name already names, and what tells them apart: the people of exactly
    that name and of a recorded variant of it, the co-authors known, and the paper."""

    exact: set[Hashable]
    variant: set[Hashable]
    evidence: set[Hashable]
    paper: Hashable | None


class PeopleIndex:
    """People to match authors against, with who wrote with whom."""

    def __init__(
        self,
        people: Iterable[PersonRecord] = (),
        coauthors: Iterable[tuple[Hashable, Hashable]] = (),
        *,
        stored_papers: StoredPapers | None = None,
        stored_with_coauthors: Collection[Hashable] = (),
    ) -> None:
        """``people`` to match against, and who wrote with whom: the pairs ``coauthors``
        and papers linked with :meth:`link_all`, or, for people stored elsewhere (a
        database), their papers as ``stored_papers`` gives them, asked for the first time a
        person's co-authors count; ``stored_with_coauthors`` then says which stored people
        wrote with someone (what chance is reckoned from, and who is a hub)."""
        self._stored_papers = stored_papers
        self._loaded: set[Hashable] = set()
        self._stored: dict[Hashable, frozenset[Hashable]] = {}
        self._stored_with_coauthors = frozenset(stored_with_coauthors)
        #: Stored people with a co-author, and the others who got one here.
        self._population = len(self._stored_with_coauthors)
        self.people: dict[Hashable, PersonRecord] = {}
        self.by_full: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        self.by_variant: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        self.by_native: dict[str, set[Hashable]] = defaultdict(set)
        self.by_orcid: dict[str, Hashable] = {}
        #: The full key with letters spelt out -> people, for the names it differs for.
        self.by_spelt: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        #: (family name, the first three letters of the first given name) -> people: who
        #: "Jon" or "Jonathan" may be.
        self.by_given_start: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        #: family name -> its first MAX_CLOSE_NAMES people, each with their given name folded
        #: (what a close name is compared with); a family name recorded as a variant counts.
        self.by_family: dict[str, dict[Hashable, str]] = defaultdict(dict)
        #: (family name, first given name) -> people, for names with or without middle names.
        self.by_first_name: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        #: given name -> its first MAX_CLOSE_NAMES people, each with their family name folded.
        self.by_given: dict[str, dict[Hashable, str]] = defaultdict(dict)
        #: (family name, the first initials of the given names) -> people, in the order added:
        #: who "J. R. Smith" may be ("j", "jr" and "jrr" all lead to John Ronald Reuel Smith).
        self.by_initials: dict[tuple[str, str], dict[Hashable, None]] = defaultdict(dict)
        #: (family name, first letter) -> people whose first given name is an initial before a
        #: given name written out ("M. Fatih"): who "Mehmet Fatih" may be.
        self.by_initial_first: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        #: The people of each paper (by its id, or by the order it was linked in), by person;
        #: co-authors are read from them only when a name fits several people or nearly fits
        #: one (see :meth:`coauthors`).
        self._papers: dict[Hashable, dict[Hashable, frozenset[Hashable]]] = defaultdict(dict)
        self._coauthors: dict[Hashable, frozenset[Hashable]] = {}
        #: person -> the paper last left out of their co-authors, and what was left.
        self._besides: dict[Hashable, tuple[Hashable, frozenset[Hashable]]] = {}
        self._links = 0
        for person in people:
            self.add(person)
        for first, second in coauthors:
            self.link(first, second)

    def add(self, person: PersonRecord) -> None:
        self.people[person.id] = person
        if person.orcid:
            self.by_orcid.setdefault(person.orcid, person.id)
        family, given = _full_key(person.given, person.family)
        self.by_full[family, given].add(person.id)
        _add_close(self.by_family[family], person.id, given)
        first = first_given_name(person.given)
        self.by_first_name[family, first].add(person.id)
        if len(first) >= SHORT_GIVEN_LENGTH:
            self.by_given_start[family, first[:SHORT_GIVEN_LENGTH]].add(person.id)
        spelt = _spelt_key(person.given, person.family)
        if spelt != (family, given):
            self.by_spelt[spelt].add(person.id)
        _add_close(self.by_given[given], person.id, family)
        initials = initials_of(person.given)[:_INDEXED_INITIALS]
        for end in range(len(initials) + 1):
            self.by_initials[family, initials[:end]][person.id] = None
        if _initial_first(person.given):
            self.by_initial_first[family, initials[:1]].add(person.id)
        if person.native:
            self.by_native[person.native].add(person.id)
        for variant in person.variants:
            self.add_variant(person.id, variant)

    def add_variant(self, person_id: Hashable, variant: str) -> None:
        author = parse_name(variant)
        if author.native:
            self.by_native[author.native].add(person_id)
        self.by_variant[_full_key(author.given, author.surname)].add(person_id)
        _add_close(
            self.by_family[fold(author.surname)], person_id, fold(self.people[person_id].given)
        )

    def link(self, first: Hashable, second: Hashable) -> None:
        """Record that two people wrote a paper together."""
        self.link_all((first, second))

    def link_all(self, people: Iterable[Hashable], paper: Hashable | None = None) -> None:
        """Record that these people wrote a paper together: the paper ``paper`` (one linked
        again adds its people to those it had), or one of its own."""
        together = frozenset(people)
        if len(together) > 1:
            key = paper if paper is not None else ("linked", self._links)
            self._links += 1
            for person in together:
                if person not in self._papers and person not in self._stored_with_coauthors:
                    self._population += 1  # the first co-author of a person
                papers = self._papers[person]
                before = papers.get(key)
                papers[key] = together if before is None else before | together
                self._coauthors.pop(person, None)
                self._besides.pop(person, None)

    def coauthors(self, person: Hashable, besides: Hashable | None = None) -> frozenset[Hashable]:
        """The people ``person`` wrote a paper with, other than the paper ``besides``."""
        self._load((person,))
        papers = self._papers.get(person, {})
        if besides is None or besides not in papers:
            known = self._coauthors.get(person)
            if known is None:
                known = self._coauthors[person] = _others(papers.values(), person)
            return known
        last = self._besides.get(person)
        if last is None or last[0] != besides:
            others = (together for key, together in papers.items() if key != besides)
            last = self._besides[person] = (besides, _others(others, person))
        return last[1]

    def _load(self, people: Iterable[Hashable]) -> None:
        """The stored papers of ``people`` not asked for yet, recorded as :meth:`link_all`
        records a paper (those of one author say nothing of co-authors)."""
        if self._stored_papers is None:
            return
        wanted = [person for person in people if person not in self._loaded]
        if not wanted:
            return
        self._loaded.update(wanted)
        for person, papers in self._stored_papers(wanted).items():
            mine = self._papers[person]
            for paper, read in papers.items():
                together = self._stored.setdefault(paper, read)  # one set a paper
                before = mine.get(paper)
                mine[paper] = together if before is None else before | together
            self._coauthors.pop(person, None)
            self._besides.pop(person, None)

    def families_named(self, author: Author) -> set[str]:
        """The family names of the people ``author`` names as written: the same name, a
        recorded variant, or (a name that may be Chinese) the same name in the other order."""
        key = _full_key(author.given, author.surname)
        ids = self.by_full.get(key, set()) | self.by_variant.get(key, set())
        if _looks_chinese(author):
            ids = ids | self.by_full.get(_full_key(author.surname, author.given), set())
        return {self.people[person_id].family for person_id in ids | self._spelt_alike(author)}

    def _spelt_alike(self, author: Author) -> set[Hashable]:
        """The people whose name is the author's with letters spelt out on one side."""
        key, spelt = (
            _full_key(author.given, author.surname),
            _spelt_key(author.given, author.surname),
        )
        found = self.by_spelt.get(spelt, set())
        if spelt != key:
            found = found | self.by_full.get(spelt, set())
        return found - self.by_full.get(key, set())

    # -- matching ---------------------------------------------------------------------------

    def match(
        self,
        author: Author,
        coauthors: Iterable[Hashable] = (),
        paper: Hashable | None = None,
        orcid: str = "",
    ) -> PersonMatch:
        """The person ``author`` is, given the people already known to be on the same entry,
        of the paper ``paper`` when it is known: its own authors are no evidence of who its
        authors are (once imported, an entry's paper would otherwise vouch for itself). An
        ORCID iD the record gives the author decides first: the person of that iD, and never
        a person of another iD."""
        if orcid in self.by_orcid:
            person = self.people[self.by_orcid[orcid]]
            return PersonMatch("orcid", person.id, reason=f"ORCID iD {orcid}: {person.name}")
        found = self._match_name(author, set(coauthors), paper)
        if orcid and found.person is not None and self.people[found.person].orcid:
            person = self.people[found.person]
            reason = f"{person.name} has another ORCID iD than {author.printed}'s {orcid}"
            return PersonMatch("other_orcid", reason=reason)
        if found.person is not None and _other_suffix(author.jr, self.people[found.person].suffix):
            person = self.people[found.person]
            reason = f"{person.name} has another suffix than {author.printed}"
            return PersonMatch("other_suffix", reason=reason)
        return found

    def _match_name(
        self, author: Author, evidence: set[Hashable], paper: Hashable | None
    ) -> PersonMatch:
        """The person ``author`` is by the name alone (and its co-authors)."""
        if author.organisation:
            return organisation_match(self, author)
        if author.native:
            found = self.by_native.get(author.native, set())
            if len(found) == 1:
                return PersonMatch(
                    "native", _one(found), reason=f"Chinese-script name {author.native}"
                )
            if found:
                return self._decide(found, evidence, paper, author, "native name")
        key = _full_key(author.given, author.surname)
        exact = self.by_full.get(key, set())
        variant = self.by_variant.get(key, set()) - exact
        by_form = self._match_initials if author.is_initials else self._match_spelt_out
        found = by_form(author, _Named(exact, variant, evidence, paper))
        return found if found is not None else self._suggest(author, evidence, paper)

    def _match_spelt_out(self, author: Author, named: _Named) -> PersonMatch | None:
        """A name with its given name written out: the same name, a recorded variant, the
        letters spelt out, a middle name on one side, the Chinese order, a short given name."""
        exact, variant, evidence, paper = named
        if len(exact) == 1 and not variant:
            return PersonMatch("exact", _one(exact), reason="same name")
        if len(variant) == 1 and not exact:
            return PersonMatch(
                "variant", _one(variant), reason=f"recorded variant {author.printed!r}"
            )
        if exact or variant:
            return self._decide(exact | variant, evidence, paper, author, "same name")
        folded = self._spelt_alike(author)
        if len(folded) == 1:
            person = self.people[_one(folded)]
            reason = f"{author.printed} is {person.name}, letters spelt out"
            return PersonMatch("folded", person.id, reason=reason)
        if folded:
            return self._decide(folded, evidence, paper, author, "the name spelt out")
        middle = self._fitting_middle_names(author)
        if middle:
            return self._middle(author, middle)
        swapped = self.by_full.get(_full_key(author.surname, author.given), set())
        if len(swapped) == 1 and _looks_chinese(author):
            person = self.people[_one(swapped)]
            reason = f"{author.printed} may be {person.name} in Chinese order"
            return PersonMatch("suggestion", None, (person.id,), reason, confirmable=True)
        short = self._fitting_short_given(author)
        if short:
            ordered = tuple(self._likeliest(short, {}))
            names = " or ".join(self.people[c].name for c in ordered)
            reason = f"{author.printed} may be {names}, a given name written short or long"
            return PersonMatch("suggestion", None, ordered, reason, confirmable=True)
        return None

    def _match_initials(self, author: Author, named: _Named) -> PersonMatch | None:
        """A name with initials for its given name: the people they fit, told apart by the
        co-authors in common, or people with a middle initial more."""
        exact, variant, evidence, paper = named
        fitting: Collection[Hashable] = self._fitting_initials(author)
        if variant or exact:
            fitting = {*fitting, *variant, *exact}
        # A person known by these initials alone ("J. Fang", made for a name that could
        # be Jin Fang or Jiarui Fang) is no candidate beside those it could be: the
        # name is theirs when they cannot be told apart, as when it was made.
        named = {c for c in fitting if not only_initials(self.people[c].given)}
        if named and len(named) < len(fitting):
            found = self._initials(author, named, evidence, paper)
            alone = {c for c in exact if c not in named}
            if found.kind == "ambiguous" and len(alone) == 1:
                return PersonMatch("kept_for_several", _one(alone), found.candidates, found.reason)
            return found
        if fitting:
            return self._initials(author, fitting, evidence, paper)
        fewer = self._fitting_fewer_initials(author)
        if fewer:
            ordered = tuple(self._likeliest(fewer, {}))
            names = " or ".join(self.people[c].name for c in ordered)
            reason = f"{author.printed} may be {names} with a middle initial"
            return PersonMatch("suggestion", None, ordered, reason)
        return None

    def _initials(
        self,
        author: Author,
        fitting: Collection[Hashable],
        evidence: set[Hashable],
        paper: Hashable | None,
    ) -> PersonMatch:
        """Initials that fit ``fitting``: the one person, or the one co-authors decide."""
        if len(fitting) == 1:
            person = self.people[_one(fitting)]
            return PersonMatch(
                "initials", person.id, reason=f"the only {author.printed!r}: {person.name}"
            )
        return self._decide(fitting, evidence, paper, author, "initials")

    def _fitting_middle_names(self, author: Author) -> set[Hashable]:
        """People of the family name whose given names agree but for middle names or
        initials: "Geoffrey Hinton" and "Geoffrey E. Hinton", "Martin W. P. Savelsbergh",
        "M. Fatih Tasgetiren" and "Mehmet Fatih Tasgetiren"."""
        family = fold(author.surname)
        key = (family, first_given_name(author.given))
        found = {
            person_id
            for person_id in self.by_first_name.get(key, ())
            if given_names_agree(author.given, self.people[person_id].given)
        }
        # "M. Fatih" and "Mehmet Fatih": a first given name as its initial, the next written out.
        letter = initials_of(author.given)[:1]
        if _initial_first(author.given):
            others: Iterable[Hashable] = islice(
                self.by_initials.get((family, letter), {}), MAX_CLOSE_NAMES
            )
        else:
            others = self.by_initial_first.get((family, letter), ())
        found.update(
            person_id
            for person_id in others
            if initial_first_agrees(author.given, self.people[person_id].given)
        )
        return found

    def _fitting_short_given(self, author: Author) -> set[Hashable]:
        """People of the family name whose first given name begins the author's, or the
        author's begins theirs ("Jon" and "Jonathan"), the rest agreeing."""
        first = first_given_name(author.given)
        key = (fold(author.surname), first[:SHORT_GIVEN_LENGTH])
        return {
            person_id
            for person_id in self.by_given_start.get(key, ())
            if short_given_agrees(author.given, self.people[person_id].given)
        }

    def _middle(self, author: Author, middle: set[Hashable]) -> PersonMatch:
        """Given names that agree but for middle names. Written alike on both sides
        ("Geoffrey E." and "Geoffrey Everest") they are one person; a middle name on one
        side only ("Samantha Nair", "Samantha P. Nair") is as often two people, and so is a
        name that fits several."""
        if len(middle) > 1:
            ordered = tuple(self._likeliest(middle, {}))
            names = " or ".join(self.people[c].name for c in ordered)
            reason = f"{author.printed} may be {names}, middle names written differently"
            return PersonMatch("suggestion", None, ordered, reason, confirmable=True)
        person = self.people[_one(middle)]
        if same_number_of_given_names(author.given, person.given):
            reason = f"{author.printed} is {person.name}, given names written differently"
            return PersonMatch("middle", person.id, reason=reason)
        reason = f"{author.printed} may be {person.name} with a middle name on one side only"
        return PersonMatch("suggestion", None, (person.id,), reason, confirmable=True)

    def confirm(
        self,
        forms: Mapping[Hashable, tuple[Author, PersonMatch]],
        check_time: Callable[[], None] = lambda: None,
    ) -> dict[Hashable, PersonMatch]:
        """Which name forms of a file are the person their suggestion names after all.

        ``forms`` gives, for each name of the file that :meth:`match` made a suggestion, the
        person it stands for in the meantime (its co-authorships recorded under that id),
        with the name and the suggestion. A name written another way is linked to the one
        person it may be, by the first rule of :data:`RULES` that weighs co-authors and fits
        how the two are written, when

        - no one else may be either: the name fits that person alone, and no other person
          or name of the file fits the person as it does;
        - the two never wrote a paper together (two names of one author list are two
          people);
        - they have as many co-authors in common as the rule needs (in a large database,
          not counting those who wrote with nearly everyone: :data:`HUB_SHARE`), and few
          others have as many in common with either of them
          (:data:`COAUTHOR_SPECIFICITY`): in a small
          community a shared co-author says much, among people who all wrote with the same
          prolific few it says nothing.

        A co-author that is itself such a name counts as the one person it may be: "Fang
        Jiarui and You Yang" are Jiarui Fang and Yang You when those two wrote together.
        Every form is weighed against the co-authorships as they are before any is linked,
        so the result does not depend on their order; the co-authorships of each form
        linked then count as its person's. Returns the ``forms`` linked, with their match.
        ``check_time`` is called before each form is weighed (it raises when time is up).
        """
        fitting: dict[Hashable, list[Hashable]] = defaultdict(list)
        stands_for: dict[Hashable, Hashable] = {}
        for form, (_, match) in forms.items():
            if match.confirmable:
                for candidate in match.candidates:
                    fitting[candidate].append(form)
                if len(match.candidates) == 1:
                    stands_for[form] = match.candidates[0]
        printed = {form: author.printed for form, (author, _) in forms.items()}
        confirmed: dict[Hashable, PersonMatch] = {}
        for form, (author, _) in forms.items():
            if form not in stands_for:
                continue
            check_time()
            person = self.people[stands_for[form]]
            rule = written_otherwise(author, person)
            if rule is None or fitting[person.id] != [form] or self._namesakes(person):
                continue
            theirs = frozenset(stands_for.get(c, c) for c in self.coauthors(form))
            if person.id in theirs:
                continue
            mine = self.coauthors(person.id)
            theirs = self._not_hubs(theirs)  # a name's few co-authors; the person's, if need be
            if not self._coauthors_confirm(rule, (person.id, mine), (form, theirs)):
                continue
            reason = self._shared_reason(author, person, rule, theirs & mine, printed)
            confirmed[form] = PersonMatch(rule.name, person.id, (person.id,), reason)
        for form, match in confirmed.items():
            self._load((form,))
            for paper, together in list(self._papers.get(form, {}).items()):
                self.link_all((together - {form}) | {match.person}, paper)
        return confirmed

    def _shared_reason(
        self,
        author: Author,
        person: PersonRecord,
        rule: Rule,
        shared: frozenset[Hashable],
        printed: Mapping[Hashable, str],
    ) -> str:
        """Why a name written another way is ``person``: the co-authors both wrote with (the
        first three named)."""
        # A co-author new to the file and not findable (a misspelt name) has no record.
        names = sorted(
            printed[c] if c in printed else self.people[c].name
            for c in shared
            if c in printed or c in self.people
        )[:3]
        more = len(shared) - len(names)
        names += [f"{more} more"] if more else []
        return (
            f"{author.printed} is {person.name} {_WRITTEN_OTHERWISE[rule.name][1]}: both"
            f" wrote with {', '.join(names)}, and few others did"
        )

    def _coauthors_confirm(
        self,
        rule: Rule,
        person: tuple[Hashable, frozenset[Hashable]],
        form: tuple[Hashable, frozenset[Hashable]],
    ) -> bool:
        """Whether the co-authors of ``person`` and of the name ``form`` (each an id and
        their co-authors, the name's without those who wrote with nearly everyone:
        :meth:`_not_hubs`) confirm that the name written as ``rule`` says is the person: as
        many in common as the rule needs, more than chance would give, and either few others
        share them (the person's co-authors who wrote with nearly everyone left out too) or,
        where the rule allows it, they cover most of the name's co-authors or most of
        both's."""
        (person_id, mine), (_, theirs) = person, form
        shared = len(theirs & mine)
        if shared < rule.coauthors_needed or not self._beyond_chance(theirs, mine, shared):
            return False
        # Most of a name's co-authors being those of someone who wrote with nearly everyone
        # says nothing: so are anyone's.
        covered = shared > COVERED * len(theirs) and not self._hub(len(mine))
        if rule.covered_suffices and covered:
            return True
        alike = shared >= ALIKE_CIRCLES_SHARED and shared > COVERED * max(len(theirs), len(mine))
        if rule.alike_circles_suffice and alike:
            return True
        if not self._weighable(mine):
            return False  # too many to weigh: as _rarely_shared says of them
        person = (person_id, self._not_hubs(mine))
        return self._rarely_shared(person, form, shared) and self._rarely_shared(
            form, person, shared
        )

    def _weighable(self, people: Iterable[Hashable]) -> bool:
        """Whether the co-authors of ``people`` are MAX_WEIGHED_COAUTHORSHIPS or fewer
        (counted until they are more: each person's co-authors are read when first asked)."""
        total = 0
        for person in people:
            total += len(self.coauthors(person))
            if total > MAX_WEIGHED_COAUTHORSHIPS:
                return False
        return True

    def _people_with_coauthors(self) -> int:
        return self._population if self._stored_papers is not None else len(self._papers)

    def _not_hubs(self, people: frozenset[Hashable]) -> frozenset[Hashable]:
        """``people`` but those who wrote with more than HUB_SHARE of everyone who wrote
        with someone (when those are HUB_MIN_PEOPLE or more): no evidence of anyone."""
        if self._people_with_coauthors() < HUB_MIN_PEOPLE:
            return people
        return frozenset(c for c in people if not self._hub(len(self.coauthors(c))))

    def _hub(self, coauthors: int) -> bool:
        """Whether someone with this many co-authors wrote with nearly everyone (more than
        HUB_SHARE of those who wrote with someone, when they are HUB_MIN_PEOPLE or more)."""
        everyone = self._people_with_coauthors()
        return everyone >= HUB_MIN_PEOPLE and coauthors > HUB_SHARE * everyone

    def _namesakes(self, person: PersonRecord) -> bool:
        """Whether someone else's name fits ``person``'s but for middle names, or is it in
        Chinese order: then a name fitting ``person`` may be theirs as well."""
        alike = self.by_first_name.get((fold(person.family), first_given_name(person.given)), ())
        if any(
            other != person.id and given_names_agree(person.given, self.people[other].given)
            for other in alike
        ):
            return True
        return bool(self.by_full.get(_full_key(person.family, person.given), set()) - {person.id})

    def _beyond_chance(
        self, theirs: frozenset[Hashable], mine: frozenset[Hashable], shared: int
    ) -> bool:
        """Whether two people with these co-authors have ``shared`` in common more than
        CHANCE_MARGIN times as many as two drawing theirs from everyone would: two prolific
        namesakes of one community share many co-authors without being one."""
        expected = len(theirs) * len(mine) / max(self._people_with_coauthors(), 1)
        return shared > CHANCE_MARGIN * expected

    def _rarely_shared(
        self,
        person: tuple[Hashable, frozenset[Hashable]],
        other: tuple[Hashable, frozenset[Hashable]],
        shared: int,
    ) -> bool:
        """Whether at most COAUTHOR_SPECIFICITY of the people who wrote with a co-author of
        ``person`` but neither with ``person`` nor with ``other`` (each an id and their
        co-authors) have ``shared``
        co-authors or more in common with ``person``. (The co-authors of ``other`` are left
        out: their papers with ``other`` give them co-authors in common with ``person`` when
        the two are one.)"""
        (person_id, theirs), (other_id, others) = person, other
        if not self._weighable(theirs):
            return False
        known = theirs | others | {person_id, other_id}
        in_common = Counter(x for c in theirs for x in self.coauthors(c))
        alike = sum(1 for x, count in in_common.items() if count >= shared and x not in known)
        # Strangers within reach (co-authors of co-authors): the people of other communities
        # a database holds say nothing of how common a co-author is in this one.
        strangers = sum(1 for x in in_common if x not in known)
        return alike <= COAUTHOR_SPECIFICITY * max(strangers, 0)

    def _fitting_initials(self, author: Author) -> Collection[Hashable]:
        """The people of the family name whose initials begin with the author's."""
        wanted, family = initials_of(author.given), fold(author.surname)
        found = self.by_initials.get((family, wanted[:_INDEXED_INITIALS]), {})
        if len(wanted) <= _INDEXED_INITIALS:
            return found
        return {c for c in found if initials_of(self.people[c].given).startswith(wanted)}

    def _fitting_fewer_initials(self, author: Author) -> set[Hashable]:
        """The people of the family name whose initials are the author's but for the last
        ones: "N. R. Sabar" may be Nasser Sabar, with a middle name he does not always write."""
        wanted, family = initials_of(author.given), fold(author.surname)
        if len(wanted) < 2:
            return set()
        same_first = islice(self.by_initials.get((family, wanted[:1]), {}), MAX_CLOSE_NAMES)
        return {
            person_id
            for person_id in same_first
            if wanted.startswith(initials_of(self.people[person_id].given))
        }

    def _decide(
        self,
        candidates: Collection[Hashable],
        evidence: set[Hashable],
        paper: Hashable | None,
        author: Author,
        basis: str,
    ) -> PersonMatch:
        """Several people fit: the one who wrote with the entry's other authors, if only one did.

        The candidates kept with the match are the likeliest MAX_CANDIDATES: those who wrote
        with the entry's authors, then by name.
        """
        scores = self._shared_coauthors(candidates, evidence, paper)
        best = max(scores.values(), default=0)
        winners = [c for c, score in scores.items() if score == best]
        ordered = tuple(self._likeliest(candidates, scores))
        if best > 0 and len(winners) == 1:
            person = self.people[winners[0]]
            shared = sorted(
                self.people[c].name
                for c in self.coauthors(person.id, paper) & evidence
                if c in self.people
            )
            reason = (
                f"{basis} fits {len(candidates)} people; "
                f"{person.name} wrote with {', '.join(shared)}"
            )
            return PersonMatch("coauthors", person.id, ordered, reason)
        names = " or ".join(self.people[c].name for c in ordered)
        more = (
            f" (or {len(candidates) - len(ordered):,} more)"
            if len(candidates) > len(ordered)
            else ""
        )
        return PersonMatch("ambiguous", None, ordered, f"{author.printed} could be {names}{more}")

    def _shared_coauthors(
        self, candidates: Collection[Hashable], evidence: set[Hashable], paper: Hashable | None
    ) -> dict[Hashable, int]:
        """How many of the people ``evidence`` each candidate wrote with (those with none left
        out), counted from the smaller side: thousands may fit "J. Wang"."""
        if not evidence:
            return {}
        if len(candidates) <= len(evidence):
            scores = {c: len(self.coauthors(c, paper) & evidence) for c in candidates}
            return {c: score for c, score in scores.items() if score}
        found = (c for e in evidence for c in self.coauthors(e, paper) if c in candidates)
        return dict(Counter(found))

    def _likeliest(
        self, candidates: Collection[Hashable], scores: dict[Hashable, int]
    ) -> list[Hashable]:
        """At most MAX_CANDIDATES of ``candidates``: those with a score, highest first, then
        the others by name (among the first hundred of them)."""
        name = self._name_key
        found = sorted(scores, key=lambda c: (-scores[c], name(c)))[:MAX_CANDIDATES]
        if len(found) < MAX_CANDIDATES:
            others = (c for c in islice(candidates, 100 + len(found)) if c not in scores)
            found += sorted(others, key=name)[: MAX_CANDIDATES - len(found)]
        return found

    def _name_key(self, person_id: Hashable) -> str:
        return self.people[person_id].name

    def _suggest(
        self, author: Author, evidence: set[Hashable], paper: Hashable | None
    ) -> PersonMatch:
        """Close names: the same family name and a given name a typo away, or the other way
        round, or the same given name on someone who wrote with two of the entry's authors
        ("Haohuan Fang" for Haohuan Fu)."""
        family, given = fold(author.surname), fold(author.given)
        candidates: dict[Hashable, float] = {}
        if given and not author.is_initials:
            # Compared by rapidfuzz in one call: thousands of people may share a family name.
            for _, score, person_id in _close(given, self.by_family.get(family, {})):
                candidates[person_id] = score
            namesakes = self.by_given.get(given, {})
            if not evidence:
                for _, score, person_id in _close(family, namesakes):
                    candidates.setdefault(person_id, score)
            for person_id, their_family in namesakes.items() if evidence else ():
                score = fuzz.ratio(family, their_family)
                shared = len(self.coauthors(person_id, paper) & evidence)
                if (score >= SUGGESTION_SCORE or shared >= 2) and person_id not in candidates:
                    candidates[person_id] = score + 10 * shared
        if len(candidates) == 1:
            person = self.people[_one(candidates)]
            if _misspelt(author, person):
                reason = f"{author.printed} may be {person.name} misspelt"
                return PersonMatch("suggestion", None, (person.id,), reason, confirmable=True)
        if candidates:
            ordered = tuple(sorted(candidates, key=lambda c: -candidates[c])[:MAX_CANDIDATES])
            names = ", ".join(self.people[c].name for c in ordered)
            return PersonMatch("suggestion", None, ordered, f"no exact match; close to {names}")
        return PersonMatch("new", reason="no one of this name")


def organisation_match(people: PeopleIndex, author: Author) -> PersonMatch:
    """An organisation ("{Example Standards Committee}") is only the one recorded under
    exactly its name, written whole (no given name): never a person by initials, a close
    name or co-authors, and several of the name are for the user to tell apart."""
    found = {
        person_id
        for person_id in people.by_full.get(_full_key("", author.family), ())
        if not people.people[person_id].given and people.people[person_id].family == author.family
    }
    if len(found) == 1:
        return PersonMatch("exact", _one(found), reason="same organisation")
    if found:
        reason = f"{author.printed}: several organisations of this name"
        return PersonMatch("ambiguous", None, tuple(sorted(found, key=str)), reason)
    return PersonMatch("new", reason="no organisation of this name")


def _others(papers: Iterable[frozenset[Hashable]], person: Hashable) -> frozenset[Hashable]:
    """The people of ``papers`` but ``person``."""
    return frozenset().union(*papers) - {person}


def _add_close(names: dict[Hashable, str], person_id: Hashable, name: str) -> None:
    """Record ``person_id``'s folded ``name`` among the first MAX_CLOSE_NAMES of ``names``."""
    if len(names) < MAX_CLOSE_NAMES or person_id in names:
        names[person_id] = name


def _close(name: str, names: dict[Hashable, str]) -> list[tuple[str, float, Hashable]]:
    """The ``names`` (person -> folded name) at least SUGGESTION_SCORE like ``name``."""
    if not names:
        return []
    return process.extract(
        name, names, scorer=fuzz.ratio, score_cutoff=SUGGESTION_SCORE, limit=None
    )


def given_names_agree(first: str, second: str) -> bool:
    """The same first given name, and the middle names equal, one an initial of the other,
    or missing on one side."""
    left = [fold(piece) for piece in _given_pieces(first)]
    right = [fold(piece) for piece in _given_pieces(second)]
    if not left or not right or left[0] != right[0] or len(left[0]) < 2:
        return False
    return all(
        a == b or (len(a) == 1 and b.startswith(a)) or (len(b) == 1 and a.startswith(b))
        for a, b in zip(left[1:], right[1:], strict=False)
    )


def initial_first_agrees(first: str, second: str) -> bool:
    """The first given name written out on one side and as its initial on the other, and the
    next ones agreeing as in :func:`given_names_agree`, one of them written out on both sides:
    "M. Fatih" and "Mehmet Fatih" (not "M. F." and "Mehmet Fatih": initials fit many)."""
    left = [fold(piece) for piece in _given_pieces(first)]
    right = [fold(piece) for piece in _given_pieces(second)]
    if len(left) < 2 or len(right) < 2 or left[0][:1] != right[0][:1]:
        return False
    if (len(left[0]) == 1) == (len(right[0]) == 1):
        return False
    pairs = list(zip(left[1:], right[1:], strict=False))
    return any(a == b and len(a) > 1 for a, b in pairs) and all(
        a == b or (len(a) == 1 and b.startswith(a)) or (len(b) == 1 and a.startswith(b))
        for a, b in pairs
    )


def short_given_agrees(first: str, second: str) -> bool:
    """The first given name of one begins the other's, at least SHORT_GIVEN_LENGTH letters
    and that many shorter, the longer not pinyin, and the next ones agreeing as in
    :func:`given_names_agree`: "Jon" and "Jonathan" (not "Hao" and "Haoran", two Chinese
    names; not "Mark" and "Markus")."""
    left = [fold(piece) for piece in _given_pieces(first)]
    right = [fold(piece) for piece in _given_pieces(second)]
    if not left or not right:
        return False
    short, long = sorted((left[0], right[0]), key=len)
    return (
        len(short) >= SHORT_GIVEN_LENGTH
        and len(long) - len(short) >= SHORT_GIVEN_LENGTH
        and long.startswith(short)
        and not is_pinyin(long)
        and all(
            a == b or (len(a) == 1 and b.startswith(a)) or (len(b) == 1 and a.startswith(b))
            for a, b in zip(left[1:], right[1:], strict=False)
        )
    )


def _misspelt(author: Author, person: PersonRecord) -> bool:
    """The same family name and given names one typing edit apart (a letter more, less,
    another, or two swapped), both of MISSPELT_LENGTH letters or more: "Gongmin Zhao"."""
    given, theirs = fold(author.given), fold(person.given)
    return (
        fold(author.surname) == fold(person.family)
        and min(len(given), len(theirs)) >= MISSPELT_LENGTH
        and OSA.distance(given, theirs) == 1
    )


def _middle_one_side(author: Author, person: PersonRecord) -> bool:
    return fold(author.surname) == fold(person.family) and (
        given_names_agree(author.given, person.given)
        or initial_first_agrees(author.given, person.given)
    )


def _short_given(author: Author, person: PersonRecord) -> bool:
    return fold(author.surname) == fold(person.family) and short_given_agrees(
        author.given, person.given
    )


def _initial_first(given: str) -> bool:
    """ "M. Fatih": a first given name as its initial, and a given name written out after it."""
    pieces = _given_pieces(given)
    return len(pieces) > 1 and len(pieces[0]) == 1 and any(len(p) > 1 for p in pieces[1:])


def same_number_of_given_names(first: str, second: str) -> bool:
    """ "Geoffrey E." and "Geoffrey Everest": yes; "Samantha" and "Samantha P.": no."""
    return len(_given_pieces(first)) == len(_given_pieces(second))


def first_given_name(given: str) -> str:
    """ "Geoffrey E." -> "geoffrey"."""
    pieces = _given_pieces(given)
    return fold(pieces[0]) if pieces else ""


def _given_pieces(given: str) -> tuple[str, ...]:
    return tuple(piece for piece in re.split(r"[\s.]+", given) if piece)


def _one(ids: set[Hashable]) -> Hashable:
    return next(iter(ids))


def _swapped(author: Author, person: PersonRecord) -> bool:
    """Whether ``author`` is ``person``'s name in the other order ("Xu Hongli")."""
    return _full_key(author.surname, author.given) == _full_key(person.given, person.family)


def _looks_chinese(author: Author) -> bool:
    """Both parts single pinyin words ("Fang Jiarui"), where Chinese order is common."""
    return all(part.isalpha() and part.isascii() for part in (author.given, author.family))


#: For each rule that weighs co-authors: whether a name and a person are written as it says,
#: and how the reason says it.
_WRITTEN_OTHERWISE: dict[str, tuple[Callable[[Author, PersonRecord], bool], str]] = {
    "middle_one_side": (_middle_one_side, "with a middle name on one side only"),
    "short_given": (_short_given, "with the given name written short"),
    "misspelling": (_misspelt, "misspelt"),
    "chinese_order": (_swapped, "in Chinese order"),
}


def written_otherwise(author: Author, person: PersonRecord) -> Rule | None:
    """The first rule of :data:`RULES` weighing co-authors that says how ``author`` may be
    ``person`` written another way, if any."""
    return next(
        (
            rule
            for rule in RULES
            if rule.coauthors_needed and _WRITTEN_OTHERWISE[rule.name][0](author, person)
        ),
        None,
    )


@dataclass
class NameBlock:
    """The names a file's authors are looked up by, and so which people of many the file's
    names can meet: those of a family name of the file (as written, letters spelt out, or
    a given name of the file in Chinese order), of a given name of the file (a close name is
    looked for among the people of the same given name), of a Chinese-script name or ORCID
    iD of the file, or with a recorded variant of such a family name. :meth:`widen` adds
    the family names that would be theirs in Chinese order (whether someone else's name is
    theirs in the other order: :meth:`PeopleIndex.confirm`)."""

    families: set[str]
    givens: set[str]
    natives: set[str]
    orcids: set[str]

    @classmethod
    def of(cls, authors: Iterable[Author], orcids: Iterable[str] = ()) -> NameBlock:
        block = cls(set(), set(), set(), set(orcids))
        for author in authors:
            for name in (author.surname, author.family, author.given):
                block.families |= {fold(name), fold(spelt_out(name))}
            block.givens.add(fold(author.given))
            if author.native:
                block.natives.add(author.native)
        return block

    def wants(self, person: PersonRecord) -> bool:
        """Whether a name of the file may be looked up to ``person``."""
        families = self.families
        if (
            fold(person.family) in families
            or fold(spelt_out(person.family)) in families
            or fold(person.given) in self.givens
            or (person.native and person.native in self.natives)
            or (person.orcid and person.orcid in self.orcids)
        ):
            return True
        for variant in person.variants:
            author = parse_name(variant)
            if fold(author.surname) in families or (
                author.native and author.native in self.natives
            ):
                return True
        return False

    def widen(self, people: Iterable[PersonRecord]) -> None:
        """Take in the family names that ``people``'s names are in Chinese order."""
        for person in people:
            self.families.add(fold(person.given))
