"""Every message the import's pure rules can write has a pattern (pubs.imports.messages) and a
Chinese translation: the messages are found in the rules' source, so a new reason or problem
without a pattern fails here. Found are the texts (plain or f-strings) given to ``Problem``,
``record.problem``, ``PersonMatch`` as its reason, assigned to a ``message`` or a ``reason``,
raised as an exception's message, and the module constants they name; each is tried with
every value written as a number, which no translation turns into English. The reasons that
co-authors confirm say how the name is written otherwise in words of a table of their own,
each tried too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from pubs.bibtex.people_match import _WRITTEN_OTHERWISE, RULES
from pubs.imports.messages import translated_message, translated_report_line

ROOT = Path(__file__).resolve().parents[2]
#: The rules' modules whose messages the import shows.
SOURCES = [*sorted((ROOT / "pubs" / "bibtex").rglob("*.py")), ROOT / "pubs" / "identifiers.py"]
#: The modules whose advice a message of the time limit carries (a job's, the command's).
ADVICE_SOURCES = [
    ROOT / "pubs" / "jobs" / "imports.py",
    ROOT / "pubs" / "management" / "commands" / "import_bibtex.py",
]
#: Callables whose first argument is a message.
MESSAGE_CALLS = {"Problem", "problem"}
#: Names of variables and constants that hold a message.
MESSAGE_NAMES = re.compile(r"^(message|reason|[A-Z_]+_ADVICE)$")
#: What a value of a message is written as: a number (a repr in quotes).
VALUE, REPR = "7", "'7'"
#: Words Chinese pages write in Latin letters: formats, identifiers, encodings, a library.
NAMES = {"BibTeX", "LaTeX", "DOI", "ORCID", "iD", "arXiv", "Crossref", "crossref", "UTF",
         "Latin", "Windows", "bibtexparser", "url", "http", "https"}  # fmt: skip
#: Code quoted in a message: @string, --seconds, IMPORT_PLAN_SECONDS, NAME=SLUG, manage.py
#: import_bibtex.
CODE = re.compile(r"@\w+|--[\w-]+|\b[A-Z][A-Z_]+\b|\w+=\w+|manage\.py \w+")


def written(node: ast.expr, constants: dict[str, str]) -> str | None:
    """The text ``node`` writes with each value a number, or None when it is no text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                parts.append(part.value)
            else:
                parts.append(REPR if part.conversion == ord("r") else VALUE)
        return "".join(parts)
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    call = node if isinstance(node, ast.Call) else None
    if call and isinstance(call.func, ast.Attribute) and call.func.attr == "format":
        template = written(call.func.value, constants)
        return re.sub(r"\{\w*\}", VALUE, template) if template else None
    return None


def message_nodes(tree: ast.Module) -> list[ast.expr]:
    """The expressions of a module that are a message."""
    found: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in MESSAGE_CALLS and node.args:
                found.append(node.args[0])
            if name == "PersonMatch" and len(node.args) >= 4:
                found.append(node.args[3])
            found += [k.value for k in node.keywords if k.arg in ("reason", "message")]
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Name) and MESSAGE_NAMES.match(t.id) for t in node.targets):
                found.append(node.value)
        elif isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            found.append(node.exc.args[0])
    # A message chosen of two ("the year … is not a year" or "it has no year"): both.
    return [
        branch
        for node in found
        for branch in ((node.body, node.orelse) if isinstance(node, ast.IfExp) else (node,))
    ]


def constants_of(trees: list[ast.Module]) -> dict[str, str]:
    """The modules' constants that are texts (NOT_AN_AUTHOR, IDENTIFIER_CONFLICT ...)."""
    constants = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                text = written(node.value, {})
                if isinstance(target, ast.Name) and target.id.isupper() and text:
                    constants[target.id] = text
    return constants


def messages_in_source() -> dict[str, str]:
    """Each message the sources can write, by where it is written (path:line)."""
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in SOURCES}
    constants = constants_of(list(trees.values()))
    found = {}
    for path, tree in trees.items():
        for node in message_nodes(tree):
            text = written(node, constants)
            if text:
                found[f"{path.relative_to(ROOT)}:{node.lineno}"] = text
    for path in ADVICE_SOURCES:
        advice = constants_of([ast.parse(path.read_text(encoding="utf-8"))])
        found |= {f"{path.relative_to(ROOT)}:{name}": text for name, text in advice.items()
                  if name.endswith("_ADVICE")}  # fmt: skip
    return found


MESSAGES = messages_in_source()


def english_left(text: str) -> list[str]:
    """The English words of ``text`` (two letters or more), its code and NAMES aside."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*[A-Za-z]", CODE.sub(" ", text))
    return [word for word in words if word not in NAMES]


def in_chinese(message: str) -> str:
    with translation.override("zh-hans"):
        return translated_message(message)


def test_the_messages_of_every_rule_are_found():
    assert len(MESSAGES) > 70
    found = set(MESSAGES.values())
    assert "it has no title" in found  # normalize
    assert "the @string '7' is not defined; its name is kept" in found  # parse
    assert "7 has another ORCID iD than 7's 7" in found  # people_match
    assert "7 is longer than 7 characters" in found  # parse, a value past its bounds
    assert any(where.endswith(":JOB_ADVICE") for where in MESSAGES)  # the job's advice


@pytest.mark.parametrize("where", sorted(MESSAGES))
def test_every_message_of_the_import_is_translated(where):
    message = MESSAGES[where]
    assert english_left(in_chinese(message)) == [], f"{where}: {message!r}"


@pytest.mark.parametrize("rule", [rule.name for rule in RULES if rule.name in _WRITTEN_OTHERWISE])
def test_each_way_a_name_is_written_otherwise_is_translated(rule):
    how = _WRITTEN_OTHERWISE[rule][1]
    message = f"Ada Lovelace is Ada King {how}: both wrote with Jin Fang, and few others did"
    assert english_left(in_chinese(message)) == ["Ada", "Lovelace", "Ada", "King", "Jin", "Fang"]


def test_every_rule_weighing_co_authors_says_how_the_name_is_written():
    assert {rule.name for rule in RULES if rule.coauthors_needed} == set(_WRITTEN_OTHERWISE)


@pytest.mark.parametrize(
    ("message", "chinese"),
    [
        (
            "J. Fang could be Jin Fang or Jiarui Fang (or 3 more)",
            "J. Fang 可能是 Jin Fang 或 Jiarui Fang（或另外 3 人）",
        ),
        (
            "Gongmin Zhao is Gongming Zhao misspelt: both wrote with Hongli Xu, Jin Fang, "
            "Liusheng Huang, 2 more, and few others did",
            "Gongmin Zhao 即拼错的 Gongming Zhao：二者都与 Hongli Xu, Jin Fang, "
            "Liusheng Huang 及另外 2 人 合作过，而这样的人很少",
        ),
        (
            "John Doe Sr. has another suffix than John Doe Jr.",
            "John Doe Sr. 的后缀与 John Doe Jr. 不同",
        ),
        (
            "initials fits 2 people; Jin Fang wrote with Hongli Xu",
            "姓名缩写与 2 人相符；Jin Fang 与 Hongli Xu 合作过",
        ),
        (
            "this entry cannot be read: the title field is longer than 100,000 characters",
            "无法读取该条目：title 字段超过 100,000 个字符",
        ),
        (
            "'10.1000' is not a DOI (expected 10.<registrant>/<suffix>). It is left out.",
            "'10.1000' 不是 DOI（应为 10.<注册者>/<后缀> 的形式）。已略去。",
        ),
        (
            "its DOI 10.1000/x is that of another paper (entry fang2024): this paper keeps its own",
            "其 DOI 10.1000/x 属于另一篇论文（条目 fang2024）：本论文保留自己的",
        ),
    ],
)
def test_a_message_built_of_parts_is_translated_part_by_part(message, chinese):
    assert in_chinese(message) == chinese


def test_a_summary_line_keeps_its_indent_and_its_problem_lines_are_translated():
    with translation.override("zh-hans"):
        assert translated_report_line("  venues:  1 matched, 2 unmatched") == (
            "  发表渠道：已匹配 1 个，未匹配 2 个"
        )
        assert translated_report_line("    line 7, entry broken2025: it has no year") == (
            "    第 7 行，条目 broken2025：缺少年份"
        )


def test_an_english_summary_line_is_as_the_report_wrote_it():
    line = "  papers:  1 to create, 0 already there (0 to fill in), 0 invalid; 0 authors added"
    line += " to shortened lists, 0 links to other versions"
    with translation.override("en"):
        assert translated_report_line(line) == line
