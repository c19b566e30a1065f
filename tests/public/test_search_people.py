"""The search of the lists (``q``): a query that names a person finds that person's papers and
offers their page; other queries rank title words over author names. On the demo data, whose
"J. Fang" is two people (Jin Fang, Jiarui Fang), on SQLite as on PostgreSQL.
"""

import pytest

from pubs.models import Paper
from pubs.queries import selectors
from pubs.search import paper_search, people_named


def papers_of(*slugs: str) -> set[str]:
    """The public papers of these people."""
    papers = Paper.objects.filter(is_public=True, authorships__person__slug__in=slugs)
    return set(papers.values_list("slug", flat=True))


def found(text: str) -> set[str]:
    search = paper_search(selectors.public_papers(), text, people=selectors.public_people())
    return set(search.papers.values_list("slug", flat=True))


def named(text: str) -> list[str]:
    return [person.slug for person in people_named(selectors.public_people(), text)]


# -- the demo data --------------------------------------------------------------------------


@pytest.mark.usefixtures("demo")
class TestDemoPeople:
    def test_jin_fang_finds_only_jin_fang_s_papers(self):
        # Word by word, "Jin" begins Jinlei Jiang's and Jinzhe Yang's names and "Fang" is
        # Jiarui Fang's: their papers are not Jin Fang's.
        assert found("Jin Fang") == papers_of("jin-fang")
        assert not papers_of("jiarui-fang") & found("Jin Fang")

    @pytest.mark.parametrize("text", ["Jin Fang", "jin fang", "FANG JIN", "Fang Jin", "Fang, Jin"])
    def test_a_name_in_either_order_and_any_case(self, text):
        assert named(text) == ["jin-fang"]
        assert found(text) == papers_of("jin-fang")

    @pytest.mark.parametrize(
        "text",
        ["Jiarui Fang", "方佳瑞", "Fang Jiarui", "fang jia rui", "Jiarui, Fang", "方 佳瑞"],
    )
    def test_a_name_its_chinese_form_its_pinyin_or_a_variant(self, text):
        assert named(text) == ["jiarui-fang"]
        assert found(text) == papers_of("jiarui-fang")

    @pytest.mark.parametrize("text", ["J. Fang", "J Fang", "Fang J."])
    def test_initials_two_people_share_name_both(self, text):
        assert named(text) == ["jiarui-fang", "jin-fang"]
        assert found(text) == papers_of("jin-fang", "jiarui-fang")

    @pytest.mark.parametrize(
        ("text", "slug"),
        [
            ("Jiangfei Duan", "jiangfei-duan"),
            ("Duan Jiangfei", "jiangfei-duan"),
            ("Hongli Xu", "hongli-xu"),
            ("徐宏力", "hongli-xu"),
            ("Xu Hongli", "hongli-xu"),
            ("Gongming Zhao", "gongming-zhao"),
            ("赵功名", "gongming-zhao"),
            ("Xupeng Miao", "xupeng-miao"),
        ],
    )
    def test_co_authors_are_found_by_their_names(self, text, slug):
        assert named(text) == [slug]
        assert found(text) == papers_of(slug)

    def test_the_rest_of_the_query_searches_that_person_s_papers(self):
        theirs = found("aggregation") & papers_of("jin-fang")
        assert theirs
        assert found("Jin Fang aggregation") == theirs
        assert found("aggregation Fang Jin") == theirs

    def test_a_family_name_alone_is_searched_as_words(self):
        assert named("Fang") == []
        assert found("Fang") >= papers_of("jin-fang", "jiarui-fang")

    def test_the_list_offers_the_named_person_s_page_above_the_papers(self, client):
        html = client.get("/publications/", {"q": "Jin Fang"}).content.decode()
        offer = html.index('class="person-offer" href="/people/jin-fang/"')
        assert offer < html.index('class="paper')
        assert 'href="/people/jiarui-fang/" class="person-offer"' not in html

    def test_initials_offer_both_pages(self, client):
        response = client.get("/publications/", {"q": "J. Fang"})
        assert [p.slug for p in response.context["named_people"]] == ["jiarui-fang", "jin-fang"]

    def test_a_person_s_own_list_searched_by_a_co_author_s_name(self, client):
        response = client.get("/people/jin-fang/", {"q": "Hongli Xu"})
        listed = {paper.slug for _, papers in response.context["years"] for paper in papers}
        assert listed == papers_of("jin-fang") & papers_of("hongli-xu")
