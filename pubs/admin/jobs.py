"""The background side of the BibTeX import in the admin: a job's progress page (with its
Retry and Cancel buttons), and the preview of an import that a job plans and applies (a large
file, entries from the sources).

The preview view (pubs.admin.imports) asks :func:`preview_in_background` first: for an import
a job has, it answers with the job's progress page, or gives the plan the job kept. While a
job waits or runs and no worker has said it is alive for WORKER_DEAD_SECONDS, its page says so
(pubs.jobs.worker.no_worker_message).
"""

from __future__ import annotations

from functools import partial

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST
from django_tasks_db.admin import DBTaskResultAdmin
from django_tasks_db.models import DBTaskResult

from people.models import Group
from pubs.admin.sources import identifiers_view
from pubs.imports.plan import PlannedImport
from pubs.jobs.imports import (
    TooManyJobs,
    import_job_apply,
    import_job_cancel,
    import_job_plan,
    import_job_retry,
    job_message,
    planned_import,
    runs_in_background,
)
from pubs.jobs.worker import no_worker_message
from pubs.models import BibtexImport, ImportJob, JobStage
from pubs.permissions import import_group_allowed, request_scope

#: Seconds between two looks of the progress page at its job.
POLL_SECONDS = 2


@admin.register(ImportJob)
class ImportJobAdmin(admin.ModelAdmin):
    list_display = ["record", "stage", "updated"]
    list_filter = ["stage"]
    list_select_related = ["record"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.has_perm("pubs.add_bibteximport")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def get_queryset(self, request: HttpRequest):
        """The jobs of the imports the user may see (pubs.permissions)."""
        queryset = super().get_queryset(request)
        scope = request_scope(request)
        if scope.everything:
            return queryset
        return queryset.filter(record__in=BibtexImport.objects.filter(scope.rows(BibtexImport)))

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("<int:pk>/progress/", wrap(self.progress_view), name="pubs_importjob_progress"),
            path(
                "<int:pk>/retry/",
                wrap(require_POST(self.retry_view)),
                name="pubs_importjob_retry",
            ),
            path(
                "<int:pk>/cancel/",
                wrap(require_POST(self.cancel_view)),
                name="pubs_importjob_cancel",
            ),
            path(
                "identifiers/",
                wrap(partial(identifiers_view, self)),
                name="pubs_bibteximport_identifiers",
            ),
            *super().get_urls(),
        ]

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        """A job is added by adding papers by identifier (or importing a large file)."""
        return HttpResponseRedirect(reverse("admin:pubs_bibteximport_identifiers"))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        return HttpResponseRedirect(reverse("admin:pubs_importjob_progress", args=[object_id]))

    def progress_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """How far the job got; once it is done, the page it leads to."""
        job = self._job(request, pk)
        record = job.record
        if job.stage == JobStage.PLANNED:
            return HttpResponseRedirect(
                reverse("admin:pubs_bibteximport_preview", args=[record.pk])
            )
        if job.stage == JobStage.DONE:
            messages.success(request, _("The import was applied."))
            return HttpResponseRedirect(reverse("admin:pubs_bibteximport_change", args=[record.pk]))
        progress = job.progress or {}
        scope = request_scope(request)
        context = {
            **self.admin_site.each_context(request),
            "title": _("Import of %(file)s") % {"file": record.file_name},
            "opts": self.model._meta,
            "job": job,
            "record": record,
            "progress": progress,
            "message": job_message(job),
            "poll": POLL_SECONDS if job.running else None,
            "no_worker": no_worker_message(admin=scope.everything) if job.running else "",
            "may_act": self._may_act(request, job),
        }
        return TemplateResponse(request, "admin/pubs/importjob/progress.html", context)

    def retry_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Run a failed or cancelled job again (the same action, for whoever asked for it)."""
        job = self._job(request, pk, act=True)
        try:
            job = import_job_retry(job=job, user=request.user)
        except TooManyJobs as exc:
            messages.error(request, str(exc))
        return HttpResponseRedirect(reverse("admin:pubs_importjob_progress", args=[job.pk]))

    def cancel_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Cancel a job waiting or running: it stops before writing, or it is too late."""
        job = self._job(request, pk, act=True)
        try:
            cancelled = import_job_cancel(job=job)
        except OperationalError:  # SQLite: the import's writing held the database too long
            messages.warning(request, _("The job is writing its import; try again in a moment."))
            cancelled = True
        if not cancelled:
            messages.warning(request, _("Too late to cancel: the job had ended."))
        return HttpResponseRedirect(reverse("admin:pubs_importjob_progress", args=[job.pk]))

    def _job(self, request: HttpRequest, pk: int, *, act: bool = False) -> ImportJob:
        """The job ``pk`` if the user may see it (and, with ``act``, retry or cancel it)."""
        if not self.has_view_permission(request):
            raise PermissionDenied
        jobs = self.get_queryset(request).select_related("record")
        job = get_object_or_404(jobs, pk=pk)
        if act and not self._may_act(request, job):
            raise PermissionDenied
        return job

    def _may_act(self, request: HttpRequest, job: ImportJob) -> bool:
        """Retry and Cancel are for the person who asked for the job, and for admins."""
        if request_scope(request).everything:
            return True
        requester = job.requested_by_id or job.record.created_by_id
        return requester == request.user.pk


def preview_in_background(
    request: HttpRequest, record: BibtexImport
) -> HttpResponse | PlannedImport | None:
    """For a preview that a job plans: a response (the progress page while the job runs,
    after a POST of new decisions or a confirmation), or the plan it kept. None for a preview
    planned in the request."""
    if not runs_in_background(record):
        return None
    job = ImportJob.objects.filter(record=record).first()
    try:
        if request.method == "POST" and "confirm" in request.POST:
            group = Group.objects.filter(slug=record.options.get("group")).first()
            if not import_group_allowed(request_scope(request), group):
                raise PermissionDenied
            job = import_job_apply(record=record, user=request.user)
        elif request.method == "POST" or job is None:
            job = import_job_plan(record=record, user=request.user)  # new decisions
        elif job.stage == JobStage.PLANNED:
            planned = planned_import(job)
            if planned is not None:
                if job.message:
                    messages.error(request, job_message(job))
                return planned
            job = import_job_plan(record=record, user=request.user)  # kept by another version
    except TooManyJobs as exc:
        messages.error(request, str(exc))
        return HttpResponseRedirect(reverse("admin:pubs_bibteximport_changelist"))
    return HttpResponseRedirect(reverse("admin:pubs_importjob_progress", args=[job.pk]))


# The queue's own page (django-tasks-db registers it): every job, its state, and the error
# of one that failed (a refresh when a source was down). Read-only, as the library has it;
# "add" leads to the list, and old results may be deleted (as prune_db_task_results does).
admin.site.unregister(DBTaskResult)


@admin.register(DBTaskResult)
class TaskResultAdmin(DBTaskResultAdmin):
    # The library's columns and fields, labelled in the reader's language: its task name and
    # its traceback and "run after" fields are labelled by plain strings, never translated.
    list_display = (
        "id",
        "task",
        "status",
        "enqueued_at",
        "started_at",
        "finished_at",
        "priority",
        "queue_name",
    )

    def get_readonly_fields(self, request: HttpRequest, obj=None) -> list[str]:
        labelled = {
            "formatted_traceback": "traceback_shown",
            "display_run_after": "run_after_shown",
        }
        return [labelled.get(name, name) for name in super().get_readonly_fields(request, obj)]

    @admin.display(description=_lazy("task"), ordering="task_path")
    def task(self, result: DBTaskResult) -> str:
        return result.task_name

    @admin.display(description=_lazy("traceback"))
    def traceback_shown(self, result: DBTaskResult) -> str:
        return self.formatted_traceback(result)

    @admin.display(description=_lazy("run after"))
    def run_after_shown(self, result: DBTaskResult):
        return self.display_run_after(result)

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        return HttpResponseRedirect(reverse("admin:django_tasks_database_dbtaskresult_changelist"))

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.is_superuser
