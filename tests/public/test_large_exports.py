"""A large list's export is written by a job of the worker into a file kept by its content,
which the same URL serves once written; a small one is written on the request."""

import pytest
from django_tasks_db.models import DBTaskResult

from pubs.models import Paper
from pubs.web import exports
from tests.factories import bulk_dataset

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("no_page_cache", "large")]

URL = "/publications/export.txt?style=apa"


@pytest.fixture
def large(settings, tmp_path, monkeypatch) -> None:
    """Ten papers, above a threshold of five; files kept in a directory of the test."""
    settings.MEDIA_ROOT = tmp_path
    monkeypatch.setattr(exports, "EXPORT_JOB_THRESHOLD", 5)
    bulk_dataset(10, prefix="large")


def run_jobs() -> int:
    """Run the export jobs asked for, as the worker does; returns how many ran."""
    jobs = list(DBTaskResult.objects.filter(task_path__endswith="export_prepare"))
    for job in jobs:
        exports.export_prepare.call(*job.args_kwargs["args"], **job.args_kwargs["kwargs"])
    return len(jobs)


def written_on_the_request(client, url: str, monkeypatch) -> bytes:
    monkeypatch.setattr(exports, "EXPORT_JOB_THRESHOLD", 10_000)
    response = client.get(url)
    monkeypatch.setattr(exports, "EXPORT_JOB_THRESHOLD", 5)
    assert response.status_code == 200
    return response.content


def test_a_large_export_is_asked_of_the_worker_and_answered_at_once(client):
    response = client.get(URL)
    assert response.status_code == 202
    assert response["Retry-After"] == str(exports.RETRY_AFTER_SECONDS)
    assert "is being written" in response.content.decode()
    assert DBTaskResult.objects.filter(task_path__endswith="export_prepare").count() == 1


def test_asking_again_while_it_is_written_asks_the_worker_once(client):
    client.get(URL)
    assert client.get(URL).status_code == 202
    assert DBTaskResult.objects.count() == 1


def test_once_written_the_export_is_served_from_its_file_as_the_request_would_write_it(
    client, monkeypatch
):
    client.get(URL)
    assert run_jobs() == 1
    response = client.get(URL)
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Disposition"] == 'inline; filename="publications.txt"'
    assert b"".join(response.streaming_content) == written_on_the_request(client, URL, monkeypatch)


def test_the_citations_page_of_a_large_list_is_the_sites_page_around_the_written_list(client):
    url = "/publications/export.html?style=ieee"
    client.get(url)
    assert run_jobs() == 1
    page = b"".join(client.get(url).streaming_content).decode()
    assert page.startswith("<!doctype html>")
    assert '<div class="citations" translate="no"><div class="csl-bib-body ieee">' in page
    assert page.count('<div class="csl-entry">') == 10


def test_a_change_to_the_data_asks_for_a_new_file(client):
    client.get(URL)
    run_jobs()
    assert client.get(URL).status_code == 200
    paper = Paper.objects.first()
    paper.title = "A Changed Title"
    paper.save()
    assert client.get(URL).status_code == 202


def test_another_style_of_the_same_list_has_a_file_of_its_own(client):
    client.get(URL)
    run_jobs()
    assert client.get(URL.replace("apa", "ieee")).status_code == 202


def test_a_list_below_the_threshold_is_written_on_the_request(client, monkeypatch):
    monkeypatch.setattr(exports, "EXPORT_JOB_THRESHOLD", 10)
    response = client.get(URL)
    assert response.status_code == 200
    assert not response.streaming
    assert DBTaskResult.objects.count() == 0
