"""BibTeX text to raw entries: bibtexparser 2 reads the blocks, this module does the rest.

@string macros (with ``#`` concatenation and month macros), crossref inheritance, duplicate
keys and blocks that fail to parse, each reported with its line. Values keep their LaTeX;
pubs.bibtex.latex decodes them later, only where needed.
"""

from __future__ import annotations

import codecs
import logging
import re
from dataclasses import dataclass, field
from typing import Literal

import bibtexparser
from bibtexparser import model
from bibtexparser.library import Library

from pubs.bibtex.text import MONTH_MACROS

# Failed blocks are reported as Problems with their lines; bibtexparser's own log is noise.
logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)

#: Entry types that are containers when other entries point to them with crossref.
CONTAINER_TYPES = frozenset({"proceedings", "book", "collection", "mvproceedings", "mvbook"})

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
DEFAULT_MAX_ENTRIES = 50_000

_INNER_GROUP = re.compile(r"\{[^{}]*\}")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")  # control characters but for white space
_KEY_IN_BLOCK = re.compile(r"@\s*(\w+)\s*[{(]\s*([^,\s{}()]+)\s*,")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with the input, at a line and an entry when known."""

    message: str
    line: int | None = None
    key: str = ""
    severity: Literal["error", "warning"] = "error"

    def __str__(self) -> str:
        where = []
        if self.line:
            where.append(f"line {self.line}")
        if self.key:
            where.append(f"entry {self.key}")
        return f"{', '.join(where)}: {self.message}" if where else self.message


class BibtexError(ValueError):
    """The input cannot be read at all (not text, too large, too many entries)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass(frozen=True, slots=True)
class RawEntry:
    """One entry: lower-case type and field names, values with macros expanded (LaTeX kept)."""

    key: str
    entry_type: str
    fields: dict[str, str]
    line: int


@dataclass
class ParsedFile:
    entries: list[RawEntry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    strings: int = 0
    preambles: list[str] = field(default_factory=list)
    comments: int = 0
    #: Keys of @proceedings/@book entries used only as crossref targets (not papers).
    containers: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]


# -- bytes to text ----------------------------------------------------------------------------


def decode(data: bytes, *, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[str, list[Problem]]:
    """The text of an uploaded file: UTF-8 (with or without BOM), UTF-16 with a BOM, or
    Latin-1/Windows-1252 with a warning naming the first line that is not UTF-8.

    Raises BibtexError for a file that is too large or is not text.
    """
    if len(data) > max_bytes:
        raise BibtexError(
            Problem(f"the file is {_size(len(data))}; the limit is {_size(max_bytes)}")
        )
    for bom, encoding in (
        (codecs.BOM_UTF8, "utf-8-sig"),
        (codecs.BOM_UTF16_LE, "utf-16"),
        (codecs.BOM_UTF16_BE, "utf-16"),
    ):
        if data.startswith(bom):
            try:
                return _checked_text(data.decode(encoding)), []
            except UnicodeDecodeError as exc:
                line = data[: exc.start].count(b"\n") + 1
                raise BibtexError(Problem(f"not valid {encoding} text", line=line)) from exc
    if b"\x00" in data:
        raise BibtexError(Problem("this is not a text file (it contains NUL bytes)"))
    try:
        return _checked_text(data.decode("utf-8")), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        text = data.decode("cp1252", errors="replace")
        warning = Problem(
            "the file is not UTF-8; it was read as Latin-1 (Windows-1252)",
            line=line,
            severity="warning",
        )
        return _checked_text(text), [warning]


def check_text(text: str) -> str:
    """``text`` if it is BibTeX-like text; BibtexError for NUL bytes or many control
    characters (a binary file pasted or uploaded)."""
    if "\x00" in text:
        raise BibtexError(Problem("this is not text (it contains NUL characters)"))
    if len(_CONTROL.findall(text, 0, 65536)) > 8:
        raise BibtexError(Problem("this is not a text file (it contains control characters)"))
    return text


_checked_text = check_text


def _size(n: int) -> str:
    if n >= 1024 * 1024:
        return f"{n / 1024 / 1024:.1f} MB"
    return f"{n / 1024:.0f} KB" if n >= 10 * 1024 else f"{n:,} bytes"


# -- text to entries ----------------------------------------------------------------------------


def parse(text: str, *, max_entries: int = DEFAULT_MAX_ENTRIES) -> ParsedFile:
    """Split BibTeX text into raw entries and the problems found, each with its line.

    Raises BibtexError for a file of more than ``max_entries`` entries.
    """
    # No middleware: macros, crossrefs and problems are this module's own, each with its line.
    library = bibtexparser.parse_string(text, parse_stack=[])
    entries = sum(1 for block in library.blocks if isinstance(block, model.Entry))
    if entries > max_entries:
        raise BibtexError(
            Problem(f"the file has {entries} entries; the limit is {max_entries} per import")
        )
    return read_blocks(library)


def read_blocks(library: Library) -> ParsedFile:
    """The entries and problems of bibtexparser's blocks."""
    result = ParsedFile()
    macros = _expand_strings(library.blocks, result)
    key_lines: dict[str, int] = {}
    crossrefs = False
    for block in library.blocks:
        line = block.start_line + 1
        if isinstance(block, model.Entry):
            key = block.key.lower()
            if key in key_lines:
                message = f"the key {block.key} is used twice (first at line {key_lines[key]})"
                result.problems.append(Problem(message, line, block.key))
                continue
            key_lines[key] = line
            fields = {
                item.key.lower(): _expand(item.value, macros, block.key, line, result)
                for item in block.fields
            }
            crossrefs = crossrefs or "crossref" in fields
            result.entries.append(RawEntry(block.key, block.entry_type.lower(), fields, line))
        elif isinstance(block, model.DuplicateBlockKeyBlock):
            if isinstance(block.ignore_error_block, model.String):
                continue  # a redefined @string, handled with the other macros
            first = block.previous_block.start_line + 1
            message = f"the key {block.key} is used twice (first at line {first})"
            result.problems.append(Problem(message, line, block.key))
        elif isinstance(block, model.DuplicateFieldKeyBlock):
            fields = ", ".join(sorted(block.duplicate_keys))
            key = block.ignore_error_block.key
            result.problems.append(Problem(f"the field(s) {fields} appear twice", line, key))
        elif isinstance(block, model.ParsingFailedBlock):
            result.problems.append(_failed(block, line))
        elif isinstance(block, model.Preamble):
            result.preambles.append(_expand(block.value, macros, "", line, result))
        elif isinstance(block, model.ExplicitComment | model.ImplicitComment):
            result.comments += 1
    result.strings = len(macros)
    commands = preamble_commands(result.preambles)
    if commands:
        for entry in result.entries:
            for name, value in entry.fields.items():
                if "\\" in value:
                    entry.fields[name] = apply_commands(value, commands)
    if crossrefs:
        _inherit_crossrefs(result)
    return result


def _failed(block: model.ParsingFailedBlock, line: int) -> Problem:
    raw = block.raw or ""
    match = _KEY_IN_BLOCK.search(raw)
    reason = str(block.error).strip().splitlines()
    detail = reason[-1] if reason else "syntax error"
    if match:
        return Problem(
            f"the @{match.group(1)} entry cannot be read: {detail}", line, match.group(2)
        )
    return Problem(f"this cannot be read as BibTeX: {detail}", line)


def _split_concatenation(value: str) -> list[str]:
    """The parts of ``a # "b" # {c}``, split at top-level ``#`` signs."""
    parts, current, depth, quoted = [], [], 0, False
    for char in value:
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
        elif char == '"' and depth == 0:
            quoted = not quoted
        elif char == "#" and depth == 0 and not quoted:
            parts.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    parts.append("".join(current).strip())
    return parts


def _expand(
    value: str, macros: dict[str, str], key: str, line: int, result: ParsedFile | None
) -> str:
    """A field value with its delimiters removed and its macros replaced by their text."""
    value = value.strip()
    if value[:1] == "{" and value[-1:] == "}":
        inner = value[1:-1]
        if _balanced(inner):
            return inner
    if (value.startswith('"') and value.endswith('"') and '"' not in value[1:-1]) or not value:
        return value[1:-1]
    out = []
    for part in _split_concatenation(value):
        if len(part) >= 2 and (part[0], part[-1]) in (("{", "}"), ('"', '"')):
            out.append(part[1:-1])
        elif part.isdigit():
            out.append(part)
        elif part.lower() in macros:
            out.append(macros[part.lower()])
        elif part.lower() in MONTH_MACROS:
            out.append(MONTH_MACROS[part.lower()])
        else:
            if result is not None:
                message = f"the @string {part!r} is not defined; its name is kept"
                result.problems.append(Problem(message, line, key, "warning"))
            out.append(part)
    return "".join(out)


def _balanced(text: str) -> bool:
    """Whether the braces in ``text`` pair up ("{a} # {b}" inside its outer braces does not)."""
    if "{" not in text and "}" not in text:
        return True
    while True:
        reduced = _INNER_GROUP.sub("", text)
        if reduced == text:
            return "{" not in text and "}" not in text
        text = reduced


def _expand_strings(blocks: list[model.Block], result: ParsedFile) -> dict[str, str]:
    """@string macros in file order, each expanded with those before it; a redefinition
    replaces the earlier value (as in BibTeX), with a warning."""
    macros: dict[str, str] = {}
    for block in blocks:
        if isinstance(block, model.Entry):
            continue
        if isinstance(block, model.DuplicateBlockKeyBlock) and isinstance(
            block.ignore_error_block, model.String
        ):
            block = block.ignore_error_block
            message = f"the @string {block.key} is defined again; the later value is used"
            line = block.start_line + 1
            result.problems.append(Problem(message, line, severity="warning"))
        if isinstance(block, model.String):
            line = block.start_line + 1
            macros[block.key.lower()] = _expand(block.value, macros, block.key, line, result)
    return macros


def _inherit_crossrefs(result: ParsedFile) -> None:
    """Give entries the fields of the entry they crossref; set apart pure containers."""
    by_key = {entry.key.lower(): entry for entry in result.entries}
    targets = set()
    for entry in result.entries:
        target_key = entry.fields.get("crossref", "").strip().lower()
        if not target_key:
            continue
        target = by_key.get(target_key)
        if target is None:
            message = f"crossref to {entry.fields['crossref']!r}, which is not in the file"
            result.problems.append(Problem(message, entry.line, entry.key, "warning"))
            continue
        targets.add(target_key)
        for name, value in target.fields.items():
            if name == "title" and target.entry_type in CONTAINER_TYPES:
                entry.fields.setdefault("booktitle", value)
            elif name not in ("crossref", "ids", "key"):
                entry.fields.setdefault(name, value)
    containers = {key for key in targets if by_key[key].entry_type in CONTAINER_TYPES}
    result.containers = [by_key[key].key for key in sorted(containers)]
    result.entries = [entry for entry in result.entries if entry.key.lower() not in containers]


# -- commands a @preamble defines --------------------------------------------------------------

_DEFINITION = re.compile(
    r"\\(?:newcommand|renewcommand|providecommand)\*?\s*\{?\s*\\([A-Za-z]+)\s*\}?"
    r"\s*(?:\[(\d)\])?\s*\{"
)


def preamble_commands(preambles: list[str]) -> dict[str, tuple[int, str]]:
    """Commands the preambles define (\\newcommand, \\providecommand): name -> (arguments,
    body). Entries use them ("{\\MaxMinAntSystem}"); they are expanded before decoding."""
    commands = {}
    for text in preambles:
        for match in _DEFINITION.finditer(text):
            body = _braced(text, match.end() - 1)
            if body is not None:
                commands[match.group(1)] = (int(match.group(2) or 0), body)
    return commands


def apply_commands(value: str, commands: dict[str, tuple[int, str]], depth: int = 3) -> str:
    """``value`` with the preamble's commands expanded (arguments substituted for #1 ...)."""
    for _ in range(depth):
        changed = False
        for name, (arguments, body) in commands.items():
            start = value.find("\\" + name)
            while start >= 0:
                end = start + len(name) + 1
                if end < len(value) and value[end].isalpha():
                    start = value.find("\\" + name, end)
                    continue
                args, position = [], end
                for _ in range(arguments):
                    while position < len(value) and value[position].isspace():
                        position += 1
                    arg = _braced(value, position) if position < len(value) else None
                    if arg is None:
                        break
                    args.append(arg)
                    position += len(arg) + 2
                if len(args) < arguments:
                    break
                text = body
                for number, arg in enumerate(args, start=1):
                    text = text.replace(f"#{number}", arg)
                value = value[:start] + "{" + text + "}" + value[position:]
                changed = True
                start = value.find("\\" + name, start + len(text) + 2)
        if not changed:
            break
    return value


def _braced(text: str, start: int) -> str | None:
    """The content of the brace group opening at ``start``, or None."""
    if start >= len(text) or text[start] != "{":
        return None
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1 : index]
    return None
