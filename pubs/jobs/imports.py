"""An import's work in the background: fetching its entries from the sources (DOIs, arXiv
ids, DBLP people and records), planning a large file, and applying it.

A preview of a text larger than ``IMPORT_JOB_BYTES`` is planned by the worker, not in the
request; the preview shows how far it got, then the plan the job kept (pickled on its
``ImportJob``). Confirming such a preview applies it in the worker too. Planning writes only
the job's own row; applying writes the import and the job's stage in one transaction.
Planning may take IMPORT_PLAN_SECONDS (more than a preview's IMPORT_PREVIEW_SECONDS).

A job's message is kept as said in English and as its text and values, so that the admin
shows it in the reader's language (:func:`job_message`).
"""

from __future__ import annotations

import pickle
import time
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext, gettext_noop
from django_tasks import task

from people.models import Group
from pubs.admin.import_forms import decisions_from_options
from pubs.bibtex.parse import BibtexError, TimeBudget
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.errors import ImportBlocked
from pubs.imports.plan import PlannedImport, bibtex_import_plan
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
    return text % params if params else text


def runs_in_background(record: BibtexImport) -> bool:
    """Whether the preview of ``record`` is planned by a job: its text is large, or a job
    already has it (the entries fetched from the sources)."""
    return hasattr(record, "job") or len(record.text.encode("utf-8")) > settings.IMPORT_JOB_BYTES


def import_job_plan(*, record: BibtexImport) -> ImportJob:
    """Have the worker plan ``record`` (again: after new decisions the plan is stale)."""
    return _enqueue(record, "plan", user_id=None)


def import_job_fetch(*, record: BibtexImport) -> ImportJob:
    """Have the worker fetch the BibTeX of the identifiers ``record`` names
    (``options["identifiers"]``) from the sources, then plan it."""
    return _enqueue(record, "fetch", user_id=None)


def import_job_apply(*, record: BibtexImport, user) -> ImportJob:
    """Have the worker apply ``record``'s preview, as ``user`` confirmed it."""
    return _enqueue(record, "apply", user_id=user.pk)


def _enqueue(record: BibtexImport, action: str, *, user_id: int | None) -> ImportJob:
    with transaction.atomic():
        job, _ = ImportJob.objects.select_for_update().get_or_create(record=record)
        job.stage, job.progress, job.message = JobStage.QUEUED, {"action": action}, ""
        if action == "plan":
            job.plan = None
        result = run_import_job.enqueue(job.pk, action, user_id)
        job.task_id = str(result.id)
        job.save()
    return job


def planned_import(job: ImportJob) -> PlannedImport | None:
    """The plan a job kept for the preview, or None before there is one."""
    # Only the worker writes it, from the text the admin gave.
    return pickle.loads(job.plan) if job.plan else None


@task()
def run_import_job(job_id: int, action: str, user_id: int | None = None) -> str:
    """Plan or apply the import of job ``job_id``; returns the stage it ends in."""
    job = ImportJob.objects.select_related("record__created_by").filter(pk=job_id).first()
    if job is None:  # the preview was deleted meanwhile
        return "gone"
    if job.record.status != ImportStatus.PREVIEW:  # applied before the worker was killed
        ImportJob.objects.filter(pk=job.pk).update(stage=JobStage.DONE)
        return JobStage.DONE
    if action == "apply":
        return _apply(job, user_id)
    if action == "fetch" and not _fetch(job):
        return JobStage.FAILED
    return _plan(job)


def _fetch(job: ImportJob) -> bool:
    """Fill the import's text with the BibTeX of its identifiers; the ones no source could
    give become warnings of the preview. False, the job failed, when none could."""
    record = job.record
    if record.text.strip():  # fetched before the worker was killed
        return True
    identifiers = [read_identifier(text) for text in record.options.get("identifiers", [])]
    identifiers = [identifier for identifier in identifiers if identifier is not None]

    def report(done: int, total: int) -> None:
        progress = {"action": "fetch", "done": done, "total": total}
        ImportJob.objects.filter(pk=job.pk).update(progress=progress)

    _set(job, JobStage.FETCHING, progress={"action": "fetch", "done": 0, "total": len(identifiers)})
    http = source_client()
    try:
        text, problems = identifiers_bibtex(identifiers=identifiers, http=http, progress=report)
    finally:
        http.close()
    if not text.strip():
        if problems:
            _set(job, JobStage.FAILED, NOTHING_FETCHED, problems="; ".join(problems))
        else:
            _set(job, JobStage.FAILED, NO_IDENTIFIER)
        return False
    record.text = text
    warnings = record.options.get("decode_warnings", [])
    record.options = {**record.options, "decode_warnings": [*warnings, *problems]}
    record.save(update_fields=["text", "options"])
    return True


def _plan(job: ImportJob) -> str:
    record = job.record
    lines = record.text.count("\n") + 1

    def report(line: int | None, key: str) -> None:
        progress = {"action": "plan", "line": line or 0, "lines": lines, "key": key}
        ImportJob.objects.filter(pk=job.pk).update(progress=progress)

    _set(job, JobStage.PLANNING, progress={"action": "plan", "line": 0, "lines": lines})
    budget = PlanBudget(report)
    try:
        planned = _replan(record, budget=budget)
    except BibtexError as exc:
        _set(job, JobStage.FAILED, *_refusal(exc, budget))
        return JobStage.FAILED
    _set(
        job,
        JobStage.PLANNED,
        progress={"action": "plan", "line": lines, "lines": lines},
        plan=pickle.dumps(planned, protocol=pickle.HIGHEST_PROTOCOL),
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


def _apply(job: ImportJob, user_id: int | None) -> str:
    record = job.record
    user = get_user_model().objects.filter(pk=user_id).first()
    scope = scope_for(user)
    group = Group.objects.filter(slug=record.options.get("group")).first()
    _set(job, JobStage.APPLYING, progress={"action": "apply"})
    if user is None or not import_group_allowed(scope, group):
        _set(job, JobStage.PLANNED, GROUP_REFUSED)
        return JobStage.PLANNED
    budget = PlanBudget()
    try:
        # Planned again with the decisions sent with the confirmation, in the scope of the
        # user who confirmed it: the kept plan is the preview's.
        planned = _replan(record, scope=scope, budget=budget)
        with transaction.atomic():
            bibtex_import_apply(
                planned=planned, file_name=record.file_name, user=user, group=group, record=record
            )
            _set(job, JobStage.DONE)
    except BibtexError as exc:
        _set(job, JobStage.PLANNED, *_refusal(exc, budget))
        return JobStage.PLANNED
    except ImportBlocked as exc:
        _set(job, JobStage.PLANNED, NOTHING_IMPORTED, why=str(exc))
        return JobStage.PLANNED
    return JobStage.DONE


def _set(
    job: ImportJob,
    stage: str,
    message: str = "",
    params: dict | None = None,
    *,
    progress: dict | None = None,
    plan: bytes | None = None,
    **values: object,
) -> None:
    """Write the job's stage, its message (an English text of this module's, with its values
    given as ``params`` or keywords: kept as said and as text and values, for job_message),
    its progress, and the plan it made (megabytes, written once)."""
    params = {**(params or {}), **values}
    job.stage, job.message = stage, (message % params if params else message)
    progress = dict(progress if progress is not None else job.progress or {})
    progress.pop("message", None)
    if message:
        progress["message"] = {"text": message, "params": params}
    job.progress = progress
    fields = ["stage", "message", "progress", "updated"]
    if plan is not None:
        job.plan = plan
        fields.append("plan")
    job.save(update_fields=fields)
