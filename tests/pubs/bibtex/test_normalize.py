"""A raw entry becomes a Record: kind, status, identifiers, links, equal contribution."""

import pytest

from pubs.bibtex.names import MAX_AUTHORS
from pubs.bibtex.normalize import normalize, parse_and_normalize
from pubs.bibtex.parse import BibtexError, parse
from tests.importing.hostile_files import HUGE_EQUAL, MALFORMED_HOST, many_authors


def record(text: str, **options):
    (entry,) = parse(text).entries
    return normalize(entry, **options)


@pytest.mark.parametrize(
    ("entry_type", "kind"),
    [
        ("article", "journal"),
        ("inproceedings", "conference"),
        ("phdthesis", "thesis"),
        ("patent", "patent"),
        ("incollection", "book"),
        ("misc", "other"),
        ("techreport", "other"),
    ],
)
def test_entry_type_gives_the_kind(entry_type, kind):
    assert record(f"@{entry_type}{{a, title={{T}}, year=2024}}").kind == kind


def test_a_phd_thesis_is_a_thesis_of_type_phd():
    r = record("@phdthesis{a, title={T}, year=2019, school={Tsinghua University}}")
    assert (r.kind, r.thesis_type, r.institution) == ("thesis", "phd", "Tsinghua University")


def test_an_arxiv_only_article_is_a_preprint():
    r = record("@article{a, title={T}, year=2024, journal={arXiv preprint arXiv:2405.07719}}")
    assert (r.kind, r.status, r.arxiv_id) == ("preprint", "preprint", "2405.07719")


@pytest.mark.parametrize(
    "fields",
    [
        "eprint={2405.07719}, archivePrefix={arXiv}",
        "journal={CoRR}, volume={abs/2405.07719}",
        "url={https://arxiv.org/abs/2405.07719v2}",
        "doi={10.48550/arXiv.2405.07719}",
    ],
)
def test_the_arxiv_id_is_found_where_it_hides(fields):
    r = record(f"@misc{{a, title={{T}}, year=2024, {fields}}}")
    assert r.arxiv_id == "2405.07719"
    assert r.doi == ""


def test_corr_volume_is_not_kept_as_a_volume():
    assert (
        record("@article{a, title={T}, year=2024, journal={CoRR}, volume={abs/2405.07719}}").volume
        == ""
    )


def test_a_doi_url_gives_the_doi():
    r = record("@article{a, title={T}, year=2024, url={https://doi.org/10.1109/TNET.2024.3387948}}")
    assert (r.doi, r.url) == ("10.1109/tnet.2024.3387948", "")


@pytest.mark.parametrize(
    ("note", "status"),
    [
        ("Under Review", "under_review"),
        ("submitted to NSDI", "under_review"),
        ("to appear", "accepted"),
        ("", "published"),
    ],
)
def test_notes_give_the_status(note, status):
    assert record(f"@inproceedings{{a, title={{T}}, year=2024, note={{{note}}}}}").status == status


def test_al_folio_fields():
    r = record(
        "@inproceedings{a, title={T}, year=2024, abbr={ICNP}, selected={true}, "
        "award={Best Paper Award}, code={https://github.com/x/y}, video={https://youtu.be/z}}"
    )
    assert r.abbr == "ICNP" and r.selected and r.awards == ["Best Paper Award"]
    assert r.links == {"code": "https://github.com/x/y", "video": "https://youtu.be/z"}


def test_a_relative_link_is_kept_as_a_field_with_a_warning():
    r = record("@inproceedings{a, title={T}, year=2024, pdf={titan.pdf}}")
    assert r.links == {} and r.extra["pdf"] == "titan.pdf"
    assert "relative path" in r.problems[0].message


def test_a_relative_link_with_a_base_becomes_a_link():
    r = record(
        "@inproceedings{a, title={T}, year=2024, pdf={titan.pdf}}",
        link_base="https://www.fangjin.site/pdf/",
    )
    assert r.links == {"pdf": "https://www.fangjin.site/pdf/titan.pdf"}


@pytest.mark.parametrize(
    "field",
    [
        "equal={2}",
        "equal_contribution={1,2}",
        "author_notes={Equal contribution, Equal contribution, }",
    ],
)
def test_equal_contribution_fields(field):
    r = record(
        f"@inproceedings{{a, title={{T}}, year=2024, author={{A One and B Two and C Three}}, {field}}}"
    )
    assert [a.equal for a in r.authors] == [True, True, False]


def test_fields_without_a_column_are_kept_as_written():
    r = record("@article{a, title={T}, year=2024, isbn={978-1}, note={Invited}}")
    assert r.extra == {"isbn": "978-1", "note": "Invited"}


def test_the_title_keeps_its_latex_for_export():
    r = record("@article{a, title={The {TPU} is $\\alpha$}, year=2024}")
    assert (r.title, r.title_latex, r.protected) == (
        "The TPU is α",
        "The {TPU} is $\\alpha$",
        ["TPU"],
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("@article{a, year=2024}", "it has no title"),
        ("@article{a, title={T}}", "it has no year"),
        ("@article{a, title={T}, year={soon}}", "is not a year"),
    ],
)
def test_missing_title_or_year_is_an_error_with_line_and_key(text, message):
    r = record(text)
    (error,) = r.errors
    assert message in error.message and (error.key, error.line) == ("a", 1)


def test_a_patent_needs_no_year():
    assert record("@patent{a, title={T}, number={CN1}}").errors == []


@pytest.mark.parametrize(
    ("month", "number"), [("oct", 10), ("October", 10), ("10", 10), ("{january / february}", 1)]
)
def test_months(month, number):
    assert record(f"@article{{a, title={{T}}, year=2024, month={month}}}").month == number


def entries(count: int) -> str:
    return "".join(
        f'@inproceedings{{k{n},\n  title = {{Paper {n} on G{{\\"o}}del}},\n'
        f"  author = {{Jin Fang and Ada Lovelace}},\n  booktitle = {{ICNP}},\n  year = {{2024}}\n}}\n\n"
        for n in range(count)
    )


def test_a_file_gives_a_record_per_entry_at_the_entry_s_line():
    parsed, records = parse_and_normalize(entries(40), link_base="https://lab.example/")
    assert [record.line for record in records] == [1 + 7 * n for n in range(40)]
    assert [entry.line for entry in parsed.entries] == [record.line for record in records]
    assert records[3].title == "Paper 3 on Gödel"


def test_a_file_of_too_many_entries_is_refused_with_its_count():
    with pytest.raises(BibtexError, match="the file has 30 entries; the limit is 20"):
        parse_and_normalize(entries(30), max_entries=20)


def test_a_link_with_a_malformed_host_is_kept_as_a_field_with_a_warning():
    (entry,) = parse(MALFORMED_HOST).entries
    r = normalize(entry)
    assert r.links == {} and r.extra["pdf"] == "http://[x/paper.pdf"
    (warning,) = r.problems
    assert (warning.severity, warning.line, warning.key) == ("warning", 1, "host")
    assert "the pdf link 'http://[x/paper.pdf' is not a valid address" in warning.message


@pytest.mark.parametrize("url", ["javascript:alert(1)", "http://[::1", "www.example.org"])
def test_a_url_that_is_no_web_address_is_kept_as_a_field_with_a_warning(url):
    r = record(f"@misc{{a, title={{T}}, year=2024, url={{{url}}}}}")
    assert r.url == "" and r.extra["url"] == url
    assert "is not a web address" in r.problems[0].message


def test_an_equal_contribution_count_larger_than_the_list_marks_every_author():
    (entry,) = parse(HUGE_EQUAL).entries
    assert [a.equal for a in normalize(entry).authors] == [True, True]


def test_an_equal_contribution_list_naming_more_authors_than_there_are_reads_as_many():
    items = ",".join(str(n) for n in range(1, 5000))
    r = record(f"@misc{{a, title={{T}}, year=2024, author={{A One and B Two}}, equal={{{items}}}}}")
    assert [a.equal for a in r.authors] == [True, True]


@pytest.mark.parametrize("month", ["²", "9" * 5000])
def test_a_month_of_other_digits_is_a_warning(month):
    r = record(f"@misc{{a, title={{T}}, year=2024, month={{{month}}}}}")
    assert r.month is None and "is not a month" in r.problems[0].message


def test_an_entry_of_more_authors_than_the_limit_is_an_error_naming_it():
    r = record(many_authors(MAX_AUTHORS + 1))
    (error,) = r.errors
    assert (error.line, error.key) == (1, "crowd")
    assert error.message == "it has 10,000 authors; the limit is 9,999 per entry"


def test_a_file_of_more_authors_than_the_limit_is_refused_naming_where():
    text = "".join(
        f"@misc{{k{n}, title={{T}}, year=2024, author={{A B and C D}}}}\n" for n in range(3)
    )
    assert len(parse_and_normalize(text, max_authors=6)[1]) == 3
    with pytest.raises(BibtexError) as refused:
        parse_and_normalize(text, max_authors=5)
    assert (refused.value.problem.line, refused.value.problem.key) == (3, "k2")
    assert "the file has more than 5 authors, all told; that is the limit" in str(refused.value)


def test_a_file_of_more_latex_than_an_import_decodes_is_refused_naming_where():
    text = "".join(
        f"@misc{{k{n}, title={{An \\unknown{{command}} {n}}}, year=2024}}\n" for n in range(3)
    )
    assert len(parse_and_normalize(text, max_latex=200)[1]) == 3
    with pytest.raises(BibtexError) as refused:
        parse_and_normalize(text, max_latex=100)
    assert (refused.value.problem.line, refused.value.problem.key) == (3, "k2")
    assert "the file holds more LaTeX than an import decodes (100 characters" in str(refused.value)
