"""The paper page's meta tags, which Zotero's page translator and Google Scholar read: one
test per rule of pubs.web.presentation.page_tags (what Zotero made of the demo's pages is
tests/exporting/test_zotero_items.py's)."""

from pubs.export.model import ExportAuthor, ExportPaper
from pubs.kinds import BY_NAME, ENTRY_TYPE_FIELD
from pubs.web.presentation import PAGE_TAGS, page_tags


def tags(paper: ExportPaper, name: str) -> list[str]:
    return [content for tag, content in page_tags(paper) if tag == name]


def test_every_kind_has_its_page_tags():
    assert set(PAGE_TAGS) == set(BY_NAME)


def test_the_kind_is_given_as_zoteros_item_type():
    assert tags(ExportPaper(title="T", kind="preprint"), "DC.type") == ["preprint"]
    assert tags(ExportPaper(title="T", kind="patent"), "DC.type") == ["patent"]


def test_a_conference_paper_names_its_conference_and_its_proceedings():
    paper = ExportPaper(title="T", kind="conference", container_title="Proc. of ICNP")
    assert tags(paper, "citation_conference_title") == ["Proc. of ICNP"]
    assert tags(paper, "prism.publicationName") == ["Proc. of ICNP"]


def test_a_journal_article_names_its_journal_with_scholars_tag_only():
    paper = ExportPaper(title="T", kind="journal", container_title="ToN")
    assert tags(paper, "citation_journal_title") == ["ToN"]
    assert tags(paper, "prism.publicationName") == []


def test_a_chapter_names_its_book():
    paper = ExportPaper(title="T", kind="book", container_title="The Book")
    assert tags(paper, "citation_inbook_title") == ["The Book"]


def test_a_newspaper_article_names_its_newspaper_without_a_journal_tag():
    paper = ExportPaper(
        title="T",
        kind="journal",
        container_title="人民日报",
        extra_fields={ENTRY_TYPE_FIELD: "newspaper"},
    )
    assert tags(paper, "DC.type") == ["newspaperArticle"]
    assert tags(paper, "citation_journal_title") == []
    assert tags(paper, "prism.publicationName") == ["人民日报"]


def test_a_patent_gives_its_number_as_prisms_number():
    paper = ExportPaper(title="T", kind="patent", number="CN113961324A")
    assert tags(paper, "prism.number") == ["CN113961324A"]
    assert tags(paper, "citation_issue") == []


def test_a_report_gives_its_institution_and_number():
    paper = ExportPaper(title="T", kind="other", institution="MIT", number="TR-1")
    assert tags(paper, "citation_technical_report_institution") == ["MIT"]
    assert tags(paper, "citation_technical_report_number") == ["TR-1"]


def test_a_thesis_gives_its_institution_and_type():
    paper = ExportPaper(title="T", kind="thesis", institution="Tsinghua", thesis_type="phd")
    assert tags(paper, "citation_dissertation_institution") == ["Tsinghua"]
    assert tags(paper, "eprints.thesis_type") == ["PhD thesis"]


def test_authors_are_named_as_the_exports_print_them():
    paper = ExportPaper(
        title="T",
        authors=(
            ExportAuthor("J. Fang", "Jin", "Fang", position=1),
            ExportAuthor("徐宏力", "Hongli", "Xu", "徐宏力", position=2),
            ExportAuthor(
                "Example Standards Committee", "", "Example Standards Committee", position=3
            ),
        ),
        more_authors=True,
    )
    assert tags(paper, "citation_author") == ["Fang, J.", "徐宏力", "Example Standards Committee"]


def test_editors_have_a_tag_each():
    paper = ExportPaper(title="T", kind="book", editor="Doe, Jane and Roe, Richard")
    assert tags(paper, "citation_editor") == ["Doe, Jane", "Roe, Richard"]


def test_the_date_is_the_full_date_the_exports_give():
    paper = ExportPaper(title="T", year=1980, month=7, extra_fields={"date": "1980-07-26"})
    assert tags(paper, "citation_publication_date") == ["1980/07/26"]


def test_a_preprint_gives_its_server_as_publisher():
    paper = ExportPaper(title="T", kind="preprint", arxiv_id="2212.05339")
    assert tags(paper, "citation_publisher") == ["arXiv"]


def test_the_abstract_is_given_only_when_there_is_one():
    assert tags(ExportPaper(title="T", abstract="We do."), "citation_abstract") == ["We do."]
    assert tags(ExportPaper(title="T"), "citation_abstract") == []
