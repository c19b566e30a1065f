"""Every export of a lab whose every text field holds a hostile string keeps its structure
and the string: BibTeX parses into the same entry and fields and reads back the value, RIS
keeps its record boundaries, CSL-JSON stays JSON, CV lists escape what their markup means."""

import json
import re

import bibtexparser
import pytest
from django.test import Client
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db

from tests.security.hostile import MEMBER, PAPER, fetch_all, plain_responses

BIB = f"/publications/{PAPER}/export.bib"
EXPORTS = {
    "bib": BIB,
    "bib utf8": f"{BIB}?utf8=1&extras=1",
    "ris": f"/publications/{PAPER}/export.ris",
    "json": f"/publications/{PAPER}/export.json",
    "md": f"/people/{MEMBER}/cv.md",
    "tex": f"/people/{MEMBER}/cv.tex",
    "txt": f"/people/{MEMBER}/cv.txt",
}
#: Fields written from the paper's text fields as they are (names are split, pages and
#: identifiers have a shape of their own).
WRITTEN = ("title", "booktitle", "series", "publisher", "address", "abstract")
RIS_LINE = re.compile(r"[A-Z][A-Z0-9]  - .*")
#: Characters with a meaning in Markdown and in LaTeX (a backslash escapes the next one).
MARKDOWN_SPECIALS = "\\`*_[]<>"
LATEX_SPECIALS = "\\{}$&%#^_~"


def unescaped(text: str, specials: str) -> list[str]:
    """The special characters of ``text`` that no backslash escapes, in order."""
    tokens = re.findall(r"\\.|[" + re.escape(specials) + "]", text, re.DOTALL)
    return [token for token in tokens if len(token) == 1]


def latex_specials(text: str) -> list[str]:
    """The LaTeX special characters of ``text`` outside escapes (``\\%``, ``\\textdollar{}``)
    and the ``{}`` that keeps two hyphens apart (``-{}-``)."""
    return unescaped(re.sub(r"\\[A-Za-z]+\{\}|(?<=-)\{\}(?=-)", "", text), LATEX_SPECIALS)


def latex_text(value: str) -> str:
    """The text a LaTeX value shows (pylatexenc; its circumflex is the spacing one). Hyphens
    written apart (``-{}-``) show as hyphens, not as a dash."""
    return _LATEX.latex_to_text(value).replace("\u02c6", "^")


def _latex_decoder() -> LatexNodes2Text:
    """pylatexenc, knowing the brace commands of LaTeX's text mode as well."""
    context = get_default_latex_context_db()
    braces = [MacroTextSpec("textbraceleft", "{"), MacroTextSpec("textbraceright", "}")]
    context.add_context_category("braces", prepend=True, macros=braces)
    return LatexNodes2Text(latex_context=context, math_mode="verbatim")


_LATEX = _latex_decoder()


@pytest.fixture(scope="module")
def baseline(django_db_setup, django_db_blocker) -> dict[str, str]:
    """The exports of the lab with plain text in every field (nothing is kept)."""
    with django_db_blocker.unblock():
        return plain_responses(EXPORTS)


@pytest.fixture(scope="module")
def hostile_exports(hostile_module_db, django_db_blocker) -> dict[str, str]:
    """The exports of the hostile lab, read once for the tests of its payload."""
    with django_db_blocker.unblock():
        return fetch_all(Client(), EXPORTS)


def one_line(text: str) -> str:
    return " ".join(text.split())


def entry_fields(text: str) -> dict[str, str]:
    library = bibtexparser.parse_string(text)
    assert not library.failed_blocks
    assert len(library.blocks) == 1
    (entry,) = library.entries
    return {field.key.lower(): field.value for field in entry.fields}


@pytest.mark.parametrize("variant", ["bib", "bib utf8"])
def test_bibtex_is_one_entry_with_the_fields_of_plain_text(
    payload, hostile_exports, baseline, variant
):
    fields = entry_fields(hostile_exports[variant])
    assert sorted(fields) == sorted(entry_fields(baseline[variant]))


@pytest.mark.parametrize("variant", ["bib", "bib utf8"])
def test_bibtex_keeps_the_value(payload, hostile_exports, variant):
    fields = entry_fields(hostile_exports[variant])
    values = {field: latex_text(fields[field]) for field in WRITTEN}
    assert values == dict.fromkeys(WRITTEN, one_line(payload))


def test_ris_keeps_one_record_of_tagged_lines(payload, hostile_exports):
    lines = hostile_exports["ris"].splitlines()
    assert lines[0] == "TY  - CONF"
    assert lines[-1] == "ER  - "
    assert [line for line in lines if not RIS_LINE.fullmatch(line)] == []
    assert [line[:2] for line in lines].count("TY") == 1
    assert [line[:2] for line in lines].count("ER") == 1
    assert f"TI  - {one_line(payload)}" in lines


def test_csl_json_is_json_with_the_value(payload, hostile_exports):
    (item,) = json.loads(hostile_exports["json"])
    assert item["title"] == payload
    assert item["abstract"] == payload
    assert item["container-title"] == payload


def test_markdown_cv_escapes_what_markdown_means(payload, hostile_exports, baseline):
    text = hostile_exports["md"]
    assert len(text.splitlines()) == 1
    assert unescaped(text, MARKDOWN_SPECIALS) == unescaped(baseline["md"], MARKDOWN_SPECIALS)
    assert f"*{one_line(payload)}*" in re.sub(r"\\(.)", r"\1", text)


def test_latex_cv_escapes_what_latex_means(payload, hostile_exports, baseline):
    text = hostile_exports["tex"]
    assert latex_specials(text) == latex_specials(baseline["tex"])
    assert len(text.splitlines()) == len(baseline["tex"].splitlines())
    title = re.search(r"\\textit\{(.*?)\}, \(", text).group(1)
    assert latex_text(title) == one_line(payload)


def test_text_cv_is_one_line_with_the_value(payload, hostile_exports):
    text = hostile_exports["txt"]
    assert len(text.splitlines()) == 1
    assert one_line(payload) in text
