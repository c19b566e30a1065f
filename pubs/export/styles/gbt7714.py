"""GB/T 7714-2015, numeric (tests/data/csl/styles/, the file
china-national-standard-gb-t-7714-2015-numeric.csl with the multilingual layout it carries
commented out): numbered entries, family
names in capitals, a document-type code after the title ([J], [C], [M], [D], [P], [R], [A],
[Z]; "/OL" when the work is online), "等" after a Chinese author list and "et al." after
an English one."""

from __future__ import annotations

from dataclasses import replace

from pubs.export.styles import Item, Style
from pubs.export.styles.names import NameStyle, format_names
from pubs.export.styles.text import EMPTY, Text, affixed, group, join, plain
from pubs.export.styles.values import edition, is_numeric, page_range

#: Names in English entries; Chinese ones end a shortened list with "等".
ENGLISH_NAMES = NameStyle(
    name_as_sort_order="all", sort_separator=" ", initialize_with=" ",
    initialize_with_hyphen=False, demote_particle="never", family_upper=True, et_al_min=4,
    et_al_use_first=3,
)  # fmt: skip
CHINESE_NAMES = replace(ENGLISH_NAMES, et_al="等")
#: The document-type code of each CSL type (GB/T 7714-2015, table 1 of annex B).
TYPE_CODES = {
    "article": "A", "bill": "A", "collection": "A", "hearing": "A", "legal_case": "A",
    "legislation": "A", "personal_communication": "A", "regulation": "A", "treaty": "A",
    "article-journal": "J", "article-magazine": "J", "periodical": "J", "article-newspaper": "N",
    "book": "M", "chapter": "M", "classic": "M", "entry-dictionary": "M",
    "entry-encyclopedia": "M", "dataset": "DS", "map": "CM", "paper-conference": "C",
    "patent": "P", "post": "EB", "post-weblog": "EB", "webpage": "EB", "report": "R",
    "software": "CP", "standard": "S", "thesis": "D",
}  # fmt: skip
#: Where the entry's source is a part of a larger work ("//" before the whole).
CONTAINED = ("chapter", "entry-dictionary", "entry-encyclopedia", "paper-conference")


def chinese(item: Item) -> bool:
    """Whether the item takes the Chinese layout ("等"): every item but the English ones."""
    return item.language[:2] != "en"


def names(item: Item, variable: str, *, shortened: bool = False) -> Text:
    style = CHINESE_NAMES if chinese(item) else ENGLISH_NAMES
    return format_names(item.names(variable), style, shortened=shortened, language=item.language)


def author(item: Item) -> Text:
    found = names(item, "author", shortened=item.shortened)
    if not found and not item.has("container-title"):
        return names(item, "editor")
    return found


def title(item: Item) -> Text:
    kind = item.type
    detail = []
    if not item.has("container-title") and kind not in CONTAINED:
        detail.append(volume(item))
    if kind not in ("article", "article-journal"):
        detail.append(plain(item.raw("number")))
    head = group(plain(item.text("title")), group(*detail, delimiter="\u2003"), delimiter=": ")
    medium = "OL" if item.has("URL", "DOI") else ""
    code = "/".join(part for part in (TYPE_CODES.get(kind, "Z"), medium) if part)
    return join((head, plain(f"[{code}]")))


def volume(item: Item) -> Text:
    value = item.raw("volume")
    if item.type in (
        "article",
        "article-journal",
        "article-magazine",
        "article-newspaper",
        "periodical",
    ):
        return EMPTY
    if value and is_numeric(value):
        return plain(f"Vol. {value}" if not chinese(item) else f"卷 {value}")
    return plain(value)


def issued_year(item: Item) -> Text:
    return plain(str(item.year)) if item.year else EMPTY


def numeric_date(parts: tuple[int, ...]) -> str:
    """A date in the style's numeric form: "2008-01-16", "2008-01", "2008"."""
    return "-".join(f"{part:02d}" if index else str(part) for index, part in enumerate(parts))


def issued_date(item: Item) -> Text:
    if not item.year:
        return EMPTY
    return plain(numeric_date(item.date("issued")) or str(item.year))


def accessed_date(item: Item) -> Text:
    """The date accessed, in brackets, of a work online."""
    if not item.has("URL", "DOI") or not item.date("accessed"):
        return EMPTY
    return plain(f"[{numeric_date(item.date('accessed'))}]")


def edition_text(item: Item) -> Text:
    value = item.raw("edition")
    if not value:
        return EMPTY
    return plain(edition(value, term="版", ordinal=False) if chinese(item) else edition(value))


def translators(item: Item) -> Text:
    found = names(item, "translator")
    return affixed(found, suffix=", 译" if chinese(item) else ", trans.")


def page(item: Item) -> Text:
    return plain(page_range(item.raw("page"), form="expanded", delimiter="-"))


def publisher(item: Item) -> Text:
    kind = item.type
    if kind == "patent":
        return join((issued_date(item), accessed_date(item)))
    if kind in ("book", "chapter", "paper-conference", "periodical", "thesis") or item.has(
        "publisher", "publisher-place", "page"
    ):
        place = group(
            plain(item.text("publisher-place")), plain(item.text("publisher")), delimiter=": "
        )
        published = group(
            group(place, issued_year(item), delimiter=", "), page(item), delimiter=": "
        )
        return join((published, accessed_date(item)))
    if item.has("URL", "DOI"):
        return join((affixed(issued_date(item), "(", ")"), accessed_date(item)))
    return issued_year(item)


def container_periodical(item: Item) -> Text:
    head = join(
        (
            group(
                plain(item.text("container-title")),
                issued_year(item),
                plain(item.raw("volume")),
                delimiter=", ",
            ),
            affixed(plain(item.raw("issue")), "(", ")"),
        )
    )
    return join((group(head, page(item), delimiter=": "), accessed_date(item)))


def access(item: Item) -> Text:
    return group(plain(item.raw("URL")), affixed(plain(item.raw("DOI")), "DOI:"), delimiter=". ")


def layout(item: Item) -> Text:
    kind = item.type
    if kind == "periodical":
        year_volume = join(
            (
                group(issued_year(item), plain(item.raw("volume")), delimiter=", "),
                affixed(plain(item.raw("issue")), "(", ")"),
            )
        )
        parts = (title(item), year_volume, publisher(item))
    elif kind in ("article-journal", "article-magazine", "article-newspaper"):
        parts = (title(item), container_periodical(item))
    elif kind == "patent":
        parts = (title(item), publisher(item))
    elif kind in CONTAINED or item.has("container-title"):
        container = group(
            names(item, "editor"),
            group(plain(item.text("container-title")), volume(item), delimiter=": "),
            delimiter=". ",
        )
        parts = (
            group(group(title(item), translators(item), delimiter=". "), container, delimiter="//"),
            edition_text(item),
            publisher(item),
        )
    elif kind in ("dataset", "post", "post-weblog", "software", "webpage"):
        parts = (title(item), publisher(item))
    else:
        parts = (title(item), translators(item), edition_text(item), publisher(item))
    body = join((author(item), *parts, access(item)), ". ", punctuation_in_quotes=False)
    return affixed(body, suffix=".", punctuation_in_quotes=False)


STYLE = Style(name="gbt7714", label="GB/T 7714-2015", layout=layout, numbered=True)
