"""Reading BibTeX: macros, crossrefs, bad blocks, encodings; every problem with its line."""

import codecs

import bibtexparser
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from pubs.bibtex.normalize import parse_and_normalize
from pubs.bibtex.parse import (
    MAX_FIELD_CHARS,
    MAX_NESTING,
    BibtexError,
    TimeBudget,
    decode,
    parse,
    read_blocks,
)
from tests.importing.hostile_files import (
    COMMAND_BOMB,
    deep_braces,
    long_field,
    many_authors,
    same_title,
    string_bomb,
)
from tests.shared_data import shared_data


def only(text: str):
    result = parse(text)
    assert len(result.entries) == 1, result.problems
    return result.entries[0]


def test_string_macros_and_concatenation_are_expanded():
    entry = only(
        '@string{pre = "Proceedings of the "}\n'
        '@inproceedings{a, booktitle = pre # "ICNP" # {, 2024}, title={T}, year=2024}'
    )
    assert entry.fields["booktitle"] == "Proceedings of the ICNP, 2024"


def test_month_macros_read_as_month_names():
    assert only("@article{a, title={T}, year=2024, month=oct}").fields["month"] == "October"


def test_a_string_macro_may_use_an_earlier_one():
    entry = only(
        '@string{ieee = "IEEE"}\n@string{ton = ieee # "/ACM ToN"}\n'
        "@article{a, journal = ton, title={T}, year=2024}"
    )
    assert entry.fields["journal"] == "IEEE/ACM ToN"


def test_an_undefined_macro_is_a_warning_naming_the_entry():
    result = parse("@article{a, journal = nosuch, title={T}, year=2024}")
    (warning,) = result.warnings
    assert (warning.line, warning.key) == (1, "a")
    assert "nosuch" in warning.message


def test_a_redefined_string_uses_the_later_value_with_a_warning():
    result = parse(
        '@string{x = "old"}\n@string{x = "new"}\n@article{a, note = x, title={T}, year=1}'
    )
    assert result.entries[0].fields["note"] == "new"
    assert result.warnings[0].line == 2


def test_comments_and_preambles_are_counted_not_imported():
    result = parse(
        '% a comment\n@comment{anything}\n@preamble{"\\newcommand{\\x}{y}"}\n'
        "@article{a, title={T}, year=2024}"
    )
    assert len(result.entries) == 1
    assert result.comments >= 1
    assert len(result.preambles) == 1


def test_a_command_defined_in_the_preamble_is_expanded():
    result = parse(
        '@preamble{"\\providecommand{\\MMAS}{{MAX--MIN} Ant System} "}\n'
        '@preamble{"\\providecommand{\\pkg}[1]{{#1}} "}\n'
        "@article{a, title={The {\\MMAS} in \\pkg{irace}}, year=2000}"
    )
    assert result.entries[0].fields["title"] == "The {{{MAX--MIN} Ant System}} in {{irace}}"


def test_crossref_fields_are_inherited_and_the_proceedings_are_not_a_paper():
    result = parse(
        "@inproceedings{p, title={Paper}, crossref={conf}, pages={1--2}}\n"
        "@proceedings{conf, title={Proceedings of X}, year=2021, publisher={ACM}}"
    )
    (entry,) = result.entries
    assert entry.fields["booktitle"] == "Proceedings of X"
    assert (entry.fields["year"], entry.fields["publisher"]) == ("2021", "ACM")
    assert "title" in entry.fields and entry.fields["title"] == "Paper"
    assert result.containers == ["conf"]


def test_a_chapter_does_not_take_the_book_s_doi_url_or_abstract():
    result = parse(
        "@incollection{FeuHut2019hpo, title={Hyperparameter Optimization}, pages={3--33},"
        " crossref={automl}}\n"
        "@book{automl, title={Automated Machine Learning}, year=2019, publisher={Springer},"
        " doi={10.1007/978-3-030-05318-5}, url={https://automl.org/book}, abstract={A book.}}"
    )
    (entry,) = result.entries
    assert (entry.fields["booktitle"], entry.fields["publisher"]) == (
        "Automated Machine Learning",
        "Springer",
    )
    assert not {"doi", "url", "abstract"} & set(entry.fields)


def test_a_crossref_to_a_missing_entry_is_a_warning():
    result = parse("@inproceedings{p, title={Paper}, year=2020, crossref={nowhere}}")
    assert "nowhere" in result.warnings[0].message


def test_a_duplicate_key_is_an_error_naming_both_lines():
    result = parse("@article{a, title={T}, year=1}\n\n@article{a, title={U}, year=2}")
    (error,) = result.errors
    assert (error.line, error.key) == (3, "a")
    assert "first at line 1" in error.message


def test_keys_differing_only_in_case_are_duplicates():
    result = parse("@article{Fang24, title={T}, year=1}\n@article{fang24, title={U}, year=2}")
    assert len(result.errors) == 1


def test_a_broken_entry_is_an_error_with_its_key_and_line():
    result = parse(
        "@article{good, title={T}, year=1}\n@article{broken, title={missing brace, year=2\n"
        "@article{next, title={N}, year=3}"
    )
    errors = result.errors
    assert any(e.key == "broken" and e.line == 2 for e in errors), [str(e) for e in errors]


def test_a_field_given_twice_is_an_error():
    result = parse("@article{a, title={T}, title={U}, year=1}")
    assert "title" in result.errors[0].message


PATCHSTAR = (
    "@article{fang2022parallel,\n  title={Parallel Training of Pre-Trained Models via"
    " Chunk-Based Dynamic Memory Management},\n  author={Fang, Jiarui and Zhu, Zilin and Li,"
    " Shenggui},\n  journal={IEEE TPDS},\n  year={2022}\n}\n"
)


def test_an_entry_pasted_twice_word_for_word_is_one_entry_with_a_warning():
    result = parse(PATCHSTAR + "\nSee also:\n\n" + PATCHSTAR)
    assert [entry.key for entry in result.entries] == ["fang2022parallel"]
    assert not result.errors
    [warning] = [p for p in result.problems if p.severity == "warning"]
    assert warning.line == 10 and "first at line 1" in warning.message


def test_two_different_entries_of_one_key_are_an_error_naming_both_lines():
    result = parse(PATCHSTAR + "\n" + PATCHSTAR.replace("year={2022}", "year={2023}"))
    [error] = result.errors
    assert error.line == 8 and error.key == "fang2022parallel"
    assert "first at line 1" in error.message


def test_too_many_entries_are_refused():
    with pytest.raises(BibtexError, match="limit is 2"):
        parse("".join(f"@misc{{k{i}, title={{T}}, year=1}}\n" for i in range(3)), max_entries=2)


def test_utf8_with_a_bom_is_read():
    text, problems = decode(codecs.BOM_UTF8 + "@misc{a, title={Jäger}}".encode())
    assert text.startswith("@misc") and problems == []


def test_utf16_with_a_bom_is_read():
    text, _ = decode("@misc{a, title={方佳瑞}}".encode("utf-16"))
    assert "方佳瑞" in text


def test_latin1_is_read_with_a_warning_naming_the_line():
    text, problems = decode("% ok\n@misc{a, title={J\xe4ger}}".encode("latin-1"))
    assert "Jäger" in text
    assert problems[0].line == 2 and problems[0].severity == "warning"


def test_a_binary_file_is_refused():
    with pytest.raises(BibtexError, match="not a text file"):
        decode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")


def test_a_file_that_is_too_large_is_refused():
    with pytest.raises(BibtexError, match="the limit is"):
        decode(b"x" * 2048, max_bytes=1024)


def test_the_iridia_bibliography_reads_without_errors():
    result = parse(shared_data("iridia-references.bib").read_text(encoding="utf-8"))
    assert result.errors == []
    assert len(result.entries) + len(result.containers) == 3305
    assert result.strings > 1700  # distinct @string names (some are defined twice)


#: A quoted value holding an escaped brace and a braced quote: read whole, booktitle and year
#: included.
FANG24 = """@inproceedings{fang24,
  author = {Jiarui Fang and Jin Fang},
  title = "\\{"} and {GPU}s",
  booktitle = {ICNP},
  year = 2024,
}
"""


def test_a_quoted_value_with_an_escaped_brace_and_a_braced_quote_is_read_whole():
    entry = only(FANG24)
    assert entry.fields == {
        "author": "Jiarui Fang and Jin Fang",
        "title": '\\{"} and {GPU}s',
        "booktitle": "ICNP",
        "year": "2024",
    }
    _, (record,) = parse_and_normalize(FANG24)
    assert (record.booktitle, record.year, record.problems) == ("ICNP", 2024, [])


@pytest.mark.parametrize(
    ("text", "fields"),
    [
        pytest.param('@article{k, title = "A {"} quote", year = 2024}', {"title": 'A {"} quote', "year": "2024"}, id="brace-quote-brace"),
        pytest.param('@article{k, title = "a } b", note = {x}}', {"title": "a } b", "note": "x"}, id="brace-inside-quotes"),
        pytest.param("@article{k, title = {a \\{ b}, year = 1}", {"title": "a \\{ b", "year": "1"}, id="escaped-brace"),
        pytest.param("@article{k, note = {mail a@b.org}, year = 1}", {"note": "mail a@b.org", "year": "1"}, id="at-sign"),
        pytest.param("@article{k, title = {{{{{{deep}}}}}}, year = 1}", {"title": "{{{{{deep}}}}}", "year": "1"}, id="nested-six-deep"),
        pytest.param("@article{k}", {}, id="no-fields"),
        pytest.param("@article{k, year = 1,\n}", {"year": "1"}, id="trailing-comma"),
        pytest.param("@article(k, title = {a)b}, year = 1)", {"title": "a)b", "year": "1"}, id="parentheses"),
    ],
)  # fmt: skip
def test_values_are_read_as_bibtex_delimits_them(text, fields):
    assert only(text).fields == fields


def test_lines_after_an_escaped_newline_are_counted():
    result = parse("@article{k,\n title = {a \\\n b},\n year = 1\n}\n@misc{m, x = 1}")
    assert [(entry.key, entry.line) for entry in result.entries] == [("k", 1), ("m", 5)]


def test_an_entry_cut_short_by_the_next_one_is_an_error_and_the_next_is_read():
    result = parse("@article{k, title = {a\n@misc{m, year = 2}")
    assert [(entry.key, entry.line) for entry in result.entries] == [("m", 2)]
    (error,) = result.errors
    assert (error.line, error.key) == (1, "k")


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("@article{k, year = 1, dangling}", id="name-without-value"),
        pytest.param("@article{k, title = {open", id="unclosed-at-end"),
        pytest.param("@article{k, year = 1,, note = 2}", id="double-comma"),
    ],
)
def test_a_malformed_entry_is_an_error_naming_it_and_its_line(text):
    result = parse(text)
    assert result.entries == []
    (error,) = result.errors
    assert (error.line, error.key) == (1, "k")
    assert "the @article entry cannot be read" in error.message


def test_text_that_is_no_entry_is_an_error_with_its_line():
    (error,) = parse("@article{k title = 1}").errors
    assert error.line == 1
    assert "cannot be read as BibTeX" in error.message


#: Text made mostly of what BibTeX's syntax reacts to, so that random text is interesting.
BIBTEX_PIECES = st.sampled_from(
    ["@article{", "@misc(", "@string{", "{", "}", '"', ",", "=", "\n", "\\", "@", "#",
     " ", "key", "title", "x", "1", "é", "{\"}", ")", "\\\n", "\\\\"]
)  # fmt: skip


@given(st.lists(BIBTEX_PIECES, max_size=60).map("".join))
@example(FANG24)
@example(FANG24 * 2)
def test_any_text_reads_into_entries_and_problems_each_with_its_line(text):
    result = parse(text)
    lines = text.count("\n") + 1
    assert all(1 <= entry.line <= lines for entry in result.entries)
    assert all(problem.line and 1 <= problem.line <= lines for problem in result.problems)


# -- bounds: what a file can make the reader do --------------------------------------------


def test_a_string_macro_past_the_field_limit_is_an_error_at_its_line():
    result = parse(string_bomb(12))
    first = result.errors[0]
    assert first.line == 9  # s8: 3 × 4^8 characters
    assert first.message == (
        "the @string s8 cannot be read: its value is longer than 100,000 characters"
    )


def test_an_entry_using_an_unreadable_string_macro_is_an_error_naming_it():
    result = parse(string_bomb(12))
    assert result.entries == []
    (error,) = [e for e in result.errors if e.key == "chain"]
    assert error.line == 14
    assert "uses the @string s12 (line 13), which cannot be read" in error.message


def test_a_preamble_command_expanding_past_the_field_limit_is_an_error_naming_the_entry():
    result = parse(COMMAND_BOMB)
    assert result.entries == []
    (error,) = result.errors
    assert (error.line, error.key) == (2, "bomb")
    assert error.message == (
        "this entry cannot be read: with the @preamble's commands expanded, the title field "
        "is longer than 100,000 characters"
    )


def test_a_command_that_calls_itself_is_an_error():
    result = parse(
        '@preamble{"\\newcommand{\\loop}{x\\loop}"}\n@misc{a, title={\\loop}, year=2024}'
    )
    (error,) = result.errors
    assert error.key == "a"
    assert "still expands after 10 rounds" in error.message


def test_commands_within_commands_are_expanded_level_by_level():
    result = parse(
        '@preamble{"\\newcommand{\\c}{\\b\\b} \\newcommand{\\b}{\\a-} \\newcommand{\\a}{A}"}\n'
        "@misc{a, title={\\c}, year=2024}"
    )
    assert result.entries[0].fields["title"] == "{{{A}-}{{A}-}}"


@pytest.mark.parametrize(("depth", "readable"), [(MAX_NESTING - 1, True), (MAX_NESTING, False)])
def test_braces_may_nest_up_to_the_limit(depth, readable):
    # deep_braces nests the title depth braces deep inside its own braces.
    result = parse(deep_braces(depth))
    assert bool(result.entries) is readable
    if not readable:
        (error,) = result.errors
        assert (error.line, error.key) == (2, "deep")
        assert error.message == (
            f"this entry cannot be read: the title field has braces nested {depth + 1} deep; "
            f"the limit is {MAX_NESTING}"
        )


def test_a_title_nested_100_000_braces_deep_is_an_error_not_a_silent_drop():
    result = parse(deep_braces(100_000))
    assert result.entries == []
    (error,) = result.errors
    assert (error.line, error.key) == (2, "deep")
    assert "the title field is 200,004 characters long; the limit is 100,000" in error.message


def test_a_field_past_the_limit_is_an_error_naming_it():
    assert parse(long_field(MAX_FIELD_CHARS - 1)).entries
    (error,) = parse(long_field(MAX_FIELD_CHARS + 1)).errors
    assert error.key == "long"
    assert "the abstract field is 100,001 characters long; the limit is 100,000" in error.message


def test_an_author_list_may_be_longer_than_other_fields():
    (entry,) = parse(many_authors(5_000)).entries
    assert len(entry.fields["author"]) > MAX_FIELD_CHARS


def test_macros_expanding_past_the_file_s_allowance_refuse_the_file():
    text = '@string{ten = "0123456789"}\n' + "".join(
        f"@misc{{k{n}, title=ten, year=2024}}\n" for n in range(5)
    )
    library = bibtexparser.parse_string(text, parse_stack=[])
    assert len(read_blocks(library, allowance=50).entries) == 5
    with pytest.raises(BibtexError) as refused:
        read_blocks(library, allowance=49)
    assert refused.value.problem.line == 6
    assert refused.value.problem.key == "k4"
    assert "expand to more than 49 characters, all told" in str(refused.value)


def test_reading_stops_with_a_message_once_its_time_is_spent():
    with pytest.raises(BibtexError) as refused:
        parse(same_title(3), budget=TimeBudget(-1))
    assert (refused.value.problem.line, refused.value.problem.key) == (1, "same0")
    assert "takes more than -1 s to read, longer than a preview may take" in str(refused.value)


def test_entries_are_counted_before_the_file_is_read_but_not_inside_values():
    entry = "@misc{k, note={@article{x, title={y}} and @book{z,}}, year=1}"
    text = "\n".join(entry.replace("k,", f"k{n},") for n in range(3))
    assert len(parse(text, max_entries=3).entries) == 3
    with pytest.raises(BibtexError, match="the file has 3 entries; the limit is 2 per import"):
        parse(text, max_entries=2)
    many = "".join(f"@misc{{m{n}, year=1}}" for n in range(10))  # on one line
    with pytest.raises(BibtexError, match="the file has 10 entries; the limit is 4 per import"):
        parse('@string{s = "x"} @comment{@misc{c,}} ' + many, max_entries=4)


def test_a_group_opened_by_an_escaped_brace_is_read_as_bibtex_reads_it():
    text = "@article{a, title={x \\{y} z}, journal={J}}\n@article{b, title={B}}\n"
    parsed = parse(text)
    assert [entry.fields for entry in parsed.entries] == [
        {"title": "x {y} z", "journal": "J"},
        {"title": "B"},
    ]
    assert [(p.line, p.key, p.severity) for p in parsed.problems] == [(1, "a", "warning")]


def test_a_literal_escaped_brace_that_bibtex_could_not_close_is_left_as_it_is():
    # Zotero's file names keep a title's unpaired brace (bibtexparser's issue #347).
    text = (
        "@article{r, file = {Ashwagandha \\{Withania.pdf:/z/Withania.pdf:application/pdf},"
        " title = {T}}\n@article{b, title={B}}\n"
    )
    parsed = parse(text)
    assert [entry.key for entry in parsed.entries] == ["r", "b"]
    assert parsed.entries[0].fields["title"] == "T"
    assert not parsed.problems
