"""BibTeX export, pure: what each paper becomes, and that the import reads it back as it was."""

import unicodedata

import bibtexparser
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pubs.bibtex.latex import to_text
from pubs.bibtex.normalize import normalize
from pubs.bibtex.parse import parse
from pubs.export.bibtex import (
    BibtexOptions,
    bibtex_name,
    bibtex_title,
    citation_keys,
    latex_encode,
    make_key,
    protect_case,
    to_bibtex,
)
from pubs.export.model import ExportAuthor, ExportPaper

JIN = ExportAuthor("Jin Fang", "Jin", "Fang", person="jin-fang", position=1)
GONGMING = ExportAuthor("Gongming Zhao", "Gongming", "Zhao", person="gongming-zhao", position=2)
XU = ExportAuthor("徐宏力", "Hongli", "Xu", "徐宏力", "hongli-xu", 3)


def paper(**fields) -> ExportPaper:
    fields.setdefault("title", "Non-Idle Machine-Aware Worker Placement in GPU Clusters")
    fields.setdefault("year", 2024)
    fields.setdefault("kind", "conference")
    fields.setdefault("authors", (JIN, GONGMING, XU))
    return ExportPaper(**fields)


def read_back(text: str):
    """The import's reading of an exported file: one Record per entry."""
    parsed = parse(text)
    assert not parsed.problems, parsed.problems
    return [normalize(entry) for entry in parsed.entries]


def parses_cleanly(text: str) -> list[str]:
    library = bibtexparser.parse_string(text)
    assert library.failed_blocks == []
    keys = [entry.key for entry in library.entries]
    assert len(keys) == len({key.lower() for key in keys})
    return keys


# -- text ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "latex"),
    [
        ("Müller", 'M{\\"u}ller'),
        ("Groß & Co. 99% of $5 #1 a_b", "Gro{\\ss} \\& Co. 99\\% of \\textdollar{}5 \\#1 a\\_b"),
        ("徐宏力", "徐宏力"),
        ("α-approximation – done", "{\\ensuremath{\\alpha}}-approximation -- done"),
        ("two  spaces\nand a line", "two spaces and a line"),
    ],
)
def test_unicode_and_specials_are_encoded_as_latex(text, latex):
    assert latex_encode(text) == latex


@settings(max_examples=500, deadline=None)
@given(
    st.text(
        alphabet=st.characters(
            codec="utf-8",
            categories=("L", "M", "N", "P", "S", "Zs"),
            # The import reads ~ as a space, drops braces, and reads '' and -- as TeX does.
            exclude_characters="~{}\\'`-",
        ),
        max_size=40,
    )
)
def test_the_import_decodes_encoded_text_to_the_same_text(text):
    encoded = latex_encode(text)
    decoded = to_text(encoded)
    assert decoded == unicodedata.normalize("NFC", " ".join(text.split()))
    assert latex_encode(decoded) == encoded  # so an export of the import is the same bytes


@pytest.mark.parametrize("text", ["a--b", "a–b", "a—b", "a---b", "pages 1--2 – and — more"])
def test_dashes_are_written_as_tex_writes_them(text):
    encoded = latex_encode(text)
    assert "textendash" not in encoded and latex_encode(to_text(encoded)) == encoded


def test_words_with_capitals_inside_are_protected():
    title = "GOAT: Scheduling for Colossal-AI on TPUs with InArt and Non-Idle GPU-based TCP/IP"
    assert protect_case(title) == (
        "{GOAT}: Scheduling for {Colossal-AI} on {TPUs} with {InArt} and Non-Idle "
        "{GPU-based} {TCP}/{IP}"
    )


def test_the_imported_title_is_kept_while_it_reads_as_the_title():
    kept = paper(title="A Study of GPU Collectives", title_bibtex="A Study of {GPU} {C}ollectives")
    assert bibtex_title(kept) == "A Study of {GPU} {C}ollectives"
    edited = paper(title="A Study of TPU Collectives", title_bibtex="A Study of {GPU} Collectives")
    assert bibtex_title(edited) == "A Study of {TPU} Collectives"


# -- names --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("author", "written"),
    [
        (JIN, "Fang, Jin"),
        (ExportAuthor("J. Fang", "Jin", "Fang"), "Fang, J."),
        (ExportAuthor("Li-Wen Chang", "Li-Wen", "Chang"), "Chang, Li-Wen"),
        (XU, "徐宏力"),
        (ExportAuthor("Haohuan Fang", "Haohuan", "Fu"), "Fang, Haohuan"),
        (ExportAuthor("Deborah van der Meer", "Deborah", "van der Meer"), "van der Meer, Deborah"),
        (ExportAuthor("Ludwig van Beethoven", "Ludwig", "Beethoven"), "van Beethoven, Ludwig"),
        (ExportAuthor("Michelle Jäger", "Michelle", "Jäger"), 'J{\\"a}ger, Michelle'),
        (ExportAuthor("Wei Gao", "Wei", "Gao", equal=True), "Gao*, Wei"),
        (ExportAuthor("Anand And", "Anand", "And"), "{And}, Anand"),
        (ExportAuthor("Plato", "", "Plato"), "Plato"),
    ],
)
def test_authors_are_written_family_first_from_the_printed_name(author, written):
    assert bibtex_name(author) == written


def test_the_import_reads_the_authors_back_as_printed():
    authors = (
        JIN,
        ExportAuthor("J. Fang", equal=True),
        XU,
        ExportAuthor("Deborah van der Meer", "Deborah", "van der Meer"),
        ExportAuthor("Michelle Jäger", "Michelle", "Jäger"),
        ExportAuthor("Anand And", "Anand", "And"),
        ExportAuthor("Plato", "", "Plato"),
    )
    (record,) = read_back(to_bibtex([paper(authors=authors, more_authors=True)]))
    assert [a.printed for a in record.authors] == [a.printed for a in authors]
    assert [a.equal for a in record.authors] == [a.equal for a in authors]
    assert record.more_authors


# -- keys ---------------------------------------------------------------------------------------


def test_the_default_key_is_family_year_and_first_significant_word():
    assert make_key(paper()) == "fang2024nonidle"
    assert make_key(paper(title="On the Scheduling of Code", authors=(XU,))) == "xu2024scheduling"
    assert make_key(paper(authors=(), year=None)) == "anonnonidle"


def test_the_key_pattern_is_configurable_and_checked():
    assert make_key(paper(), "{family}{yy}{words}") == "fang24nonidlemachineawareworker"
    with pytest.raises(ValueError, match="must use only"):
        BibtexOptions(key_pattern="{author}{year}")


def test_a_key_pattern_may_truncate_or_pad_a_placeholder_a_little():
    assert make_key(paper(), "{family}{year}{words:.8}") == "fang2024nonidlem"
    assert make_key(paper(), "{family:_<6}{yy}") == "fang__24"


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("{title:>999999999}", "width or precision of at most 32"),
        ("{title:.33}", "width or precision of at most 32"),
        ("{title:{year}}", "width or precision"),
        ("{year!r}", "no conversion"),
        ("{year:d}", "malformed"),
        ("{family}" * 6, "more than 5 placeholders"),
        ("{family}" + "x" * 60, "longer than 64 characters"),
        ("{family", "malformed"),
    ],
)
def test_a_key_pattern_is_bounded(pattern, message):
    with pytest.raises(ValueError, match=message):
        BibtexOptions(key_pattern=pattern)


def test_existing_keys_are_kept_and_collisions_get_letters():
    papers = [
        paper(slug="b"),
        paper(slug="a"),
        paper(slug="c", citation_key="fang2024nonidle"),
        paper(slug="d", citation_key="FANG2024NONIDLE"),  # the same key for BibTeX
        paper(slug="e", citation_key="has space"),
    ]
    assert citation_keys(papers) == [
        "fang2024nonidleb",
        "fang2024nonidlea",
        "fang2024nonidle",
        "fang2024nonidlec",
        "fang2024nonidled",
    ]


# -- entries ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "entry_type"),
    [
        ({"kind": "conference"}, "inproceedings"),
        ({"kind": "journal"}, "article"),
        ({"kind": "preprint", "arxiv_id": "2405.07719"}, "misc"),
        ({"kind": "thesis", "thesis_type": "phd"}, "phdthesis"),
        ({"kind": "thesis", "thesis_type": "masters"}, "mastersthesis"),
        ({"kind": "thesis", "thesis_type": "bachelor"}, "thesis"),
        ({"kind": "patent", "number": "CN114860445A"}, "patent"),
        ({"kind": "book"}, "book"),
        ({"kind": "book", "container_title": "Handbook of Systems"}, "incollection"),
        ({"kind": "other", "institution": "USTC"}, "techreport"),
        ({"kind": "other"}, "misc"),
    ],
)
def test_each_kind_has_its_entry_type_and_comes_back_as_that_kind(fields, entry_type):
    text = to_bibtex([paper(**fields)])
    assert text.startswith(f"@{entry_type}{{")
    (record,) = read_back(text)
    assert record.kind == fields["kind"]
    if "thesis_type" in fields:
        assert record.thesis_type == fields["thesis_type"]


def test_a_conference_paper_in_full():
    text = to_bibtex(
        [
            paper(
                container_title="IEEE International Conference on Network Protocols",
                pages="1--12",
                month=10,
                doi="10.1109/icnp61940.2024.10858534",
                arxiv_id="2405.01234",
                address="Charleroi, Belgium",
                publisher="IEEE",
                tags=("scheduling", "GPU clusters"),
                abstract="We place workers & jobs.",
            )
        ]
    )
    assert text == (
        "@inproceedings{fang2024nonidle,\n"
        "  author = {Fang, Jin and Zhao, Gongming and 徐宏力},\n"
        "  title = {Non-Idle Machine-Aware Worker Placement in {GPU} Clusters},\n"
        "  booktitle = {IEEE International Conference on Network Protocols},\n"
        "  pages = {1--12},\n"
        "  publisher = {IEEE},\n"
        "  address = {Charleroi, Belgium},\n"
        "  year = {2024},\n"
        "  month = oct,\n"
        "  doi = {10.1109/icnp61940.2024.10858534},\n"
        "  eprint = {2405.01234},\n"
        "  archivePrefix = {arXiv},\n"
        "  keywords = {GPU clusters, scheduling},\n"
        "  abstract = {We place workers \\& jobs.}\n"
        "}\n"
    )
    (record,) = read_back(text)
    assert (record.month, record.doi, record.arxiv_id, record.status) == (
        10,
        "10.1109/icnp61940.2024.10858534",
        "2405.01234",
        "published",
    )


@pytest.mark.parametrize(
    ("fields", "written"),
    [
        ({"kind": "preprint", "status": "under_review"}, "note = {Under review}"),
        ({"kind": "conference", "status": "accepted"}, "note = {To appear}"),
        ({"kind": "preprint", "status": "preprint"}, "pubstate = {prepublished}"),
        (
            {"kind": "preprint", "status": "preprint", "container_title": "preprint arXiv:1"},
            "pubstate = {prepublished}",
        ),
        (
            {"kind": "preprint", "status": "under_review", "extra_fields": {"note": "Best"}},
            "pubstate = {submitted}",
        ),
    ],
)
def test_the_status_is_written_so_that_the_import_reads_it(fields, written):
    text = to_bibtex([paper(**fields)])
    assert written in text
    (record,) = read_back(text)
    assert (record.kind, record.status) == (fields["kind"], fields["status"])


def test_an_arxiv_preprint_needs_no_pubstate():
    text = to_bibtex([paper(kind="preprint", status="preprint", arxiv_id="2405.07719")])
    assert "pubstate" not in text
    assert "url = {https://arxiv.org/abs/2405.07719}" in text
    (record,) = read_back(text)
    assert (record.kind, record.status, record.arxiv_id) == ("preprint", "preprint", "2405.07719")


def test_al_folio_fields_are_opt_in():
    rich = paper(
        container_title="ASPLOS '24",
        venue_abbreviation="ASPLOS",
        awards=("Distinguished Artifact Award",),
        selected=True,
        links={
            "pdf": "https://x.org/a.pdf",
            "code": "https://github.com/x/y",
            "project": "https://p",
        },
    )
    assert "abbr" not in to_bibtex([rich])
    text = to_bibtex([rich], BibtexOptions(extras=True))
    for field in (
        "abbr = {ASPLOS}",
        "award = {Distinguished Artifact Award}",
        "selected = {true}",
        "pdf = {https://x.org/a.pdf}",
        "code = {https://github.com/x/y}",
        "website = {https://p}",
    ):
        assert field in text
    (record,) = read_back(text)
    assert record.links == rich.links and record.awards == list(rich.awards) and record.selected


def test_the_extra_fields_the_import_kept_are_written_back():
    kept = {
        "note": "Best paper candidate",
        "isbn": "978-1-4503",
        "bibsource": "dblp",
        "pdf": "a.pdf",
    }
    text = to_bibtex([paper(extra_fields=kept | {"title": "not a field to keep"})])
    (record,) = read_back(text)
    assert record.extra == kept
    assert text.count("title =") == 1


def test_unbalanced_kept_values_are_written_with_brace_commands():
    text = to_bibtex([paper(extra_fields={"note": "a } b {"})])
    parses_cleanly(text)
    assert "note = {a \\textbraceright{} b \\textbraceleft{}}" in text


def test_output_is_deterministic_and_parses():
    papers = [paper(slug=str(i), title=f"Paper {i} on TPUs", kind="journal") for i in range(5)]
    text = to_bibtex(papers)
    assert text == to_bibtex(papers)
    assert parses_cleanly(text) == [
        "fang2024paper",
        "fang2024papera",
        "fang2024paperb",
        "fang2024paperc",
        "fang2024paperd",
    ]


def test_utf8_output_keeps_unicode():
    text = to_bibtex(
        [paper(authors=(ExportAuthor("Michelle Jäger", "Michelle", "Jäger"),), title="Über α")],
        BibtexOptions(latex=False),
    )
    assert "Jäger, Michelle" in text and "title = {Über α}" in text
    (record,) = read_back(text)
    assert record.title == "Über α"


def test_no_papers_no_text():
    assert to_bibtex([]) == ""
