"""Open Library, by ISBN: a book's record from its Books API (``GET
https://openlibrary.org/api/books?bibkeys=ISBN:…&format=json&jscmd=data``), and ISBNs as
people paste them (ISBN-10 or ISBN-13, hyphens or not, after "ISBN:"), checked.

Why Open Library: it is an open catalogue (its bibliographic data are free to reuse, under
no licence that binds the site), it answers without a key or an account, one request gives
a book's title, authors by name, publishers, place, date, page count and identifiers (ISBN,
LCCN, OCLC), and it is run by the Internet Archive, not a seller. Google Books asks for a key
past a small quota and its terms restrict keeping what it answers; WorldCat needs a
subscription; ISBNdb is paid. Open Library does not give authors' ORCID iDs, nor chapters:
a book is read as a book.

Open Library asks clients to identify themselves (the User-Agent names the site and its
contact address) and to keep to about one request a second: the client does.
"""

from __future__ import annotations

import re

from pubs.sources.http import BadAnswer, HttpClient, NotFound, Source
from pubs.sources.works import Creator, Work

OPEN_LIBRARY = Source("Open Library", interval=1.0, hosts=("openlibrary.org",))
BOOKS_API = "https://openlibrary.org/api/books"

#: What people write before an ISBN: "ISBN", "ISBN:", "ISBN-13:", "ISBN 10".
_LABEL = re.compile(r"^isbn(?:[-\s]?1[03])?\s*:?\s*", re.IGNORECASE)
_ISBN_10 = re.compile(r"^\d{9}[\dX]$")
_ISBN_13 = re.compile(r"^97[89]\d{10}$")
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015]")
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")


def normalize_isbn(text: str) -> str:
    """The ISBN-13 of an ISBN as people paste it ("978-0-262-03384-8", "ISBN 0262033844"):
    its digits alone, an ISBN-10 given as its ISBN-13. Returns "" for empty input; raises
    ValueError for text that is not an ISBN or whose check digit is wrong."""
    value = _SEPARATORS.sub("", _LABEL.sub("", text.strip())).upper()
    if not value:
        return ""
    if _ISBN_10.match(value):
        if _check_10(value[:9]) != value[9]:
            raise ValueError(f"{text!r} is not an ISBN: its check digit is wrong.")
        value = "978" + value[:9]
        return value + _check_13(value)
    if _ISBN_13.match(value):
        if _check_13(value[:12]) != value[12]:
            raise ValueError(f"{text!r} is not an ISBN: its check digit is wrong.")
        return value
    raise ValueError(f"{text!r} is not an ISBN (expected 10 or 13 digits).")


def _check_10(digits: str) -> str:
    total = sum((10 - index) * int(digit) for index, digit in enumerate(digits))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def _check_13(digits: str) -> str:
    total = sum(int(digit) * (3 if index % 2 else 1) for index, digit in enumerate(digits))
    return str((10 - total % 10) % 10)


def book(http: HttpClient, isbn: str) -> Work:
    """The book of ``isbn``; NotFound when Open Library has no edition of it."""
    isbn = normalize_isbn(isbn)
    params = {"bibkeys": f"ISBN:{isbn}", "format": "json", "jscmd": "data"}
    return read_book(http.get(OPEN_LIBRARY, BOOKS_API, params=params).json(), isbn)


def read_book(data: object, isbn: str) -> Work:
    """The Books API's answer for ``isbn`` (an ISBN-13, or the ISBN-10 it was asked by) as a
    Work; NotFound for an answer without it (Open Library answers ``{}``)."""
    if not isinstance(data, dict):
        raise BadAnswer("Open Library's Books API answered something that is not its JSON")
    record = next(
        (value for key, value in data.items() if _asked(key, isbn) and isinstance(value, dict)),
        None,
    )
    if record is None:
        raise NotFound(f"Open Library has no book of ISBN {isbn}")
    identifiers = record.get("identifiers") if isinstance(record.get("identifiers"), dict) else {}
    title = _text(record.get("title"))
    if subtitle := _text(record.get("subtitle")):
        title = f"{title}: {subtitle}"
    pages = record.get("number_of_pages")
    return Work(
        source=OPEN_LIBRARY.name,
        kind="book",
        title=title,
        authors=tuple(
            Creator(_text(author.get("name")))
            for author in record.get("authors") or ()
            if isinstance(author, dict) and _text(author.get("name"))
        ),
        year=_year(_text(record.get("publish_date"))),
        publisher=_first_name(record.get("publishers")),
        address=_first_name(record.get("publish_places")),
        isbn=_isbn_13(identifiers) or normalize_isbn(isbn),
        url=_text(record.get("url")),
        page_count=pages if isinstance(pages, int) and pages > 0 else None,
    )


def _asked(key: object, isbn: str) -> bool:
    """Whether an answer's key ("ISBN:9780316030571") is the ISBN asked for."""
    if not isinstance(key, str) or not key.upper().startswith("ISBN:"):
        return False
    try:
        return normalize_isbn(key[5:]) == normalize_isbn(isbn)
    except ValueError:
        return False


def _isbn_13(identifiers: dict) -> str:
    for name in ("isbn_13", "isbn_10"):
        for value in identifiers.get(name) or ():
            try:
                return normalize_isbn(str(value))
            except ValueError:
                continue
    return ""


def _first_name(values: object) -> str:
    for item in values if isinstance(values, list) else ():
        name = _text(item.get("name")) if isinstance(item, dict) else _text(item)
        if name:
            return name
    return ""


def _year(date: str) -> int | None:
    """The year of a publish date as Open Library writes it ("July 28, 2008", "2009")."""
    found = _YEAR.search(date)
    return int(found.group(1)) if found else None


def _text(value: object) -> str:
    return " ".join(value.split()) if isinstance(value, str) else ""
