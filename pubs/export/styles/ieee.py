"""IEEE (tests/data/csl/styles/ieee.csl, "IEEE Reference Guide" 2024): numbered entries,
initials before family names, titles in quotation marks."""

from __future__ import annotations

from pubs.export.styles import Item, Style
from pubs.export.styles.names import NameStyle, format_names
from pubs.export.styles.text import (
    EMPTY,
    Text,
    affixed,
    bold,
    emphasized,
    group,
    italic,
    join,
    plain,
    quoted,
)
from pubs.export.styles.values import (
    capitalize_first,
    edition,
    is_range,
    page_range,
    typographic,
)

AUTHORS = NameStyle(
    and_="text", initialize_with=". ", et_al_min=7, et_al_use_first=1, et_al_italic=True,
    demote_particle="sort-only",
)  # fmt: skip
EDITORS = NameStyle(and_="text", initialize_with=". ", demote_particle="sort-only")
#: The style's short month names (it shortens June, July and September as the others).
MONTHS = (
    "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec.",
)  # fmt: skip
ITALIC_TITLES = (
    "bill", "book", "graphic", "legal_case", "legislation", "motion_picture", "song", "standard",
    "software",
)  # fmt: skip
BOOKISH = ("bill", "book", "chapter", "graphic", "legal_case", "legislation", "motion_picture")


def author(item: Item) -> Text:
    names = format_names(
        item.names("author"), AUTHORS, shortened=item.shortened, language=item.language
    )
    if names:
        return names
    return editor(item)


def editor(item: Item) -> Text:
    editors = item.names("editor")
    names = format_names(editors, EDITORS, language=item.language)
    return affixed(names, suffix=", Eds." if len(editors) > 1 else ", Ed.")


def title(item: Item) -> Text:
    if item.type in ITALIC_TITLES:
        return emphasized(item.text("title"))
    return quoted(plain(item.text("title")))


#: The types whose date is their year alone.
YEAR_ONLY = ("bill", "book", "chapter", "graphic", "legal_case", "legislation", "song", "thesis")
#: The types of the style's generic book-like form (title, then publisher, date and pages).
GENERIC_BOOKISH = ("bill", "book", "graphic", "legal_case", "legislation", "report", "song")
#: The types of its generic one-group form (title, container, publisher, pages, date).
GENERIC_ONE_GROUP = (
    "article-magazine", "article-newspaper", "broadcast", "interview", "manuscript", "map",
    "personal_communication", "speech",
)  # fmt: skip


def issued(item: Item) -> Text:
    if not item.year:
        return EMPTY
    year = str(item.year)
    month = MONTHS[item.month - 1] if item.month else ""
    if item.type in ("article-journal", "report", "paper-conference"):
        return plain(f"{month} {year}".strip())
    if item.type in YEAR_ONLY:
        return plain(year)
    return plain(text_date(item.date("issued")))


#: The types the style gives an edition.
EDITION_TYPES = (*BOOKISH, "paper-conference", "report", "song")


def edition_text(item: Item) -> Text:
    value = item.raw("edition")
    if not value or item.type not in EDITION_TYPES:
        return EMPTY
    printed = edition(value)
    if printed == value.strip():  # not a number: as written, capitalised, with a stop
        text = capitalize_first(typographic(printed))
        return plain(text if text.endswith(".") else text + ".")
    return plain(printed)


def locators(item: Item) -> Text:
    volume = item.number("volume")
    issue = item.number("issue")
    return join(
        (
            edition_text(item),
            plain(f"vol. {volume}") if volume else EMPTY,
            plain(f"no. {issue}") if issue else EMPTY,
        ),
        ", ",
    )


def page(item: Item) -> Text:
    value = item.raw("page")
    if not value:
        return EMPTY
    label = "pp." if is_range(value) else "p."
    return plain(f"{label} {page_range(value)}")


def publisher(item: Item) -> Text:
    place, name = plain(item.text("publisher-place")), plain(item.text("publisher"))
    if item.type in (*BOOKISH, "paper-conference", "song"):
        return group(place, name, delimiter=": ")
    return group(name, place, delimiter=", ")


def status(item: Item) -> Text:
    if item.has("page", "issue", "volume"):
        return EMPTY
    return bold(plain(capitalize_first(item.text("status"))))


def text_date(parts: tuple[int, ...]) -> str:
    """A date as the style writes it in words: "Jun. 09, 2014", "Jun. 2014", "2014"."""
    if len(parts) > 2:
        return f"{MONTHS[parts[1] - 1]} {parts[2]:02d}, {parts[0]}"
    if len(parts) > 1:
        return f"{MONTHS[parts[1] - 1]} {parts[0]}"
    return str(parts[0]) if parts else ""


def accessed(item: Item) -> str:
    when = text_date(item.date("accessed"))
    return f" Accessed: {when}." if when else ""


def access(item: Item) -> Text:
    if item.has("DOI") and item.type not in ("webpage", "post", "post-weblog"):
        return plain(f" doi: {item.raw('DOI')}.")
    if item.has("URL"):
        return plain(f"{accessed(item)} [Online]. Available: {item.raw('URL')}")
    return EMPTY


def collection(item: Item) -> Text:
    if not item.has("collection-title"):
        return EMPTY
    volume = item.number("volume")
    return join(
        (
            plain("in "),
            group(
                plain(item.text("collection-title")),
                plain(f"no. {item.raw('collection-number')}")
                if item.has("collection-number")
                else EMPTY,
                plain(f"vol. {volume}") if volume else EMPTY,
                delimiter=", ",
                suffix=". ",
            ),
        )
    )


def layout(item: Item) -> Text:
    kind = item.type
    head = affixed(author(item), suffix=", ")
    if kind == "article-journal":
        body = join(
            (
                group(
                    title(item),
                    emphasized(item.text("container-title")),
                    locators(item),
                    page(item),
                    issued(item),
                    status(item),
                    delimiter=", ",
                ),
                plain("," if item.has("URL", "DOI") else "."),
                access(item),
            )
        )
    elif kind == "paper-conference":
        event = group("in", emphasized(item.text("container-title")), delimiter=" ")
        opening = group(title(item), event, editor(item), delimiter=", ")
        details = group(
            publisher(item), issued(item), page(item), status(item), delimiter=", ", suffix="."
        )
        if not details and not item.has("collection-title"):
            # Kept difference: citeproc-js ends a paper with no date, publisher or pages
            # with the comma that would precede them ("Systems, "); a full stop here.
            body = join((affixed(opening, suffix="."), access(item)))
        else:
            body = join((affixed(opening, suffix=", "), collection(item), details, access(item)))
    elif kind == "chapter":
        body = join(
            (
                group(
                    title(item),
                    group("in ", emphasized(item.text("container-title")), delimiter=" "),
                    locators(item),
                    editor(item),
                    collection(item),
                    publisher(item),
                    issued(item),
                    page(item),
                    delimiter=", ",
                    suffix=".",
                ),
                access(item),
            )
        )
    elif kind == "report":
        body = join(
            (
                group(
                    title(item),
                    publisher(item),
                    group(plain(item.text("genre")), plain(item.raw("number")), delimiter=" "),
                    issued(item),
                    delimiter=", ",
                    suffix=".",
                ),
                access(item),
            )
        )
    elif kind == "thesis":
        body = join(
            (
                group(
                    title(item),
                    plain(item.text("genre")),
                    publisher(item),
                    issued(item),
                    delimiter=", ",
                    suffix=".",
                ),
                access(item),
            )
        )
    elif kind == "article":
        body = join(
            (
                group(
                    title(item),
                    issued(item),
                    group(italic(publisher(item)), plain(item.raw("number")), delimiter=": "),
                    delimiter=", ",
                    suffix=".",
                ),
                access(item),
            )
        )
    elif kind in ("webpage", "post", "post-weblog"):
        body = join(
            (
                group(title(item), plain(item.text("container-title")), delimiter=", ", suffix="."),
                access(item),
            )
        )
    elif kind == "standard":
        place = group(plain(item.text("publisher-place")), suffix=".")
        body = join(
            (
                group(
                    title(item),
                    group(plain(item.text("genre")), plain(item.raw("number")), delimiter=" "),
                    place,
                    issued(item),
                    delimiter=", ",
                    suffix=".",
                ),
                access(item),
            )
        )
    elif kind == "patent":
        body = join(
            (
                group(title(item), plain(item.raw("number")), issued(item), delimiter=", "),
                access(item),
            )
        )
    elif kind in GENERIC_BOOKISH:
        body = join(
            (
                group(title(item), locators(item), delimiter=", ", suffix=". "),
                collection(item),
                group(publisher(item), issued(item), page(item), delimiter=", ", suffix="."),
                access(item),
            )
        )
    elif kind in GENERIC_ONE_GROUP:
        body = join(
            (
                group(
                    title(item),
                    emphasized(item.text("container-title")),
                    locators(item),
                    publisher(item),
                    page(item),
                    issued(item),
                    delimiter=", ",
                    suffix=".",
                ),
                access(item),
            )
        )
    else:
        body = join(
            (
                group(
                    title(item),
                    emphasized(item.text("container-title")),
                    locators(item),
                    delimiter=", ",
                    suffix=". ",
                ),
                collection(item),
                group(publisher(item), page(item), issued(item), delimiter=", ", suffix="."),
                access(item),
            )
        )
    return join((head, body))


STYLE = Style(name="ieee", label="IEEE", layout=layout, numbered=True)
