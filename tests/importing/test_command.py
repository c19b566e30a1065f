"""`manage.py import_bibtex FILE... [--dry-run] [--group SLUG]`: the summary, the choices,
and nothing written when anything is wrong."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from people.models import Person
from pubs.models import BibtexImport, Paper
from tests.importing.test_author_completion import triton_entry
from tests.importing.test_paper_versions import CONFERENCE, WORKSHOP

pytestmark = pytest.mark.usefixtures("catalogue")

GOOD = """@inproceedings{new1,
  title = {Command Line Imports},
  author = {Jin Fang and Ada Lovelace},
  booktitle = {NSDI '26},
  year = {2026}
}
"""


def write(tmp_path, text: str, name: str = "refs.bib"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def run(*args: str) -> str:
    out = StringIO()
    call_command("import_bibtex", *args, stdout=out)
    return out.getvalue()


def test_the_summary_gives_counts_and_writes_the_papers(tmp_path):
    output = run(write(tmp_path, GOOD))
    assert "refs.bib: 1 entries" in output
    assert "1 to create, 0 already there" in output
    assert "1 matched, 1 new" in output
    assert "venues:  1 matched, 0 unmatched" in output
    assert re.search(r"Imported refs.bib: 1 papers created.*import #\d+", output)
    assert Paper.objects.get(title="Command Line Imports").venue.slug == "nsdi"


def test_dry_run_writes_nothing(tmp_path):
    output = run(write(tmp_path, GOOD), "--dry-run", "-v", "2")
    assert "line 1, new1: create “Command Line Imports”" in output
    assert "Dry run: nothing was written." in output
    assert not Paper.objects.filter(title="Command Line Imports").exists()
    assert not BibtexImport.objects.exists()


def test_errors_are_listed_with_lines_and_nothing_is_written(tmp_path):
    path = write(
        tmp_path, GOOD + "\n@article{bad, year = {2020}}\n@article{bad2, title={x}, year=1}"
    )
    out = StringIO()
    with pytest.raises(CommandError, match="nothing was written"):
        call_command("import_bibtex", path, stdout=out)
    assert "line 8, entry bad: it has no title" in out.getvalue()
    assert not Paper.objects.filter(title="Command Line Imports").exists()


def test_skip_invalid_imports_the_rest(tmp_path):
    run(write(tmp_path, GOOD + "\n@article{bad, year = {2020}}"), "--skip-invalid")
    assert Paper.objects.filter(title="Command Line Imports").exists()


def test_an_ambiguous_name_is_listed_with_the_choices(tmp_path):
    path = write(tmp_path, "@misc{amb, title={Who Wrote This}, year=2024, author={J. Fang}}")
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("import_bibtex", path, stdout=out)
    assert "J. Fang could be Jiarui Fang (jiarui-fang) or Jin Fang (jin-fang)" in out.getvalue()


def test_an_author_choice_settles_it(tmp_path):
    path = write(tmp_path, "@misc{amb, title={Who Wrote This}, year=2024, author={J. Fang}}")
    run(path, "--author", "J. Fang=jiarui-fang")
    paper = Paper.objects.get(title="Who Wrote This")
    assert paper.authorships.get().person.slug == "jiarui-fang"
    assert "J. Fang" in Person.objects.get(slug="jiarui-fang").variants


def test_allow_ambiguous_flags_instead(tmp_path):
    path = write(tmp_path, "@misc{amb, title={Who Wrote This}, year=2024, author={J. Fang}}")
    run(path, "--allow-ambiguous")
    assert Paper.objects.get(title="Who Wrote This").authorships.get().review_note


def test_a_suggestion_is_listed_and_can_be_accepted(tmp_path):
    path = write(tmp_path, "@misc{s, title={Typo Names}, year=2024, author={Gongmin Zhao}}")
    output = run(path, "--dry-run")
    assert "Gongmin Zhao is like Gongming Zhao (gongming-zhao)" in output
    run(path, "--author", "Gongmin Zhao=gongming-zhao")
    assert Paper.objects.get(title="Typo Names").authorships.get().person.slug == "gongming-zhao"


def test_unmatched_venues_are_listed_and_can_be_created(tmp_path):
    path = write(
        tmp_path,
        "@inproceedings{v, title={Odd Venue}, year=2024, booktitle={Workshop on Odd Things}}",
    )
    assert "'Workshop on Odd Things' (1 entries: v)" in run(path, "--dry-run")
    run(path, "--create-venues")
    assert Paper.objects.get(title="Odd Venue").venue.name == "Workshop on Odd Things"


def test_the_group_option(tmp_path):
    run(write(tmp_path, GOOD), "--group", "cmu-catalyst")
    assert Paper.objects.get(title="Command Line Imports").groups.get().slug == "cmu-catalyst"


def test_an_unknown_group_is_refused(tmp_path):
    with pytest.raises(CommandError, match="no group"):
        run(write(tmp_path, GOOD), "--group", "nope")


def test_several_files_are_one_transaction(tmp_path):
    good = write(tmp_path, GOOD, "a.bib")
    bad = write(tmp_path, "@article{b, year=2020}", "b.bib")
    with pytest.raises(CommandError, match=re.escape("b.bib")):
        run(good, bad)
    assert not Paper.objects.filter(title="Command Line Imports").exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\x00\x01\x02binary", "not a text file"),
        ("@misc{a, title={Caf\xe9}, year=2024}".encode("latin-1"), None),
    ],
)
def test_files_that_are_not_utf8(tmp_path, content, message):
    path = tmp_path / "odd.bib"
    path.write_bytes(content)
    if message:
        with pytest.raises(CommandError, match=message):
            run(str(path))
    else:
        output = run(str(path))
        assert "not UTF-8" in output and Paper.objects.filter(title="Café").exists()


def test_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        run(str(tmp_path / "none.bib"))


def test_more_entries_than_the_settings_allow_are_refused(tmp_path, settings):
    settings.IMPORT_MAX_ENTRIES = 1
    with pytest.raises(CommandError, match="the file has 2 entries; the limit is 1"):
        run(write(tmp_path, GOOD + GOOD.replace("new1", "new2")))
    assert not Paper.objects.filter(title="Command Line Imports").exists()


def test_a_file_larger_than_the_settings_allow_is_refused(tmp_path, settings):
    settings.IMPORT_MAX_BYTES = 100
    with pytest.raises(CommandError, match="the limit is 100 bytes"):
        run(write(tmp_path, GOOD))


@pytest.mark.parametrize(
    ("option", "choice", "message"),
    [
        ("--author", "J. Fang=nobody", "no person with the slug 'nobody'"),
        ("--venue", "NSDI '26=nowhere", "no venue with the slug 'nowhere'"),
        ("--author", "J. Fang", 'write it as "NAME=SLUG"'),
    ],
)
def test_a_choice_naming_no_one_is_refused(tmp_path, option, choice, message):
    with pytest.raises(CommandError, match=re.escape(message)):
        run(write(tmp_path, GOOD), option, choice)
    assert not Paper.objects.filter(title="Command Line Imports").exists()


def test_the_summary_counts_authors_added_and_versions_linked(tmp_path):
    text = triton_entry() + WORKSHOP + CONFERENCE
    output = run(write(tmp_path, text), "--allow-ambiguous", "--verbosity", "2")
    assert "17 authors added to shortened lists, 1 links to other versions" in output
    assert "adds 17 authors" in output
