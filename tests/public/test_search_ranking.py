"""The search of the lists (``q``) on papers made for each test: a word begins a word of the
text, title words rank first, and which names name a person (tests/public/test_search_people.py
has the demo data's people). On SQLite as on PostgreSQL.
"""

import pytest

from people.models import Person
from pubs.models import Paper
from pubs.search import paper_search, people_named, search_text_refresh
from tests.factories import PaperFactory, PersonFactory, paper_with_authors


def stored(**fields) -> Paper:
    paper = PaperFactory(**fields)
    search_text_refresh([paper.pk])
    return paper


def test_title_words_rank_above_author_names(db):
    author = PersonFactory(given_name="Ying", family_name="Serving")
    by_name = paper_with_authors(author, title="Quantised Caches", slug="by-name", year=2025)
    search_text_refresh([by_name.pk])
    stored(title="Serving Models Elastically", slug="in-title", year=2019)
    stored(title="Unrelated", slug="unrelated", year=2024)
    search = paper_search(Paper.objects.all(), "serving")
    assert search.ranked
    assert list(search.papers.values_list("slug", flat=True)) == ["in-title", "by-name"]


def test_more_title_words_rank_higher(db):
    stored(title="Elastic Training", slug="one-word", year=2025)
    stored(title="Elastic Serving", slug="two-words", year=2019, container_title="Training Day")
    search = paper_search(Paper.objects.all(), "elastic serving")
    assert list(search.papers.values_list("slug", flat=True)) == ["two-words"]
    search = paper_search(Paper.objects.all(), "elastic training")
    assert list(search.papers.values_list("slug", flat=True)) == ["one-word", "two-words"]


def test_a_word_must_begin_a_word_of_the_text(db):
    stored(title="SpotServe: Serving on Preemptible Instances", slug="spotserve")
    assert found_in_all("Spot") == {"spotserve"}
    assert found_in_all("serve") == set()
    assert found_in_all("potserve") == set()


@pytest.mark.parametrize("text", ["ASPLOS", "24", "GPU", "based", "asplos 24 gpu-based"])
def test_words_after_punctuation_are_words(db, text):
    stored(title="GPU-based Systems", slug="gpu", container_title="Proc. (ASPLOS'24)")
    assert found_in_all(text) == {"gpu"}


def found_in_all(text: str) -> set[str]:
    return set(paper_search(Paper.objects.all(), text).papers.values_list("slug", flat=True))


def test_a_one_word_name_is_searched_as_a_word(db):
    """A corporate author ("OpenAI") or a mononym is not read off a query: its word is
    searched in titles too."""
    openai = PersonFactory(given_name="", family_name="OpenAI")
    theirs = paper_with_authors(openai, title="Technical Report", slug="theirs")
    search_text_refresh([theirs.pk])
    stored(title="Using OpenAI Models", slug="about")
    assert people_named(Person.objects.all(), "OpenAI") == []
    assert found_in_all("OpenAI") == {"theirs", "about"}


def test_a_person_of_hidden_papers_only_is_not_offered(db):
    hidden = PersonFactory(given_name="Secret", family_name="Coauthor")
    paper = paper_with_authors(hidden, title="Draft", slug="draft", is_public=False)
    search_text_refresh([paper.pk])
    public = Person.objects.filter(authorships__paper__is_public=True)
    assert people_named(public, "Secret Coauthor") == []


def test_the_pinyin_of_a_chinese_name_recorded_otherwise(db):
    person = PersonFactory(given_name="Tony", family_name="Wang", native_name="王小明")
    paper = paper_with_authors(person, title="Caching", slug="caching")
    search_text_refresh([paper.pk])
    texts = ("Wang Xiaoming", "Xiaoming Wang", "王小明", "Tony Wang")
    found = {text: people_named(Person.objects.all(), text) for text in texts}
    assert found == {text: [person] for text in texts}


def test_a_name_with_accents_in_any_case(db):
    person = PersonFactory(given_name="Michelle", family_name="Jäger")
    texts = ("Michelle Jäger", "michelle JÄGER", "Jäger Michelle")
    found = {text: people_named(Person.objects.all(), text) for text in texts}
    assert found == {text: [person] for text in texts}


def test_a_two_word_family_name(db):
    person = PersonFactory(given_name="Anna", family_name="van der Berg")
    assert people_named(Person.objects.all(), "Anna van der Berg") == [person]


def test_a_named_person_s_papers_come_in_the_list_s_order(db):
    person = PersonFactory(given_name="Ada", family_name="Lovelace")
    older = paper_with_authors(person, title="Notes", slug="older", year=2001)
    newer = paper_with_authors(person, title="Engines", slug="newer", year=2020)
    search_text_refresh([older.pk, newer.pk])
    search = paper_search(Paper.objects.all(), "Ada Lovelace", people=Person.objects.all())
    assert search.people == [person]
    assert not search.ranked  # the list keeps its order, by year
    assert set(search.papers.values_list("slug", flat=True)) == {"older", "newer"}
