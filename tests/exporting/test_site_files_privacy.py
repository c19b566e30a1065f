"""Static sites' files show public papers only: on the privacy suite's data (a marker in every
private field, a hidden paper of Jin Fang's in her groups), no file of hers or of any group
shows a marker or the hidden paper, by URL or by the command."""

import io
import zipfile
from io import StringIO

import pytest
from django.core.management import call_command

from people.models import Group
from pubs.export import site
from pubs.models import Paper
from tests.privacy.conftest import private, private_module_db  # noqa: F401
from tests.privacy.markers import HIDDEN_PAPER, shows_marker

pytestmark = pytest.mark.usefixtures("private")

NAMES = ("papers.bib", "hugo.zip", "publications.md")


def text_of(response) -> str:
    """The response's text; a zip's members' paths and texts one after another."""
    if response["Content-Type"] != "application/zip":
        return response.content.decode()
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    return "\n".join(f"{name}\n{archive.read(name).decode()}" for name in archive.namelist())


def test_no_site_file_of_a_person_or_group_shows_a_private_value_or_a_hidden_paper(client):
    owners = ["people/jin-fang", *(f"groups/{group.slug}" for group in Group.objects.all())]
    texts = {
        f"/{owner}/site/{name}": text_of(client.get(f"/{owner}/site/{name}"))
        for owner in owners
        for name in NAMES
    }
    assert len(texts) > 6 and all(texts.values())
    assert [url for url, text in texts.items() if shows_marker(text)] == []
    assert [url for url, text in texts.items() if HIDDEN_PAPER in text] == []


@pytest.mark.parametrize("fmt", site.FORMATS)
def test_the_command_writes_no_private_value_or_hidden_paper(tmp_path, fmt):
    call_command(
        "export_site", "--person", "jin-fang", "--format", fmt, "--out", str(tmp_path),
        stdout=StringIO(), stderr=StringIO(),
    )  # fmt: skip
    paths = [path for path in tmp_path.rglob("*") if path.is_file()]
    text = "\n".join(f"{p.relative_to(tmp_path)}\n{p.read_text(encoding='utf-8')}" for p in paths)
    assert paths and not shows_marker(text) and HIDDEN_PAPER not in text


def test_a_paper_hidden_in_the_admin_leaves_the_cached_site_files(
    client, admin_client, redis_cache
):
    urls = ["/people/jin-fang/site/papers.bib", "/groups/ustc-int/site/hugo.zip"]
    folder = "content/publications/non-idle-machine-aware-worker-placement-for-2024/"
    before = {url: text_of(client.get(url)) for url in urls}
    assert "fang2024nonidle" in before[urls[0]] and folder in before[urls[1]]
    paper = Paper.objects.get(slug="non-idle-machine-aware-worker-placement-for-2024")
    admin_client.post(
        "/admin/pubs/paper/", {"action": "make_private", "_selected_action": [paper.pk]}
    )
    after = {url: text_of(client.get(url)) for url in urls}
    assert "fang2024nonidle" not in after[urls[0]] and folder not in after[urls[1]]
