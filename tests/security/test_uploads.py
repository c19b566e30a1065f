"""A paper's files are only the types they claim, judged by their content, not by their name or
the type the browser sent; a refused file is a clear error on the form, and nothing is stored."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from pubs.models import Link, Paper
from pubs.uploads import check_link_file
from tests import sample_files
from tests.admin.test_paper_form import paper_form_data
from tests.roles import conftest as roles_conftest
from tests.roles.test_matrix import authors_data

# The role tests' cast: two groups, a group editor, a member and their papers.
lab_module_db, lab, login = roles_conftest.lab_module_db, roles_conftest.lab, roles_conftest.login


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def upload(client, paper: Paper, kind: str, name: str, content: bytes):
    """The member's paper form posted with one new link holding the file ``name``."""
    data = paper_form_data(paper, authors_data(paper))
    data.update(
        {
            "links-TOTAL_FORMS": "1",
            "links-0-paper": paper.pk,
            "links-0-kind": kind,
            "links-0-url": "",
            "links-0-label": "",
            "links-0-file": SimpleUploadedFile(name, content, content_type="application/pdf"),
        }
    )
    return client.post(reverse("admin:pubs_paper_change", args=[paper.pk]), data)


def link_errors(response) -> list[str]:
    links = next(
        f for f in response.context["inline_admin_formsets"] if f.formset.prefix == "links"
    )
    return [error for form_errors in links.formset.errors for error in form_errors.get("file", [])]


def stored(paper: Paper, kind: str, name: str, content: bytes) -> Link:
    """A link whose file was written straight to storage, past the upload check."""
    link = Link(paper=paper, kind=kind)
    link.file.save(name, ContentFile(content), save=True)
    return link


def test_an_html_file_named_paper_pdf_is_refused_as_a_papers_pdf(login, lab, media_root):
    response = upload(login("member"), lab.own_paper, "pdf", "paper.pdf", sample_files.HTML)
    assert response.status_code == 200
    assert link_errors(response) == [
        "“paper.pdf” is not a PDF (judged by its content, whatever its name says)."
    ]
    assert not Link.objects.exists()
    assert not any(media_root.iterdir())


def test_an_svg_named_poster_png_is_refused_as_a_poster(login, lab, media_root):
    response = upload(login("member"), lab.own_paper, "poster", "poster.png", sample_files.SVG)
    assert response.status_code == 200
    assert link_errors(response) == [
        "“poster.png” is not a PDF or a PNG, JPEG, GIF or WebP image "
        "(judged by its content, whatever its name says)."
    ]
    assert not Link.objects.exists()
    assert not any(media_root.iterdir())


def test_an_svg_is_refused_whatever_kind_of_link_it_is_for(login, lab):
    for kind in ("pdf", "slides", "poster", "other"):
        response = upload(login("member"), lab.own_paper, kind, "figure.svg", sample_files.SVG)
        assert response.status_code == 200
        assert len(link_errors(response)) == 1
    assert not Link.objects.exists()


def test_a_real_pdf_is_accepted_as_a_papers_pdf(login, lab, media_root):
    response = upload(login("member"), lab.own_paper, "pdf", "paper.pdf", sample_files.PDF)
    assert response.status_code == 302
    link = Link.objects.get(paper=lab.own_paper)
    assert link.file.name == "papers/pdf/paper.pdf"
    assert (media_root / "papers" / "pdf" / "paper.pdf").read_bytes() == sample_files.PDF


def test_a_real_png_is_accepted_as_a_poster(login, lab, media_root):
    response = upload(login("member"), lab.own_paper, "poster", "poster.png", sample_files.PNG)
    assert response.status_code == 302
    assert Link.objects.get(paper=lab.own_paper).file.name == "papers/poster/poster.png"


def test_an_accepted_file_is_stored_under_the_extension_of_its_content(login, lab):
    response = upload(login("member"), lab.own_paper, "poster", "poster.png", sample_files.JPEG)
    assert response.status_code == 302
    assert Link.objects.get(paper=lab.own_paper).file.name == "papers/poster/poster.jpg"


@pytest.mark.parametrize(
    ("name", "content"), [("talk.pptx", sample_files.PPTX), ("talk.odp", sample_files.ODP)]
)
def test_presentations_are_accepted_as_slides(login, lab, name, content):
    response = upload(login("member"), lab.own_paper, "slides", name, content)
    assert response.status_code == 302
    assert Link.objects.get(paper=lab.own_paper).file.name == f"papers/slides/{name}"


def test_an_image_is_refused_as_a_papers_pdf(login, lab):
    response = upload(login("member"), lab.own_paper, "pdf", "paper.png", sample_files.PNG)
    assert response.status_code == 200
    assert link_errors(response) == [
        "“paper.png” is not a PDF (judged by its content, whatever its name says)."
    ]


def test_a_file_kept_under_a_kind_that_does_not_take_it_is_refused(login, lab):
    paper = lab.own_paper
    link = stored(paper, "poster", "poster.png", sample_files.PNG)
    data = paper_form_data(paper, authors_data(paper))
    data.update(
        {
            "links-TOTAL_FORMS": "1",
            "links-INITIAL_FORMS": "1",
            "links-0-id": link.pk,
            "links-0-paper": paper.pk,
            "links-0-kind": "pdf",
            "links-0-url": "",
            "links-0-label": "",
        }
    )
    response = login("member").post(reverse("admin:pubs_paper_change", args=[paper.pk]), data)
    assert response.status_code == 200
    assert link_errors(response) == [
        "“poster.png” is not a PDF: upload one, or choose the kind that fits."
    ]
    link.refresh_from_db()
    assert link.kind == "poster"


def test_the_refusal_is_translated():
    file = SimpleUploadedFile("paper.pdf", sample_files.HTML)
    with pytest.raises(ValidationError) as refusal, translation.override("zh-hans"):
        check_link_file(file, "pdf")
    with translation.override("zh-hans"):
        assert refusal.value.messages == [
            "“paper.pdf” 不是 PDF 文件（按文件内容判断，而非文件名）。"
        ]
