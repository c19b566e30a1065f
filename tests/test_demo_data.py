"""The demo data (fixtures/demo.json) says what the five seed documents say."""

import json
import re

import pytest
from django.core.management import call_command
from django.db.models import Count

from people.models import Advising, Group, Membership, Person
from pubs.demo_fixture import FIXTURE, build_fixture_text
from pubs.models import Authorship, Link, Paper, Tag, Venue, VenueRank

pytestmark = pytest.mark.usefixtures("demo")


def papers_of(slug: str, **filters):
    return Paper.objects.filter(authorships__person__slug=slug, **filters)


def authors_of(title_start: str) -> list[str]:
    paper = Paper.objects.get(title__startswith=title_start)
    return [a.person.name for a in paper.authorships.order_by("position")]


def test_fixture_file_is_built_from_the_source():
    assert FIXTURE.read_text(encoding="utf-8") == build_fixture_text()


FIXTURE_MODELS = [
    Person,
    Group,
    Membership,
    Advising,
    Venue,
    VenueRank,
    Tag,
    Paper,
    Authorship,
    Link,
]


def counts() -> dict:
    return {model.__name__: model.objects.count() for model in FIXTURE_MODELS}


def test_loading_the_fixture_twice_creates_nothing_twice():
    before = counts()
    call_command("loaddata", "demo", verbosity=0)
    assert counts() == before


def test_loading_the_fixture_over_edited_data_restores_it_without_duplicates():
    before = counts()
    Person.objects.filter(slug="jin-fang").update(affiliation="Somewhere else")
    Paper.objects.filter(title__startswith="GOAT").update(year=1999)
    call_command("loaddata", "demo", verbosity=0)
    assert counts() == before
    assert Person.objects.get(slug="jin-fang").affiliation.startswith("University of Science")
    assert Paper.objects.get(title__startswith="GOAT").year == 2023


def test_jin_fang_has_his_eight_papers():
    assert papers_of("jin-fang").exclude(kind="patent").count() == 8


def test_jin_fang_has_his_two_patents():
    assert papers_of("jin-fang", kind="patent").count() == 2


def test_jiarui_fang_has_fourteen_papers_three_preprints_and_a_thesis():
    assert papers_of("jiarui-fang", kind__in=["conference", "journal"]).count() == 14
    assert papers_of("jiarui-fang", kind="preprint").count() == 3
    thesis = papers_of("jiarui-fang", kind="thesis").get()
    assert thesis.thesis_type == "phd"
    assert thesis.institution == "Tsinghua University"


def test_jiarui_fang_patent_listed_twice_is_one_patent():
    patents = papers_of("jiarui-fang", kind="patent")
    assert patents.count() == 20
    assert patents.filter(number="CN115061804A").count() == 1


def test_first_inventor_marks_are_kept():
    first = Authorship.objects.get(paper__number="CN114860445A", person__slug="jiarui-fang")
    other = Authorship.objects.get(paper__number="CN115687232A", person__slug="jiarui-fang")
    assert first.position == 1
    assert other.position > 1


def test_jiangfei_duan_has_his_five_papers():
    assert papers_of("jiangfei-duan").count() == 5
    assert papers_of("jiangfei-duan", status="under_review").count() == 2


def test_no_paper_is_there_twice():
    titles = Paper.objects.values("title").annotate(n=Count("id")).filter(n__gt=1)
    assert list(titles) == []


# (title start, first author, equal-contribution authors), as the seed documents print them.
FIRST_AND_EQUAL_AUTHORS = [
    ("Triton-distributed", "Size Zheng", []),
    ("TileLink", "Size Zheng", []),
    ("Non-Idle Machine-Aware", "Jin Fang", []),
    ("InArt", "Jiawei Liu", []),
    ("Accelerating Distributed Training", "Jin Fang", []),
    ("GOAT", "Jin Fang", []),
    ("GRID", "Jin Fang", []),
    ("Reveal", "Jin Fang", []),
    ("AutoChunk", "Xuanlei Zhao", []),
    ("FastFold", "Shenggan Cheng", []),
    ("Colossal-AI", "Shenggui Li", []),
    ("Parallel Training of Pre-trained", "Jiarui Fang", []),
    ("RoCBert", "Hui Su", []),
    ("TurboTransformers", "Jiarui Fang", []),
    ("Efficient AES", "Liandeng Li", []),
    ("RedSync", "Jiarui Fang", []),
    ("swATOP", "Wei Gao", ["Wei Gao", "Jiarui Fang"]),
    ("swCaffe", "Liandeng Li", ["Liandeng Li", "Jiarui Fang"]),
    ("Optimizing Convolutional", "Wenlai Zhao", []),
    ("swDNN", "Jiarui Fang", []),
    ("Cache-friendly", "Jiarui Fang", []),
    ("Optimizing Complex", "Jiarui Fang", []),
    ("PipeFusion", "Jiannan Wang", ["Jiannan Wang", "Jiarui Fang"]),
    ("USP", "Jiarui Fang", []),
    ("Elixir", "Haichen Huang", []),
    ("Parallel Deep Learning Training System", "Jiarui Fang", []),
    ("MuxServe", "Jiangfei Duan", []),
    ("Centauri", "Chang Chen", []),
    ("SpotServe", "Xupeng Miao", ["Xupeng Miao", "Chunan Shi"]),
    ("Parcae", "Jiangfei Duan", ["Jiangfei Duan", "Ziang Song", "Xupeng Miao"]),
    ("Proteus", "Jiangfei Duan", []),
]


def test_every_seed_paper_is_in_the_table_below():
    assert Paper.objects.exclude(kind="patent").count() == len(FIRST_AND_EQUAL_AUTHORS)


@pytest.mark.parametrize(("title", "first", "equal"), FIRST_AND_EQUAL_AUTHORS)
def test_first_author_and_equal_contributions_are_as_printed(title, first, equal):
    paper = Paper.objects.get(title__startswith=title)
    authorships = list(paper.authorships.order_by("position"))
    assert authorships[0].person.name == first
    assert authorships[0].position == 1
    assert [a.person.name for a in authorships if a.equal_contribution] == equal


def test_goat_authors_are_in_printed_order():
    assert authors_of("GOAT:") == [
        "Jin Fang",
        "Gongming Zhao",
        "Hongli Xu",
        "Zhuolong Yu",
        "Bingchen Shen",
        "Liguang Xie",
    ]


def test_spotserve_has_two_equal_contribution_authors_and_its_award():
    paper = Paper.objects.get(title__startswith="SpotServe")
    equal = paper.authorships.filter(equal_contribution=True).order_by("position")
    assert [a.person.name for a in equal] == ["Xupeng Miao", "Chunan Shi"]
    assert paper.award_list == ["Distinguished Artifact Award"]


def test_parcae_has_three_equal_contribution_authors():
    paper = Paper.objects.get(title__startswith="Parcae")
    assert paper.authorships.filter(equal_contribution=True).count() == 3


@pytest.mark.parametrize(
    ("slug", "rank"),
    [
        ("ton", "A"),
        ("www", "A"),
        ("icnp", "B"),
        ("iwqos", "B"),
        ("cn", "B"),
        ("nsdi", "A"),
        ("asplos", "A"),
        ("ppopp", "A"),
        ("tpds", "A"),
        ("mlsys", ""),
    ],
)
def test_venue_has_its_ccf_rank(slug, rank):
    assert Venue.objects.get(slug=slug).ccf_rank == rank


def test_iclr_is_ranked_only_from_the_2026_edition():
    iclr = Venue.objects.get(slug="iclr")
    assert iclr.rank_in(2026) == "A"
    assert iclr.rank_in(2022) == ""


def test_every_published_conference_or_journal_paper_has_a_venue():
    missing = Paper.objects.filter(kind__in=["conference", "journal"], venue__isnull=True)
    assert list(missing) == []


def test_jin_fang_and_jiarui_fang_are_two_people():
    jin, jiarui = Person.objects.get(slug="jin-fang"), Person.objects.get(slug="jiarui-fang")
    assert jin.pk != jiarui.pk
    assert jin.short_name == jiarui.short_name == "J. Fang"
    assert not set(papers_of("jin-fang")) & set(papers_of("jiarui-fang"))


def test_gongmin_zhao_typo_is_gongming_zhao():
    assert Person.objects.filter(family_name="Zhao", given_name="Gongming").count() == 1
    assert not Person.objects.filter(given_name="Gongmin").exists()
    advisors = Advising.objects.filter(student__slug="jin-fang")
    assert {a.advisor.name for a in advisors} == {"Hongli Xu", "Gongming Zhao"}


def test_haohuan_fang_typo_is_haohuan_fu():
    authorship = Authorship.objects.get(printed_name="Haohuan Fang")
    assert authorship.person.name == "Haohuan Fu"


@pytest.mark.parametrize(
    ("native", "name"),
    [
        ("徐宏力", "Hongli Xu"),
        ("赵功名", "Gongming Zhao"),
        ("方佳瑞", "Jiarui Fang"),
    ],
)
def test_chinese_names_belong_to_the_right_people(native, name):
    assert Person.objects.get(native_name=native).name == name


def test_groups_and_roles_as_the_documents_state_them():
    assert set(Group.objects.values_list("slug", flat=True)) == {
        "ustc-int",
        "cuhk-mmlab",
        "cmu-catalyst",
    }
    roles = set(
        Membership.objects.filter(person__slug__in=["jin-fang", "jiangfei-duan"]).values_list(
            "person__slug", "group__slug", "role"
        )
    )
    assert ("jin-fang", "ustc-int", "phd") in roles
    assert ("jiangfei-duan", "cuhk-mmlab", "phd") in roles
    assert ("jiangfei-duan", "cmu-catalyst", "visitor") in roles


def test_jiangfei_duan_catalyst_internship_has_ended():
    internship = Membership.objects.get(person__slug="jiangfei-duan", group__slug="cmu-catalyst")
    assert not internship.is_current


def test_homepage_links_are_attached_to_goat():
    paper = Paper.objects.get(title__startswith="GOAT:")
    links = dict(paper.links.values_list("kind", "url"))
    assert links == {
        "pdf": "https://www.fangjin.site/pdf/goat.pdf",
        "slides": "https://www.fangjin.site/pdf/goat-slide.pdf",
        "video": "https://youtu.be/aYkok2JVDqk",
        "blog": "https://www.fangjin.site/2022/12/02/goat/",
    }


def test_demo_holds_no_emails_or_phone_numbers():
    text = FIXTURE.read_text(encoding="utf-8")
    records = json.loads(text)
    assert all(not r["fields"].get("email") for r in records if r["model"] == "people.person")
    assert not re.search(r"[\w.+-]+@[\w-]+\.[\w.]+", text)
    assert not re.search(r"\+?\d{3}[- ]?\d{4}[- ]?\d{4}", text)
