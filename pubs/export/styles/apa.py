"""APA, 7th edition (tests/data/csl/styles/apa.csl): author and year first, entries in
the order of their authors, works without a journal or proceedings in italics."""

from __future__ import annotations

from dataclasses import replace

from pubs.export.styles import Item, Style, authors_or_editors, date_key
from pubs.export.styles.names import NameStyle, format_names, initials, sort_names
from pubs.export.styles.text import (
    EMPTY,
    Text,
    affixed,
    emphasized,
    group,
    italic,
    join,
    plain,
)
from pubs.export.styles.values import (
    capitalize_first,
    edition,
    is_numeric,
    is_range,
    number_range,
    page_range,
    title_case,
)

AUTHORS = NameStyle(
    and_="symbol", delimiter_precedes_last="always", name_as_sort_order="all",
    initialize_with=". ", demote_particle="never", et_al_min=21, et_al_use_first=19,
    et_al_use_last=True,
)  # fmt: skip
#: Editors of a book a chapter is in ("S. Guo & J. Simon").
CONTAINER_EDITORS = NameStyle(and_="symbol", initialize_with=". ", demote_particle="never")
SERIAL = ("article-journal", "article-magazine", "article-newspaper", "periodical", "post-weblog")
MONTH_DAY_TYPES = (
    "article-magazine", "article-newspaper", "broadcast", "collection", "document", "event",
    "motion_picture", "pamphlet", "performance", "personal_communication", "post",
    "post-weblog", "song", "speech", "webpage",
)  # fmt: skip
#: description-format-term-generic: what a work of these types is, when it has no genre
#: (the terms of the style's English locale).
GENERIC_FORMATS = {
    "broadcast": "Broadcast", "collection": "Archival collection", "dataset": "Dataset",
    "graphic": "Graphic", "map": "Map", "motion_picture": "Video recording",
    "post": "Online post", "software": "Computer software", "song": "Audio recording",
}  # fmt: skip
#: The types without a monographic identifier (edition, volume, pages in brackets after
#: the title): serials and events (identifier-monographic).
NOT_MONOGRAPHIC = (
    "article-journal", "article-magazine", "article-newspaper", "broadcast", "event",
    "patent", "performance", "periodical", "post", "post-weblog", "review", "review-book",
    "speech", "webpage", "interview", "paper-conference",
)  # fmt: skip
#: The types listed under their title rather than their editors when they are part of
#: something (the author-title-substitute of the style's author macro).
TITLE_FIRST_TYPES = ("book", "classic", "entry", "entry-dictionary", "entry-encyclopedia")
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


def cased(item: Item, value: str) -> str:
    return title_case(value) if item.english else value


def author(item: Item) -> Text:
    """The authors; without them the editors, as the author macro substitutes them."""
    if item.has("author"):
        return authors_or_editors(item, AUTHORS, one=" (Ed.)", several=" (Eds.)")
    editors = item.names("editor")
    found = format_names(editors, AUTHORS, language=item.language, at_least=item.names_needed)
    return affixed(found, suffix=" (Eds.)" if len(editors) > 1 else " (Ed.)")


def substituted(item: Item) -> str:
    """The variable the author macro prints in place of absent authors ("" when the item
    has authors or nothing to put there): the style leaves it out further on."""
    if item.has("author"):
        return ""
    if item.type in TITLE_FIRST_TYPES and item.has("container-title") and item.has("title"):
        return "title"
    if item.has("editor"):
        return "editor"
    if item.type in ("software", "webpage") and item.has("publisher"):
        return "publisher"
    return "title" if item.has("title") else ""


def date(item: Item) -> Text:
    if item.year:
        year = f"{item.year}{item.year_suffix}"
        month_day = item.type in MONTH_DAY_TYPES or (
            item.type in ("interview", "paper-conference")
            and not item.has("editor", "issue", "page", "volume")
        )
        if month_day and item.month:
            day = item.date("issued")[2:3]
            when = f"{MONTHS[item.month - 1]} {day[0]}" if day else MONTHS[item.month - 1]
            return plain(f"({year}, {when})")
        return plain(f"({year})")
    if item.has("status"):
        return plain(f"({item.text('status').lower()}{item.year_suffix})")
    suffix = f"-{item.year_suffix}" if item.year_suffix else ""
    return plain(f"(n.d.{suffix})")


def title(item: Item) -> Text:
    value = plain(item.text("title"))
    if item.type in ("post", "webpage"):
        return italic(value)
    if item.has("container-title"):
        return value
    if item.type in SERIAL:
        return italic(value)
    return italic(group(value, volume_title(item), delimiter=": "))


def volume_title(item: Item) -> Text:
    """title-volume: a volume that is no number, printed after the title it belongs to
    ("Historical Linguistics: V. 12, A-B")."""
    volume = item.text("volume")
    if not volume or is_numeric(volume) or number_range(volume) != volume:
        return EMPTY
    return plain(capitalize_first(volume))


def identifier(item: Item) -> Text:
    """identifier-number (a patent's whole identifier, in brackets): "Report No. 5"."""
    kind = item.type
    number = item.raw("number")
    if kind == "patent":
        label = "Patent No." if number else "Patent"
        return affixed(plain(f"{label} {capitalize_first(number)}".strip()), "(", ")")
    if kind == "report" and item.has("container-title"):
        return EMPTY
    if item.has("container-title"):
        return EMPTY
    parts = []
    if kind == "thesis" and item.has("genre") and number:
        parts.append("Publication")
    elif number and item.has("genre"):
        parts.append(title_case(item.text("genre")))
    if number:
        parts.append(("No. " if is_numeric(number) else "") + capitalize_first(number))
    return plain(" ".join(parts))


def description(item: Item) -> Text:
    kind = item.type
    if kind == "thesis":
        genre = capitalize_first(item.text("genre"))
        if item.has("DOI", "URL"):
            genre = ", ".join(part for part in (genre, item.text("publisher")) if part)
        return affixed(plain(genre), "[", "]")
    if kind in SERIAL or item.has("container-title"):
        return EMPTY
    if item.has("genre"):
        if item.has("number"):
            return EMPTY
        return affixed(plain(capitalize_first(item.text("genre"))), "[", "]")
    return affixed(plain(GENERIC_FORMATS.get(kind, "")), "[", "]")


def translators(item: Item) -> Text:
    found = format_names(item.names("translator"), CONTAINER_EDITORS, language=item.language)
    return affixed(found, suffix=", Trans.")


def contributors(item: Item) -> Text:
    """identifier-contributors-monographic of a whole work: its editors (when they are not
    its authors) and translators, "R. Roe, Ed.; T. Tee, Trans."."""
    editors = EMPTY
    if item.has("author"):
        names = item.names("editor")
        found = format_names(names, CONTAINER_EDITORS, language=item.language)
        editors = affixed(found, suffix=", Eds." if len(names) > 1 else ", Ed.")
    return group(editors, translators(item), delimiter="; ")


def book_details(item: Item, *, pages: bool) -> Text:
    """The edition, volume, issue and pages of a book: "2nd ed., Vol. 3, Issue 4, p. 50"."""
    volume = item.number("volume")
    issue = item.number("issue")
    where = EMPTY
    value = item.raw("page")
    if pages and value:
        label = "pp." if "-" in value else "p."
        where = plain(f"{label} {page_range(value, form='expanded')}")
    return group(
        plain(edition(item.raw("edition"))),
        plain(f"Vol. {volume}") if volume and is_numeric(volume) else EMPTY,
        plain(f"{'Issues' if is_range(issue) else 'Issue'} {issue}") if issue else EMPTY,
        where,
        delimiter=", ",
    )


def titled(item: Item) -> Text:
    """The title with the identifier in brackets: "Title (R. Roe, Ed.; Vol. 2)"."""
    kind = item.type
    if kind == "patent" or item.has("container-title"):
        return group(title(item), identifier(item), delimiter=" ")
    inside = group(
        contributors(item) if kind in ("book", "report") else EMPTY,
        identifier(item),
        book_details(item, pages=True) if kind not in NOT_MONOGRAPHIC else EMPTY,
        delimiter="; ",
    )
    return group(title(item), affixed(inside, "(", ")"), delimiter=" ")


def title_and_descriptions(item: Item) -> Text:
    if item.has("title"):
        return group(titled(item), description(item), delimiter=" ")
    number = identifier(item)
    if item.type != "patent":
        number = affixed(number, "(", ")")
    return group(description(item), number, delimiter=" ")


def source_serial(item: Item) -> Text:
    container = italic(
        group(
            plain(cased(item, item.text("container-title"))),
            plain(cased(item, item.text("collection-title"))),
            delimiter=", ",
        )
    )
    volume = join(
        (emphasized(item.number("volume")), affixed(plain(item.number("issue")), "(", ")"))
    )
    pages = plain(page_range(item.raw("page"), form="expanded"))
    head = group(container, volume, pages, delimiter=", ")
    status = EMPTY
    if not item.has("collection-title", "issue", "number", "page", "volume") and item.year:
        status = plain(capitalize_first(item.text("status")))
    return group(head, status, delimiter=". ")


def source_monographic(item: Item) -> Text:
    if not item.has("container-title"):
        return EMPTY
    editors = item.names("editor")
    editor = affixed(
        format_names(editors, CONTAINER_EDITORS, language=item.language),
        suffix=" (Eds.)" if len(editors) > 1 else " (Ed.)",
    )
    container = italic(
        group(plain(item.text("container-title")), volume_title(item), delimiter=": ")
    )
    where = affixed(book_details(item, pages=True), "(", ")")
    return group("In", group(editor, container, delimiter=", "), where, delimiter=" ")


def source(item: Item) -> Text:
    kind = item.type
    if kind in ("post", "webpage"):
        main = EMPTY
    elif kind in SERIAL or (kind in ("interview", "paper-conference") and not item.has("editor")):
        main = source_serial(item)
    else:
        main = source_monographic(item)
    publisher = EMPTY
    if kind == "thesis":
        if not item.has("DOI", "URL"):
            publisher = plain(item.text("publisher"))
    elif kind in SERIAL or (kind == "paper-conference" and not item.has("editor")):
        publisher = EMPTY
    else:
        publisher = plain(item.text("publisher"))
    return group(main, publisher, delimiter=". ")


def doi_or_url(item: Item) -> Text:
    if item.has("DOI"):
        return plain(f"https://doi.org/{item.raw('DOI')}")
    if item.has("URL"):
        if not item.year and not item.has("status"):
            return plain(f"Retrieved {item.raw('URL')}")  # the access date would come between
        return plain(item.raw("URL"))
    return EMPTY


#: What makes an interview or a personal communication one a reader can find (APA 8.9):
#: without any of these, it is cited in the text only, and the list has no entry for it.
_FINDABLE = (
    "archive", "archive-place", "container-title", "DOI", "number", "publisher", "references",
    "URL",
)  # fmt: skip


def layout(item: Item) -> Text:
    if item.type in ("interview", "personal_communication") and not any(
        item.csl.get(variable) for variable in _FINDABLE
    ):
        return EMPTY
    stand_in = substituted(item)
    rest = item
    if stand_in:
        rest = replace(item, csl={k: v for k, v in item.csl.items() if k != stand_in})
    if stand_in == "title":
        head, described = titled(item), description(item)
    else:
        head = plain(item.text("publisher")) if stand_in == "publisher" else author(item)
        described = title_and_descriptions(rest)
    return group(
        group(
            head,
            date(item),
            described,
            source(rest),
            delimiter=". ",
            suffix=".",
        ),
        doi_or_url(item),
        delimiter=" ",
    )


def sort_keys(item: Item) -> tuple[str | None, ...]:
    """The style's sort: authors, undated works first, date, status, title, volume."""
    names = sort_names(
        item.names("author") or item.names("editor"), initialize_with=". ",
        demote_particle=False, et_al_min=21, et_al_use_first=19, et_al_use_last=True,
    )  # fmt: skip
    return (
        names or None,
        "1" if item.year else "0",
        date_key(item),
        item.text("status") or None,
        item.text("title") or None,
        item.raw("volume") or None,
    )


def ambiguity(item: Item) -> tuple:
    """What an APA citation can show: the authors' family names (added until they differ),
    the first author's initials, the year."""
    names = item.names("author") or item.names("editor")
    first = initials(names[0].given, ". ") if names and not names[0].literal else ""
    year = str(item.year) if item.year else item.text("status").lower() or "n.d."
    return (year, tuple(name.key for name in names), first)


STYLE = Style(name="apa", label="APA", layout=layout, sort_keys=sort_keys, ambiguity=ambiguity)
