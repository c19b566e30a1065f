"""Limits on jobs: one person has at most JOBS_PER_USER jobs waiting or running, the same
request twice is one job, and an import has one plan job at a time (a waiting one takes the
newest decisions; a running one is superseded once)."""

import pytest
from django.urls import reverse
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from people.models import Group
from pubs.models import BibtexImport, ImportJob

pytestmark = pytest.mark.django_db(transaction=True)

IDENTIFIERS = reverse("admin:pubs_bibteximport_identifiers")
REFUSED = (
    "You have 3 jobs waiting or running, as many as one person may have at once: wait for one "
    "to end, or cancel one, then try again."
)
BIBTEX = """@inproceedings{engine2025,
  title = {An Analytical Engine for Papers},
  author = {Ada Lovelace and Charles Babbage},
  booktitle = {Workshop on Odd Things},
  year = {2025}
}
"""


def dois(form: int) -> str:
    """200 DOIs, different in each form."""
    return " ".join(f"10.5555/form{form}.{n}" for n in range(200))


def paste(client, identifiers: str):
    return client.post(IDENTIFIERS, {"identifiers": identifiers, "group": lab().pk})


def lab() -> Group:
    return Group.objects.get(slug="lab")


def test_thirty_forms_of_200_dois_from_one_editor_queue_three_jobs(editor_client):
    answers = [paste(editor_client, dois(form)) for form in range(30)]
    refused = [answer for answer in answers if answer.status_code == 200]
    assert len(refused) == 27
    for answer in refused:
        assert REFUSED in answer.content.decode()
    assert ImportJob.objects.count() == BibtexImport.objects.count() == 3
    assert DBTaskResult.objects.count() == 3


def test_a_job_cancelled_makes_room_for_another(editor_client):
    for form in range(3):
        paste(editor_client, dois(form))
    editor_client.post(reverse("admin:pubs_importjob_cancel", args=[ImportJob.objects.first().pk]))
    assert paste(editor_client, dois(3)).status_code == 302
    assert ImportJob.objects.count() == 4


def test_the_limit_is_each_person_s(editor_client, admin_client):
    for form in range(3):
        paste(editor_client, dois(form))
    assert paste(admin_client, dois(3)).status_code == 302


def test_the_same_identifiers_sent_twice_are_one_job(editor_client):
    first, second = paste(editor_client, dois(0)), paste(editor_client, dois(0))
    assert first["Location"] == second["Location"]
    assert ImportJob.objects.count() == BibtexImport.objects.count() == 1


@pytest.fixture
def large_preview(admin_client, settings) -> str:
    """The preview of a large file, its plan waiting for the worker."""
    settings.IMPORT_JOB_BYTES = 0
    response = admin_client.post(reverse("admin:pubs_bibteximport_upload"), {"text": BIBTEX})
    admin_client.get(response["Location"])
    return response["Location"]


def test_fifty_posts_of_new_decisions_leave_one_plan_waiting(admin_client, large_preview):
    for _ in range(50):
        admin_client.post(large_preview, {"venue:Workshop on Odd Things": "new"})
    task = DBTaskResult.objects.get()
    assert task.status == TaskResultStatus.READY
    assert ImportJob.objects.get().task_id == str(task.pk)


def test_a_running_plan_is_superseded_once_by_newer_decisions(
    admin_client, large_preview, worker_alive
):
    DBTaskResult.objects.get().claim(worker_alive.worker_id)  # the plan under way
    for _ in range(50):
        admin_client.post(large_preview, {"venue:Workshop on Odd Things": "new"})
    running = DBTaskResult.objects.get(status=TaskResultStatus.RUNNING)
    waiting = DBTaskResult.objects.get(status=TaskResultStatus.READY)
    assert ImportJob.objects.get().task_id == str(waiting.pk) != str(running.pk)


def test_a_confirmation_supersedes_the_plan_waiting(admin_client, large_preview):
    admin_client.post(large_preview, {"confirm": "1", "venue:Workshop on Odd Things": "new"})
    task = DBTaskResult.objects.get()
    assert task.args_kwargs["args"][1] == "apply"
    assert ImportJob.objects.get().task_id == str(task.pk)
