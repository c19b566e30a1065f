"""Searching papers by text (pubs.search): title, authors and venue, any case, every word.

PostgreSQL reads the search documents its triggers keep; these tests change papers, people,
venues and authorships in every way the app does (and behind the ORM's back) and search
again. The same behaviour holds on SQLite, where the search matches substrings.
"""

from pathlib import Path

import pytest
from django.db import OperationalError, connection, connections, transaction

from people.models import Person
from pubs.bulk import insert_rows
from pubs.models import Authorship, Paper, Venue
from pubs.search import (
    MATCHING_PAPERS,
    MAX_WORD_LENGTH,
    MAX_WORDS,
    DeferredDocuments,
    authors_text,
    query_words,
    search_papers,
    tsquery_text,
    venue_text,
)
from tests.factories import (
    AuthorshipFactory,
    PaperFactory,
    PersonFactory,
    VenueFactory,
    paper_with_authors,
)

postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="full-text search is PostgreSQL's"
)


def found(text: str) -> set[str]:
    """The slugs of the papers a search for ``text`` finds."""
    return set(search_papers(Paper.objects.all(), text).values_list("slug", flat=True))


# -- the query ------------------------------------------------------------------------------


def test_query_words_drop_punctuation_and_keep_joined_words():
    assert query_words("  (ICNP'24), GPU-based 2.5x; Müller &|!:* ") == [
        "ICNP",
        "24",
        "GPU-based",
        "2.5x",
        "Müller",
    ]


def test_query_words_compose_decomposed_accents():
    assert query_words("Ja\u0308ger") == ["Jäger"]


def test_query_words_are_bounded():
    words = query_words(" ".join(["x" * 500] * 50))
    assert len(words) == MAX_WORDS
    assert {len(word) for word in words} == {MAX_WORD_LENGTH}


def test_tsquery_asks_for_every_word_as_a_prefix():
    assert tsquery_text(["Fang", "SpotServe"]) == "'Fang':* & 'SpotServe':*"


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
    PaperFactory(title="An Unrelated Study", slug="unrelated")
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
    PaperFactory(title="一种边缘云系统中的VNF部署调度方法", slug="patent")
    assert found("部署调度") == {"patent"}
    assert found("调度部署") == set()


def test_the_filter_of_the_lists_is_this_search(spotserve, client):
    response = client.get("/publications/?q=jiangfei+spot")
    assert response.status_code == 200
    assert "SpotServe" in response.content.decode()
    assert "An Unrelated Study" not in response.content.decode()


@postgresql_only
@pytest.mark.parametrize("text", ["jager", "JÄGER", "Jager", "muller", "Müller"])
def test_accents_and_case_do_not_matter(db, text):
    paper_with_authors(
        PersonFactory(given_name="Michelle", family_name="Jäger"),
        PersonFactory(given_name="Felix", family_name="Muller"),
        title="Compression",
        slug="compression",
    )
    assert found(text) == {"compression"}


# -- the search follows every change --------------------------------------------------------


def test_a_renamed_title(spotserve):
    spotserve.title = "Elastic Serving"
    spotserve.save()
    assert found("elastic") == {"spotserve"}
    assert found("preemptible") == set()


def test_a_title_changed_behind_the_orms_back(spotserve):
    Paper.objects.filter(pk=spotserve.pk).update(title="Elastic Serving")
    assert found("elastic") == {"spotserve"}
    assert found("preemptible") == set()


def test_an_author_added(spotserve):
    AuthorshipFactory(paper=spotserve, person=PersonFactory(family_name="Zhang"), position=3)
    assert found("zhang") == {"spotserve"}


def test_authors_inserted_in_bulk_as_the_import_does(spotserve):
    person = PersonFactory(family_name="Bulkwright")
    insert_rows(
        Authorship,
        (
            *("paper", "person", "position", "printed_name"),
            *("equal_contribution", "corresponding", "affiliation", "review_note"),
        ),
        [(spotserve.pk, person.pk, 9, "B. Wright", False, False, "", "")],
    )
    assert found("bulkwright") == {"spotserve"}
    assert found("wright") == {"spotserve"}


IMPORTED = """
@inproceedings{fang2025imported,
  title = {Bulkloaded Transformers for Imported Search},
  author = {Fang, Jiarui and {\\"O}zt{\\"u}rk, Meltem},
  booktitle = {Proceedings of the Workshop on Quiet Imports},
  year = {2025},
}
"""


def import_text(text: str) -> None:
    from pubs.bibtex.plan import Decisions
    from pubs.imports.importer import apply_import, prepare_import

    decisions = Decisions(create_venues=True)
    apply_import(prepare_import(text, decisions=decisions), file_name="imported.bib")


@pytest.mark.parametrize("text", ["bulkloaded", "Fang", "Jiarui", "Öztürk", "quiet imports"])
def test_an_imported_paper_is_found_by_title_authors_and_venue(db, text):
    """An import builds the documents of its papers once, after their authors are in."""
    import_text(IMPORTED)
    assert found(text) == {"bulkloaded-transformers-for-imported-search-2025"}


@postgresql_only
def test_papers_inserted_after_an_import_get_their_documents_again(db):
    """The import's deferral of the documents ends with it, even in the same transaction."""
    with transaction.atomic():
        import_text(IMPORTED)
        later = paper_with_authors(PersonFactory(family_name="Afterwards"), title="Later Work")
    assert found("afterwards") == {later.slug}
    assert search_rows() == Paper.objects.count() == 2


def test_an_author_removed(spotserve):
    Authorship.objects.filter(paper=spotserve, person__family_name="Miao").delete()
    assert found("miao") == set()
    assert found("duan") == {"spotserve"}


def test_an_author_replaced_by_another_person(spotserve):
    other = PersonFactory(family_name="Replacement")
    Authorship.objects.filter(paper=spotserve, person__family_name="Duan").update(person=other)
    assert found("replacement") == {"spotserve"}
    assert found("jiangfei") == set()


def test_a_person_renamed(spotserve):
    person = Person.objects.get(family_name="Duan")
    person.family_name = "Duanmu"
    person.save()
    assert found("duanmu") == {"spotserve"}
    Person.objects.filter(pk=person.pk).update(given_name="Renamed")
    assert found("renamed") == {"spotserve"}
    assert found("jiangfei") == set()


def test_a_venue_renamed(spotserve):
    Venue.objects.filter(abbreviation="ASPLOS").update(abbreviation="ASPLOSX", name="Renamed")
    assert found("aspLOSx renamed") == {"spotserve"}
    assert found("architectural") == set()


def test_a_paper_moved_to_another_venue(spotserve):
    spotserve.venue = VenueFactory(abbreviation="EuroSys", name="European Systems")
    spotserve.save()
    assert found("eurosys") == {"spotserve"}
    assert found("architectural") == set()


def test_a_deleted_paper(spotserve):
    spotserve.delete()
    assert found("spotserve") == set()


# -- PostgreSQL: the index ------------------------------------------------------------------


def search_rows() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pubs_paper_search")
        return cursor.fetchone()[0]


@postgresql_only
def test_every_paper_has_one_search_document_and_a_deleted_one_none(spotserve):
    assert search_rows() == Paper.objects.count() == 2
    spotserve.delete()
    assert search_rows() == 1


@postgresql_only
def test_the_search_documents_have_a_gin_index(db):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'pubs_paper_search'"
            " AND indexname = 'pubs_paper_search_document'"
        )
        (definition,) = cursor.fetchone()
    assert "USING gin (document)" in definition


@postgresql_only
def test_a_search_among_many_documents_reads_the_index(spotserve):
    """The search's condition on the documents is the one the GIN index answers."""
    with connection.cursor() as cursor:
        # 20,000 more documents (of no paper): a size at which the index pays.
        cursor.execute(
            "INSERT INTO pubs_paper_search (paper_id, document)"
            " SELECT -n, to_tsvector('simple', 'filler words ' || n)"
            " FROM generate_series(1, 20000) AS n;"
            " ANALYZE pubs_paper_search"
        )
        cursor.execute("EXPLAIN " + MATCHING_PAPERS, [tsquery_text(["jiangfei", "duan"])])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "Bitmap Index Scan on pubs_paper_search_document" in plan


def test_an_author_s_text_adds_the_recorded_names_only_where_they_differ():
    authors = [
        ("Jiarui Fang", "Jiarui", "Fang", ""),
        ("J. Fang", "Jiarui", "Fang", "方佳瑞"),
        ("徐宏力", "Hongli", "Xu", "徐宏力"),
    ]
    assert authors_text(authors) == "Jiarui Fang  J. Fang Jiarui Fang 方佳瑞 徐宏力 Hongli Xu"


def test_a_venue_s_text_is_the_container_title_then_the_venue_s_names():
    assert venue_text("Proc. ICNP 2024", ("ICNP", "Network Protocols")) == (
        "Proc. ICNP 2024 ICNP Network Protocols"
    )
    assert venue_text("A Workshop", None) == "A Workshop"


def all_documents() -> list[tuple[int, str]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT paper_id, document::text FROM pubs_paper_search ORDER BY paper_id")
        return cursor.fetchall()


def refreshed_documents() -> list[tuple[int, str]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pubs_paper_search_refresh(array_agg(id)) FROM pubs_paper")
    return all_documents()


@pytest.fixture
def made_aside(monkeypatch) -> list[DeferredDocuments]:
    """Every import's documents made on a second connection, however few its papers; the
    DeferredDocuments that did so."""
    monkeypatch.setattr(DeferredDocuments, "ASIDE_FROM", 1)
    used = []
    make = DeferredDocuments._make

    def noted(self, columns):
        used.append(self)
        make(self, columns)

    monkeypatch.setattr(DeferredDocuments, "_make", noted)
    return used


STYLES = Path(__file__).resolve().parents[1] / "data" / "bibtex"


@postgresql_only
def test_documents_made_aside_are_those_the_refresh_makes(catalogue, made_aside):
    """The seeds' papers in every style, into the demo data without its papers: its people
    (printed otherwise than recorded, with native names) and CCF venues are found, and new
    venues and people made."""
    Paper.objects.all().delete()
    for path in sorted(STYLES.glob("*.bib")):
        import_text(path.read_text(encoding="utf-8"))
    assert made_aside and all(documents.wait() is not None for documents in made_aside)
    made = all_documents()
    assert made == refreshed_documents()
    assert len(made) == Paper.objects.count() > 10


@postgresql_only
def test_without_a_second_connection_the_refresh_makes_the_documents(db, made_aside, monkeypatch):
    def refused(alias):
        raise OperationalError("too many connections")

    monkeypatch.setattr(connections, "create_connection", refused)
    import_text(IMPORTED)
    assert made_aside and made_aside[0].wait() is None
    assert (
        found("bulkloaded")
        == found("quiet imports")
        == {"bulkloaded-transformers-for-imported-search-2025"}
    )
