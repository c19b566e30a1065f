"""The import's reasons and problems, written in English by the pure rules, shown in the
reader's language; names, keys and values as written."""

from django.utils import translation

from pubs.bibtex.parse import Problem
from pubs.bibtex.plan import NOT_AN_AUTHOR
from pubs.bibtex.plan.completions import INCONSISTENT_AUTHORS, UNDECIDED_AUTHORS
from pubs.bibtex.plan.papers import OTHER_VERSION
from pubs.imports.messages import translated_message
from pubs.jobs.imports import UNREADABLE, job_message
from pubs.models import BibtexImport, ImportJob


def in_chinese(message: object) -> str:
    with translation.override("zh-hans"):
        return translated_message(message)


def test_an_ambiguous_name_is_explained_in_chinese_with_its_names_as_written():
    assert in_chinese("J. Fang could be Jiarui Fang or Jin Fang") == (
        "J. Fang 可能是 Jiarui Fang 或 Jin Fang"
    )


def test_a_problem_says_its_line_and_entry_and_what_is_wrong_in_chinese():
    problem = Problem("it has no year", line=7, key="broken2025")
    assert in_chinese(problem) == "第 7 行，条目 broken2025：缺少年份"


def test_a_blocker_names_the_ambiguous_authors():
    assert in_chinese("ambiguous author names need a choice: J. Fang") == (
        "有歧义的作者名需要选择：J. Fang"
    )


def test_a_venue_reason_is_translated():
    assert in_chinese("a workshop, poster, demo or companion track") == (
        "研讨会、海报、演示或附属分会"
    )


def test_a_message_no_pattern_knows_is_shown_as_it_is():
    assert in_chinese("something new") == "something new"


def test_english_pages_show_the_message_as_the_rules_wrote_it():
    with translation.override("en"):
        assert translated_message("Gongmin Zhao may be Gongming Zhao misspelt") == (
            "Gongmin Zhao may be Gongming Zhao misspelt"
        )


def test_a_job_refusing_a_file_says_why_in_chinese(db):
    record = BibtexImport.objects.create(file_name="refs.bib", sha256="0" * 64)
    said = {
        "text": UNREADABLE,
        "params": {"why": "this is not a text file (it contains NUL bytes)"},
    }
    job = ImportJob.objects.create(record=record, stage="failed", progress={"message": said})
    with translation.override("zh-hans"):
        assert job_message(job) == "无法导入该文件：这不是文本文件（含有 NUL 字节）"


def test_the_plan_s_fixed_sentences_are_translated():
    sentences = [NOT_AN_AUTHOR, INCONSISTENT_AUTHORS, UNDECIDED_AUTHORS, OTHER_VERSION]
    translated = [in_chinese(sentence) for sentence in sentences]
    assert len(translated) == 4
    assert not any(
        chinese == english for chinese, english in zip(translated, sentences, strict=True)
    )
    assert in_chinese(NOT_AN_AUTHOR) == "已跳过：你不在其作者之列（你只导入自己的论文）"
