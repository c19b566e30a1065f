"""A large file read in two processes gives what one pass gives."""

import os
import re
import threading

import pytest

from pubs.bibtex import halves
from pubs.bibtex.halves import parse_and_normalize
from pubs.bibtex.normalize import normalize
from pubs.bibtex.parse import BibtexError, parse
from tests.shared_data import shared_data

ENTRY = re.compile(r"^@\w+\{", re.MULTILINE)


def one_pass(text: str):
    parsed = parse(text)
    return parsed, [normalize(entry) for entry in parsed.entries]


def in_two(text: str, **options):
    return parse_and_normalize(text, min_chars=0, **options)


def entries(count: int, first: int = 0) -> str:
    return "".join(
        f'@inproceedings{{k{n},\n  title = {{Paper {n} on G{{\\"o}}del}},\n'
        f"  author = {{Jin Fang and Ada Lovelace}},\n  booktitle = {{ICNP}},\n  year = {{2024}}\n}}\n\n"
        for n in range(first, first + count)
    )


@pytest.fixture
def realistic() -> str:
    """The first 1,500 entries of the 10,000-entry benchmark file."""
    text = shared_data("bench/pubs_10000.bib").read_text(encoding="utf-8")
    return text[: list(ENTRY.finditer(text))[1500].start()]


@pytest.fixture
def taken(monkeypatch) -> list:
    """What each two-process read returned (None: it fell back to one pass), in a process
    that may fork (a test run may have other threads running)."""
    monkeypatch.setattr(halves, "_can_fork", lambda: True)
    calls = []
    real = halves._read_in_two

    def spy(*args):
        calls.append(real(*args))
        return calls[-1]

    monkeypatch.setattr(halves, "_read_in_two", spy)
    return calls


def test_a_realistic_file_read_in_two_is_read_as_in_one_pass(realistic, taken):
    assert in_two(realistic) == one_pass(realistic)
    assert taken and taken[0] is not None


def test_the_second_half_s_lines_are_the_file_s_lines(taken):
    text = entries(40)
    parsed, records = in_two(text)
    assert taken[0] is not None
    assert [record.line for record in records] == [1 + 7 * n for n in range(40)]
    assert [entry.line for entry in parsed.entries] == [record.line for record in records]


def test_a_key_in_both_halves_is_reported_as_one_pass_reports_it(taken):
    text = entries(30) + entries(1, first=3)
    assert in_two(text) == one_pass(text)
    assert "the key k3 is used twice (first at line 22)" in str(in_two(text)[0].problems)
    assert taken[0] is None


def test_an_entry_left_open_in_the_first_half_is_reported_as_in_one_pass(taken):
    text = entries(20) + "@article{open,\n  title = {Never closed\n" + entries(20, first=20)
    assert in_two(text) == one_pass(text)
    assert taken[0] is not None


def test_an_entry_left_open_just_before_the_cut_falls_back_to_one_pass(taken, monkeypatch):
    text = entries(20) + "@article{open,\n  title = {Never closed\n" + entries(20, first=20)
    monkeypatch.setattr(halves, "_cut", lambda text: text.index("@inproceedings{k20,"))
    assert in_two(text) == one_pass(text)
    assert taken == [None]


def test_a_file_with_string_macros_is_read_in_one_pass(taken):
    text = "@string{icnp = {ICNP}}\n" + entries(30).replace("{ICNP}", "icnp")
    assert in_two(text) == one_pass(text)
    assert taken == []


def test_a_failing_child_leaves_the_file_to_one_pass(taken, monkeypatch):
    def broken(*args):
        raise RuntimeError("the child fails")

    monkeypatch.setattr(halves, "read_half", broken)
    text = entries(30)
    assert in_two(text) == one_pass(text)
    assert taken == [None]


def test_too_many_entries_are_refused_with_the_file_s_count(taken):
    with pytest.raises(BibtexError, match="the file has 30 entries; the limit is 20"):
        in_two(entries(30), max_entries=20)
    assert taken[0] is not None


def test_a_small_file_is_read_in_one_pass(taken):
    assert parse_and_normalize(entries(3)) == one_pass(entries(3))
    assert taken == []


def test_a_process_with_other_threads_reads_in_one_pass(monkeypatch):
    monkeypatch.setattr(halves, "_read_in_two", lambda *args: pytest.fail("forked"))
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert in_two(entries(30)) == one_pass(entries(30))
    finally:
        stop.set()
        other.join()


def test_a_process_that_cannot_fork_reads_in_one_pass(taken, monkeypatch):
    def no_fork():
        raise BlockingIOError("no more processes")

    monkeypatch.setattr(halves.os, "fork", no_fork)
    assert in_two(entries(30)) == one_pass(entries(30))
    assert taken == [None]


def test_the_caller_s_other_work_is_done_here_while_the_child_reads(taken, monkeypatch):
    done = []
    result = halves._Child.result
    monkeypatch.setattr(
        halves._Child, "result", lambda child: done.append("child") or result(child)
    )
    in_two(entries(30), meanwhile=lambda: done.append(os.getpid()))
    assert done == [os.getpid(), "child"]
    assert taken[0] is not None


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(entries(30) + entries(1, first=3), id="halves-fall-back-to-one-pass"),
        pytest.param("@string{icnp = {ICNP}}\n" + entries(30), id="one-pass"),
    ],
)
def test_the_caller_s_other_work_is_done_once_when_the_file_is_read_in_one_pass(taken, text):
    done = []
    assert in_two(text, meanwhile=lambda: done.append(os.getpid())) == one_pass(text)
    assert done == [os.getpid()]
