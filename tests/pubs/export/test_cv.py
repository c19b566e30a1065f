"""CV lists, pure: the seed CVs' way of writing a publication, in Markdown, LaTeX and text."""

from dataclasses import replace

import pytest

from pubs.export.cv import cv_list, cv_name, entry, initials, newest_first, venue_label, venue_short
from pubs.export.model import ExportAuthor, ExportPaper
from tests.pubs.export.samples import (
    AWARDED,
    CONFERENCE,
    JOURNAL,
    PAPERS,
    PATENT,
    PREPRINT,
    THESIS,
    UNDER_REVIEW,
    XU,
)


@pytest.mark.parametrize(
    ("given", "short"),
    [("Jin", "J."), ("J.", "J."), ("Li-Wen", "L."), ("Sanjay J.", "S. J."), ("", "")],
)
def test_initials_as_the_seeds_print_them(given, short):
    assert initials(given) == short


def test_names_are_initials_and_family_names():
    assert cv_name(ExportAuthor("Jin Fang", "Jin", "Fang")) == "J. Fang"
    assert cv_name(ExportAuthor("Li-Wen Chang", "Li-Wen", "Chang")) == "L. Chang"
    assert cv_name(XU) == "H. Xu"
    assert cv_name(ExportAuthor("Deborah van der Meer", "Deborah", "Meer")) == "D. van der Meer"


def test_the_venue_is_written_as_people_write_it():
    assert venue_short(JOURNAL) == "ToN"  # the alias "IEEE/ACM ToN"
    comnet = ExportPaper(title="T", venue_abbreviation="CN", venue_aliases=("ComNet",))
    assert venue_short(comnet) == "ComNet"
    mlsys = ExportPaper(title="T", venue_abbreviation="MLSys", venue_aliases=("SysML",))
    assert venue_short(mlsys) == "MLSys"
    tnet = ExportPaper(title="T", venue_abbreviation="TON", venue_aliases=("TNET",))
    assert venue_short(tnet) == "TON"


@pytest.mark.parametrize(
    ("paper", "label"),
    [
        (CONFERENCE, "ICNP'24"),
        (JOURNAL, "ToN'23"),
        (PREPRINT, "arXiv"),
        (UNDER_REVIEW, "Under Review"),
        (THESIS, "PhD thesis, Tsinghua University, 2019"),
        (PATENT, "Patent CN113961324A"),
        (
            ExportPaper(title="T", year=2020, container_title="Journal of Things"),
            "Journal of Things, 2020",
        ),
        (
            ExportPaper(title="T", year=2025, status="accepted", venue_abbreviation="NSDI"),
            "NSDI'25, to appear",
        ),
    ],
)
def test_venue_labels(paper, label):
    assert venue_label(paper) == label


def test_an_entry_in_markdown():
    assert entry(CONFERENCE, person="jin-fang") == (
        "**J. Fang**, G. Zhao, H. Xu, *Non-Idle Machine-Aware Worker Placement for Efficient "
        "Distributed Training in GPU Clusters*, (ICNP'24), CCF B"
    )


def test_equal_contribution_awards_and_more_authors():
    assert entry(AWARDED, person="jiarui-fang") == (
        "W. Gao\\*, **J. Fang\\***, *SpotServe: Serving Generative Large Language Models on "
        "Preemptible Instances*, (ASPLOS'24), CCF A, Distinguished Artifact Award"
    )
    assert entry(UNDER_REVIEW, style="txt").startswith("J. Duan, M. Jäger, etc, MuxServe")


def test_latex_and_text():
    assert entry(AWARDED, person="jiarui-fang", style="tex").startswith(
        "W. Gao$^*$, \\textbf{J. Fang$^*$}, \\textit{SpotServe: Serving"
    )
    assert entry(CONFERENCE, person="jin-fang", style="txt").startswith(
        "J. Fang, G. Zhao, H. Xu, Non-Idle Machine-Aware"
    )


def test_markdown_specials_are_escaped():
    paper = ExportPaper(title="Fast *and* [exact] ranking_sort", year=2020)
    assert "*Fast \\*and\\* \\[exact\\] ranking\\_sort*" in entry(paper)


def test_a_patent_known_by_its_number_is_not_titled_twice():
    patent = ExportPaper(title="CN114860445A", kind="patent", number="CN114860445A")
    assert entry(patent) == "(Patent CN114860445A)"


def test_the_list_is_numbered_newest_first():
    text = cv_list(PAPERS, person="jin-fang")
    lines = text.splitlines()
    assert len(lines) == len(PAPERS)
    assert [line.split(". ", 1)[0] for line in lines] == [str(n) for n in range(1, 10)]
    years = [p.year for p in newest_first(PAPERS)]
    assert years == [*sorted((y for y in years if y), reverse=True), None]
    # 2024: the preprint and the manuscript under review first, then by month (October).
    assert [p.slug for p in newest_first(PAPERS)][:4] == [
        "pipefusion-2024",
        "muxserve-2024",
        "non-idle-2024",
        "spotserve-2024",
    ]
    assert lines[2].startswith("3. **J. Fang**, G. Zhao, H. Xu, *Non-Idle")


def test_a_preprint_leads_its_year_whatever_its_status_says():
    # A preprint entered with the status "published" (the form's default) is a preprint.
    preprint = replace(PREPRINT, status="published")
    assert newest_first([CONFERENCE, preprint]) == [preprint, CONFERENCE]
    assert venue_label(preprint) == "arXiv"


def test_a_paper_at_a_preprint_server_is_labelled_as_a_preprint_not_to_appear_there():
    at_arxiv = ExportPaper(
        title="T", kind="conference", status="accepted", year=2024, venue_abbreviation="arXiv",
        venue_kind="preprint_server",
    )  # fmt: skip
    assert venue_label(at_arxiv) == "arXiv"


def test_latex_is_an_enumerate():
    text = cv_list([CONFERENCE, JOURNAL], style="tex")
    assert text.startswith("\\begin{enumerate}\n  \\item J. Fang")
    assert text.endswith("\\end{enumerate}\n")


def test_an_unknown_style_is_refused():
    with pytest.raises(ValueError, match="unknown CV style"):
        cv_list(PAPERS, style="docx")
