"""ACM (tests/data/csl/styles/association-for-computing-machinery.csl): numbered entries
in the order of their authors, full names, the year after the authors."""

from __future__ import annotations

from pubs.export.styles import Item, Style, date_key
from pubs.export.styles.names import NameStyle, format_names, sort_names
from pubs.export.styles.text import EMPTY, Text, affixed, emphasized, group, italic, join, plain
from pubs.export.styles.values import MONTHS, capitalize_first, edition, page_range

AUTHORS = NameStyle(and_="text", demote_particle="sort-only")
EDITORS = NameStyle(and_="text", delimiter_precedes_last="never", demote_particle="sort-only")
BOOKISH = (
    "bill",
    "book",
    "graphic",
    "legal_case",
    "legislation",
    "motion_picture",
    "report",
    "song",
)


def author(item: Item) -> Text:
    names = format_names(
        item.names("author"), AUTHORS, shortened=item.shortened, language=item.language
    )
    if not names:
        editors = item.names("editor")
        label = capitalize_first("eds." if len(editors) > 1 else "ed.")
        names = affixed(
            format_names(editors, AUTHORS, language=item.language), suffix=f" ({label})"
        )
    return affixed(names, suffix=".")


def editor(item: Item) -> Text:
    editors = item.names("editor")
    names = format_names(editors, EDITORS, language=item.language)
    return affixed(names, suffix=" (eds.)" if len(editors) > 1 else " (ed.)")


def year(item: Item) -> Text:
    return plain(str(item.year) + item.year_suffix) if item.year else EMPTY


def title(item: Item) -> Text:
    if item.type == "patent" and not item.has("title"):
        # Kept difference: a patent known only by its number (no title) is named by it;
        # the style prints no number, so citeproc-js leaves such a patent unnamed.
        return plain(item.raw("number"))
    if item.type in BOOKISH:
        return group(emphasized(item.text("title")), edition_text(item), delimiter=" ")
    return plain(item.text("title"))


def edition_text(item: Item) -> Text:
    """The edition in brackets: "(2nd ed.)"; one that is no number with the term all the
    same ("(Rev. ed.)"), as citeproc-js prints the style's ordinal."""
    value = item.raw("edition").strip()
    if not value:
        return EMPTY
    printed = edition(value)
    return plain(f"({printed if printed != value else f'{value} ed.'})")


def book_publisher(item: Item) -> Text:
    return group(plain(item.text("publisher")), plain(item.text("publisher-place")), delimiter=", ")


def page(item: Item) -> Text:
    return plain(page_range(item.raw("page")))


def access(item: Item) -> Text:
    if item.has("DOI"):
        return plain(f" https://doi.org/{item.raw('DOI')}")
    if item.has("URL"):
        when = long_date(item.date("accessed"))
        return plain(f" Retrieved {when + ' ' if when else ''}from {item.raw('URL')}")
    return EMPTY


def long_date(parts: tuple[int, ...]) -> str:
    """ "July 26, 2012", "July 2012", "2012"; "" for no date."""
    if len(parts) > 2:
        return f"{MONTHS[parts[1] - 1]} {parts[2]}, {parts[0]}"
    if len(parts) > 1:
        return f"{MONTHS[parts[1] - 1]} {parts[0]}"
    return str(parts[0]) if parts else ""


def journal(item: Item) -> Text:
    date = ""
    if item.year:
        date = f"({MONTHS[item.month - 1]} {item.year})" if item.month else f"({item.year})"
    return group(
        emphasized(item.text("container-title")),
        affixed(plain(item.number("volume")), suffix=","),
        join((affixed(plain(item.number("issue")), suffix=" "), plain(date))),
        delimiter=" ",
    )


def source(item: Item) -> Text:
    kind = item.type
    if kind in BOOKISH:
        return affixed(book_publisher(item), suffix=".")
    if kind == "paper-conference":
        venue = group(
            "In",
            group(
                emphasized(item.text("container-title")),
                affixed(emphasized(item.text("collection-title")), "(", ")"),
                delimiter=" ",
            ),
            delimiter=" ",
        )
        date = plain(
            f"{MONTHS[item.month - 1]} {item.year}" if item.month else str(item.year or "")
        )
        tail = group(book_publisher(item), page(item), delimiter=", ", suffix=".")
        if not tail:
            # Kept difference: citeproc-js ends such an entry "2023. ." or "Systems, ."
            # (the layout's full stop after the date's); one full stop here.
            return group(venue, date if item.year else EMPTY, delimiter=", ")
        return join(
            (
                affixed(venue, suffix=", "),
                group(date if item.year else EMPTY, delimiter=", ", suffix=". "),
                tail,
            )
        )
    if kind == "chapter":
        return join(
            (
                group(
                    "In",
                    group(
                        group(
                            emphasized(item.text("container-title")),
                            affixed(plain(edition(item.raw("edition"))), "(", ")"),
                            delimiter=" ",
                        ),
                        editor(item),
                        delimiter=", ",
                    ),
                    delimiter=" ",
                ),
                group(book_publisher(item), page(item), delimiter=", ", prefix=". ", suffix="."),
            )
        )
    if kind == "article-journal":
        return group(journal(item), page(item), delimiter=", ", suffix=".")
    if kind == "thesis":
        return group(plain(item.text("genre")), book_publisher(item), delimiter=". ")
    return group(
        italic(
            group(plain(item.text("container-title")), plain(item.number("volume")), delimiter=" ")
        ),
        page(item),
        delimiter=", ",
        suffix=".",
    )


def layout(item: Item) -> Text:
    return join(
        (
            group(author(item), year(item), title(item), delimiter=". ", suffix=". "),
            affixed(source(item), suffix="."),
            access(item),
        )
    )


def sort_keys(item: Item) -> tuple[str | None, ...]:
    """The style's sort: by the authors' names, then the date."""
    names = item.names("author") or item.names("editor")
    return (sort_names(names) or None, date_key(item))


STYLE = Style(name="acm", label="ACM", layout=layout, numbered=True, sort_keys=sort_keys)
