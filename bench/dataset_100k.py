"""The 100,000-entry data set (issue #34): ``pubs_10000.bib`` ten times, with its truth.

    SHARED_DATA=/work/shared/data .venv/bin/python bench/dataset_100k.py \
        [--size 10000] [--copies 10] [--chunks 5] [--prolific 32] [--out DIR]

Copy 0 is the file as it is. In copies 1 to 9 the ``--prolific`` most prolific authors of
the file (by papers) are the same people, and everyone else is a person of their own,
renamed deterministically: the given names kept, another family name of the file's (a
pinyin given name with a pinyin family name), or another given name where those run out, so
that no two people of the data set share a name (but for the original's own namesakes and the
look-alikes below). Each copy's entries get their own key, DOI, URL and title (the title's
words longer than three letters replaced, copy by copy, by others of the file's titles), so
that no entry is another copy's paper.

The hard cases of real files are mixed in, each with its truth:

- **one person written another way** (``variants`` in the truth file: author position ->
  how): one occurrence of a person's name in the other order ("Lin Yan" for Yan Lin; pinyin
  names only), with a middle initial dropped or added, with its accents folded ("Jager" for
  Jäger), or with a one-edit typo in a given name of six letters or more. Except for folded
  accents (which the exact rule takes), the occurrence is put on an entry where the person
  writes with co-authors they wrote with on another entry of the same copy (two for a typo):
  the evidence the identity rules ask for.
- **another person who looks alike** (``like`` and ``how`` in the people file): a renamed
  person of copies 1 to 9 named as someone else of the data set in the other order, with a
  middle initial more or less, or with a one-edit typo of the given name. Half of them look
  like one of the prolific authors, whose co-authors are everyone's.

Written to ``--out`` (default ``~/.cache/labpubs-bench/``): ``pubs_100000_1.bib`` …
``pubs_100000_5.bib`` (the copies in order, 20,000 entries a chunk), ``pubs_100000.truth.jsonl``
(one line an entry, in order: key, true person ids of its authors, ``variants``) and
``people_100000.csv`` (id, given, middle, family as written in LaTeX, copy, ``like``, ``how``).
A person of copy ``k`` (renamed) has the id ``k * 10000`` + the id of the person of
``people_10000.csv`` they stand for; the prolific and copy 0 keep theirs. The same arguments
give the same bytes.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import re
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from common import CACHE, DATA, ROOT

sys.path.insert(0, str(ROOT))

from pubs.bibtex.names import is_pinyin
from pubs.bibtex.people_match import fold
from pubs.text import without_accents

#: A renamed person's id: the copy times this, plus the source person's id.
COPY_IDS = 10_000
#: Of each kind of hard case, at most this many per copy.
HARD_CASES_PER_COPY = 12
ENTRY = re.compile(r"^@(?P<type>\w+)\{(?P<key>[^,\s]+),\n(?P<body>.*?)^\}\n", re.M | re.S)
AUTHOR_LINE = re.compile(r"^  author = \{(?P<authors>.*)\}(?P<comma>,?)$", re.M)
TITLE_LINE = re.compile(r"^  title = \{(?P<title>.*)\}(?P<comma>,?)$", re.M)
TITLE_TOKEN = re.compile(r"\{[^{}]*\}|[A-Za-z]+|[^{}A-Za-z]+|[{}]")
ONE_SYLLABLE = re.compile(r"[^aeiouv]*[aeiouv]+[^aeiouv]*")
SAME_PERSON = ("other_order", "middle_dropped", "middle_added", "accents_folded", "typo")
LOOK_ALIKE = ("other_order", "middle", "typo")


@dataclass(frozen=True)
class Person:
    """A true person: names as written in LaTeX (``family_text`` in Unicode, for keys)."""

    id: int
    given: str
    middle: str
    family: str
    family_text: str
    copy: int = 0
    like: int = 0  # the person this one looks like, on purpose
    how: str = ""

    def written(self, comma: bool, given: str | None = None, family: str | None = None) -> str:
        """The name as the source file writes it ("Family, Given M." or "Given M. Family"),
        or with ``given`` (middle names included) or ``family`` written otherwise."""
        given = f"{self.given} {self.middle}".strip() if given is None else given
        family = self.family if family is None else family
        return f"{family}, {given}" if comma else f"{given} {family}"

    @property
    def key(self) -> tuple[str, str]:
        """What two people must not share: the first given name and the family name, folded."""
        return fold(self.given), fold(self.family_text)


@dataclass
class Entry:
    key: str
    text: str
    person_ids: list[int]
    commas: list[bool]  # each author written "Family, Given"


@dataclass
class Source:
    entries: list[Entry]
    people: dict[int, Person]


@dataclass
class Dataset:
    entries: list[str] = field(default_factory=list)
    truth: list[dict] = field(default_factory=list)
    people: dict[int, Person] = field(default_factory=dict)


def stable(*parts: object) -> int:
    """A number of ``parts`` that is the same on every run (unlike ``hash``)."""
    text = ":".join(map(str, parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def read_source(bib: Path, truth: Path, people_csv: Path) -> Source:
    """The entries of ``bib`` with their true authors, and the true people."""
    with people_csv.open(encoding="utf-8") as f:
        people = {
            int(row["id"]): Person(
                int(row["id"]), row["latex_given"], row["middle"], row["latex_family"],
                row["family"],
            )
            for row in csv.DictReader(f)
        }  # fmt: skip
    assert max(people) < COPY_IDS, "person ids must stay below COPY_IDS"
    with truth.open(encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    texts = [m for m in ENTRY.finditer(bib.read_text(encoding="utf-8"))]
    if len(texts) != len(rows):
        raise SystemExit(f"{bib}: {len(texts)} entries, its truth file {len(rows)}")
    entries = []
    for match, row in zip(texts, rows, strict=True):
        if match["key"] != row["key"]:
            raise SystemExit(f"{bib}: entry {match['key']} where the truth has {row['key']}")
        written = AUTHOR_LINE.search(match[0])["authors"].split(" and ")
        ids = row["person_ids"]
        commas = [", " in name for name in written]
        for name, pid, comma in zip(written, ids, commas, strict=True):
            if people[pid].written(comma) != name:
                raise SystemExit(f"{match['key']}: {name!r} is not {people[pid]}")
        entries.append(Entry(match["key"], match[0], ids, commas))
    return Source(entries, people)


# -- people ---------------------------------------------------------------------------------


def prolific_ids(source: Source, count: int) -> list[int]:
    papers = Counter(pid for entry in source.entries for pid in set(entry.person_ids))
    return [pid for pid, _ in sorted(papers.items(), key=lambda x: (-x[1], x[0]))[:count]]


def chinese(person: Person) -> bool:
    """A name of pinyin words, the family name one syllable ("Zhang", not "Romano")."""
    return (
        not person.middle
        and person.given.isalpha()
        and is_pinyin(person.given.lower())
        and is_pinyin(person.family.lower())
        and ONE_SYLLABLE.fullmatch(person.family.lower()) is not None
    )


class Names:
    """The people of the data set, each of a name no one else has (but on purpose)."""

    def __init__(self, source: Source) -> None:
        self.people: dict[int, Person] = dict(source.people)
        self.taken: set[tuple[str, str]] = set()
        self.holders: Counter[tuple[str, str]] = Counter()
        for person in source.people.values():
            self.take(person)
        pools: dict[bool, dict[str, str]] = {True: {}, False: {}}
        givens: dict[bool, set[str]] = {True: set(), False: set()}
        for person in source.people.values():
            pools[chinese(person)][person.family] = person.family_text
            givens[chinese(person)].add(person.given)
        self.families = {kind: sorted(pool.items()) for kind, pool in pools.items()}
        # Chinese given names run out first (a hundred of them): two syllables of the
        # family names make more ("Zhang", "Lin": "Zhanglin").
        syllables = sorted(pools[True])
        givens[True] |= {a + b.lower() for a in syllables for b in syllables if a != b}
        self.givens = {kind: sorted(names) for kind, names in givens.items()}

    def take(self, person: Person) -> None:
        self.taken.add(person.key)
        self.taken.add(person.key[::-1])  # "Lin Yan" and Yan Lin: one name in two orders
        self.holders[person.key] += 1
        self.holders[person.key[::-1]] += 1

    def alone(self, person: Person) -> bool:
        """Whether no one else has ``person``'s name, in either order, whatever their middle
        names (a name written another way must not be someone else's as written)."""
        key = person.key
        return key != key[::-1] and self.holders[key] == 1 and self.holders[key[::-1]] == 1

    def free(self, given: str, family_text: str) -> bool:
        key = (fold(given), fold(family_text))
        return key not in self.taken and key[::-1] not in self.taken

    def add(self, person: Person) -> Person:
        self.people[person.id] = person
        self.take(person)
        return person

    def renamed(self, person: Person, copy: int) -> Person:
        """``person`` of ``copy``: the given name kept with another family name, or another
        given name of the same kind when every family name is taken with it."""
        kind = chinese(person)
        families, givens = self.families[kind], self.givens[kind]
        start, other = stable("family", copy, person.id), stable("given", copy, person.id)
        others = (givens[(other + step) % len(givens)] for step in range(len(givens)))
        for given in (person.given, *others):
            for step in range(len(families)):
                family, text = families[(start + step) % len(families)]
                if self.free(given, text):
                    new = Person(
                        copy * COPY_IDS + person.id, given, person.middle, family, text, copy
                    )
                    return self.add(new)
        raise SystemExit(f"no free name left for {person} in copy {copy}")

    def look_alike(self, person: Person, copy: int, target: Person, how: str) -> Person | None:
        """``person`` of ``copy`` named as ``target`` written as ``how`` says, or None when
        that name is someone's already."""
        pid = copy * COPY_IDS + person.id
        if how == "other_order":
            new = Person(pid, target.family, "", target.given, target.family_text, copy)
            if not chinese(target) or not self.free(new.given, new.family_text):
                return None
            # The two orders are one name in ``taken``: the target's takes both.
        elif how == "middle":
            middle = "" if target.middle else initial(stable("middle", pid))
            new = Person(pid, target.given, middle, target.family, target.family_text, copy)
        else:
            given = typo(target.given, stable("typo", pid))
            if given is None or not self.free(given, target.family_text):
                return None
            new = Person(pid, given, target.middle, target.family, target.family_text, copy)
        return self.add(replace(new, like=target.id, how=how))


def initial(number: int) -> str:
    return "ABCDEFGHJKLMNPRSTW"[number % 18] + "."


def typo(given: str, number: int) -> str | None:
    """``given`` with one typing edit inside it (two letters swapped, or one left out), for
    given names of six plain letters or more (shorter ones are as often another name)."""
    if len(given) < 6 or not given.isalpha() or not given.isascii():
        return None
    at = 1 + number % (len(given) - 2)
    if number // 7 % 2 and given[at] != given[at + 1]:
        return given[:at] + given[at + 1] + given[at] + given[at + 2 :]
    return given[:at] + given[at + 1 :]


# -- hard cases -----------------------------------------------------------------------------


def evidence(source: Source, prolific: set[int]) -> dict[int, tuple[int, int]]:
    """For each person not prolific: the entry (index) whose co-authors, not prolific, wrote
    with them on other entries the most, and how many such co-authors it has."""
    together: dict[tuple[int, int], list[int]] = defaultdict(list)
    for index, entry in enumerate(source.entries):
        ids = [pid for pid in dict.fromkeys(entry.person_ids) if pid not in prolific]
        for a in ids:
            for b in ids:
                if a != b:
                    together[a, b].append(index)
    best: dict[int, tuple[int, int]] = {}
    for index, entry in enumerate(source.entries):
        ids = [pid for pid in dict.fromkeys(entry.person_ids) if pid not in prolific]
        for pid in ids:
            count = sum(1 for other in ids if other != pid and len(together[pid, other]) > 1)
            if count and count > best.get(pid, (0, 0))[1]:
                best[pid] = (index, count)
    return best


def variant_name(person: Person, how: str, comma: bool) -> str | None:
    """``person`` written another way, as ``how`` says; None when it cannot be."""
    if how == "other_order":
        return person.written(comma, person.family, person.given) if chinese(person) else None
    if how == "middle_dropped":
        return person.written(comma, person.given) if person.middle else None
    if how == "middle_added":
        added = initial(stable("added", person.id))
        return None if person.middle else person.written(comma, f"{person.given} {added}")
    if how == "accents_folded":
        if "\\" not in person.family:
            return None
        return person.written(comma, family=without_accents(person.family_text))
    given = typo(person.given, stable("typo", person.id))
    return None if given is None else person.written(comma, f"{given} {person.middle}".strip())


def needed(how: str) -> int:
    """Co-authors in common the identity rules need to take the name for the person."""
    return {"accents_folded": 0, "typo": 2}.get(how, 1)


# -- the data set ---------------------------------------------------------------------------


def retitle(title: str, copy: int, words: list[str]) -> str:
    """``title`` with its plain words longer than three letters replaced for ``copy``."""
    if copy == 0:
        return title
    index = {word: n for n, word in enumerate(words)}
    step = copy * (len(words) // 10 + 1)
    out = []
    for token in TITLE_TOKEN.findall(title):
        low = token.lower()
        if token.isalpha() and len(token) > 3 and low in index:
            new = words[(index[low] + step) % len(words)]
            token = new.capitalize() if token[0].isupper() else new
        out.append(token)
    return "".join(out)


def title_words(source: Source) -> list[str]:
    words = set()
    for entry in source.entries:
        title = TITLE_LINE.search(entry.text)["title"]
        for token in TITLE_TOKEN.findall(title):
            if token.isalpha() and len(token) > 3:
                words.add(token.lower())
    return sorted(words)


def build(source: Source, copies: int = 10, prolific_count: int = 32) -> Dataset:
    """The data set: ``copies`` copies of ``source`` (see the module's docstring)."""
    prolific = set(prolific_ids(source, prolific_count))
    names = Names(source)
    others = sorted(pid for pid in source.people if pid not in prolific)
    people_of: dict[int, dict[int, Person]] = {0: dict(source.people)}
    targets: set[int] = set()  # the people a look-alike was made for
    for copy in range(1, copies):
        people_of[copy] = people = {pid: source.people[pid] for pid in prolific}
        make_look_alikes(names, copy, people, others, prolific, targets)
        for pid in others:
            if pid not in people:
                people[pid] = names.renamed(source.people[pid], copy)
    proven = evidence(source, prolific)
    words = title_words(source)
    data = Dataset(people=names.people)
    for copy in range(copies):
        people = people_of[copy]
        varied = choose_variants(source, copy, people, proven, names, targets)
        for index, entry in enumerate(source.entries):
            text, row = copy_entry(entry, copy, people, words, varied.get(index))
            data.entries.append(text)
            data.truth.append(row)
    return data


def make_look_alikes(
    names: Names,
    copy: int,
    people: dict[int, Person],
    others: list[int],
    prolific: set[int],
    targets: set[int],
) -> None:
    """Some people of ``copy`` named as someone already named looks another way: for each
    way, HARD_CASES_PER_COPY of them, half for prolific authors while any is left."""
    pending = iter(sorted(others, key=lambda pid: stable("alike", copy, pid)))
    ranked = sorted(names.people.values(), key=lambda p: stable("target", copy, p.id))
    pid = None
    for how in LOOK_ALIKE:
        chosen: list[Person] = []
        for wanted in (True, False):  # prolific first, then anyone
            for target in ranked:
                if len(chosen) >= HARD_CASES_PER_COPY // (2 if wanted else 1):
                    break
                if (target.id in prolific) != wanted or target.id in targets or target.like:
                    continue
                pid = pid if pid is not None else next(pending)
                new = names.look_alike(names.people[pid], copy, target, how)
                if new is None:
                    continue  # the next target, for the same person
                people[pid], pid = new, None
                targets.add(target.id)
                chosen.append(new)


def choose_variants(
    source: Source,
    copy: int,
    people: dict[int, Person],
    proven: dict[int, tuple[int, int]],
    names: Names,
    targets: set[int],
) -> dict[int, tuple[int, str]]:
    """Entries (index) of ``copy`` where a person is written another way: the author's
    position and how. HARD_CASES_PER_COPY of each way, where the evidence is."""
    ranked = sorted(proven, key=lambda pid: stable("variant", copy, pid))
    first_entry: dict[int, int] = {}
    for index, entry in enumerate(source.entries):
        for pid in entry.person_ids:
            first_entry.setdefault(pid, index)
    varied: dict[int, tuple[int, str]] = {}
    used: set[int] = set()
    for how in SAME_PERSON:
        chosen = 0
        for pid in ranked if needed(how) else sorted(first_entry, key=ranked_key(copy)):
            if chosen == HARD_CASES_PER_COPY:
                break
            person = people.get(pid)
            if person is None or pid in used or person.like or person.id in targets:
                continue
            if not names.alone(person):
                continue  # "Kenneth Garcia" for Kenneth E. Garcia is another Kenneth Garcia
            index, count = proven.get(pid, (first_entry[pid], 0))
            if count < needed(how) or index in varied:
                continue
            if not needed(how):
                index = first_entry[pid]
            name = variant_name(person, how, False)
            if name is None or (how == "typo" and not names.free(*typo_key(person))):
                continue
            varied[index] = (source.entries[index].person_ids.index(pid), how)
            used.add(pid)
            chosen += 1
    return varied


def ranked_key(copy: int):
    return lambda pid: stable("variant", copy, pid)


def typo_key(person: Person) -> tuple[str, str]:
    return typo(person.given, stable("typo", person.id)) or "", person.family_text


def copy_entry(
    entry: Entry,
    copy: int,
    people: dict[int, Person],
    words: list[str],
    variant: tuple[int, str] | None,
) -> tuple[str, dict]:
    """The entry as written in ``copy``, and its truth row."""
    authors, ids = [], []
    for position, (pid, comma) in enumerate(zip(entry.person_ids, entry.commas, strict=True)):
        person = people[pid]
        ids.append(person.id)
        if variant and variant[0] == position:
            authors.append(variant_name(person, variant[1], comma))
        else:
            authors.append(person.written(comma))
    key = entry.key if copy == 0 else f"{entry.key}c{copy}"
    text = entry.text.replace(f"{{{entry.key},", f"{{{key},", 1)
    text = AUTHOR_LINE.sub(
        lambda m: f"  author = {{{' and '.join(authors)}}}{m['comma']}", text, count=1
    )
    text = TITLE_LINE.sub(
        lambda m: f"  title = {{{retitle(m['title'], copy, words)}}}{m['comma']}", text, count=1
    )
    if copy:
        text = re.sub(r"^(  doi = \{)([^}]*)\}", rf"\g<1>\g<2>.c{copy}}}", text, flags=re.M)
        text = text.replace(f"/papers/{entry.key}.", f"/papers/{key}.")
    row: dict = {"key": key, "person_ids": ids}
    if variant:
        row["variants"] = {str(variant[0] + 1): variant[1]}
    return text, row


def write(data: Dataset, out: Path, size: int, chunks: int) -> list[Path]:
    """The chunks, the truth file and the people file in ``out``; the chunks' paths."""
    out.mkdir(parents=True, exist_ok=True)
    total = len(data.entries)
    per = -(-total // chunks)
    paths = []
    for number in range(chunks):
        path = out / f"pubs_{total}_{number + 1}.bib"
        part = data.entries[number * per : (number + 1) * per]
        head = f"% pubs_{size}.bib copied by bench/dataset_100k.py, part {number + 1}\n\n"
        path.write_text(head + "\n".join(part), encoding="utf-8")
        paths.append(path)
    with (out / f"pubs_{total}.truth.jsonl").open("w", encoding="utf-8") as f:
        for row in data.truth:
            f.write(json.dumps(row) + "\n")
    with (out / f"people_{total}.csv").open("w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id", "given", "middle", "family", "copy", "like", "how"])
        for person in sorted(data.people.values(), key=lambda p: p.id):
            writer.writerow(
                [person.id, person.given, person.middle, person.family, person.copy,
                 person.like or "", person.how]
            )  # fmt: skip
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000, help="pubs_SIZE.bib is the source")
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--chunks", type=int, default=5)
    parser.add_argument("--prolific", type=int, default=32)
    parser.add_argument("--out", type=Path, default=CACHE)
    args = parser.parse_args()
    source = read_source(
        DATA / f"pubs_{args.size}.bib",
        DATA / f"pubs_{args.size}.truth.jsonl",
        DATA / f"people_{args.size}.csv",
    )
    data = build(source, args.copies, args.prolific)
    paths = write(data, args.out, args.size, args.chunks)
    variants = Counter(how for row in data.truth for how in row.get("variants", {}).values())
    alike = Counter(p.how for p in data.people.values() if p.how)
    print(f"{len(data.entries):,} entries, {len(data.people):,} people, in {args.out}:")
    for path in paths:
        print(f"  {path.name}")
    print(f"one person written another way: {dict(sorted(variants.items()))}")
    print(f"another person who looks alike: {dict(sorted(alike.items()))}")


if __name__ == "__main__":
    main()
