"""Chicago Manual of Style, author-date (tests/data/csl/styles/chicago-author-date.csl):
author and year first, entries in the order of their authors, English titles in title
case, page ranges abbreviated (601–15)."""

from __future__ import annotations

from dataclasses import replace
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
EDITORS = NameStyle(
    and_="text", delimiter_precedes_last="contextual", normalize_with=". ",
    et_al_min=7, et_al_use_first=3,
)  # fmt: skip
#: The types whose date says the month and day after the title.
MONTH_DAY_TYPES = (
    "article", "broadcast", "collection", "dataset", "document", "event", "graphic",
    "manuscript", "map", "patent", "performance", "personal_communication", "post",
    "software", "song", "speech", "standard", "webpage",
)  # fmt: skip
#: The name variables that stand for absent authors, in order, with their labels.
SUBSTITUTES = (("editor", ", ed.", ", eds."), ("translator", ", trans.", ", trans."))
#: The types whose title is in quotation marks even without a container title.
QUOTED_TITLES = (
    "article", "dataset", "document", "interview", "manuscript", "paper-conference",
    "personal_communication", "speech", "thesis", "webpage",
)  # fmt: skip


def cased(item: Item, value: str) -> str:
    return title_case(value) if item.english else value


def author(item: Item) -> Text:
    """author-bib: the authors; without them the editors (but of a standard), then the
    translators."""
    if item.has("author") or item.type == "standard":
        return authors_or_editors(item, AUTHORS, one=", ed.", several=", eds.")
    for variable, one, several in SUBSTITUTES:
        names = item.names(variable)
        if names:
            found = format_names(names, AUTHORS, language=item.language, at_least=item.names_needed)
            return affixed(found, suffix=several if len(names) > 1 else one)
    return EMPTY


def substituted(item: Item) -> str:
    """The variable the author-bib macro prints in place of absent authors ("" when the
    item has authors or nothing to put there): the style leaves it out further on."""
    if item.has("author"):
        return ""
    if item.type != "standard":
        for variable, _, _ in SUBSTITUTES:
            if item.has(variable):
                return variable
    if item.type in ("software", "webpage") and item.has("publisher"):
        return "publisher"
    if item.type == "webpage" and item.has("container-title"):
        return "container-title"
    return "title" if item.has("title") else ""


def date(item: Item) -> Text:
    if item.year:
        return plain(f"{item.year}{item.year_suffix}")
    suffix = f"-{item.year_suffix}" if item.year_suffix else ""
    return plain(f"n.d.{suffix}")


def title(item: Item) -> Text:
    """title-primary: italic for books and works that stand alone, in quotation marks for
    parts of something (a container title) and container-like types; title case."""
    kind = item.type
    if kind == "patent":
        return plain(capitalize_first(item.text("title")))
    value = cased(item, item.text("title"))
    if kind in ("book", "graphic", "map"):
        return emphasized(value)
    if kind == "post":
        return quoted(plain(item.text("title")))
    if item.has("container-title") or kind in QUOTED_TITLES:
        return quoted(plain(value))
    return emphasized(value)


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


#: The types the style formats as a part of a serial (source-serial-bib).
SERIAL_TYPES = ("article-journal", "article-magazine", "article-newspaper", "periodical")
#: What locates a journal article in its journal: without any, it is "ahead of print".
LOCATING = (
    "collection-title", "issue", "number", "page", "volume", "volume-title",
    "available-date", "status",
)  # fmt: skip
#: The name variables whose presence puts a serial's date beside its issue number.
CONTRIBUTORS = ("author", "editor", "translator", "collection-editor", "compiler")


def serial_date(item: Item) -> str:
    """source-date-issued-month-day-serial: the month beside a volume or issue, else the
    month and day."""
    return month(item) if item.has("issue", "volume") else month_day(item)


def serial_title(item: Item) -> Text:
    """source-serial-title-bib: the container in italics, the place of publication in
    brackets, "ahead of print" for a journal article that has nothing to locate it."""
    container = emphasized(cased(item, item.text("container-title")))
    if item.has("publisher-place") and not item.has("event-date", "event-title"):
        place = affixed(plain(item.text("publisher-place")), "(", ")")
        container = group(container, place, delimiter=" ")
    if item.has(*LOCATING) or item.type != "article-journal":
        return container
    if item.has("DOI") and item.year:
        return group(container, plain("ahead of print"), delimiter=", ")
    return container


def serial_volume(item: Item) -> Text:
    """source-serial-identifier-volume-author-date: "12 (3)", "vol. 12 (3)" after a
    series, "no. 3 (May)"; without either, the status and the date."""
    series = plain(item.text("collection-title"))
    volume, issue = item.number("volume"), item.number("issue")
    if volume:
        label = f"vol. {volume}" if series and is_numeric(volume) else volume
        detail = issue or serial_date(item)
        numbers = plain(f"{label} ({detail})" if detail else label)
        return group(series, numbers, delimiter=", ") if series else numbers
    if issue:
        when = EMPTY
        if item.has(*CONTRIBUTORS):
            when = affixed(plain(serial_date(item)), "(", ")")
        return group(series, group(plain(f"no. {issue}"), when, delimiter=" "), delimiter=", ")
    status = item.text("status")
    if status and item.year and not item.has("publisher"):
        status = capitalize_first(status)
    return group(
        series,
        group(plain(status if item.year else ""), plain(serial_date(item)), delimiter=" "),
        delimiter=", ",
    )


def serial_locator(item: Item) -> Text:
    """source-serial-locator: an article number, else the pages."""
    if item.has("number"):
        return plain(item.raw("number"))
    return pages(item)


def source_serial(item: Item) -> Text:
    """source-serial-bib: a journal (or a conference paper without editors) with its
    volume, issue and pages."""
    identifier_delimiter = ": " if item.has("issue", "volume") else ", "
    identifier = group(serial_volume(item), serial_locator(item), delimiter=identifier_delimiter)
    delimiter = " " if item.has("volume") and not item.has("collection-title") else ", "
    return group(serial_title(item), identifier, delimiter=delimiter)


def source(item: Item) -> Text:
    kind = item.type
    if kind in SERIAL_TYPES or (kind == "paper-conference" and not item.has("editor")):
        if not item.has("translator", "edition"):
            return source_serial(item)
        serial_identifier = group(
            edition_text(item) if not item.has("container-title") else EMPTY,
            translators(item),
            delimiter=". ",
        )
        return group(serial_identifier, source_serial(item), delimiter=". ")
    if kind == "thesis":
        described = group(plain(item.text("genre")), publisher(item), delimiter=", ")
        return group(series(item), described, delimiter=". ")
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
    if kind in ("chapter", "paper-conference") or (kind == "book" and item.has("container-title")):
        editors = format_names(item.names("editor"), EDITORS, language=item.language)
        volume = item.number("volume")
        container = group(
            "In",
            group(
                emphasized(cased(item, item.text("container-title"))),
                edition_text(item),
                affixed(editors, "edited by "),
                plain(f"vol. {volume}" if is_numeric(volume) else volume),
                delimiter=", ",
            ),
            delimiter=" ",
        )
        return group(container, series(item), published(item), delimiter=". ")
    if kind == "report":
        return group(identifier_number(item), plain(item.text("publisher")), delimiter=". ")
    bookish = kind in ("book", "report")
    if kind == "book" and not item.has("container-title"):
        return source_book(item)
    return group(
        identifier_number(item),
        emphasized(cased(item, item.text("container-title"))),
        edition_text(item) if bookish else EMPTY,
        translators(item) if bookish else EMPTY,
        series(item) if kind not in ("post", "webpage") else EMPTY,
        group(
            publisher(item),
            group(
                plain(released(item)),
                plain(month_day(item)) if kind in MONTH_DAY_TYPES else EMPTY,
                delimiter=" ",
            ),
            delimiter=", ",
        ),
        delimiter=". ",
    )


def released(item: Item) -> str:
    """source-date-status-bib of software: "released" (capitalised without a publisher
    before it) when it says no status of its own."""
    if item.type != "software" or not item.year or item.has("status"):
        return ""
    return "released" if item.has("publisher") else "Released"


def identifier_number(item: Item) -> Text:
    """identifier-number-bib: the genre in title case and the number ("GB/T 3792—2021")."""
    if not item.has("number") or item.type in ("thesis", "song"):
        return EMPTY
    genre = title_case(item.text("genre"))
    number = capitalize_first(item.text("number"))
    if is_numeric(number) and item.type != "standard":
        number = f"No. {number}"
    return group(plain(genre), plain(number), delimiter=" ")


def contributors(item: Item) -> Text:
    """identifier-contributors-monographic-bib: "Edited by …. Translated by …"; the
    editors only where they are not already named as the authors."""
    editors = EMPTY
    if item.has("author"):
        found = format_names(item.names("editor"), EDITORS, language=item.language)
        editors = affixed(found, "Edited by ")
    return group(editors, translators(item), delimiter=". ")


def volume_capitalized(item: Item) -> Text:
    """label-volume-capitalized: "Vol. 3"; a volume that is no number as written."""
    volume = item.number("volume")
    if not volume:
        return EMPTY
    return plain(f"Vol. {volume}" if is_numeric(volume) else capitalize_first(volume))


def series(item: Item) -> Text:
    """source-series-title: the series in title case with its number ("no. 3")."""
    title = plain(cased(item, item.text("collection-title")))
    issue = item.number("issue")
    return group(title, plain(f"no. {issue}" if issue else ""), delimiter=", ")


def publisher(item: Item) -> Text:
    """source-publication-publisher-bib: the publisher, else the place of publication
    (not an event's), capitalised."""
    if item.has("publisher"):
        return plain(capitalize_first(item.text("publisher")))
    if item.has("event-date", "event-title"):
        return EMPTY
    return plain(capitalize_first(item.text("publisher-place")))


def source_book(item: Item) -> Text:
    """A whole book: edition, contributors other than the authors, volume, series,
    publisher."""
    return group(
        edition_text(item),
        contributors(item),
        volume_capitalized(item),
        series(item),
        published(item),
        delimiter=". ",
    )


def published(item: Item) -> Text:
    """source-publication-and-date-bib of a book or chapter: the publisher and the status
    ("Reichert, forthcoming")."""
    status = item.text("status") if item.year else ""
    if status and not item.has("publisher"):
        status = capitalize_first(status)
    return group(publisher(item), plain(status), delimiter=", ")


def edition_text(item: Item) -> Text:
    """ "2nd ed."; an edition that is no number as written, capitalised."""
    return plain(capitalize_first(edition(item.text("edition"))))


def doi_or_url(item: Item) -> Text:
    if item.has("DOI"):
        return plain(f"https://doi.org/{item.raw('DOI')}")
    return plain(item.raw("URL"))


def layout(item: Item) -> Text:
    stand_in = substituted(item)
    rest = item
    if stand_in:
        rest = replace(item, csl={k: v for k, v in item.csl.items() if k != stand_in})
    if stand_in == "title":
        head = title(item)
    elif stand_in in ("publisher", "container-title"):
        head = plain(cased(item, item.text(stand_in)))
    else:
        head = author(item)
    body = group(
        head,
        date(item),
        group(title(rest), source(rest), delimiter=". "),
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
