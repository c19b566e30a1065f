"""A BibTeX file compiled as a LaTeX author compiles it: with BibTeX and IEEEtran.bst, or
with biber and biblatex (biblatex-ieee), then typeset by pdfLaTeX. What each program
reported comes back as errors and warnings, each with the entry it names.

Characters that no font of LaTeX's T1 and TS1 encodings holds (Chinese script, IPA
letters) are kept as UTF-8 by the export; a document with them loads a package for them
(ctex, xeCJK, tipa). The test document declares each such character a placeholder
instead, so that everything else is still read: combining accents are never declared
(the export must write them as LaTeX accents), nor is anything LaTeX itself defines.
"""

from __future__ import annotations

import os
import re
import subprocess
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from tests.exporting.clients.programs import require, unavailable

#: The style files each compilation needs, and the Debian package of each.
STYLE_FILES = {
    "IEEEtran.bst": "texlive-publishers",
    "biblatex.sty": "texlive-bibtex-extra",
    "ieee.bbx": "texlive-bibtex-extra",
}
#: The encodings' Unicode definitions LaTeX's utf8 input reads (the characters it knows).
UNICODE_DEFINITIONS = ("t1enc.dfu", "ts1enc.dfu", "ot1enc.dfu", "omsenc.dfu")
PREAMBLE = r"""\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage{textcomp}
\usepackage{amsmath,amssymb}
\usepackage{url}
\newcommand{\placeholder}{\rule{1ex}{1ex}}
\input{macros}
\input{characters}
"""
IEEETRAN = (
    PREAMBLE
    + r"""\begin{document}
\nocite{*}
\bibliographystyle{IEEEtran}
\bibliography{export}
\end{document}
"""
)
BIBLATEX = (
    PREAMBLE.replace(
        r"\input{characters}",
        "\\usepackage[backend=biber,style=ieee]{biblatex}\n\\addbibresource{export.bib}\n"
        "\\input{characters}",
    )
    + "\\begin{document}\n\\nocite{*}\n\\printbibliography\n\\end{document}\n"
)
#: Commands of packages the corpus's own documents load (its titles are kept as their
#: authors wrote them, with mhchem's \\ch{} and siunitx's \\SI{}{}) or that letters of
#: other scripts need (the T2A encoding for Cyrillic, tipa for IPA): the package, and each
#: command with its number of arguments. The test document provides them as placeholders.
PACKAGE_COMMANDS = {
    "mhchem": {"ch": 1},
    "siunitx": {
        "SI": 2, "si": 1, "qty": 2, "SIrange": 3, "qtyrange": 3, "kelvin": 0,
        "electronvolt": 0, "kilo": 0, "mega": 0, "giga": 0, "milli": 0, "centi": 0,
        "second": 0, "hertz": 0, "celsius": 0, "meter": 0, "volt": 0, "per": 0,
        "pascal": 0, "ohm": 0, "degree": 0,
    },
    "tipa": {"textschwa": 0},
}  # fmt: skip
#: The Cyrillic letters' commands of the T2A encoding (pylatexenc writes them).
_CYRILLIC_COMMAND = re.compile(r"\\(cyr[a-z]+|CYR[A-Z]+)\b")
#: "Warning--empty journal in Key" (BibTeX); "WARN - ... entry 'Key' ..." (biber).
_BIBTEX_WARNING = re.compile(
    r"^Warning--(?P<message>entry type for \"(?P<typed>[^\"]+)\".*|.*?)(?: in (?P<key>\S+))?$"
)
_BIBTEX_ERROR_AT = re.compile(r"---line (?P<line>\d+) of file (?P<file>\S+)")
_FOR_ENTRY = re.compile(r"for entry (?P<key>\S+)")
_BIBER = re.compile(r"> (?P<level>WARN|ERROR) - (?P<message>.*)$")
_BIBER_KEY = re.compile(r"entry '(?P<key>[^']+)'|key '(?P<other>[^']+)'")
_ENTRY_START = re.compile(r"^@\w+\{(?P<key>[^,\s]+),", re.MULTILINE)
_BIBITEM = re.compile(r"\\bibitem(?:\[[^\]]*\])?\{(?P<key>[^}]+)\}")
_TEX_LINE = re.compile(r"^l\.(?P<line>\d+) ")
_DECLARED = re.compile(r"\\DeclareUnicodeCharacter\{(?P<code>[0-9A-F]{4,6})\}")


@dataclass(frozen=True)
class Problem:
    """One thing a program reported: which program, the entry it names ("" when none)
    and its message."""

    program: str
    key: str
    message: str


@dataclass
class Report:
    errors: list[Problem] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def require_latex(*styles: str) -> None:
    """Skip (or fail, under REQUIRE_E2E) unless TeX Live has the programs and styles."""
    require("pdflatex", "bibtex", "biber", "kpsewhich")
    missing = [name for name in styles if not _found(name)]
    if missing:
        packages = " ".join(sorted({STYLE_FILES[name] for name in missing}))
        unavailable(f"{', '.join(missing)} missing: apt-get install {packages}")


def with_ieeetran(bib: str, directory: Path) -> Report:
    """``bib`` compiled with BibTeX and IEEEtran.bst, then typeset by pdfLaTeX."""
    (directory / "export.bib").write_text(bib, encoding="utf-8")
    (directory / "doc.tex").write_text(IEEETRAN, encoding="utf-8")
    (directory / "characters.tex").write_text("", encoding="utf-8")
    _provide_commands(directory)
    report = Report()
    _run(["pdflatex", "-interaction=nonstopmode", "-draftmode", "doc"], directory)
    _run(["bibtex", "doc"], directory)
    _read_bibtex_log(
        (directory / "doc.blg").read_text(encoding="utf-8", errors="replace"), bib, report
    )
    bbl = (directory / "doc.bbl").read_text(encoding="utf-8", errors="replace")
    _declare_placeholders(bbl, directory)
    _provide_commands(directory, bbl)
    _run(["pdflatex", "-interaction=nonstopmode", "-draftmode", "doc"], directory)
    _read_tex_log(directory / "doc.log", bbl, report)
    return report


def with_biblatex(bib: str, directory: Path, *, typeset: bool = True) -> Report:
    """``bib`` read by biber for biblatex (style ieee) and, with ``typeset``, the
    bibliography typeset by pdfLaTeX."""
    (directory / "export.bib").write_text(bib, encoding="utf-8")
    (directory / "doc.tex").write_text(BIBLATEX, encoding="utf-8")
    (directory / "characters.tex").write_text("", encoding="utf-8")
    _provide_commands(directory)
    report = Report()
    _run(["pdflatex", "-interaction=nonstopmode", "-draftmode", "doc"], directory)
    _run(["biber", "doc"], directory)
    _read_biber_log((directory / "doc.blg").read_text(encoding="utf-8", errors="replace"), report)
    if typeset:
        bbl = (directory / "doc.bbl").read_text(encoding="utf-8", errors="replace")
        _declare_placeholders(bbl, directory)
        _provide_commands(directory, bib)
        _run(["pdflatex", "-interaction=nonstopmode", "-draftmode", "doc"], directory)
        _read_tex_log(directory / "doc.log", "", report)
    return report


def _provide_commands(directory: Path, bbl_text: str = "") -> None:
    lines = [
        f"\\providecommand{{\\{name}}}[{count}]{{\\placeholder}}"
        for commands in PACKAGE_COMMANDS.values()
        for name, count in commands.items()
    ]
    lines += [
        f"\\providecommand{{\\{name}}}{{\\placeholder}}"
        for name in sorted(set(_CYRILLIC_COMMAND.findall(bbl_text)))
    ]
    (directory / "macros.tex").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _run(command: list[str], directory: Path) -> None:
    # The programs' exit codes say only that they reported something: the logs say what.
    subprocess.run(
        command,
        cwd=directory,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=900,
        check=False,
        env={**os.environ, "max_print_line": "10000"},
    )


@cache
def _found(name: str) -> bool:
    return bool(_kpsewhich(name))


def _kpsewhich(name: str) -> str:
    done = subprocess.run(["kpsewhich", name], capture_output=True, text=True, check=False)
    return done.stdout.strip()


@cache
def latex_characters() -> frozenset[str]:
    """The characters LaTeX's utf8 input defines for the document's encodings."""
    known: set[str] = set()
    for name in UNICODE_DEFINITIONS:
        path = _kpsewhich(name)
        if path:
            text = Path(path).read_text(encoding="latin-1")
            known.update(chr(int(m.group("code"), 16)) for m in _DECLARED.finditer(text))
    return frozenset(known)


def _declare_placeholders(bbl: str, directory: Path) -> None:
    """Declare a placeholder for every character of ``bbl`` that no font of the document
    holds, combining accents aside (see the module's docstring)."""
    known = latex_characters()
    unknown = sorted(
        {char for char in bbl if not char.isascii() and char not in known}
        - {char for char in bbl if unicodedata.combining(char)}
    )
    lines = [f"\\DeclareUnicodeCharacter{{{ord(char):04X}}}{{\\placeholder}}" for char in unknown]
    (directory / "characters.tex").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _entry_at(bib: str, line: int) -> str:
    """The key of the entry of ``bib`` that holds line ``line`` (1-based)."""
    offset = sum(len(text) + 1 for text in bib.split("\n")[: line - 1])
    key = ""
    for match in _ENTRY_START.finditer(bib):
        if match.start() > offset:
            break
        key = match.group("key")
    return key


def _read_bibtex_log(log: str, bib: str, report: Report) -> None:
    lines = log.splitlines()
    for index, line in enumerate(lines):
        warning = _BIBTEX_WARNING.match(line)
        if warning:
            key = warning.group("key") or warning.group("typed") or ""
            report.warnings.append(Problem("bibtex", key, warning.group("message")))
            continue
        at = _BIBTEX_ERROR_AT.search(line)
        if not at:
            continue
        message = line if not line.startswith("while executing") else lines[index - 1]
        entry = _FOR_ENTRY.search(message)
        if entry:
            key = entry.group("key")
        elif at.group("file").endswith(".bib"):
            key = _entry_at(bib, int(at.group("line")))
        else:
            key = ""
        report.errors.append(Problem("bibtex", key, message))


def _read_biber_log(log: str, report: Report) -> None:
    for line in log.splitlines():
        found = _BIBER.search(line)
        if not found:
            continue
        message = found.group("message")
        named = _BIBER_KEY.search(message)
        key = (named.group("key") or named.group("other")) if named else ""
        problems = report.errors if found.group("level") == "ERROR" else report.warnings
        problems.append(Problem("biber", key, message))


def _read_tex_log(path: Path, bbl: str, report: Report) -> None:
    """pdfLaTeX's errors ("! ..."), each with the entry of the .bbl line it names."""
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    bbl_lines = bbl.splitlines()
    for index, line in enumerate(lines):
        if not line.startswith("! "):
            continue
        following = lines[index + 1 : index + 12]
        context = next((text for text in following if _TEX_LINE.match(text)), "")
        key = ""
        number = _TEX_LINE.match(context)
        if number and bbl_lines:
            key = _bibitem_before(bbl_lines, int(number.group("line")))
        report.errors.append(Problem("pdflatex", key, f"{line[2:]} {context}".strip()))


def _bibitem_before(bbl_lines: list[str], line: int) -> str:
    for text in reversed(bbl_lines[:line]):
        found = _BIBITEM.search(text)
        if found:
            return found.group("key")
    return ""
