"""The fast splitter gives bibtexparser's blocks, block for block, whatever the text."""

from pathlib import Path

import pytest
from bibtexparser import model
from bibtexparser.splitter import Splitter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pubs.bibtex import splitter
from tests.shared_data import shared_data

STYLES = Path(__file__).resolve().parents[2] / "data" / "bibtex"


def described(block: model.Block) -> tuple:
    """Everything a block holds, its wrapped entry's fields and its error included."""
    values = {
        name: value
        for name, value in vars(block).items()
        if name not in ("_fields", "_error", "_ignore_error_block")
    }
    if isinstance(block, model.Entry):
        values["fields"] = [(f.key, f.value, f.start_line) for f in block.fields]
    if isinstance(block, model.ParsingFailedBlock):
        error = block.error
        values["error"] = (
            type(error).__name__,
            str(error),
            getattr(error, "abort_reason", None),
            getattr(error, "end_index", None),
        )
        inner = block.ignore_error_block
        values["ignored"] = described(inner) if inner is not None else None
    return type(block).__name__, sorted(values.items(), key=repr)


def blocks(library) -> list[tuple]:
    return [described(block) for block in library.blocks]


def assert_read_as_bibtexparser_reads(text: str) -> None:
    assert blocks(splitter.split(text)) == blocks(Splitter(text).split())


@pytest.mark.parametrize("name", sorted(p.name for p in STYLES.glob("*.bib")))
def test_each_real_world_style_splits_as_bibtexparser_splits_it(name):
    assert_read_as_bibtexparser_reads((STYLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["iridia-references.bib", "bench/pubs_1000.bib"])
def test_the_shared_bibliographies_split_as_bibtexparser_splits_them(name):
    assert_read_as_bibtexparser_reads(shared_data(name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "text",
    [
        pytest.param('@article{k, title = "A {"} quote", year = 2024}', id="brace-quote-brace"),
        pytest.param('@article{k, title = "a } b", note = {x}}', id="brace-inside-quotes"),
        pytest.param("@article{k, title = {a \\{ b}, year = 1}", id="escaped-brace"),
        pytest.param("@article{k, title = {a \\\\{b}}, year = 1}", id="two-backslashes"),
        pytest.param(
            "@article{k,\n title = {a \\\n b},\n year = 1\n}\n@misc{m, x = 1}", id="escaped-newline"
        ),
        pytest.param("@article{k, note = {mail a@b.org}, year = 1}", id="at-sign"),
        pytest.param("@article{k, title = {a\n@misc{m, year = 2}", id="block-start-in-value"),
        pytest.param("@article{k, title = {{{{{{deep}}}}}}, year = 1}", id="nested-six-deep"),
        pytest.param("@article{k}", id="no-fields"),
        pytest.param("@article{k, year = 1,\n}", id="trailing-comma"),
        pytest.param("@article{k, year = 1, year = 2}", id="duplicate-field"),
        pytest.param("@article{k, year = 1, dangling}", id="name-without-value"),
        pytest.param("@article{k, title = {open", id="unclosed-at-end"),
        pytest.param("@article(k, title = {a)b}, year = 1)", id="parentheses"),
        pytest.param("@article{k, year = 1,, note = 2}", id="double-comma"),
        pytest.param('@article{k, title = "x" # {y} # z, year = 1}', id="concatenation"),
        pytest.param("@article{k title = 1}", id="no-comma-after-key"),
        pytest.param("% comment\n@comment{x}\n@string{a = {b}}\n@article{k, t = a}", id="others"),
    ],
)
def test_edge_cases_split_as_bibtexparser_splits_them(text):
    assert_read_as_bibtexparser_reads(text)


def test_a_well_formed_entry_is_read_by_the_fast_path(monkeypatch):
    def fail(*_args):
        raise AssertionError("bibtexparser's own reading was used")

    monkeypatch.setattr(Splitter, "_handle_entry", fail)
    library = splitter.split('@article{k,\n  title = {On G{\\"o}del},\n  year = 2024\n}\n')
    assert [(f.key, f.value, f.start_line) for f in library.entries[0].fields] == [
        ("title", '{On G{\\"o}del}', 1),
        ("year", "2024", 2),
    ]


#: Text made mostly of what the splitter reacts to, so that random text is interesting.
BIBTEX_PIECES = st.sampled_from(
    ["@article{", "@misc(", "@string{", "{", "}", '"', ",", "=", "\n", "\\", "@", "#",
     " ", "key", "title", "x", "1", "é", "{\"}", ")", "\\\n", "\\\\"]
)  # fmt: skip


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(BIBTEX_PIECES, max_size=60).map("".join))
def test_random_text_splits_as_bibtexparser_splits_it(text):
    assert_read_as_bibtexparser_reads(text)


ENTRY = '@inproceedings{fang24,\n  author = {Jiarui Fang and Jin Fang},\n  title = "A {"} and {GPU}s",\n  year = 2024,\n}\n'


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, len(ENTRY)), st.integers(0, 3), BIBTEX_PIECES), max_size=4)
)
def test_mutated_entries_split_as_bibtexparser_splits_them(edits):
    text = ENTRY * 2
    for at, cut, piece in edits:
        text = text[:at] + piece + text[at + cut :]
    assert_read_as_bibtexparser_reads(text)
