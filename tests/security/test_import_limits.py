"""The admin import refuses a file too large or with too many entries with a message that
says so (IMPORT_MAX_BYTES, IMPORT_MAX_ENTRIES), never a 500, and imports nothing."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from pubs.models import BibtexImport, Paper

UPLOAD = reverse("admin:pubs_bibteximport_upload")


def entries(count: int) -> str:
    return "\n".join(
        f"@misc{{limit{n}, title = {{Paper number {n}}}, author = {{Ada Lovelace}}, year = {{2025}}}}"
        for n in range(count)
    )


@pytest.fixture
def small_limits(settings):
    settings.IMPORT_MAX_BYTES = 2000
    settings.IMPORT_MAX_ENTRIES = 3


def test_a_file_over_the_size_limit_is_refused_with_its_size_and_the_limit(
    admin_client, small_limits
):
    upload = SimpleUploadedFile("big.bib", entries(40).encode())
    response = admin_client.post(UPLOAD, {"file": upload})
    assert response.status_code == 200
    html = response.content.decode()
    assert "the file is 3.2\xa0KB; the limit is 2.0\xa0KB" in html
    assert not Paper.objects.exists()


def test_pasted_text_over_the_size_limit_is_refused_the_same_way(admin_client, small_limits):
    response = admin_client.post(UPLOAD, {"text": entries(40)})
    assert response.status_code == 200
    assert "the limit is 2.0\xa0KB" in response.content.decode()


def test_a_file_with_too_many_entries_is_refused_with_the_count_and_the_limit(
    admin_client, small_limits
):
    response = admin_client.post(UPLOAD, {"text": entries(4)}, follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[-1][0] == UPLOAD
    message = "The file has 4 entries; the limit is 3 per import"
    assert message in response.content.decode()
    assert not Paper.objects.exists()
    assert not BibtexImport.objects.exists()  # no preview left behind


def test_a_file_within_the_limits_goes_to_the_preview(admin_client, small_limits):
    response = admin_client.post(UPLOAD, {"text": entries(3)})
    assert response.status_code == 302
    assert "/preview/" in response["Location"]


def test_a_request_larger_than_any_form_may_be_is_a_bad_request_not_an_error(
    admin_client, settings
):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = admin_client.post(UPLOAD, {"text": entries(40)})
    assert response.status_code == 400
