"""Every UI string has its Simplified Chinese translation, and the compiled catalogue is current."""

import ast
import gettext
import io
import re
import tokenize
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[1] / "locale" / "zh_Hans" / "LC_MESSAGES"


def po_entries() -> list[dict]:
    """The entries of django.po: msgctxt, msgid, msgid_plural, msgstr (list), flags."""
    entries, entry = [], None
    key = None
    for line in [*(LOCALE / "django.po").read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if entry and entry.get("msgid"):
                entries.append(entry)
            entry, key = None, None
            continue
        entry = entry or {"msgstr": {}, "flags": ""}
        if line.startswith("#,"):
            entry["flags"] += line
        elif line.startswith("#"):
            continue
        elif match := re.match(r'(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (".*")$', line):
            name, index, text = match.groups()
            key = (name, index)
            value = ast.literal_eval(text)
            if name == "msgstr":
                entry["msgstr"][int(index or 0)] = value
            else:
                entry[name] = value
        elif line.startswith('"') and key:
            value = ast.literal_eval(line)
            if key[0] == "msgstr":
                entry["msgstr"][int(key[1] or 0)] += value
            else:
                entry[key[0]] += value
    return entries


ENTRIES = po_entries()


def test_the_catalogue_has_the_ui_strings():
    assert len(ENTRIES) > 300


def test_every_string_is_translated():
    missing = [
        entry["msgid"]
        for entry in ENTRIES
        if "fuzzy" in entry["flags"] or not entry["msgstr"] or not all(entry["msgstr"].values())
    ]
    assert missing == []


def test_the_compiled_catalogue_matches_the_po_file():
    with open(LOCALE / "django.mo", "rb") as f:
        catalogue = gettext.GNUTranslations(f)
    assert ENTRIES
    for entry in ENTRIES:
        if "msgctxt" in entry:
            assert catalogue.pgettext(entry["msgctxt"], entry["msgid"]) == entry["msgstr"][0]
        elif "msgid_plural" in entry:
            assert (
                catalogue.ngettext(entry["msgid"], entry["msgid_plural"], 1) == entry["msgstr"][0]
            )
        else:
            assert catalogue.gettext(entry["msgid"]) == entry["msgstr"][0], entry["msgid"]


# -- every string of ours is in a catalogue -------------------------------------------------
# The strings makemessages would gather (our templates, public and admin, and our Python:
# gettext and its lazy, plural and context forms) each have a Chinese translation: ours, or
# Django's where a template of ours uses one of its strings ("Home", "Save").

ROOT = Path(__file__).resolve().parents[1]
#: The calls makemessages reads in Python (its xgettext keywords), and how many of their first
#: arguments are a context (c) and the messages (m).
PYTHON_CALLS = {
    "_": "m",
    "gettext": "m",
    "gettext_lazy": "m",
    "gettext_noop": "m",
    "ngettext": "mm",
    "ngettext_lazy": "mm",
    "pgettext": "cm",
    "pgettext_lazy": "cm",
    "npgettext": "cmm",
    "npgettext_lazy": "cmm",
}


def _calls(tree: ast.AST) -> list[tuple[str, tuple[str, ...]]]:
    """(function, string arguments) of each call of ``tree`` makemessages would read."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        shape = PYTHON_CALLS.get(name)
        args = node.args[: len(shape)] if shape else []
        if (
            shape
            and len(args) == len(shape)
            and all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args)
        ):
            found.append((name, tuple(a.value for a in args)))
    return found


def template_calls(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """The translated strings of a template, read as makemessages reads them: the template
    rewritten by Django's templatize into blanked-out text (every other character an X) and
    gettext calls, whose string arguments follow the call's name and parenthesis."""
    from django.utils.translation.template import templatize

    code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
    code = "\n".join(line.lstrip() for line in code.splitlines())  # no indentation to read
    tokens = [
        t
        for t in tokenize.generate_tokens(io.StringIO(code).readline)
        if t.type in (tokenize.NAME, tokenize.OP, tokenize.STRING)
    ]
    found = []
    for i, token in enumerate(tokens[:-1]):
        shape = PYTHON_CALLS.get(token.string) if token.type == tokenize.NAME else None
        if shape and tokens[i + 1].string == "(":
            strings = [t for t in tokens[i + 2 : i + 2 + 2 * len(shape) : 2]]
            if all(t.type == tokenize.STRING for t in strings):
                found.append((token.string, tuple(ast.literal_eval(t.string) for t in strings)))
    return found


def our_strings() -> list[tuple[str, str, tuple[str, ...]]]:
    """(file, function, arguments) of every translatable string of ours."""
    strings = []
    for path in sorted((ROOT / "templates").rglob("*.html")) + sorted(
        (ROOT / "templates").rglob("*.txt")
    ):
        strings += [(str(path.relative_to(ROOT)), *call) for call in template_calls(path)]
    for package in ("config", "people", "pubs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                tree = ast.parse(path.read_text(encoding="utf-8"))
                strings += [(str(path.relative_to(ROOT)), *call) for call in _calls(tree)]
    return strings


def _translated(function: str, args: tuple[str, ...]) -> bool:
    from django.utils import translation

    with translation.override("zh-hans"):
        if function.startswith("npgettext"):
            return translation.npgettext(*args, 1) != args[1]
        if function.startswith("pgettext"):
            return translation.pgettext(*args) != args[1]
        if function.startswith("ngettext"):
            return translation.ngettext(*args, 1) != args[0]
        return translation.gettext(args[0]) != args[0]


def test_the_strings_of_ours_are_found():
    files = {file for file, _, _ in our_strings()}
    assert "templates/includes/cite_box.html" in files
    assert "templates/admin/base_site.html" in files
    assert "pubs/models.py" in files and "people/admin.py" in files


def test_every_admin_and_public_string_of_ours_has_a_chinese_translation():
    in_our_catalogue = {entry["msgid"] for entry in ENTRIES}
    missing = [
        f"{file}: {args}"
        for file, function, args in our_strings()
        if args[-1 if "p" in function[:2] else 0] not in in_our_catalogue
        and args[0].replace("%%", "%") not in in_our_catalogue
        and not _translated(function, args)
    ]
    assert missing == []
