import pytest
from hypothesis import given
from hypothesis import strategies as st

from pubs.bibtex.latex import (
    TooMuchLatex,
    _pylatexenc,
    decoding_budget,
    protected_words,
    to_text,
)


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


# (TeX's quotes, `a' and ``a'', read as typographic ones, and "&amp;" as "&":
# tests/importing/test_title_text.py)
@given(st.text(alphabet=st.characters(max_codepoint=127, exclude_characters="\\{}$~`&")))
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


PLAIN_MATH = st.text(alphabet="abxyzn0129 +*/=<>()^_.,;:!?|[]-", max_size=20)


@given(formula=PLAIN_MATH)
def test_a_formula_of_letters_and_operators_reads_as_pylatexenc_reads_it(formula):
    value = f"${formula}$"
    assert to_text(value) == " ".join(_pylatexenc(value).split())


@given(
    style=st.sampled_from(["emph", "textbf", "textit", "textsl", "textsc", "textrm", "textnormal"]),
    words=st.text(alphabet="abc XYZ019.,", max_size=20),
)
def test_a_styled_word_reads_as_pylatexenc_reads_it(style, words):
    value = f"before \\{style}{{{words}}} after"
    assert to_text(value) == " ".join(_pylatexenc(value).split())


@pytest.mark.parametrize("style", ["texttt", "textsf", "textup", "textmd"])
def test_text_in_a_style_pylatexenc_leaves_out_reads_as_its_text(style):
    assert to_text(f"The \\{style}{{GPT}} model") == "The GPT model"


def test_the_general_decoder_is_given_at_most_its_budget():
    with decoding_budget(100):
        assert to_text(r"\'e $x^2$ \emph{plain} " * 20)  # read without the general decoder
        assert to_text(r"an \unknown{command}") == "an command"
        with pytest.raises(TooMuchLatex):
            to_text(r"an \unknown{command} " * 10)
    assert to_text(r"an \unknown{command} " * 10)  # no budget outside
