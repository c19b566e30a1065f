"""`manage.py import_bibtex` speaks the site's language (LANGUAGE_CODE), or the one --language
names: its summary, each entry's line, the choices to make, the problems and its last word,
with names, keys, titles and venues as the file writes them."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.admin.test_import_message_patterns import english_left
from tests.importing.test_command import GOOD, write
from tests.test_chinese_pages import database_text

pytestmark = pytest.mark.usefixtures("catalogue")

#: A file with something in each part of the summary: a paper to create at a known venue, a
#: name that could be two people, a name like someone's, an unknown venue, an entry without
#: its year, an undefined @string and a DOI that is none.
EVERYTHING = (
    GOOD
    + """
@misc{amb, title={Who Wrote This}, year=2024, author={J. Fang}}
@misc{typo, title={Typo Names}, year=2024, author={Gongmin Zhao}, doi={10.1000}}
@inproceedings{odd, title={Odd Venue}, year=2024, booktitle={Workshop on Odd Things}}
@article{broken, title={No Year}, author={Hongli Xu}, journal=nowhere}
"""
)


def english(output: str, folder) -> list[str]:
    """The English words of the command's output: neither code (options, @string) nor data
    (the file's path, names, titles, venues, keys)."""
    data = database_text() + EVERYTHING
    return [word for word in english_left(output.replace(str(folder), "")) if word not in data]


def summary(*args: str) -> str:
    out = StringIO()
    try:
        call_command("import_bibtex", *args, stdout=out)
    except CommandError as exc:
        out.write(f"{exc}\n")
    return out.getvalue()


def test_the_summary_is_in_chinese_with_the_language_option(tmp_path):
    output = summary(write(tmp_path, EVERYTHING), "--dry-run", "-v", "2", "--language", "zh-hans")
    assert "refs.bib：5 个条目" in output
    assert "有歧义的姓名" in output and "J. Fang 可能是" in output
    assert "第 1 行，new1：新建“Command Line Imports”" in output
    assert "缺少年份" in output and "试运行：未写入任何内容。" in output
    assert english(output, tmp_path) == []


def test_the_summary_follows_the_site_s_language(tmp_path, settings):
    settings.LANGUAGE_CODE = "zh-hans"
    output = summary(write(tmp_path, GOOD))
    assert "论文：新建 1 篇" in output
    assert "已导入 refs.bib：新建论文 1 篇" in output


def test_a_refusal_is_in_the_summary_s_language(tmp_path):
    output = summary(write(tmp_path, EVERYTHING), "--language", "zh-hans")
    assert "未写入任何内容" in output
    assert english(output, tmp_path) == []


def test_the_summary_is_in_english_by_default(tmp_path):
    output = summary(write(tmp_path, GOOD), "--dry-run")
    assert "refs.bib: 1 entries" in output and "Dry run: nothing was written." in output
