"""COinS, which Zotero's connector reads from every entry of a list: whatever the title and
authors hold, the span's text reads back as they are."""

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
    assert f"rft.btitle={quote_plus(title)}" in coins(paper)
