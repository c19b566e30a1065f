"""`manage.py export_bibtex [--person SLUG] [--group SLUG] [-o FILE]`: public papers only."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from people.models import Group, Person
from pubs.models import Paper
from pubs.queries.selectors import group_papers
from tests.factories import linked_versions, paper_with_authors
from tests.pubs.export.formats import bibtex_keys

pytestmark = pytest.mark.usefixtures("catalogue")


def run(*args: str) -> str:
    out = StringIO()
    call_command("export_bibtex", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_everything_public():
    Paper.objects.filter(slug="cn113961324a").update(is_public=False)
    keys = bibtex_keys(run())
    assert len(keys) == Paper.objects.public().count() == 52


def test_a_persons_papers():
    text = run("--person", "jin-fang")
    assert len(bibtex_keys(text)) == 10  # eight papers and two patents
    assert "fang2024nonidle" in text


def test_a_groups_papers_and_a_person_in_a_group():
    """The group's papers as the read path gives them: its members' while members (Jin
    Fang's ten) and those given the group."""
    group = Group.objects.get(slug="ustc-int")
    assert len(bibtex_keys(run("--group", "ustc-int"))) == group_papers(group).count() == 10
    assert len(bibtex_keys(run("--group", "cuhk-mmlab", "--person", "jiangfei-duan"))) == 5


def test_to_a_file_with_options(tmp_path):
    path = tmp_path / "jin.bib"
    out = StringIO()
    err = StringIO()
    call_command(
        "export_bibtex", "--person", "jin-fang", "-o", str(path), "--extras",
        "--key-pattern", "{family}{yy}{word}", stdout=out, stderr=err,
    )  # fmt: skip
    text = path.read_text(encoding="utf-8")
    assert "fang24nonidle" in text and "pdf = {https://www.fangjin.site/pdf/titan.pdf}" in text
    assert out.getvalue() == "" and "Exported 10 papers" in err.getvalue()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--person", "nobody"), "--person 'nobody': no person with this slug"),
        (("--group", "nolab"), "--group 'nolab': no group with this slug"),
        (("--key-pattern", "{author}"), "must use only"),
    ],
)
def test_bad_arguments_are_command_errors(args, message):
    with pytest.raises(CommandError, match=message):
        run(*args)


def test_a_work_is_one_entry_and_every_version_one_each_with_every_version():
    """Jin Fang's ICNP paper and its report, linked: the report is folded into the paper."""
    jin = Person.objects.get(slug="jin-fang")
    report = paper_with_authors(jin, title="Workers on Busy Machines", kind="other", year=2023)
    linked_versions(
        Paper.objects.get(slug="non-idle-machine-aware-worker-placement-for-2024"), report
    )
    assert "Workers on Busy Machines" not in run("--person", "jin-fang")
    text = run("--person", "jin-fang", "--every-version")
    assert "Workers on Busy Machines" in text and len(bibtex_keys(text)) == 11
    assert len(bibtex_keys(run("--every-version"))) == len(bibtex_keys(run())) + 1
