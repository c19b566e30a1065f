"""The history of changes in the admin: who changed what and when, and reverting."""

from __future__ import annotations

from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from simple_history.admin import SimpleHistoryAdmin

from pubs.history import history_baseline


class RecordedAdmin(SimpleHistoryAdmin):
    """A ModelAdmin whose changes are kept (with the user) and can be reverted.

    The first recorded change of a row written in bulk records its former state first. A
    revert is a change: it takes the right to change the object as it is now (simple-history
    alone would let anyone who may view it revert it), and a deleted object is restored only
    by a superuser.
    """

    def save_model(self, request: HttpRequest, obj, form, change: bool) -> None:
        if change:
            history_baseline(self.model, [obj.pk])
        super().save_model(request, obj, form, change)

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context=None
    ) -> HttpResponse:
        current = self.get_object(request, unquote(object_id))
        if current is None:
            allowed = request.user.is_superuser
        elif request.method == "POST":
            allowed = self.has_change_permission(request, current)
        else:
            allowed = self.has_view_history_or_change_history_permission(request, current)
        if not allowed:
            raise PermissionDenied
        return super().history_form_view(request, object_id, version_id, extra_context)
