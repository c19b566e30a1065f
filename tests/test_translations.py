"""Every UI string has its Simplified Chinese translation, and the compiled catalogue is current."""

import ast
import gettext
import re
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[1] / "locale" / "zh_Hans" / "LC_MESSAGES"


def po_entries() -> list[dict]:
    """The entries of django.po: msgid, msgid_plural, msgstr (list), flags."""
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
        elif match := re.match(r'(msgid_plural|msgid|msgstr)(?:\[(\d+)\])? (".*")$', line):
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
    for entry in ENTRIES:
        if "msgid_plural" in entry:
            assert (
                catalogue.ngettext(entry["msgid"], entry["msgid_plural"], 1) == entry["msgstr"][0]
            )
        else:
            assert catalogue.gettext(entry["msgid"]) == entry["msgstr"][0], entry["msgid"]
