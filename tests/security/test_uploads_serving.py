"""Every uploaded file is served so that none can run script in the site's origin (nosniff, a
policy that runs nothing, a download unless a PDF or an image), and a hidden paper's files only
to those who may edit the paper."""

from __future__ import annotations

import pytest

from pubs import filetypes
from pubs.models import Link, Paper
from pubs.web.media import FILE_POLICY
from tests import sample_files
from tests.roles import conftest as roles_conftest
from tests.security.test_uploads import stored

# The role tests' cast: two groups, a group editor, a member and their papers.
lab_module_db, lab, login = roles_conftest.lab_module_db, roles_conftest.lab, roles_conftest.login


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.MEDIA_ACCEL_REDIRECT = ""
    return tmp_path


def fetch(client, link: Link):
    return client.get(link.file.url)


def body(response) -> bytes:
    return b"".join(response.streaming_content)


@pytest.mark.parametrize(
    ("kind", "name", "content", "content_type"),
    [
        ("pdf", "paper.pdf", sample_files.PDF, "application/pdf"),
        ("poster", "poster.png", sample_files.PNG, "image/png"),
        ("poster", "poster.jpg", sample_files.JPEG, "image/jpeg"),
    ],
)
def test_pdfs_and_images_are_shown_in_place_under_a_policy_that_runs_nothing(
    client, lab, kind, name, content, content_type
):
    link = stored(lab.own_paper, kind, name, content)
    response = fetch(client, link)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'inline; filename="{name}"'
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == FILE_POLICY == "default-src 'none'; sandbox"
    assert body(response) == content


def test_a_presentation_is_a_download(client, lab):
    link = stored(lab.own_paper, "slides", "talk.pptx", sample_files.PPTX)
    response = fetch(client, link)
    assert response["Content-Type"] == filetypes.PPTX.media_type
    assert response["Content-Disposition"] == 'attachment; filename="talk.pptx"'
    assert response["Content-Security-Policy"] == FILE_POLICY


@pytest.mark.parametrize(
    ("name", "content"), [("paper.html", sample_files.HTML), ("poster.svg", sample_files.SVG)]
)
def test_a_file_that_slipped_past_the_check_is_a_download_that_runs_nothing(
    client, lab, name, content
):
    link = stored(lab.own_paper, "pdf", name, content)
    response = fetch(client, link)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == FILE_POLICY


def test_html_stored_under_a_pdf_name_is_served_as_a_pdf_that_runs_nothing(client, lab):
    link = stored(lab.own_paper, "pdf", "paper.pdf", sample_files.HTML)
    response = fetch(client, link)
    assert response["Content-Type"] == "application/pdf"  # never sniffed as HTML
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Content-Security-Policy"] == FILE_POLICY


def test_behind_nginx_the_file_is_handed_over_with_the_same_headers(client, lab, settings):
    settings.MEDIA_ACCEL_REDIRECT = "/internal-media/"
    link = stored(lab.own_paper, "pdf", "Fang et al 2024 论文.pdf", sample_files.PDF)
    response = fetch(client, link)
    assert response.status_code == 200
    assert response.content == b""
    assert response["X-Accel-Redirect"] == (
        "/internal-media/papers/pdf/Fang_et_al_2024_%E8%AE%BA%E6%96%87.pdf"
    )
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        "inline; filename*=utf-8''Fang_et_al_2024_%E8%AE%BA%E6%96%87.pdf"
    )
    assert response["Content-Security-Policy"] == FILE_POLICY
    assert response["X-Content-Type-Options"] == "nosniff"


def test_a_file_no_link_holds_is_not_served(client, lab, media_root):
    (media_root / "papers").mkdir()
    (media_root / "papers" / "stray.pdf").write_bytes(sample_files.PDF)
    assert client.get("/media/papers/stray.pdf").status_code == 404


def test_a_path_out_of_the_media_folder_is_not_served(client, lab):
    stored(lab.own_paper, "pdf", "paper.pdf", sample_files.PDF)
    assert client.get("/media/papers/pdf/../../../manage.py").status_code == 404


def test_a_link_whose_file_is_gone_is_a_404(client, lab, media_root):
    link = stored(lab.own_paper, "pdf", "paper.pdf", sample_files.PDF)
    (media_root / link.file.name).unlink()
    assert fetch(client, link).status_code == 404


def test_files_are_only_read(client, lab):
    link = stored(lab.own_paper, "pdf", "paper.pdf", sample_files.PDF)
    assert client.post(link.file.url).status_code == 405


# -- hidden papers --------------------------------------------------------------------------------


@pytest.fixture
def hidden_file(lab) -> Link:
    """The PDF of the member's own paper, hidden until it is published."""
    Paper.objects.filter(pk=lab.own_paper.pk).update(is_public=False)
    return stored(lab.own_paper, "pdf", "draft.pdf", sample_files.PDF)


def test_a_hidden_papers_file_is_not_fetchable_anonymously(client, hidden_file):
    assert fetch(client, hidden_file).status_code == 404


@pytest.mark.parametrize("role", ["member", "editor", "superuser"])
def test_a_hidden_papers_file_is_fetchable_by_those_who_edit_the_paper(login, hidden_file, role):
    response = fetch(login(role), hidden_file)
    assert response.status_code == 200
    assert body(response) == sample_files.PDF
    assert "private" in response["Cache-Control"]


def test_a_hidden_papers_file_is_not_fetchable_by_staff_outside_its_scope(
    login, lab, django_user_model
):
    Paper.objects.filter(pk=lab.other_paper.pk).update(is_public=False)
    link = stored(lab.other_paper, "pdf", "other.pdf", sample_files.PDF)
    assert fetch(login("editor"), link).status_code == 404
    assert fetch(login("member"), link).status_code == 404


def test_a_public_papers_file_is_fetchable_by_anyone(client, lab):
    link = stored(lab.other_paper, "pdf", "public.pdf", sample_files.PDF)
    response = fetch(client, link)
    assert response.status_code == 200
    assert "Cache-Control" not in response
