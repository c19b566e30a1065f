"""Each author's person: matched by pubs.bibtex.people_match over the whole file, chosen by the
user, or a new person; and the family names a paper is compared by."""

from __future__ import annotations

from collections.abc import Hashable

from pubs.bibtex.names import Author
from pubs.bibtex.paper_records import AuthorNames, family_key
from pubs.bibtex.parse import TimeBudget, check_time
from pubs.bibtex.people_match import PeopleIndex, PersonMatch, PersonRecord, fold
from pubs.bibtex.plan.model import NEW, AuthorPlan, Decisions, EntryPlan, ImportPlan, NewPerson


def families_of(
    authors: list[Author],
    people: PeopleIndex,
    known: dict[tuple[str, str, str], tuple[Hashable, frozenset[str]]],
) -> AuthorNames:
    """The family names a paper is compared by: its authors' as printed (particles
    included), and those of the people known by the same names, in Chinese order or as a
    recorded variant ("Xu Hongli" is Hongli Xu's), as a paper already there is compared by
    its printed names and their people's; so that a paper compares the same way in its
    file and once imported. A name listed twice ("WANG Jiannan and Jiannan Wang") is one
    author, as it is stored once. ``known`` keeps each name's (who it names, and the family
    names), the names of a file recurring."""
    names, listed = [], set()
    for author in authors:
        name = (author.native, author.given, author.surname)
        if name not in known:
            named = {author.surname, *people.families_named(author)}
            one = author.native or (fold(author.surname), fold(author.given))
            known[name] = (one, frozenset(filter(None, map(family_key, named))))
        one, families = known[name]
        if one not in listed:
            listed.add(one)
            names.append(families)
    return tuple(names)


def stored_once(entry: EntryPlan) -> list[AuthorPlan]:
    """An entry's authors as its paper stores them: each person once, at the first place
    they are listed (a name listed twice is one authorship)."""
    seen: set[Hashable] = set()
    authors = []
    for a in entry.authors:
        if a.person is not None:
            if a.person in seen:
                continue
            seen.add(a.person)
        authors.append(a)
    return authors


def plan_authors(
    plan: ImportPlan, people: PeopleIndex, decisions: Decisions, budget: TimeBudget | None
) -> None:
    """Match every author, in two passes so that a full name anywhere in the file counts.

    Pass 1 matches written-out names and adds the new people they bring, so that "S. Zheng"
    in one entry can be the "Size Zheng" of another; it links the people of each entry as
    co-authors. Pass 2 matches initials and homonyms, entry by entry, in rounds: each person
    found becomes evidence for the others ("L. Xie" is the only one, and Liguang Xie wrote
    with Jin Fang, not Jiarui Fang). Then the user's decisions apply.
    """
    entries = plan.to_write
    firsts, knowns = _match_written_out(plan, people, entries, budget)
    # A name written another way ("Robert C. Holte") is weighed with the whole file.
    forms = {
        known[position]: (entry.record.authors[position - 1], match)
        for entry, first, known in zip(entries, firsts, knowns, strict=True)
        for position, match in first.items()
        if match.confirmable
    }
    confirmed = people.confirm(forms, lambda: check_time(budget)) if forms else {}
    for first, known in zip(firsts, knowns, strict=True):
        for position, person in known.items():
            if person in confirmed:
                first[position], known[position] = confirmed[person], confirmed[person].person
    for entry, matches, known in zip(entries, firsts, knowns, strict=True):
        _match_by_coauthors(entry, matches, known, people, budget)
    for entry, matches, known in zip(entries, firsts, knowns, strict=True):
        entry.authors.extend(
            _author_plan(
                plan,
                people,
                decisions,
                entry,
                position,
                author,
                matches[position],
                known.get(position),
            )
            for position, author in enumerate(entry.record.authors, start=1)
        )


def _match_written_out(
    plan: ImportPlan, people: PeopleIndex, entries: list[EntryPlan], budget: TimeBudget | None
) -> tuple[list[dict[int, PersonMatch]], list[dict[int, Hashable]]]:
    """Pass 1: the written-out names of each entry matched (initials left for pass 2), the new
    people they bring added, and the people of each entry linked as co-authors. Returns, per
    entry, the matches and the people found, by position."""
    firsts: list[dict[int, PersonMatch]] = []  # per entry: position -> match of pass 1
    knowns: list[dict[int, Hashable]] = []  # per entry: position -> person found in pass 1
    # A written-out name matches the same way wherever it appears: match it once (its
    # parts give its printed form too, which a new person keeps the first time).
    seen: dict[tuple[str, ...], tuple[PersonMatch, Hashable | None]] = {}
    for entry in entries:
        check_time(budget, entry.record.line, entry.key)
        first: dict[int, PersonMatch] = {}
        known: dict[int, Hashable] = {}
        orcids = entry.record.orcids
        for position, author in enumerate(entry.record.authors, start=1):
            if author.is_initials:
                continue
            orcid = orcids.get(position, "")
            name = (author.native, author.given, author.von, author.family, author.jr, orcid)
            found = seen.get(name)
            if found is None:
                check_time(budget, entry.record.line, entry.key)  # 9,999 new names take seconds
                match = people.match(author, orcid=orcid)
                person = match.person
                if match.kind in NEW_KINDS:
                    # A misspelling of someone known is no candidate for others' initials.
                    findable = match.kind in FINDABLE_KINDS
                    new = _new_person(plan, people, author, findable=findable, orcid=orcid)
                    person = new.key
                found = seen[name] = (match, person)
            match, person = found
            if person is not None:
                known[position] = person
            first[position] = match
        firsts.append(first)
        knowns.append(known)
        people.link_all(known.values(), _paper_of(entry))
    return firsts, knowns


def _match_by_coauthors(
    entry: EntryPlan,
    matches: dict[int, PersonMatch],
    known: dict[int, Hashable],
    people: PeopleIndex,
    budget: TimeBudget | None,
) -> None:
    """Pass 2: the entry's initials and homonyms, in rounds, each person found becoming
    evidence for the others."""
    check_time(budget, entry.record.line, entry.key)
    authors = entry.record.authors
    open_positions = [
        position
        for position in range(1, len(authors) + 1)
        if position not in matches or matches[position].kind == "ambiguous"
    ]
    evidence = set(known.values()) if open_positions else set()
    orcids = entry.record.orcids
    progress = True
    while open_positions and progress:
        progress = False
        for position in list(open_positions):
            check_time(budget, entry.record.line, entry.key)
            author = authors[position - 1]
            match = people.match(author, evidence, _paper_of(entry), orcids.get(position, ""))
            matches[position] = match
            if match.linked:
                evidence.add(match.person)
                open_positions.remove(position)
                progress = True


def _paper_of(entry: EntryPlan) -> Hashable:
    """The paper an entry is: the one it duplicates, or the one it creates."""
    return entry.duplicate.paper.id if entry.duplicate else f"entry:{entry.key}"


#: Matches that make a new person (a suggestion is one until the user says otherwise)...
NEW_KINDS = frozenset({"new", "suggestion", "other_orcid", "other_suffix"})
#: ... that later names of the file may find (a misspelling of someone known may not).
FINDABLE_KINDS = frozenset({"new", "other_orcid", "other_suffix"})


def _author_plan(
    plan: ImportPlan,
    people: PeopleIndex,
    decisions: Decisions,
    entry: EntryPlan,
    position: int,
    author: Author,
    match: PersonMatch,
    new_person: Hashable | None = None,
) -> AuthorPlan:
    """The author's person: the user's choice, the match, or a new person (``new_person``
    when pass 1 made it already)."""
    choice = decisions.person_for(entry.key, position, author) if decisions.people else None
    if choice is not None:
        person = _new_person(plan, people, author).key if choice == NEW else choice
        return AuthorPlan(position, author, match, person, decided=True)
    if match.kind in NEW_KINDS:
        orcid = entry.record.orcids.get(position, "")
        person = new_person or _new_person(plan, people, author, orcid=orcid).key
        return AuthorPlan(position, author, match, person)
    if match.kind == "ambiguous" and decisions.allow_ambiguous:
        new = _new_person(plan, people, author, flagged=True)
        return AuthorPlan(position, author, match, new.key, note=match.reason)
    return AuthorPlan(position, author, match, match.person)


def _new_person(
    plan: ImportPlan,
    people: PeopleIndex,
    author: Author,
    flagged: bool = False,
    findable: bool = True,
    orcid: str = "",
) -> NewPerson:
    """The new person an author would be: one per name in the file (initials as written,
    the suffix part of it: "John Doe Jr." and "John Doe Sr." are two), or per ORCID iD (two
    humans of one name).

    Unless ``findable`` is false, later authors of the file can match them.
    """
    if orcid:
        key = f"new:orcid:{orcid}"
    elif author.native:
        key = f"new:{author.native}"
    else:
        key = f"new:{fold(author.surname)}|{fold(author.given)}"
        if author.jr:
            key += f"|{fold(author.jr)}"
    person = plan.new_people.get(key)
    if person is None:
        person = NewPerson(
            key,
            author.given,
            author.surname,
            author.native,
            flagged=flagged,
            orcid=orcid,
            suffix=author.jr,
        )
        plan.new_people[key] = person
        if findable and not author.is_initials:
            people.add(
                PersonRecord(
                    key, author.given, author.surname, author.native, orcid=orcid, suffix=author.jr
                )
            )
    person.printed.add(author.printed)
    return person
