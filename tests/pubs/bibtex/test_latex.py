import pytest
from hypothesis import given
from hypothesis import strategies as st

from pubs.bibtex.latex import protected_words, to_text


@pytest.mark.parametrize(
    ("latex", "text"),
    [
        (r"J{\"a}ger", "Jäger"),
        (r"Gro{\ss}", "Groß"),
        (r"\v{S}ime\v{c}ek", "Šimeček"),
        (r"Erd\H{o}s", "Erdős"),
        (r"\c{C}elik", "Çelik"),
        (r"Na\"{\i}ve", "Naïve"),
        (r"{\O}stergaard", "Østergaard"),
        (r"caf\'{e} \& co", "café & co"),
        (r"99\% Recall", "99% Recall"),
        (r"The {TPU} is $\alpha$ fast", "The TPU is α fast"),
        (r"in $O(n \log n)$ time", "in O(n log n) time"),
        (r"\emph{x} and \textbf{y}", "x and y"),
        (r"{\textquoteright}", "\u2019"),
        ("766--775", "766–775"),
        ("a~b", "a b"),
        (r"sets \{a, b\} and \textasciitilde{}1", "sets {a, b} and ~1"),
        ("plain text", "plain text"),
    ],
)
def test_latex_reads_as_unicode_text(latex, text):
    assert to_text(latex) == text


def test_case_protected_words_are_remembered():
    assert protected_words(r"The {TPU} and {CUDA}: {\"O}ver") == ["TPU", "CUDA"]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("a\tlong\n  abstract ", "a long abstract"),
        (" leading space", "leading space"),
        ("pages 1--2", "pages 1–2"),
        ("no\x0bvertical tab", "no vertical tab"),
        ("non\u00a0breaking", "non breaking"),
    ],
)
def test_white_space_runs_read_as_one_space(value, text):
    assert to_text(value) == text


@given(st.text(alphabet=st.characters(max_codepoint=127, exclude_characters="\\{}$~")))
def test_plain_ascii_text_reads_as_itself_with_white_space_collapsed(value):
    assert to_text(value) == " ".join(value.replace("---", "—").replace("--", "–").split())


def test_a_link_in_a_title_reads_as_its_text():
    assert to_text(r"See \href{https://a.org}{here}") == "See here"


@pytest.mark.parametrize(
    "latex",
    [r"\href", r"\href{https://a.org}", r"\verb", r"$\sqrt$", r"A \footnote", r"\textcolor{red}"],
)
def test_commands_written_without_their_arguments_read_as_text_not_an_exception(latex):
    assert isinstance(to_text(latex), str)
