"""Files made to stall, crash, exhaust or silently empty an import: each gets a plan, or a
clear error naming its entry and line, and a refused file writes nothing."""

import html
import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from people.models import Person
from pubs.bibtex.names import MAX_AUTHORS
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Authorship, BibtexImport, Paper
from tests.importing.hostile_files import (
    COMMAND_BOMB,
    HREF_TITLE,
    HUGE_EQUAL,
    MALFORMED_HOST,
    deep_braces,
    many_authors,
    same_title,
    string_bomb,
)

pytestmark = pytest.mark.usefixtures("demo")

UPLOAD = reverse("admin:pubs_bibteximport_upload")


def command(tmp_path, text: str) -> str:
    """``manage.py import_bibtex`` on ``text``: its output."""
    path = tmp_path / "hostile.bib"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    call_command("import_bibtex", str(path), "--create-venues", stdout=out)
    return out.getvalue()


def refused_by_command(tmp_path, text: str) -> str:
    """The output of a command that refuses ``text`` (it must), the reason appended."""
    path = tmp_path / "hostile.bib"
    path.write_text(text, encoding="utf-8")
    out = StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_bibtex", str(path), "--create-venues", stdout=out)
    return f"{out.getvalue()}\n{refused.value}"


def preview(client, text: str):
    """Upload ``text`` in the admin and open its preview (following a refusal back)."""
    response = client.post(UPLOAD, {"text": text})
    assert response.status_code == 302
    return client.get(response["Location"], follow=True)


def page_text(response) -> str:
    return html.unescape(response.content.decode())


def writes_nothing(before: tuple[int, int, int]) -> bool:
    return (Paper.objects.count(), Person.objects.count(), Authorship.objects.count()) == before


@pytest.fixture
def counts() -> tuple[int, int, int]:
    return Paper.objects.count(), Person.objects.count(), Authorship.objects.count()


def test_an_equal_contribution_count_of_a_trillion_marks_every_author(tmp_path):
    command(tmp_path, HUGE_EQUAL)
    paper = Paper.objects.get(title="Equal Parts")
    assert [a.equal_contribution for a in paper.authorships.order_by("position")] == [True, True]


def test_a_link_with_a_malformed_host_is_previewed_with_a_warning(admin_client):
    response = preview(admin_client, MALFORMED_HOST)
    assert response.status_code == 200
    assert "the pdf link 'http://[x/paper.pdf' is not a valid address" in page_text(response)


def test_a_link_with_a_malformed_host_is_imported_without_the_link(tmp_path):
    command(tmp_path, MALFORMED_HOST)
    paper = Paper.objects.get(title="A Paper with a Broken Link")
    assert not paper.links.exists()
    assert paper.extra_fields["pdf"] == "http://[x/paper.pdf"


def test_a_link_in_a_title_is_previewed_and_imported_as_its_text(admin_client, tmp_path):
    response = preview(admin_client, HREF_TITLE)
    assert response.status_code == 200
    assert "See here" in page_text(response)
    command(tmp_path, HREF_TITLE)
    assert Paper.objects.filter(title="See here").exists()


def test_an_entry_of_more_authors_than_the_limit_is_refused_naming_it(tmp_path, counts):
    output = refused_by_command(tmp_path, many_authors(33_000))
    assert "line 1, entry crowd: it has 33,000 authors; the limit is 9,999 per entry" in output
    assert writes_nothing(counts)


def test_an_entry_of_as_many_authors_as_the_limit_is_imported_in_order(tmp_path):
    command(tmp_path, many_authors(MAX_AUTHORS))
    positions = Authorship.objects.filter(paper__title="A Crowd").order_by("position")
    assert positions.count() == MAX_AUTHORS
    assert positions.last().position == MAX_AUTHORS
    assert positions.last().printed_name == f"Author{MAX_AUTHORS - 1} Person{MAX_AUTHORS - 1}"


def test_a_command_expanding_to_billions_is_an_error_naming_the_entry(admin_client, counts):
    response = preview(admin_client, COMMAND_BOMB)
    assert response.status_code == 200
    assert (
        "line 2, entry bomb: this entry cannot be read: with the @preamble's commands "
        "expanded, the title field is longer than 100,000 characters"
    ) in page_text(response)
    assert writes_nothing(counts)


def test_string_macros_doubling_up_are_errors_naming_the_macro_and_the_entry(tmp_path, counts):
    output = refused_by_command(tmp_path, string_bomb(40))
    assert "line 9: the @string s8 cannot be read: its value is longer than 100,000" in output
    assert "line 42, entry chain: this entry cannot be read" in output
    assert writes_nothing(counts)


def test_a_title_nested_100_000_braces_deep_fails_the_command_naming_the_entry(tmp_path, counts):
    output = refused_by_command(tmp_path, deep_braces(100_000))
    assert "line 2, entry deep: this entry cannot be read: the title field is" in output
    assert "nothing was written: 1 error(s) in the input" in output
    assert "papers created" not in output
    assert writes_nothing(counts)


def test_macros_past_the_file_s_allowance_refuse_the_file_naming_where(tmp_path, counts):
    text = f"@string{{big = {{{'x' * 99_000}}}}}\n" + "".join(
        f"@misc{{k{n}, title={{T{n}}}, note=big, year=2024}}\n" for n in range(30)
    )
    output = refused_by_command(tmp_path, text)
    assert re.search(r"line 2\d, entry k2\d: its @string macros and @preamble commands", output)
    assert writes_nothing(counts)


def test_thousands_of_entries_of_one_title_by_different_people_are_as_many_papers():
    plan = bibtex_import_plan(text=same_title(5000)).plan
    assert plan.summary()["created"] == 5000


def test_thousands_of_entries_of_one_title_by_one_person_are_one_paper():
    plan = bibtex_import_plan(text=same_title(5000, same_author=True)).plan
    assert plan.summary()["created"] == 1
    assert plan.summary()["duplicates"] == 4999


def test_a_preview_past_its_time_budget_stops_with_a_message(admin_client, settings, counts):
    settings.IMPORT_PREVIEW_SECONDS = -1
    response = preview(admin_client, same_title(3))
    assert response.redirect_chain[-1][0] == UPLOAD
    assert "Line 1, entry same0: this file takes more than -1 s to read" in page_text(response)
    assert not BibtexImport.objects.exists()  # no preview left behind
    assert writes_nothing(counts)
