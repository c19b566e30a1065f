"""Jobs waiting or running when the site is upgraded to the job lifecycle (migration 0007) end
failed, saying to retry them, and no worker runs their tasks with the new code; their pickled
plans go with the old column."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("pubs", "0006_paper_versions")]
AFTER = [("pubs", "0007_job_lifecycle")]
UPGRADED = "The site was upgraded while this job waited; retry it."


def migrate(targets):
    """Migrate pubs to ``targets``; the models of every app at that point."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "pubs"]
    return executor.loader.project_state([*targets, *others]).apps


@pytest.fixture
def upgraded(django_user_model):
    """A job planning and one done, as the old code left them, then the upgrade."""
    apps = migrate(BEFORE)
    BibtexImport = apps.get_model("pubs", "BibtexImport")
    ImportJob = apps.get_model("pubs", "ImportJob")
    DBTaskResult = apps.get_model("django_tasks_database", "DBTaskResult")
    user = apps.get_model("auth", "User").objects.create(username="old")
    jobs = {}
    for name, stage in (("planning", "planning"), ("done", "done")):
        record = BibtexImport.objects.create(
            created_by=user, file_name=f"{name}.bib", sha256="", text="", options={}
        )
        task = DBTaskResult.objects.create(
            args_kwargs={"args": [1, "plan", None], "kwargs": {}},
            task_path="pubs.jobs.imports.run_import_job",
            backend_name="default",
            run_after=timezone.now(),
            status="RUNNING" if stage == "planning" else "SUCCESSFUL",
        )
        jobs[name] = ImportJob.objects.create(
            record=record,
            stage=stage,
            task_id=str(task.pk),
            progress={"action": "plan"},
            plan=b"\x80\x05pickled",
        ).pk
    apps = migrate(AFTER)
    yield apps, jobs
    call_command("migrate", verbosity=0)


def test_a_job_running_before_the_upgrade_ends_failed_to_be_retried(upgraded):
    apps, jobs = upgraded
    job = apps.get_model("pubs", "ImportJob").objects.get(pk=jobs["planning"])
    assert (job.stage, job.message, job.action) == ("failed", UPGRADED, "plan")
    assert job.plan is None


def test_a_job_done_before_the_upgrade_stays_done(upgraded):
    apps, jobs = upgraded
    job = apps.get_model("pubs", "ImportJob").objects.get(pk=jobs["done"])
    assert (job.stage, job.message, job.plan) == ("done", "", None)


def test_no_task_of_the_old_code_is_left_for_a_worker(upgraded):
    apps, _ = upgraded
    tasks = apps.get_model("django_tasks_database", "DBTaskResult").objects
    assert sorted(tasks.values_list("status", flat=True)) == ["FAILED", "SUCCESSFUL"]
    assert UPGRADED in tasks.get(status="FAILED").traceback
