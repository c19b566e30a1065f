"""COinS, which Zotero's connector reads from every entry of a list: whatever the title and
authors hold, the span's text reads back as they are; each kind in the format and under the
title key Zotero's OpenURL reader saves it from."""

from urllib.parse import parse_qs, quote_plus

from hypothesis import given
from hypothesis import strategies as st

from pubs.export.model import ExportAuthor, ExportPaper
from pubs.web.presentation import coins

#: Text of any script, with the characters a query string gives a meaning to.
TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc")) | st.sampled_from("&=+%# ;?/"), min_size=1
).filter(str.strip)


@given(title=TEXT, family=TEXT, venue=TEXT)
def test_coins_read_back_as_the_paper_gives_them(title, family, venue):
    paper = ExportPaper(
        title=title,
        kind="journal",
        year=2024,
        authors=(ExportAuthor(family, "", family, position=1),),
        container_title=venue,
    )
    fields = parse_qs(coins(paper), keep_blank_values=True)
    assert fields["rft.atitle"] == [title]
    assert fields["rft.jtitle"] == [venue]
    assert fields["rft.au"] == [family.strip(", ")]


@given(title=TEXT)
def test_coins_quote_as_quote_plus_does(title):
    paper = ExportPaper(title=title, kind="other")
    assert f"rft.title={quote_plus(title)}" in coins(paper)


def fields(paper: ExportPaper) -> dict[str, list[str]]:
    return parse_qs(coins(paper), keep_blank_values=True)


def test_a_thesis_is_a_dissertation_with_its_institution_and_degree():
    paper = ExportPaper(title="T", kind="thesis", institution="Tsinghua", thesis_type="phd")
    found = fields(paper)
    assert found["rft_val_fmt"] == ["info:ofi/fmt:kev:mtx:dissertation"]
    assert (found["rft.title"], found["rft.inst"], found["rft.degree"]) == (
        ["T"],
        ["Tsinghua"],
        ["PhD thesis"],
    )


def test_a_patent_is_a_patent_with_its_inventors_number_and_assignee():
    paper = ExportPaper(
        title="T",
        kind="patent",
        number="CN1",
        institution="HPC-AI Technology",
        authors=(ExportAuthor("Jin Fang", "Jin", "Fang", position=1),),
    )
    found = fields(paper)
    assert found["rft_val_fmt"] == ["info:ofi/fmt:kev:mtx:patent"]
    assert (found["rft.title"], found["rft.inventor"], found["rft.number"]) == (
        ["T"],
        ["Fang, Jin"],
        ["CN1"],
    )
    assert found["rft.assignee"] == ["HPC-AI Technology"]


def test_a_chapter_is_a_part_of_its_book():
    found = fields(ExportPaper(title="T", kind="book", container_title="The Book"))
    assert (found["rft.genre"], found["rft.atitle"], found["rft.btitle"]) == (
        ["bookitem"],
        ["T"],
        ["The Book"],
    )


def test_a_preprint_is_a_journals_preprint():
    found = fields(ExportPaper(title="T", kind="preprint", arxiv_id="2212.05339"))
    assert found["rft_val_fmt"] == ["info:ofi/fmt:kev:mtx:journal"]
    assert (found["rft.genre"], found["rft.atitle"]) == (["preprint"], ["T"])


def test_a_book_gives_its_title_and_publisher():
    found = fields(ExportPaper(title="T", kind="book", publisher="MIT Press"))
    assert (found["rft.genre"], found["rft.btitle"], found["rft.pub"]) == (
        ["book"],
        ["T"],
        ["MIT Press"],
    )
