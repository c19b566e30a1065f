"""Open Library by ISBN, from its Books API (answers kept in two clients' test suites), and
ISBNs as people paste them."""

import pytest

from pubs.sources import openlibrary
from pubs.sources.http import NotFound
from pubs.sources.works import to_bibtex
from tests.sources.recorded_records import books_api_answer

ISBN = "9780316030571"


@pytest.fixture
def use_of_weapons(replay):
    replay.route(openlibrary.BOOKS_API, books_api_answer("openlibrary/fixtures.rb", ISBN))
    return replay


@pytest.mark.parametrize(
    "text", ["978-0-316-03057-1", "ISBN 0316030570", "ISBN-10: 0-316-03057-0", "9780316030571"]
)
def test_an_isbn_10_or_13_is_read_as_its_isbn_13(text):
    assert openlibrary.normalize_isbn(text) == ISBN


@pytest.mark.parametrize("text", ["978-0-316-03057-2", "0316030571", "12345"])
def test_a_wrong_check_digit_or_length_is_no_isbn(text):
    with pytest.raises(ValueError):
        openlibrary.normalize_isbn(text)


def test_the_books_api_is_asked_for_the_data_of_the_isbn(http, use_of_weapons):
    openlibrary.book(http, "0-316-03057-0")
    [request] = use_of_weapons.requests
    assert (request.url.host, request.url.path) == ("openlibrary.org", "/api/books")
    assert dict(request.url.params) == {
        "bibkeys": f"ISBN:{ISBN}",
        "format": "json",
        "jscmd": "data",
    }


def test_a_book_gives_its_publisher_year_and_page_count(http, use_of_weapons):
    work = openlibrary.book(http, ISBN)
    assert (work.kind, work.publisher, work.year, work.page_count) == ("book", "Orbit", 2008, 480)
    assert "  pagetotal = {480},\n" in to_bibtex([work])


def test_an_isbn_open_library_does_not_know_is_not_found(http, replay):
    replay.route(openlibrary.BOOKS_API, "{}")
    with pytest.raises(NotFound):
        openlibrary.book(http, ISBN)
