"""Which person an author is: never merge two people, never split one silently.

Pure Python over plain :class:`PersonRecord` rows. In order, with the reason kept:

1. the full name, a recorded variant or the Chinese-script name of exactly one person;
2. initials that fit exactly one person ("G. Zhao");
3. initials (or a full name) that fit several people ("J. Fang": Jin Fang, Jiarui Fang),
   decided by co-author evidence from the same entry, else **ambiguous**;
4. a name that may be someone's written another way — a middle name on one side only
   ("Samantha Nair", "Samantha P. Nair"), Chinese order ("Xu Hongli") — is a **suggestion**
   that :meth:`PeopleIndex.confirm` links once the whole file is read, when the evidence is
   strong and unambiguous (see there);
5. a close misspelling ("Gongmin Zhao"), or initials with more than someone's ("N. R.
   Sabar", Nasser Sabar), is a **suggestion**, never a match;
6. otherwise a new person.

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
from typing import Literal

from rapidfuzz import fuzz, process

from pubs.bibtex.names import Author, only_initials, parse_name
from pubs.text import without_accents

MatchKind = Literal[
    "exact", "variant", "native", "chinese_order", "middle", "initials", "coauthors",
    "ambiguous", "suggestion", "new",
]  # fmt: skip
#: Kinds that link the author to a person without asking.
LINKED = frozenset(
    {"exact", "variant", "native", "chinese_order", "middle", "initials", "coauthors"}
)
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

    @property
    def name(self) -> str:
        return f"{self.given} {self.family}".strip()


@dataclass(frozen=True, slots=True)
class PersonMatch:
    kind: MatchKind
    person: Hashable | None = None
    candidates: tuple[Hashable, ...] = ()
    reason: str = ""
    #: A suggestion that the file's co-authors may confirm (a middle name on one side,
    #: Chinese order) rather than a close misspelling.
    confirmable: bool = False

    @property
    def linked(self) -> bool:
        return self.kind in LINKED


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


class PeopleIndex:
    """People to match authors against, with who wrote with whom."""

    def __init__(
        self,
        people: Iterable[PersonRecord] = (),
        coauthors: Iterable[tuple[Hashable, Hashable]] = (),
    ) -> None:
        self.people: dict[Hashable, PersonRecord] = {}
        self.by_full: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        self.by_variant: dict[tuple[str, str], set[Hashable]] = defaultdict(set)
        self.by_native: dict[str, set[Hashable]] = defaultdict(set)
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
        family, given = _full_key(person.given, person.family)
        self.by_full[family, given].add(person.id)
        _add_close(self.by_family[family], person.id, given)
        self.by_first_name[family, first_given_name(person.given)].add(person.id)
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
                papers = self._papers[person]
                before = papers.get(key)
                papers[key] = together if before is None else before | together
                self._coauthors.pop(person, None)
                self._besides.pop(person, None)

    def coauthors(self, person: Hashable, besides: Hashable | None = None) -> frozenset[Hashable]:
        """The people ``person`` wrote a paper with, other than the paper ``besides``."""
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

    def families_named(self, author: Author) -> set[str]:
        """The family names of the people ``author`` names as written: the same name, a
        recorded variant, or (a name that may be Chinese) the same name in the other order."""
        key = _full_key(author.given, author.surname)
        ids = self.by_full.get(key, set()) | self.by_variant.get(key, set())
        if _looks_chinese(author):
            ids = ids | self.by_full.get(_full_key(author.surname, author.given), set())
        return {self.people[person_id].family for person_id in ids}

    # -- matching ---------------------------------------------------------------------------

    def match(
        self, author: Author, coauthors: Iterable[Hashable] = (), paper: Hashable | None = None
    ) -> PersonMatch:
        """The person ``author`` is, given the people already known to be on the same entry,
        of the paper ``paper`` when it is known: its own authors are no evidence of who its
        authors are (once imported, an entry's paper would otherwise vouch for itself)."""
        evidence = set(coauthors)
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
        if not author.is_initials:
            if len(exact) == 1 and not variant:
                return PersonMatch("exact", _one(exact), reason="same name")
            if len(variant) == 1 and not exact:
                return PersonMatch(
                    "variant", _one(variant), reason=f"recorded variant {author.printed!r}"
                )
            if exact or variant:
                return self._decide(exact | variant, evidence, paper, author, "same name")
            middle = self._fitting_middle_names(author)
            if middle:
                return self._middle(author, middle)
            swapped = self.by_full.get(_full_key(author.surname, author.given), set())
            if len(swapped) == 1 and _looks_chinese(author):
                person = self.people[_one(swapped)]
                reason = f"{author.printed} may be {person.name} in Chinese order"
                return PersonMatch("suggestion", None, (person.id,), reason, confirmable=True)
        else:
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
                    return PersonMatch("exact", _one(alone), found.candidates, found.reason)
                return found
            if fitting:
                return self._initials(author, fitting, evidence, paper)
            fewer = self._fitting_fewer_initials(author)
            if fewer:
                ordered = tuple(self._likeliest(fewer, {}))
                names = " or ".join(self.people[c].name for c in ordered)
                reason = f"{author.printed} may be {names} with a middle initial"
                return PersonMatch("suggestion", None, ordered, reason)
        return self._suggest(author, evidence, paper)

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
        with the name and the suggestion. A name written another way (a middle name on one
        side, Chinese order) is linked to the one person it may be when

        - no one else may be either: the name fits that person alone, and no other person
          or name of the file fits the person as it does;
        - the two never wrote a paper together (two names of one author list are two
          people);
        - they have co-authors in common, and few others have as many in common with either
          of them (:data:`COAUTHOR_SPECIFICITY`): in a small community a shared co-author
          says much, among people who all wrote with the same prolific few it says nothing.

        Every form is weighed against the co-authorships as they are before any is linked,
        so the result does not depend on their order; the co-authorships of each form
        linked then count as its person's. Returns the ``forms`` linked, with their match.
        ``check_time`` is called before each form is weighed (it raises when time is up).
        """
        fitting: dict[Hashable, list[Hashable]] = defaultdict(list)
        for form, (_, match) in forms.items():
            if match.confirmable:
                for candidate in match.candidates:
                    fitting[candidate].append(form)
        printed = {form: author.printed for form, (author, _) in forms.items()}
        confirmed: dict[Hashable, PersonMatch] = {}
        for form, (author, match) in forms.items():
            if not match.confirmable or len(match.candidates) != 1:
                continue
            check_time()
            person = self.people[match.candidates[0]]
            if fitting[person.id] != [form] or self._namesakes(person):
                continue
            if person.id in self.coauthors(form):
                continue
            shared = self.coauthors(form) & self.coauthors(person.id)
            if not shared or not (
                self._rarely_shared(person.id, form, len(shared))
                and self._rarely_shared(form, person.id, len(shared))
            ):
                continue
            # A co-author new to the file and not findable (a misspelt name) has no record.
            names = sorted(
                printed[c] if c in printed else self.people[c].name
                for c in shared
                if c in printed or c in self.people
            )[:3]
            more = len(shared) - len(names)
            names += [f"{more} more"] if more else []
            how = "in Chinese order" if _swapped(author, person) else "with a middle name"
            reason = (
                f"{author.printed} is {person.name} {how}: both wrote with "
                f"{', '.join(names)}, and few others did"
            )
            kind: MatchKind = "chinese_order" if _swapped(author, person) else "middle"
            confirmed[form] = PersonMatch(kind, person.id, (person.id,), reason)
        for form, match in confirmed.items():
            for paper, together in list(self._papers.get(form, {}).items()):
                self.link_all((together - {form}) | {match.person}, paper)
        return confirmed

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

    def _rarely_shared(self, person: Hashable, other: Hashable, shared: int) -> bool:
        """Whether at most COAUTHOR_SPECIFICITY of the people who wrote neither with
        ``person`` nor with ``other`` have ``shared`` co-authors or more in common with
        ``person``. (The co-authors of ``other`` are left out: their papers with ``other`` give
        them co-authors in common with ``person`` when the two are one.)"""
        theirs = self.coauthors(person)
        if sum(len(self.coauthors(c)) for c in theirs) > MAX_WEIGHED_COAUTHORSHIPS:
            return False
        known = theirs | self.coauthors(other) | {person, other}
        in_common = Counter(x for c in theirs for x in self.coauthors(c))
        alike = sum(1 for x, count in in_common.items() if count >= shared and x not in known)
        strangers = len(self._papers) - len(known)
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
        if candidates:
            ordered = tuple(sorted(candidates, key=lambda c: -candidates[c])[:MAX_CANDIDATES])
            names = ", ".join(self.people[c].name for c in ordered)
            return PersonMatch("suggestion", None, ordered, f"no exact match; close to {names}")
        return PersonMatch("new", reason="no one of this name")


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
