"""Searching papers by text (pubs.search): title, authors and venue, any case, every word.

A paper is found by the search text the services store with it: these tests change papers,
people and venues through the app's writers (the admin's forms, the merge, the CCF
catalogue) and search again. Each word of a query must begin a word of the text, on SQLite
as on PostgreSQL (tests/public/test_search_people.py: the people a query names).
"""

import pytest
from django.core.management import call_command
from django.db import connection
from django.urls import reverse

from people.models import Person
from pubs.models import Authorship, Paper, Venue
from pubs.queries import selectors
from pubs.search import (
    MAX_WORD_LENGTH,
    MAX_WORDS,
    paper_search,
    paper_search_text,
    query_words,
    search_fold,
    search_text_refresh,
    tsquery_text,
)
from pubs.services.papers import catalogue_install
from pubs.services.people_merge import people_merge
from pubs.services.versions import paper_versions_refold
from pubs.venues.catalogue import VenueSpec
from tests.admin.test_paper_form import paper_form_data
from tests.factories import PaperFactory, PersonFactory, VenueFactory, paper_with_authors
from tests.history.test_paper_history import revert
from tests.history.test_recorded_models import post_change
from tests.roles.test_tampering import profile_data

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="full-text search is PostgreSQL's"
)


def found(text: str) -> set[str]:
    """The slugs of the papers a search for ``text`` finds."""
    return set(paper_search(Paper.objects.all(), text).papers.values_list("slug", flat=True))


def stored(**fields) -> Paper:
    """A paper made with the factories, its search text stored as the services store it."""
    paper = PaperFactory(**fields)
    search_text_refresh([paper.pk])
    return paper


# -- the query ------------------------------------------------------------------------------


def test_query_words_are_runs_of_letters_and_digits_or_of_chinese():
    assert query_words("  (ICNP'24), GPU-based 2.5x; Müller &|!:* 一种VNF部署") == [
        "ICNP",
        "24",
        "GPU",
        "based",
        "2",
        "5x",
        "Müller",
        "一种",
        "VNF",
        "部署",
    ]


def test_query_words_compose_decomposed_accents():
    assert query_words("Ja\u0308ger") == ["Jäger"]


def test_query_words_are_bounded():
    words = query_words(" ".join(["x" * 500] * 50))
    assert len(words) == MAX_WORDS
    assert {len(word) for word in words} == {MAX_WORD_LENGTH}


def test_tsquery_asks_for_every_word_as_a_prefix():
    assert tsquery_text(["Fang", "SpotServe"]) == "'Fang':* & 'SpotServe':*"


# -- the text -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("SpotServe", "spotserve"),
        ("Jäger Müller", "jager muller"),
        ("Ja\u0308ger", "jager"),
        ("Łukasz Søren Æsir", "lukasz soren aesir"),
        ("一种VNF部署", "一 种 vnf 部 署"),
        ("  many\n spaces ", "many spaces"),
        ("(ICNP'24), GPU-based: 2.5x", "icnp 24 gpu based 2 5x"),
    ],
)
def test_text_is_folded_to_words_in_lower_case_without_accents_and_cjk_characters_apart(
    text, folded
):
    assert search_fold(text) == folded


def test_an_author_s_text_adds_the_recorded_names_only_where_they_differ():
    authors = [
        ("Jiarui Fang", "Jiarui", "Fang", ""),
        ("J. Fang", "Jiarui", "Fang", "方佳瑞"),
        ("徐宏力", "Hongli", "Xu", "徐宏力"),
    ]
    assert paper_search_text(title="", authors=authors) == (
        " | jiarui fang j fang jiarui fang 方 佳 瑞 徐 宏 力 hongli xu"
    )


def test_the_text_is_the_title_the_authors_then_the_venue_as_printed_and_named():
    text = paper_search_text(
        title="SpotServe",
        authors=[("X. Miao", "Xupeng", "Miao", "")],
        container_title="Proc. ICNP 2024",
        venue=("ICNP", "Network Protocols"),
    )
    assert text == "spotserve | x miao xupeng miao proc icnp 2024 icnp network protocols"
    assert paper_search_text(title="T", container_title="A Workshop") == "t | a workshop"


def test_the_refresh_reads_once_and_writes_once_whatever_the_number_of_papers(
    db, django_assert_num_queries
):
    papers = [
        paper_with_authors(PersonFactory(), PersonFactory(), title=f"Paper {i}") for i in range(5)
    ]
    # titles folded into them, papers with venues, authors with people, the update
    with django_assert_num_queries(4):
        search_text_refresh(paper.pk for paper in papers)
    assert Paper.objects.get(pk=papers[0].pk).search_text.startswith("paper 0 | given")


def test_a_refresh_of_unchanged_texts_writes_nothing(db, django_assert_num_queries):
    paper = stored(title="Unchanged")
    with django_assert_num_queries(3):
        search_text_refresh([paper.pk])


# -- what it finds --------------------------------------------------------------------------


@pytest.fixture
def spotserve(db) -> Paper:
    venue = VenueFactory(abbreviation="ASPLOS", name="Architectural Support for Programming")
    jiangfei = PersonFactory(given_name="Jiangfei", family_name="Duan", native_name="段江飞")
    xupeng = PersonFactory(given_name="Xupeng", family_name="Miao")
    paper = paper_with_authors(
        jiangfei,
        xupeng,
        title="SpotServe: Serving Generative Large Language Models on Preemptible Instances",
        slug="spotserve",
        venue=venue,
        container_title="Proceedings of ASPLOS'24",
    )
    Authorship.objects.filter(paper=paper, person=xupeng).update(printed_name="X. Miao")
    search_text_refresh([paper.pk])
    stored(title="An Unrelated Study", slug="unrelated")
    return paper


@pytest.mark.parametrize(
    "text",
    [
        "spotserve",
        "SPOTSERVE",
        "preemptible instances",
        "Spot",  # the start of a word
        "Duan",
        "jiangfei duan",
        "段江飞",
        "X. Miao",
        "Xupeng",  # the person's name, printed otherwise on the paper
        "ASPLOS",
        "architectural support",
        "Proceedings",
        "Duan SpotServe ASPLOS",  # words from the author, the title and the venue
    ],
)
def test_finds_the_paper_by_title_author_or_venue(spotserve, text):
    assert found(text) == {"spotserve"}


def test_every_word_must_match(spotserve):
    assert found("SpotServe Unrelated") == set()


def test_an_empty_query_finds_everything(spotserve):
    assert found(" ,.; ") == {"spotserve", "unrelated"}


@pytest.mark.parametrize("text", ["' & | ! : * ( ) <-> \\", "x" * 5000, "'; DROP TABLE x; --"])
def test_query_syntax_in_the_text_is_only_text(spotserve, text):
    assert found(text) <= {"spotserve", "unrelated"}


def test_a_word_inside_a_chinese_title(db):
    stored(title="一种边缘云系统中的VNF部署调度方法", slug="patent")
    assert found("部署调度") == {"patent"}
    assert found("调度部署") == set()


def test_the_filter_of_the_lists_is_this_search(spotserve, client):
    response = client.get("/publications/?q=jiangfei+spot")
    assert response.status_code == 200
    assert "SpotServe" in response.content.decode()
    assert "An Unrelated Study" not in response.content.decode()


@pytest.mark.parametrize("text", ["jager", "JÄGER", "Jager", "muller", "Müller"])
def test_accents_and_case_do_not_matter(db, text):
    paper = paper_with_authors(
        PersonFactory(given_name="Michelle", family_name="Jäger"),
        PersonFactory(given_name="Felix", family_name="Muller"),
        title="Compression",
        slug="compression",
    )
    search_text_refresh([paper.pk])
    assert found(text) == {"compression"}


def test_demo_papers_are_found_as_loaded(db):
    """The demo fixture carries each paper's search text."""
    call_command("loaddata", "demo", verbosity=0)
    assert found("SpotServe") == {"spotserve-serving-generative-large-language-models-2024"}
    assert found("Jiangfei Duan") == set(
        Paper.objects.filter(authorships__person__slug="jiangfei-duan").values_list(
            "slug", flat=True
        )
    )


# -- the search follows the app's writes ----------------------------------------------------


def change_paper(client, paper: Paper, authors=(), **fields) -> None:
    """Save the paper through its admin change form."""
    response = client.post(
        reverse("admin:pubs_paper_change", args=[paper.pk]),
        paper_form_data(paper, authors=authors, **fields),
    )
    assert response.status_code == 302, response.context["adminform"].form.errors


def current_authors(paper: Paper) -> list[dict]:
    return [
        {"id": a.pk, "person": a.person_id, "position": a.position, "printed_name": a.printed_name}
        for a in paper.authorships.order_by("position")
    ]


def test_a_paper_added_in_the_admin(db, admin_client):
    person = PersonFactory(family_name="Newcomer")
    response = admin_client.post(
        reverse("admin:pubs_paper_add"),
        paper_form_data(title="Fresh Results", authors=[{"person": person.pk, "position": "1"}]),
    )
    assert response.status_code == 302
    assert found("fresh newcomer") == {"a-paper"}


def test_a_renamed_title(spotserve, admin_client):
    change_paper(admin_client, spotserve, current_authors(spotserve), title="Elastic Serving")
    assert found("elastic") == {"spotserve"}
    assert found("preemptible") == set()


def test_an_author_added(spotserve, admin_client):
    zhang = PersonFactory(family_name="Zhang")
    authors = [*current_authors(spotserve), {"person": zhang.pk, "position": 3}]
    change_paper(admin_client, spotserve, authors)
    assert found("zhang") == {"spotserve"}


def test_an_author_removed(spotserve, admin_client):
    first, second = current_authors(spotserve)
    change_paper(admin_client, spotserve, [first, {**second, "DELETE": "on"}])
    assert found("miao") == set()
    assert found("duan") == {"spotserve"}


def test_an_author_replaced_by_another_person(spotserve, admin_client):
    other = PersonFactory(family_name="Replacement")
    first, second = current_authors(spotserve)
    change_paper(admin_client, spotserve, [{**first, "person": other.pk}, second])
    assert found("replacement") == {"spotserve"}
    assert found("jiangfei") == set()


def test_a_paper_moved_to_another_venue(spotserve, admin_client):
    venue = VenueFactory(abbreviation="EuroSys", name="European Systems")
    change_paper(admin_client, spotserve, current_authors(spotserve), venue=venue.pk)
    assert found("eurosys") == {"spotserve"}
    assert found("architectural") == set()


def test_a_paper_reverted_to_an_earlier_version(spotserve, admin_client):
    first, second = current_authors(spotserve)
    authors = [first, {**second, "DELETE": "on"}]
    change_paper(admin_client, spotserve, authors, title="Elastic Serving")
    assert found("miao") == set()
    revert(admin_client, spotserve, spotserve.history.earliest())
    assert found("spotserve miao") == {"spotserve"}
    assert found("elastic") == set()


def test_a_person_renamed(spotserve, admin_client):
    person = Person.objects.get(family_name="Duan")
    post_change(admin_client, person, profile_data(person, family_name="Duanmu"))
    assert found("duanmu") == {"spotserve"}
    post_change(admin_client, person, profile_data(person, given_name="Renamed"))
    assert found("renamed") == {"spotserve"}
    assert found("jiangfei") == set()


def test_people_merged(spotserve):
    duan = Person.objects.get(family_name="Duan")
    typo = PersonFactory(given_name="Jiangfie", family_name="Duan")
    typoed = paper_with_authors(typo, title="Typoed", slug="typoed")
    search_text_refresh([typoed.pk])
    people_merge(into=duan, others=[typo])
    assert found("jiangfei duan") == {"spotserve", "typoed"}
    assert found("jiangfie") == set()


def test_a_venue_renamed_in_the_admin(spotserve, admin_client):
    venue = Venue.objects.get(abbreviation="ASPLOS")
    data = {
        "abbreviation": "ASPLOSX",
        "name": "Renamed",
        "kind": venue.kind,
        "slug": venue.slug,
        "aliases": "",
        "ranks-TOTAL_FORMS": 0,
        "ranks-INITIAL_FORMS": 0,
    }
    post_change(admin_client, venue, data)
    assert found("aspLOSx renamed") == {"spotserve"}
    assert found("architectural") == set()


def test_a_venue_renamed_by_the_catalogue(spotserve):
    venue = Venue.objects.get(abbreviation="ASPLOS")
    spec = VenueSpec(
        slug=venue.slug, name="Renamed Conference", kind=venue.kind, abbreviation="ASPLOS"
    )
    catalogue_install(venues=[spec])
    assert found("renamed conference") == {"spotserve"}
    assert found("architectural") == set()


IMPORTED = """
@inproceedings{fang2025imported,
  title = {Bulkloaded Transformers for Imported Search},
  author = {Fang, Jiarui and {\\"O}zt{\\"u}rk, Meltem},
  booktitle = {Proceedings of the Workshop on Quiet Imports},
  year = {2025},
}
"""


@pytest.mark.parametrize("text", ["bulkloaded", "Fang", "Jiarui", "Öztürk", "quiet imports"])
def test_an_imported_paper_is_found_by_title_authors_and_venue(db, tmp_path, text):
    path = tmp_path / "imported.bib"
    path.write_text(IMPORTED, encoding="utf-8")
    call_command("import_bibtex", path, "--create-venues", verbosity=0)
    assert found(text) == {"bulkloaded-transformers-for-imported-search-2025"}


def test_a_deleted_paper(spotserve):
    spotserve.delete()
    assert found("spotserve") == set()


# -- PostgreSQL: the index ------------------------------------------------------------------


@postgresql_only
def test_the_search_text_has_a_gin_index(db):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'pubs_paper'"
            " AND indexname = 'paper_search_document'"
        )
        (definition,) = cursor.fetchone()
    assert "USING gin (to_tsvector('simple'::regconfig" in definition


@postgresql_only
def test_a_search_among_many_papers_reads_the_index(spotserve):
    """The search's condition is the expression the GIN index is built on."""
    with connection.cursor() as cursor:
        # 20,000 more papers: a size at which the index pays.
        cursor.execute(
            "INSERT INTO pubs_paper (title, title_bibtex, slug, kind, status, container_title,"
            " volume, number, pages, publisher, address, editor, series, institution,"
            " thesis_type, doi, arxiv_id, url, abstract, awards, selected, is_public,"
            " more_authors, citation_key, internal_note, extra_fields, search_text, created,"
            " modified)"
            " SELECT 'Filler ' || n, '', 'filler-' || n, 'other', 'published', '', '', '', '',"
            " '', '', '', '', '', '', '', '', '', '', '', false, true, false, '', '', '{}',"
            " 'filler words ' || n, now(), now()"
            " FROM generate_series(1, 20000) AS n;"
            " ANALYZE pubs_paper"
        )
    queryset = paper_search(Paper.objects.all(), "jiangfei duan").papers
    assert "Bitmap Index Scan on paper_search_document" in queryset.explain()
    assert {paper.slug for paper in queryset} == {"spotserve"}


def test_a_work_is_found_by_the_title_of_a_version_folded_into_it(db):
    """PatrickStar's retitled preprint, folded into its TPDS paper: the preprint's title
    finds the work on the public lists, which show the TPDS paper."""
    journal = stored(title="Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory")
    preprint = stored(title="PatrickStar: Parallel Training of Pre-trained Models", kind="preprint")
    journal.versions.add(preprint)
    paper_versions_refold(paper_ids=[journal.pk])
    found = paper_search(selectors.public_papers(), "patrickstar").papers
    assert list(found) == [journal]
