"""BibTeX text to raw entries: bibtexparser 2 reads the blocks, this module does the rest.

@string macros (with ``#`` concatenation and month macros), crossref inheritance, duplicate
keys and blocks that fail to parse, each reported with its line. Values keep their LaTeX;
pubs.bibtex.latex decodes them later, only where needed.
"""

from __future__ import annotations

import codecs
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import bibtexparser
from bibtexparser import model
from bibtexparser.library import Library

from pubs.text import MONTH_MACROS

# Failed blocks are reported as Problems with their lines; bibtexparser's own log is noise.
logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)

#: Entry types that are containers when other entries point to them with crossref.
CONTAINER_TYPES = frozenset({"proceedings", "book", "collection", "mvproceedings", "mvbook"})

DEFAULT_MAX_BYTES = 20 * 1024 * 1024
DEFAULT_MAX_ENTRIES = 50_000

# Bounds on what a file can make the reader do, whatever it holds, as TeX engines bound their
# memory and XML parsers the expansion of entities. Past one, the entry (or the whole file)
# is refused with a message naming it: never read in part, never dropped without a word.

#: The longest value of a field, as written and once its @string macros are expanded (real
#: abstracts run to a few thousand characters; Paper's longest text column holds 1,000).
MAX_FIELD_CHARS = 100_000
#: The longest author list: room for the most authors an entry may have
#: (pubs.bibtex.names.MAX_AUTHORS) at a hundred characters a name.
MAX_AUTHOR_CHARS = 1_000_000
#: Braces within braces in one value: real ones go three or four deep (``{{\"{o}}}``).
MAX_NESTING = 100
#: What @string macros and @preamble commands may add to a file, all told, beyond the file's
#: own length: a file's macros may double it, and this many characters more.
EXPANSION_ALLOWANCE = 2_000_000
#: Rounds of expanding the @preamble's commands within commands (a command that calls itself
#: never stops: TeX runs out of memory, this stops after these rounds).
MAX_COMMAND_DEPTH = 10

_BRACE = re.compile(r"[{}]")
_BLOCK_START = re.compile(r"@\s*\w+\s*[{(]")
_BLOCK_OR_BRACE = re.compile(r"@\s*(\w+)\s*[{(]|[{}]")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f]")  # control characters but for white space
_KEY_IN_BLOCK = re.compile(r"@\s*(\w+)\s*[{(]\s*([^,\s{}()]+)\s*,")
#: "\{\upOmega}": a group whose opening brace is escaped and whose closing one is not, as
#: Crossref's BibTeX writes the letters of a formula ("Measurements of \{\upOmega} and
#: \{\upLambda} baryon masses"). BibTeX knows no escapes and counts both braces: the value
#: goes on. bibtexparser (2.1) takes "\{" for a literal brace and ends the value at the
#: "}", and the fields after it are lost.
_ESCAPED_OPEN_PLAIN_CLOSE = re.compile(r"\\\{([^{}]*?)(?<!\\)\}")


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
    """The input cannot be read at all (not text, too large, too many entries, built to
    exhaust the reader, or taking longer than its time budget)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


#: What the preview's refusal of a file that takes too long advises.
PREVIEW_ADVICE = (
    "longer than a preview may take; split it into smaller files (or import it with "
    "manage.py import_bibtex, which may take longer)"
)


class TimeBudget:
    """How long reading and planning a file may take (a web request's share of a worker, or
    the larger budget of a job or the command); :meth:`check`, called entry by entry,
    refuses the file once it is spent, naming the entry reached and giving ``advice``."""

    def __init__(self, seconds: float, advice: str = PREVIEW_ADVICE) -> None:
        self.seconds = seconds
        self.ends = time.monotonic() + seconds
        self.advice = advice
        self.spent = False

    def check(self, line: int | None = None, key: str = "") -> None:
        """Raise BibtexError, naming where reading had got to, once the budget is spent."""
        if time.monotonic() > self.ends:
            self.spent = True
            message = f"this file takes more than {self.seconds:g} s to read, {self.advice}"
            raise BibtexError(Problem(message, line, key))


def check_time(budget: TimeBudget | None, line: int | None = None, key: str = "") -> None:
    """:meth:`TimeBudget.check` when there is a budget."""
    if budget is not None:
        budget.check(line, key)


class _Unreadable(Exception):
    """A value past one of the bounds: its entry (or @string) cannot be read."""


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


def parse(
    text: str, *, max_entries: int = DEFAULT_MAX_ENTRIES, budget: TimeBudget | None = None
) -> ParsedFile:
    """Split BibTeX text into raw entries and the problems found, each with its line.

    Raises BibtexError for a file of more than ``max_entries`` entries, one whose macros
    expand past :data:`EXPANSION_ALLOWANCE`, or one that takes longer than ``budget``.
    """
    # A file of too many entries is refused before bibtexparser holds them all (400,000
    # little entries fill 20 MB, and take 600 MB as blocks).
    entries = _entry_starts(text) if len(_BLOCK_START.findall(text)) > max_entries else 0
    if entries <= max_entries:
        # No middleware: macros, crossrefs and problems are this module's own, each with its
        # line.
        library = bibtexparser.parse_string(text, parse_stack=[])
        entries = sum(1 for block in library.blocks if isinstance(block, model.Entry))
    if entries > max_entries:
        raise BibtexError(
            Problem(f"the file has {entries} entries; the limit is {max_entries} per import")
        )
    reread = reread_escaped_groups(library, text) if "\\{" in text else []
    result = read_blocks(library, allowance=len(text) + EXPANSION_ALLOWANCE, budget=budget)
    result.problems += reread
    return result


def _bibtex_end(text: str, start: int) -> int | None:
    """Where the entry starting at ``start`` ends as BibTeX reads it, counting every brace
    (BibTeX knows no escapes): the offset after its closing brace, None if it never closes
    (or is written in parentheses, "@article(...)")."""
    opening = _BLOCK_START.match(text, start)
    if opening is None or not opening.group().endswith("{"):
        return None
    depth = 0
    for index in range(opening.end() - 1, len(text)):
        char = text[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def reread_escaped_groups(library: Library, text: str) -> list[Problem]:
    """Entries that bibtexparser ended early at a group written "\\{...}" (see
    ``_ESCAPED_OPEN_PLAIN_CLOSE``) read again as BibTeX reads them, each group as "{...}",
    in ``library``; a warning for each, naming the entry and its line."""
    starts = [0]
    starts += [index + 1 for index, char in enumerate(text) if char == "\n"]
    warnings = []
    for block in list(library.blocks):
        if not isinstance(block, model.Entry) or "\\{" not in (block.raw or ""):
            continue
        begin = text.find("@", starts[block.start_line])
        end = _bibtex_end(text, begin) if begin >= 0 else None
        if end is None or end <= begin + len(block.raw.rstrip()):
            continue  # bibtexparser read the entry to where BibTeX ends it
        whole = _ESCAPED_OPEN_PLAIN_CLOSE.sub(r"{\1}", text[begin:end])
        again = bibtexparser.parse_string(whole, parse_stack=[])
        if len(again.blocks) != 1 or not isinstance(again.blocks[0], model.Entry):
            continue
        last_line = text.count("\n", 0, end)
        for other in library.blocks:
            inside = block.start_line < other.start_line <= last_line
            if inside and isinstance(other, model.ImplicitComment):
                library.remove(other)
        entry = again.blocks[0]
        library.replace(
            block,
            model.Entry(entry.entry_type, entry.key, entry.fields, block.start_line, whole),
        )
        message = (
            "a group written \\{...} (as Crossref writes a formula's letters) is read as BibTeX "
            "reads it, {...}; bibtexparser would end the value at its } and lose the fields "
            "after it"
        )
        warnings.append(Problem(message, block.start_line + 1, block.key, severity="warning"))
    return warnings


def _entry_starts(text: str) -> int:
    """How many entries start in ``text``: "@type{" outside braces, but @string, @preamble
    and @comment (one pass; a value may hold "@article{" without starting one)."""
    count = depth = 0
    for match in _BLOCK_OR_BRACE.finditer(text):
        token = match.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(depth - 1, 0)
        elif depth == 0:
            count += match.group(1).lower() not in ("string", "preamble", "comment")
            depth += token.endswith("{")
    return count


def read_blocks(
    library: Library,
    *,
    allowance: int = EXPANSION_ALLOWANCE,
    budget: TimeBudget | None = None,
) -> ParsedFile:
    """The entries and problems of bibtexparser's blocks; ``allowance``: the characters
    macros and commands may add to the file, all told."""
    result = ParsedFile()
    expander = _Expander(result, allowance)
    expander.read_strings(library.blocks)
    key_lines: dict[str, int] = {}
    crossrefs = False
    for block in library.blocks:
        line = block.start_line + 1
        if isinstance(block, model.Entry):
            check_time(budget, line, block.key)
            key = block.key.lower()
            if key in key_lines:
                message = f"the key {block.key} is used twice (first at line {key_lines[key]})"
                result.problems.append(Problem(message, line, block.key))
                continue
            key_lines[key] = line
            try:
                fields = {
                    item.key.lower(): expander.value(item.value, item.key.lower(), line, block.key)
                    for item in block.fields
                }
            except _Unreadable as exc:
                result.problems.append(
                    Problem(f"this entry cannot be read: {exc}", line, block.key)
                )
                continue
            crossrefs = crossrefs or "crossref" in fields
            result.entries.append(RawEntry(block.key, block.entry_type.lower(), fields, line))
        elif isinstance(block, model.DuplicateBlockKeyBlock):
            # A redefined @string is handled with the other macros.
            if not isinstance(block.ignore_error_block, model.String):
                result.problems.append(_repeated_key(block, line))
        elif isinstance(block, model.DuplicateFieldKeyBlock):
            fields = ", ".join(sorted(block.duplicate_keys))
            key = block.ignore_error_block.key
            result.problems.append(Problem(f"the field(s) {fields} appear twice", line, key))
        elif isinstance(block, model.ParsingFailedBlock):
            result.problems.append(_failed(block, line))
        elif isinstance(block, model.Preamble):
            try:
                result.preambles.append(expander.value(block.value, "@preamble", line, ""))
            except _Unreadable as exc:
                result.problems.append(Problem(f"the @preamble cannot be read: {exc}", line))
        elif isinstance(block, model.ExplicitComment | model.ImplicitComment):
            result.comments += 1
    result.strings = len(expander.macros)
    commands = preamble_commands(result.preambles)
    if commands:
        result.entries = [expander.commands(entry, commands) for entry in result.entries]
        result.entries = [entry for entry in result.entries if entry is not None]
    if crossrefs:
        _inherit_crossrefs(result)
    return result


def _repeated_key(block: model.DuplicateBlockKeyBlock, line: int) -> Problem:
    """An entry whose key an entry before has: the same entry pasted twice (READMEs list one
    citation in two places), read once with a warning, or another entry, an error."""
    first = block.previous_block.start_line + 1
    if block.raw.strip() == block.previous_block.raw.strip():
        message = (
            f"the entry {block.key} is repeated word for word (first at line {first}); it is "
            "read once"
        )
        return Problem(message, line, block.key, severity="warning")
    return Problem(f"the key {block.key} is used twice (first at line {first})", line, block.key)


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
    if "#" not in value:
        return [value.strip()]
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


def nesting(text: str) -> tuple[int, bool]:
    """How deep the braces of ``text`` nest, and whether they pair up ("{a} # {b}" inside its
    outer braces does not)."""
    depth = deepest = 0
    balanced = True
    for match in _BRACE.finditer(text):
        if match.group() == "{":
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
        else:
            balanced = False
    return deepest, balanced and depth == 0


def _check_nesting(value: str, what: str) -> bool:
    """Whether the braces of ``value`` pair up; _Unreadable when they nest too deep."""
    depth, balanced = nesting(value)
    if depth > MAX_NESTING:
        raise _Unreadable(f"{what} has braces nested {depth} deep; the limit is {MAX_NESTING}")
    return balanced


class _Expander:
    """Field values with their delimiters removed and their macros replaced by their text,
    within the bounds: :data:`MAX_FIELD_CHARS` a value, :data:`MAX_NESTING` braces deep,
    and ``allowance`` characters added by macros and commands to the whole file."""

    def __init__(self, result: ParsedFile, allowance: int) -> None:
        self.result = result
        self.allowance = allowance
        self.added = 0  # characters added by macros and commands so far
        self.macros: dict[str, str] = {}
        self.unreadable: dict[str, int] = {}  # @string name -> its line, past the bounds
        self.line, self.key = 0, ""  # the block being read, for the warnings

    def read_strings(self, blocks: list[model.Block]) -> None:
        """@string macros in file order, each expanded with those before it; a redefinition
        replaces the earlier value (as in BibTeX), with a warning."""
        for block in blocks:
            if isinstance(block, model.Entry):
                continue
            if isinstance(block, model.DuplicateBlockKeyBlock) and isinstance(
                block.ignore_error_block, model.String
            ):
                block = block.ignore_error_block
                message = f"the @string {block.key} is defined again; the later value is used"
                line = block.start_line + 1
                self.result.problems.append(Problem(message, line, severity="warning"))
            if isinstance(block, model.String):
                name, line = block.key.lower(), block.start_line + 1
                self.line, self.key = line, block.key
                try:
                    self.macros[name] = self._expand(block.value, "its value")
                    self.unreadable.pop(name, None)
                except _Unreadable as exc:
                    self.macros.pop(name, None)
                    self.unreadable[name] = line
                    message = f"the @string {block.key} cannot be read: {exc}"
                    self.result.problems.append(Problem(message, line))

    def value(self, raw: str, name: str, line: int, key: str) -> str:
        """The text of field ``name`` written ``raw`` at ``line`` in entry ``key``;
        _Unreadable past a bound."""
        self.line, self.key = line, key
        limit = MAX_AUTHOR_CHARS if name == "author" else MAX_FIELD_CHARS
        return self._expand(raw, f"the {name} field", limit)

    def _expand(self, raw: str, what: str, limit: int = MAX_FIELD_CHARS) -> str:
        value = raw.strip()
        if len(value) - 2 > limit:  # its delimiters aside
            length = len(value) - 2
            raise _Unreadable(f"{what} is {length:,} characters long; the limit is {limit:,}")
        braced = value[:1] == "{" and value[-1:] == "}"
        if _check_nesting(value, what) and braced and nesting(value[1:-1])[1]:
            return value[1:-1]
        if (value.startswith('"') and value.endswith('"') and '"' not in value[1:-1]) or not value:
            return value[1:-1]
        out, length = [], 0
        for part in _split_concatenation(value):
            if len(part) >= 2 and (part[0], part[-1]) in (("{", "}"), ('"', '"')):
                text = part[1:-1]
            elif part.isdigit():
                text = part
            elif part.lower() in self.macros:
                text = self.macros[part.lower()]
                self._add(len(text))
            elif part.lower() in self.unreadable:
                line = self.unreadable[part.lower()]
                raise _Unreadable(
                    f"{what} uses the @string {part} (line {line}), which cannot be read"
                )
            elif part.lower() in MONTH_MACROS:
                text = MONTH_MACROS[part.lower()]
            else:
                message = f"the @string {part!r} is not defined; its name is kept"
                self.result.problems.append(Problem(message, self.line, self.key, "warning"))
                text = part
            length += len(text)
            if length > limit:
                raise _Unreadable(f"{what} is longer than {limit:,} characters")
            out.append(text)
        return "".join(out)

    def _add(self, characters: int) -> None:
        """Count what a macro or command adds; past the file's allowance the file is refused
        (its expansions, not one entry, are what grows)."""
        self.added += characters
        if self.added > self.allowance:
            message = (
                f"its @string macros and @preamble commands expand to more than "
                f"{self.allowance:,} characters, all told; the file cannot be read"
            )
            raise BibtexError(Problem(message, self.line or None, self.key))

    def commands(self, entry: RawEntry, commands: dict[str, tuple[int, str]]) -> RawEntry | None:
        """``entry`` with the preamble's commands expanded in its fields; None (and an error
        naming it) when an expansion goes past the bounds."""
        self.line, self.key = entry.line, entry.key
        try:
            for name, value in entry.fields.items():
                if "\\" in value:
                    limit = MAX_AUTHOR_CHARS if name == "author" else MAX_FIELD_CHARS
                    entry.fields[name] = apply_commands(
                        value, commands, added=self._add, limit=limit
                    )
        except _Unreadable as exc:
            message = (
                f"this entry cannot be read: with the @preamble's commands expanded, "
                f"the {name} field {exc}"
            )
            self.result.problems.append(Problem(message, entry.line, entry.key))
            return None
        return entry


#: A book's or proceedings' fields that name or describe the whole volume, not a chapter or
#: paper in it: two chapters given the book's DOI would be one paper.
_WHOLE = frozenset(
    {"doi", "url", "eprint", "eprinttype", "archiveprefix", "primaryclass", "abstract"}
)


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
        container = target.entry_type in CONTAINER_TYPES
        for name, value in target.fields.items():
            if name == "title" and container:
                entry.fields.setdefault("booktitle", value)
            elif name not in ("crossref", "ids", "key") and not (container and name in _WHOLE):
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


def apply_commands(
    value: str,
    commands: dict[str, tuple[int, str]],
    depth: int = MAX_COMMAND_DEPTH,
    added: Callable[[int], None] | None = None,
    limit: int = MAX_FIELD_CHARS,
) -> str:
    """``value`` with the preamble's commands expanded (arguments substituted for #1 ...),
    a round for each level of commands within commands, at most ``depth`` rounds.

    Raises _Unreadable when the value grows past ``limit`` characters or is still
    expanding after ``depth`` rounds (a command that calls itself); ``added`` is told how
    many characters each round adds.
    """
    if not commands:
        return value
    names = "|".join(sorted(map(re.escape, commands), key=len, reverse=True))
    pattern = re.compile(rf"\\({names})(?![A-Za-z])")
    for _ in range(depth):
        expanded = _expand_commands(value, commands, pattern, limit)
        if expanded is None:
            break
        if added is not None:
            added(max(0, len(expanded) - len(value)))
        value = expanded
    else:
        if _expand_commands(value, commands, pattern, limit) is not None:
            raise _Unreadable(f"still expands after {depth} rounds (a command calls itself?)")
    deepest, _ = nesting(value)
    if deepest > MAX_NESTING:
        raise _Unreadable(f"has braces nested {deepest} deep; the limit is {MAX_NESTING}")
    return value


def _expand_commands(
    value: str, commands: dict[str, tuple[int, str]], pattern: re.Pattern[str], limit: int
) -> str | None:
    """One round: each command of ``value`` replaced by its body in braces; None when there
    is none to expand."""
    out, position, length, changed = [], 0, 0, False
    for match in pattern.finditer(value):
        if match.start() < position:
            continue  # inside an argument taken already
        arguments, body = commands[match.group(1)]
        args, end = [], match.end()
        for _ in range(arguments):
            while end < len(value) and value[end].isspace():
                end += 1
            arg = _braced(value, end)
            if arg is None:
                break
            args.append(arg)
            end += len(arg) + 2
        if len(args) < arguments:
            continue  # not enough arguments: left as written
        text = body
        for number, arg in enumerate(args, start=1):
            text = text.replace(f"#{number}", arg)
        out += (value[position : match.start()], "{", text, "}")
        length += match.start() - position + len(text) + 2
        if length > limit:
            raise _Unreadable(f"is longer than {limit:,} characters")
        position, changed = end, True
    if not changed:
        return None
    out.append(value[position:])
    if length + len(value) - position > limit:
        raise _Unreadable(f"is longer than {limit:,} characters")
    return "".join(out)


def _braced(text: str, start: int) -> str | None:
    """The content of the brace group opening at ``start``, or None."""
    if start >= len(text) or text[start] != "{":
        return None
    depth = 0
    for match in _BRACE.finditer(text, start):
        if match.group() == "{":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return text[start + 1 : match.start()]
    return None
