"""Chicago Manual of Style, author-date (tests/data/csl/styles/chicago-author-date.csl):
author and year first, entries in the order of their authors, English titles in title
case, page ranges abbreviated (601–15)."""

from __future__ import annotations

from typing import Any

from pubs.export.styles import Item, Style, authors_or_editors, date_key
from pubs.export.styles.names import NameStyle, format_names, sort_names
from pubs.export.styles.text import (
    EMPTY,
    Text,
    affixed,
    as_plain,
    emphasized,
    group,
    join,
    plain,
    quoted,
)
from pubs.export.styles.values import (
    MONTHS,
    capitalize_first,
    edition,
    is_numeric,
    page_range,
    title_case,
)

AUTHORS = NameStyle(
    and_="text", delimiter_precedes_last="always", name_as_sort_order="first",
    initialize_with=None, normalize_with=". ", et_al_min=7, et_al_use_first=3,
)  # fmt: skip
EDITORS = NameStyle(and_="text", delimiter_precedes_last="contextual", normalize_with=". ")
#: The types whose date says the month and day after the title.
MONTH_DAY_TYPES = ("webpage", "post", "post-weblog", "document")
ITALIC_TITLES = ("book", "report", "graphic", "map", "motion_picture", "software", "dataset")


def cased(item: Item, value: str) -> str:
    return title_case(value) if item.english else value


def author(item: Item) -> Text:
    return authors_or_editors(item, AUTHORS, one=", ed.", several=", eds.")


def date(item: Item) -> Text:
    if item.year:
        return plain(f"{item.year}{item.year_suffix}")
    suffix = f"-{item.year_suffix}" if item.year_suffix else ""
    return plain(f"n.d.{suffix}")


def title(item: Item) -> Text:
    value = cased(item, item.text("title"))
    if item.type in ITALIC_TITLES:
        return emphasized(value)
    if item.type == "patent":
        return plain(value)
    return quoted(plain(value))


def month(item: Item) -> str:
    return MONTHS[item.month - 1] if item.month else ""


def month_day(item: Item) -> str:
    """ "October 24", "October", "" for an item without a month."""
    day = item.date("issued")[2:3]
    return f"{month(item)} {day[0]}" if day and item.month else month(item)


def translators(item: Item) -> Text:
    found = format_names(item.names("translator"), EDITORS, language=item.language)
    return affixed(found, "Translated by ")


def pages(item: Item) -> Text:
    return plain(page_range(item.raw("page"), form="chicago-16"))


def source_serial(item: Item) -> Text:
    container = emphasized(cased(item, item.text("container-title")))
    volume = item.raw("volume")
    detail = item.raw("issue") or month(item)
    numbers = join((plain(volume), affixed(plain(detail), " (", ")"))) if volume else EMPTY
    head = group(container, numbers, delimiter=" ")
    if item.has("page"):
        return join((head, pages(item)), ": " if volume else ", ")
    if not volume and item.has("status"):
        return group(head, plain(capitalize_first(item.text("status"))), delimiter=", ")
    return head


def source_conference(item: Item) -> Text:
    container = group(
        emphasized(cased(item, item.text("container-title"))),
        affixed(plain(item.text("publisher-place")), "(", ")"),
        delimiter=" ",
    )
    return group(
        container,
        plain(item.text("collection-title")),
        plain(month(item)),
        pages(item),
        delimiter=", ",
    )


def source(item: Item) -> Text:
    kind = item.type
    if kind == "article-journal":
        return source_serial(item)
    if kind == "paper-conference" and not item.has("editor"):
        return source_conference(item)
    if kind == "thesis":
        return group(plain(item.text("genre")), plain(item.text("publisher")), delimiter=", ")
    if kind == "article":
        when = plain(month(item))
        if item.has("publisher"):
            described = group("Preprint", plain(item.text("publisher")), when, delimiter=", ")
        else:
            status = group(plain(capitalize_first(item.text("status"))), when, delimiter=" ")
            described = group("Preprint", status, delimiter=", ")
        described = described or plain("Preprint")
        return group(plain(item.raw("number")), described, delimiter=". ")
    if kind == "patent":
        number = plain(f"Patent {item.raw('number')}".strip())
        issued = ""
        if item.year:
            when = f"{month_day(item)}, {item.year}" if item.date("issued")[2:] else ""
            issued = "issued " + (when or f"{month(item)} {item.year}".strip())
        return group(number, plain(issued), delimiter=", ")
    if kind in ("chapter", "paper-conference"):
        editors = format_names(item.names("editor"), EDITORS, language=item.language)
        volume = item.raw("volume")
        container = group(
            "In",
            group(
                emphasized(cased(item, item.text("container-title"))),
                edition_text(item),
                affixed(editors, "edited by "),
                plain(f"vol. {volume}" if is_numeric(volume) else volume)
                if volume and kind == "chapter"
                else EMPTY,
                delimiter=", ",
            ),
            delimiter=" ",
        )
        series = plain(cased(item, item.text("collection-title"))) if kind == "chapter" else EMPTY
        return group(container, series, plain(item.text("publisher")), delimiter=". ")
    if kind == "report":
        return group(plain(item.raw("number")), plain(item.text("publisher")), delimiter=". ")
    bookish = kind in ("book", "report")
    return group(
        emphasized(cased(item, item.text("container-title"))),
        edition_text(item) if bookish else EMPTY,
        translators(item) if bookish else EMPTY,
        plain(cased(item, item.text("collection-title"))) if kind == "book" else EMPTY,
        plain(month_day(item)) if kind in MONTH_DAY_TYPES else EMPTY,
        plain(item.text("publisher")),
        delimiter=". ",
    )


def edition_text(item: Item) -> Text:
    """ "2nd ed."; an edition that is no number as written, capitalised."""
    return plain(capitalize_first(edition(item.text("edition"))))


def doi_or_url(item: Item) -> Text:
    if item.has("DOI"):
        return plain(f"https://doi.org/{item.raw('DOI')}")
    return plain(item.raw("URL"))


def layout(item: Item) -> Text:
    body = group(
        author(item),
        date(item),
        group(title(item), source(item), delimiter=". "),
        doi_or_url(item),
        delimiter=". ",
    )
    return affixed(body, suffix=".")


def sort_keys(item: Item) -> tuple[Any, ...]:
    """The style's sort: authors, dated works first, year; among ties, title, source,
    volume and date (rendered only for those)."""
    names = sort_names(item.names("author") or item.names("editor"), et_al_min=7, et_al_use_first=3)
    year = str(item.year) if item.year else None
    return (
        names or None,
        "0" if item.year else "1",
        year,
        year,
        lambda: (
            as_plain(title(item)) or None,
            as_plain(source(item)) or None,
            item.raw("volume") or None,
            date_key(item),
        ),
    )


def ambiguity(item: Item) -> tuple:
    """What a Chicago citation can show: the authors' family names (added until they
    differ), the first author's given name, the year."""
    names = item.names("author") or item.names("editor")
    first = names[0].given if names and not names[0].literal else ""
    year = str(item.year) if item.year else "n.d."
    return (year, tuple(name.key for name in names), first)


STYLE = Style(
    name="chicago", label="Chicago", layout=layout, sort_keys=sort_keys, ambiguity=ambiguity
)
