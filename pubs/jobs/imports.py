"""An import's work in the background: fetching its entries from the sources (DOIs, arXiv
ids, DBLP people and records), planning a large file, and applying it.

A preview of a text larger than ``IMPORT_JOB_BYTES`` is planned by the worker, not in the
request; the preview shows how far it got, then the plan the job kept (as data, on its
``ImportJob``: pubs.imports.plan_data; removed once the import is applied). Confirming such a
preview applies it in the worker too. Planning writes only the job's own row; applying writes
the import and the job's stage in one transaction. Planning may take IMPORT_PLAN_SECONDS
(more than a preview's IMPORT_PREVIEW_SECONDS).

Every job ends done, failed or cancelled (a plan: planned), and its task in the queue ends
failed when the job did not succeed. A job is the current task of its ``ImportJob``
(``task_id``): each of its writes is made only while it still is and the job is not
cancelled, so a job cancelled, or superseded by newer decisions, stops at its next report of
progress without writing; the import's own writing locks the job's row first, so a cancel
comes either before it (nothing is written) or after it (the import is complete).

Limits: one job at a time per import (a queued job takes the newest decisions; a running plan
is superseded once), identical requests are one job, and one person has at most
JOBS_PER_USER jobs waiting or running (:class:`TooManyJobs`).

A job's message is kept as said in English and as its text and values, so that the admin
shows it in the reader's language (:func:`job_message`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from contextlib import suppress

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext
from django_tasks import TaskContext, TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from people.models import Group
from pubs.bibtex.parse import BibtexError, TimeBudget
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.decisions import decisions_from_options
from pubs.imports.errors import ImportBlocked
from pubs.imports.messages import translated_message
from pubs.imports.plan import PlannedImport, bibtex_import_plan
from pubs.imports.plan_data import StalePlan, planned_from_data, planned_to_data
from pubs.models import BibtexImport, ImportJob, ImportStatus, JobStage, Venue
from pubs.permissions import Scope, import_group_allowed, scope_for
from pubs.services.sources import identifiers_bibtex, source_client
from pubs.sources.identifiers import read_identifier

#: How often a job writes down how far it got, in seconds.
PROGRESS_EVERY = 1.0

#: What a job says (in English; shown translated, with its values, by job_message).
NO_IDENTIFIER = gettext_noop("No identifier to fetch.")
NOTHING_FETCHED = gettext_noop("No source gave any of the entries: %(problems)s")
UNREADABLE = gettext_noop("The file cannot be imported: %(why)s")
OUT_OF_TIME = gettext_noop(
    "Planning stopped at entry %(key)s (line %(line)s): the file takes more than "
    "%(seconds)s s to read and plan, longer than a job may take (IMPORT_PLAN_SECONDS). "
    "Split it into smaller files, or have the site's administrator raise that limit."
)
GROUP_REFUSED = gettext_noop("You may not import into this group.")
NOTHING_IMPORTED = gettext_noop("Nothing was imported: %(why)s.")
UNEXPECTED = gettext_noop(
    "An unexpected error stopped the job (%(error)s); retry, or tell the site's administrator."
)
WORKER_STOPPED = gettext_noop(
    "The worker stopped %(times)s times while running this job; retry, or tell the site's "
    "administrator."
)
REQUEUED = gettext_noop("The worker running this job stopped; the job waits for a worker again.")
UPGRADED = gettext_noop("The site was upgraded while this job waited; retry it.")
CANCELLED = gettext_noop("Cancelled: nothing was written.")
#: What the refusal of a file a job cannot plan in time advises (pubs.bibtex.parse).
JOB_ADVICE = (
    "longer than a job may take (IMPORT_PLAN_SECONDS); split it into smaller files, or "
    "raise that limit"
)


class PlanBudget(TimeBudget):
    """A job's time budget for planning (IMPORT_PLAN_SECONDS), which also tells ``report``
    which entry planning has reached, at most every ``every`` seconds (the planner tells its
    budget of each entry)."""

    def __init__(
        self,
        report: Callable[[int | None, str], None] | None = None,
        every: float = PROGRESS_EVERY,
    ):
        super().__init__(settings.IMPORT_PLAN_SECONDS, advice=JOB_ADVICE)
        self.report = report
        self.every = every
        self.next = time.monotonic() + every

    def check(self, line: int | None = None, key: str = "") -> None:
        now = time.monotonic()
        if self.report is not None and now >= self.next:
            self.next = now + self.every
            self.report(line, key)
        super().check(line, key)


def job_message(job: ImportJob) -> str:
    """What the job says, in the active language (its message as kept, for a job that wrote
    it before messages were kept with their values)."""
    said = (job.progress or {}).get("message")
    if not said:
        return job.message
    text, params = gettext(said["text"]), said.get("params") or {}
    # Why a file was refused is the import's own English problem (pubs.bibtex): translated too.
    params = {name: translated_message(v) if name == "why" else v for name, v in params.items()}
    return text % params if params else text


class JobFailed(Exception):
    """The job ended failed, its reason written on its ImportJob: its task fails too."""


class JobCancelled(Exception):
    """The job was cancelled: it stopped (or never ran) without writing."""


class JobStopped(Exception):
    """The job is no longer its ImportJob's current task (cancelled, or superseded)."""


class TooManyJobs(Exception):
    """The person asking has JOBS_PER_USER jobs waiting or running already; the message says
    so in the active language."""


def runs_in_background(record: BibtexImport) -> bool:
    """Whether the preview of ``record`` is planned by a job: its text is large, or a job
    already has it (the entries fetched from the sources)."""
    return hasattr(record, "job") or len(record.text.encode("utf-8")) > settings.IMPORT_JOB_BYTES


def import_job_plan(*, record: BibtexImport, user=None) -> ImportJob:
    """Have the worker plan ``record`` (again: after new decisions the plan is stale). A job
    of the import waiting, fetching or applying is the one: it plans with the newest
    decisions; a plan running is superseded (once: the new one waits)."""
    return _enqueue(record, "plan", user=user)


def import_job_fetch(*, record: BibtexImport, user=None) -> ImportJob:
    """Have the worker fetch the BibTeX of the identifiers ``record`` names
    (``options["identifiers"]``) from the sources, then plan it."""
    return _enqueue(record, "fetch", user=user)


def import_job_apply(*, record: BibtexImport, user) -> ImportJob:
    """Have the worker apply ``record``'s preview, as ``user`` confirmed it (a plan waiting
    or running is superseded)."""
    return _enqueue(record, "apply", user=user)


def import_job_retry(*, job: ImportJob, user) -> ImportJob:
    """Have the worker run a failed or cancelled job again: the same action, for the person
    who asked for it (``user`` for a job that does not say who did)."""
    if job.stage not in (JobStage.FAILED, JobStage.CANCELLED):
        return job
    action = job.action or (job.progress or {}).get("action") or "plan"
    return _enqueue(job.record, action, user=job.requested_by or user)


def import_job_cancel(*, job: ImportJob) -> bool:
    """Cancel ``job``: waiting, it never runs; running, it stops at its next report without
    writing. False when it is too late: it ended, or its import was written meanwhile (the
    cancel waits for that writing to end)."""
    with transaction.atomic():
        job = ImportJob.objects.select_for_update().get(pk=job.pk)
        if not job.running:
            return False
        waiting = _current_task(job)
        if waiting is not None and waiting.status == TaskResultStatus.READY:
            waiting.set_failed(JobCancelled("cancelled before it ran"))
        _say(job, JobStage.CANCELLED, CANCELLED)
    return True


def identical_fetch(*, user, identifiers: Sequence[str], group: str) -> ImportJob | None:
    """The job of ``user`` waiting for or fetching the same ``identifiers`` into the same
    ``group`` (a form sent twice), if any."""
    jobs = ImportJob.objects.filter(
        requested_by=user, action="fetch", stage__in=ImportJob.RUNNING
    ).select_related("record")
    for job in jobs:
        options = job.record.options
        if options.get("identifiers") == list(identifiers) and options.get("group") == group:
            return job
    return None


def planned_import(job: ImportJob) -> PlannedImport | None:
    """The plan a job kept for the preview, or None before there is one (or when the one
    kept is of another version of the code: the import is to be planned again)."""
    if not job.plan:
        return None
    try:
        return planned_from_data(job.plan, text=job.record.text)
    except StalePlan:
        return None


def import_jobs_requeued(*, task_ids: Sequence[str]) -> None:
    """The jobs of these tasks, whose worker died, wait for a worker again."""
    for job in ImportJob.objects.filter(task_id__in=task_ids, stage__in=ImportJob.RUNNING):
        job.worker_id, job.heartbeat = "", None
        _say(job, JobStage.QUEUED, REQUEUED, extra=["worker_id", "heartbeat"])


def import_jobs_given_up(*, task_ids: dict[str, int]) -> None:
    """The jobs of these tasks failed: their workers stopped (so many times) running them."""
    for job in ImportJob.objects.filter(task_id__in=task_ids, stage__in=ImportJob.RUNNING):
        _say(job, JobStage.FAILED, WORKER_STOPPED, times=task_ids[job.task_id])


def _enqueue(record: BibtexImport, action: str, *, user) -> ImportJob:
    with transaction.atomic():
        if user is not None:  # one request of a person at a time counts their jobs
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        job = ImportJob.objects.select_for_update().filter(record=record).first()
        current = _current_task(job) if job is not None and job.running else None
        if current is not None and current.status in (
            TaskResultStatus.READY,
            TaskResultStatus.RUNNING,
        ):
            waiting = current.status == TaskResultStatus.READY
            if job.action in ("fetch", "apply") or (action == job.action == "plan" and waiting):
                return job  # the same work, waiting or under way
            if waiting:  # a plan the apply supersedes before it ran: it never will
                current.delete()
            # else a running plan, superseded: it stops at its next report
        elif user is not None:
            _within_limit(user, record)
        job = job or ImportJob(record=record)
        job.stage, job.action, job.message = JobStage.QUEUED, action, ""
        job.progress = {"action": action}
        job.requested_by = user or job.requested_by
        job.worker_id, job.heartbeat, job.attempts = "", None, 0
        if action == "plan":
            job.plan = None
        job.save()
        job.task_id = str(run_import_job.enqueue(job.pk, action).id)
        job.save(update_fields=["task_id"])
    return job


def _within_limit(user, record: BibtexImport) -> None:
    jobs = ImportJob.objects.filter(requested_by=user, stage__in=ImportJob.RUNNING)
    count = jobs.exclude(record=record).count()
    if count >= settings.JOBS_PER_USER:
        raise TooManyJobs(
            ngettext(
                "You have %(count)s job waiting or running, as many as one person may have at "
                "once: wait for it to end, or cancel it, then try again.",
                "You have %(count)s jobs waiting or running, as many as one person may have "
                "at once: wait for one to end, or cancel one, then try again.",
                count,
            )
            % {"count": count}
        )


def _current_task(job: ImportJob) -> DBTaskResult | None:
    if not job.task_id:
        return None
    return DBTaskResult.objects.select_for_update().filter(pk=job.task_id).first()


@task(takes_context=True)
def run_import_job(context: TaskContext, job_id: int, action: str) -> str:
    """Fetch, plan or apply the import of job ``job_id``; returns the stage it ends in.
    Raises when the job did not succeed (failed or cancelled), after writing why."""
    job = ImportJob.objects.select_related("record__created_by", "requested_by")
    job = job.filter(pk=job_id).first()
    if job is None:  # the preview was deleted meanwhile
        return "gone"
    own_task = str(context.task_result.id)
    try:
        if job.task_id != own_task:
            raise JobStopped
        _start(job, context)
        if job.record.status != ImportStatus.PREVIEW:  # applied before the worker was killed
            _set(job, JobStage.DONE, drop_plan=True)
            return JobStage.DONE
        if action == "apply":
            return _apply(job)
        if action == "fetch":
            _fetch(job)
        return _plan(job)
    except JobStopped:
        if ImportJob.objects.filter(pk=job.pk, task_id=own_task, stage=JobStage.CANCELLED).exists():
            raise JobCancelled("cancelled while it ran") from None
        return "superseded"
    except JobFailed:
        raise
    except Exception as exc:
        with suppress(JobStopped):  # cancelled or superseded meanwhile: not its to say
            _set(job, JobStage.FAILED, UNEXPECTED, error=f"{type(exc).__name__}: {exc}"[:300])
        raise


def _start(job: ImportJob, context: TaskContext) -> None:
    worker_ids = context.task_result.worker_ids
    job.worker_id = worker_ids[-1] if worker_ids else ""
    job.attempts = context.attempt
    job.heartbeat = timezone.now()
    _set(job, job.stage, extra=["worker_id", "attempts", "heartbeat"])


def _fetch(job: ImportJob) -> None:
    """Fill the import's text with the BibTeX of its identifiers; the ones no source could
    give become warnings of the preview. Fails the job when none could."""
    record = job.record
    if record.text.strip():  # fetched before the worker was killed
        return
    identifiers = [read_identifier(text) for text in record.options.get("identifiers", [])]
    identifiers = [identifier for identifier in identifiers if identifier is not None]

    def report(done: int, total: int) -> None:
        _report(job, {"action": "fetch", "done": done, "total": total})

    _set(job, JobStage.FETCHING, progress={"action": "fetch", "done": 0, "total": len(identifiers)})
    http = source_client()
    try:
        text, problems = identifiers_bibtex(identifiers=identifiers, http=http, progress=report)
    finally:
        http.close()
    if not text.strip():
        if problems:
            _fail(job, JobStage.FAILED, NOTHING_FETCHED, problems="; ".join(problems))
        _fail(job, JobStage.FAILED, NO_IDENTIFIER)
    record.text = text
    warnings = record.options.get("decode_warnings", [])
    record.options = {**record.options, "decode_warnings": [*warnings, *problems]}
    with transaction.atomic():
        _own(job)
        record.save(update_fields=["text", "options"])


def _plan(job: ImportJob) -> str:
    record = job.record
    lines = record.text.count("\n") + 1

    def report(line: int | None, key: str) -> None:
        _report(job, {"action": "plan", "line": line or 0, "lines": lines, "key": key})

    _set(job, JobStage.PLANNING, progress={"action": "plan", "line": 0, "lines": lines})
    budget = PlanBudget(report)
    try:
        planned = _replan(record, budget=budget)
    except BibtexError as exc:
        _fail(job, JobStage.FAILED, *_refusal(exc, budget))
    _set(
        job,
        JobStage.PLANNED,
        progress={"action": "plan", "line": lines, "lines": lines},
        plan=planned_to_data(planned),
    )
    return JobStage.PLANNED


def _replan(
    record: BibtexImport, *, scope: Scope | None = None, budget: TimeBudget | None = None
) -> PlannedImport:
    venue_ids = dict(Venue.objects.values_list("slug", "pk"))
    return bibtex_import_plan(
        text=record.text,
        decisions=decisions_from_options(record.options, venue_ids),
        link_base=record.options.get("link_base", ""),
        max_entries=settings.IMPORT_MAX_ENTRIES,
        scope=scope if scope is not None else scope_for(record.created_by),
        budget=budget,
        seconds=settings.IMPORT_PLAN_SECONDS,  # planning it again, when applied
    )


def _refusal(exc: BibtexError, budget: TimeBudget) -> tuple[str, dict]:
    """What a job says of a file it could not plan: where it stopped, when out of time."""
    if budget.spent:
        problem = exc.problem
        where = {"key": problem.key or "?", "line": problem.line or "?"}
        return OUT_OF_TIME, {**where, "seconds": f"{budget.seconds:g}"}
    return UNREADABLE, {"why": str(exc)}


def _apply(job: ImportJob) -> str:
    record, user = job.record, job.requested_by
    scope = scope_for(user)
    group = Group.objects.filter(slug=record.options.get("group")).first()
    _set(job, JobStage.APPLYING, progress={"action": "apply"})
    if user is None or not import_group_allowed(scope, group):
        _fail(job, JobStage.PLANNED, GROUP_REFUSED)
    budget = PlanBudget(lambda line, key: _report(job, {"action": "apply"}))
    try:
        # Planned again with the decisions sent with the confirmation, in the scope of the
        # user who confirmed it: the kept plan is the preview's.
        planned = _replan(record, scope=scope, budget=budget)
        with transaction.atomic():
            _own(job)  # from here a cancel waits: the import is written whole
            bibtex_import_apply(
                planned=planned, file_name=record.file_name, user=user, group=group, record=record
            )
            _set(job, JobStage.DONE, drop_plan=True)
    except BibtexError as exc:
        _fail(job, JobStage.PLANNED, *_refusal(exc, budget))
    except ImportBlocked as exc:
        _fail(job, JobStage.PLANNED, NOTHING_IMPORTED, why=str(exc))
    return JobStage.DONE


def _own(job: ImportJob) -> None:
    """Lock the job's row, in the transaction open, while it is still this run's (not
    cancelled, not superseded); else stop."""
    mine = ImportJob.objects.select_for_update().filter(pk=job.pk, task_id=job.task_id)
    if not mine.exclude(stage=JobStage.CANCELLED).exists():
        raise JobStopped


def _report(job: ImportJob, progress: dict) -> None:
    """Write how far the job got (stopping it if it was cancelled or superseded)."""
    _set(job, job.stage, progress=progress)


def _fail(job: ImportJob, stage: str, message: str, params: dict | None = None, **values) -> None:
    """End the job in ``stage`` saying ``message``, and fail its task."""
    _set(job, stage, message, params, **values)
    raise JobFailed(job.message)


def _set(
    job: ImportJob,
    stage: str,
    message: str = "",
    params: dict | None = None,
    *,
    progress: dict | None = None,
    plan: dict | None = None,
    drop_plan: bool = False,
    extra: Sequence[str] = (),
    **values: object,
) -> None:
    """Write the job's stage, message, progress, the plan it made (or none: ``drop_plan``)
    and the ``extra`` fields, while the job is still this run's; else stop (JobStopped)."""
    fields = _said(job, stage, message, params, progress, **values)
    if plan is not None or drop_plan:
        job.plan = plan
        fields.append("plan")
    changes = {name: getattr(job, name) for name in [*fields, *extra]}
    mine = ImportJob.objects.filter(pk=job.pk, task_id=job.task_id)
    if not mine.exclude(stage=JobStage.CANCELLED).update(**changes, updated=timezone.now()):
        raise JobStopped


def _say(
    job: ImportJob,
    stage: str,
    message: str = "",
    params: dict | None = None,
    *,
    extra: Sequence[str] = (),
    **values: object,
) -> None:
    """Write the job's stage and message, whoever runs it (a cancel, the worker's watch)."""
    fields = _said(job, stage, message, params, None, **values)
    job.save(update_fields=[*fields, *extra, "updated"])


def _said(
    job: ImportJob,
    stage: str,
    message: str,
    params: dict | None,
    progress: dict | None,
    **values: object,
) -> list[str]:
    """Set the job's stage, its message (an English text of this module's, with its values
    given as ``params`` or keywords: kept as said and as text and values, for job_message)
    and its progress; the fields set."""
    params = {**(params or {}), **values}
    job.stage, job.message = stage, (message % params if params else message)
    progress = dict(progress if progress is not None else job.progress or {})
    progress.pop("message", None)
    if message:
        progress["message"] = {"text": message, "params": params}
    job.progress = progress
    return ["stage", "message", "progress"]
