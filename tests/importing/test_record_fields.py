"""Every field a real record holds is kept by the import where the exports find it, and
each entry type keeps its kind: edition, a thesis's type, a URL given in howpublished,
urldate, full dates, translators, a report's number, a patent's country, a newspaper's
date; standards, periodicals, online sources, software, data sets, newspapers and
proceedings volumes as the types the formats have for them; a chapter of a conference's
proceedings as a conference paper; a book's stray journal as no venue."""

from __future__ import annotations

import pytest

from pubs.export.csljson import csl_items
from pubs.models import Paper
from pubs.queries.exporting import export_papers, render
from tests.exporting.helpers import import_text

pytestmark = pytest.mark.django_db


def imported(text: str) -> Paper:
    """The one paper a BibTeX entry imports as."""
    import_text(text)
    (paper,) = Paper.objects.all()
    return paper


def item(text: str) -> dict:
    """The CSL item of the one paper a BibTeX entry imports as."""
    imported(text)
    (found,) = csl_items(export_papers(Paper.objects.all()))
    return found


def test_a_book_s_edition_is_its_csl_edition():
    found = item("@book{b, author={Knuth, Donald E.}, title={Seminumerical Algorithms}, "
                 "edition={3}, publisher={Addison-Wesley}, year={1997}}")  # fmt: skip
    assert found["edition"] == "3"


def test_a_bachelor_s_thesis_said_in_its_type_stays_a_bachelor_s_thesis():
    paper = imported("@mastersthesis{t, author={Ma, Li}, title={Sorting}, school={PKU}, "
                     "type={Bachelor's thesis}, year={2020}}")  # fmt: skip
    assert paper.thesis_type == "bachelor"
    (found,) = csl_items(export_papers(Paper.objects.all()))
    assert found["genre"] == "Bachelor's thesis"


def test_a_chinese_thesis_type_gives_the_thesis_type():
    paper = imported("@mastersthesis{t, author={金燕萍}, title={社交媒体时代的虚假信息研究}, "
                     "type={硕士学位论文}, school={温州大学}, year={2020}}")  # fmt: skip
    assert paper.thesis_type == "masters"


def test_a_thesis_type_that_is_none_of_ours_is_printed_as_written():
    found = item("@phdthesis{t, author={Roe, Ann}, title={Groups}, school={ETH}, "
                 "type={Habilitation}, year={2001}}")  # fmt: skip
    assert found["genre"] == "Habilitation"


def test_a_report_s_type_and_number_are_its_genre_and_number():
    found = item("@techreport{r, author={Roe, Ann}, title={Heaps}, institution={MIT}, "
                 "type={Working Paper}, number={WP-12}, year={2001}}")  # fmt: skip
    assert (found["type"], found["genre"], found["number"]) == ("report", "Working Paper", "WP-12")


def test_a_url_given_in_howpublished_is_the_paper_s_url():
    paper = imported("@misc{m, author={Roe, Ann}, title={A Tool}, year={2019}, "
                     "howpublished={\\url{https://example.org/tool_v2}}}")  # fmt: skip
    assert paper.url == "https://example.org/tool_v2"


def test_urldate_is_the_date_accessed():
    found = item("@online{o, author={Roe, Ann}, title={A Page}, year={2012}, "
                 "url={https://example.org/}, urldate={2013-11-12}}")  # fmt: skip
    assert found["accessed"] == {"date-parts": [[2013, 11, 12]]}


def test_a_patent_s_full_date_is_kept():
    found = item("@patent{p, author={Roe, Ann}, title={A Hinge}, number={US4214321}, "
                 "year={1980}, date={1980-07-26}}")  # fmt: skip
    assert found["issued"] == {"date-parts": [[1980, 7, 26]]}


def test_a_day_beside_the_month_is_kept():
    found = item("@misc{m, author={Roe, Ann}, title={A Talk}, year={2020}, month=aug, day={22}}")
    assert found["issued"] == {"date-parts": [[2020, 8, 22]]}


def test_a_date_that_disagrees_with_the_year_is_not_taken():
    found = item("@book{b, author={Roe, Ann}, title={A Book}, publisher={P}, year={2020}, "
                 "date={2019-04-27}}")  # fmt: skip
    assert found["issued"] == {"date-parts": [[2020]]}


def test_translators_are_csl_translators():
    found = item("@book{b, author={博伯尔}, title={银行业的未来与人工智能}, translator={徐超}, "
                 "publisher={清华大学出版社}, address={北京}, year={2023}}")  # fmt: skip
    assert found["translator"] == [{"literal": "徐超"}]


def test_a_series_volume_is_the_item_s_volume_in_its_collection():
    found = item("@inproceedings{c, author={Roe, Ann}, title={Proofs}, booktitle={Proc. CAV}, "
                 "series={LNCS}, volume={2404}, publisher={Springer}, year={2002}}")  # fmt: skip
    assert (found["collection-title"], found["volume"]) == ("LNCS", "2404")


def test_a_patent_s_country_is_its_place():
    found = item("@patent{p, author={邓一刚}, title={全智能节电器}, address={中国}, "
                 "number={CN200610171314.3}, year={2008}, date={2008-01-16}}")  # fmt: skip
    assert (found["type"], found["publisher-place"], found["number"]) == (
        "patent",
        "中国",
        "CN200610171314.3",
    )
    assert found["jurisdiction"] == "中国"
    assert found["issued"] == {"date-parts": [[2008, 1, 16]]}


@pytest.mark.parametrize(
    ("entry_type", "csl_type"),
    [
        ("standard", "standard"),
        ("periodical", "periodical"),
        ("online", "webpage"),
        ("software", "software"),
        ("dataset", "dataset"),
        ("newspaper", "article-newspaper"),
        ("proceedings", "book"),
        ("preprint", "article"),
        ("letter", "personal_communication"),
        ("video", "motion_picture"),
        ("movie", "motion_picture"),
        ("audio", "song"),
        ("legislation", "legislation"),
        ("law", "legislation"),
        ("jurisdiction", "legal_case"),
        ("artwork", "graphic"),
        ("map", "map"),
    ],
)
def test_an_entry_type_keeps_its_csl_type(entry_type, csl_type):
    found = item(f"@{entry_type}{{e, author={{Roe, Ann}}, title={{A Work}}, year={{2021}}}}")
    assert found["type"] == csl_type


@pytest.mark.parametrize("entry_type", ["movie", "law", "map", "preprint", "letter"])
def test_an_entry_type_read_as_a_row_is_written_back_as_it_came_in(entry_type):
    imported(f"@{entry_type}{{e, author={{Roe, Ann}}, title={{A Work}}, year={{2021}}}}")
    assert f"@{entry_type}{{" in render(export_papers(Paper.objects.all()), "bib")[0]


def test_a_preprint_entry_is_stored_as_a_preprint():
    paper = imported("@preprint{e, author={Roe, Ann}, title={A Work}, year={2021}}")
    assert paper.kind == "preprint"


def test_a_patent_s_country_written_as_biblatex_location_is_its_jurisdiction_and_ris_place():
    imported("@patent{p, author={Roe, Ann}, title={A Valve}, location={France}, year={1980}}")
    (paper,) = export_papers(Paper.objects.all())
    assert csl_items([paper])[0]["jurisdiction"] == "France"
    assert "CY  - France\r\n" in render([paper], "ris")[0]
    assert "address = {France}" in render([paper], "bib")[0]


def test_a_newspaper_article_keeps_its_date():
    found = item("@newspaper{n, author={丁文祥}, title={数字革命与竞争国际化}, "
                 "journal={中国青年报}, year={2000}, date={2000-11-20}, pages={15}}")  # fmt: skip
    assert (found["type"], found["container-title"]) == ("article-newspaper", "中国青年报")
    assert found["issued"] == {"date-parts": [[2000, 11, 20]]}


def test_a_proceedings_volume_is_a_book():
    paper = imported("@proceedings{p, editor={Yufin, Sergey A.}, title={Geoecology and "
                     "Computers}, publisher={A. A. Balkema}, year={2000}}")  # fmt: skip
    assert paper.kind == "book"


def test_a_chapter_in_a_conference_s_proceedings_is_a_conference_paper():
    paper = imported(
        "@incollection{c, author={Roe, Ann}, title={Planning}, booktitle={Proceedings of the "
        "14th International Joint Conference on Artificial Intelligence (IJCAI-95)}, "
        "pages={1--7}, year={1995}}"
    )
    assert paper.kind == "conference"


def test_a_chapter_in_a_handbook_stays_a_chapter():
    paper = imported("@incollection{c, author={Roe, Ann}, title={Planning}, booktitle={The "
                     "Handbook of Planning}, pages={1--7}, year={1995}}")  # fmt: skip
    assert (paper.kind, paper.container_title) == ("book", "The Handbook of Planning")


def test_a_book_s_stray_journal_is_no_venue():
    paper = imported("@book{b, author={Roe, Ann}, title={A Book}, journal={Nature}, "
                     "publisher={P}, year={2020}}")  # fmt: skip
    assert (paper.kind, paper.container_title, paper.venue) == ("book", "", None)
    assert paper.extra_fields["journal"] == "Nature"
