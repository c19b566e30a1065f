"""bench/dataset_100k.py on pubs_1000.bib copied three times: the same bytes every time, and
a truth that says who each author is, hard cases included."""

import sys
from collections import defaultdict
from pathlib import Path

import pytest

from tests.shared_data import shared_data

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import dataset_100k

COPIES = 3


@pytest.fixture(scope="module")
def source():
    bench = shared_data("bench")
    return dataset_100k.read_source(
        bench / "pubs_1000.bib", bench / "pubs_1000.truth.jsonl", bench / "people_1000.csv"
    )


@pytest.fixture(scope="module")
def data(source):
    return dataset_100k.build(source, copies=COPIES, prolific_count=8)


def authors_of(entry: str) -> list[str]:
    return dataset_100k.AUTHOR_LINE.search(entry)["authors"].split(" and ")


def occurrences(data, hard: bool):
    """(written name, true person, how) of every author, those written another way
    (``hard``) or the others."""
    for entry, row in zip(data.entries, data.truth, strict=True):
        variants = row.get("variants", {})
        for position, (name, pid) in enumerate(
            zip(authors_of(entry), row["person_ids"], strict=True)
        ):
            how = variants.get(str(position + 1))
            if bool(how) == hard:
                yield name, data.people[pid], how


def test_the_same_source_gives_the_same_files(source, data, tmp_path):
    again = dataset_100k.build(source, copies=COPIES, prolific_count=8)
    first = dataset_100k.write(data, tmp_path / "a", 1000, 2)
    second = dataset_100k.write(again, tmp_path / "b", 1000, 2)

    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]
    assert (tmp_path / "a/pubs_3000.truth.jsonl").read_bytes() == (
        tmp_path / "b/pubs_3000.truth.jsonl"
    ).read_bytes()


def test_each_copy_is_the_source_with_keys_and_dois_of_its_own(source, data):
    keys = [row["key"] for row in data.truth]

    assert len(data.entries) == COPIES * len(source.entries)
    assert len(set(keys)) == len(keys)
    assert data.truth[len(source.entries)]["key"] == source.entries[0].key + "c1"


def test_the_prolific_are_the_same_people_in_every_copy_and_the_others_new(source, data):
    prolific = set(dataset_100k.prolific_ids(source, 8))
    size = len(source.entries)
    for index, entry in enumerate(source.entries):
        for copy in range(COPIES):
            ids = data.truth[copy * size + index]["person_ids"]
            expected = [
                pid if pid in prolific or copy == 0 else copy * dataset_100k.COPY_IDS + pid
                for pid in entry.person_ids
            ]
            assert ids == expected
    assert index == size - 1


def test_a_name_written_the_usual_way_is_one_persons_only(data):
    people = defaultdict(set)
    for name, person, _ in occurrences(data, hard=False):
        people[name].add(person.id)
    shared = {name: ids for name, ids in people.items() if len(ids) > 1}

    assert people
    # The source's own namesakes (several people of one name) are the only ones.
    assert all(all(pid < dataset_100k.COPY_IDS for pid in ids) for ids in shared.values())


def test_a_name_written_another_way_is_its_person_as_the_truth_says(data):
    found = defaultdict(int)
    for name, person, how in occurrences(data, hard=True):
        comma = ", " in name
        assert name == dataset_100k.variant_name(person, how, comma)
        assert name != person.written(comma)
        found[how] += 1

    assert set(found) == set(dataset_100k.SAME_PERSON)


def test_a_name_written_another_way_is_no_one_else_s_usual_name(data):
    usual = defaultdict(set)
    for name, person, _ in occurrences(data, hard=False):
        usual[name].add(person.id)
    others = [
        usual[name] - {person.id}
        for name, person, how in occurrences(data, hard=True)
        if how != "accents_folded"  # folded, the name is the person's own
    ]

    assert others
    assert all(not ids for ids in others)


def test_a_name_written_another_way_has_co_authors_in_common_with_its_person(data):
    written = defaultdict(list)  # person -> (entry, co-authors) where written the usual way
    for index, row in enumerate(data.truth):
        varied = {int(position) - 1 for position in row.get("variants", {})}
        usual = {pid for at, pid in enumerate(row["person_ids"]) if at not in varied}
        for pid in usual:
            written[pid].append((index, usual - {pid}))
    checked = 0
    for index, row in enumerate(data.truth):
        for position, how in row.get("variants", {}).items():
            pid = row["person_ids"][int(position) - 1]
            theirs = set().union(*(others for at, others in written[pid] if at != index))
            assert len(theirs & set(row["person_ids"]) - {pid}) >= dataset_100k.needed(how)
            checked += 1

    assert checked


def test_a_look_alike_is_another_person_named_as_its_target_written_otherwise(data):
    alike = [person for person in data.people.values() if person.like]
    for person in alike:
        target = data.people[person.like]
        assert person.id != target.id
        assert person.written(False) != target.written(False)
        if person.how == "other_order":
            assert (person.given, person.family) == (target.family, target.given)
        else:
            assert person.family == target.family

    assert {person.how for person in alike} == set(dataset_100k.LOOK_ALIKE)
