"""The h-index of a list of papers, from their citation counts."""

from hypothesis import example, given
from hypothesis import strategies as st

from pubs.metrics import h_index


def test_no_papers_have_an_h_index_of_0():
    assert h_index([]) == 0


def test_papers_never_cited_have_an_h_index_of_0():
    assert h_index([0, 0, 0]) == 0


def test_one_paper_cited_once_is_an_h_index_of_1():
    assert h_index([1]) == 1


def test_the_h_index_is_the_most_papers_each_cited_at_least_as_often():
    # Hirsch's example shape: 5 papers of at least 3 citations, but not 4 of at least 4.
    assert h_index([10, 8, 5, 3, 3, 1]) == 3


def test_a_single_paper_cited_often_is_an_h_index_of_1():
    assert h_index([1234]) == 1


def test_the_order_of_the_papers_does_not_matter():
    assert h_index([3, 0, 6, 1, 5]) == h_index([6, 5, 3, 1, 0]) == 3


def test_twelve_papers_of_twelve_citations_or_more_are_an_h_index_of_12():
    assert h_index([12] * 12 + [11] * 5) == 12


@given(st.lists(st.integers(min_value=0, max_value=10_000), max_size=200))
@example([])
@example([0])
def test_the_h_index_is_what_its_definition_says(counts):
    h = h_index(counts)
    assert sum(count >= h for count in counts) >= h
    assert sum(count >= h + 1 for count in counts) < h + 1
