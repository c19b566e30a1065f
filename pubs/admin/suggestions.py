"""Suggestions from the sources in the admin: "Parcae: arXiv preprint → NSDI'24", with a
button to accept, dismiss or undo each (and actions for several). The checks that make them
are pubs.jobs.refresh; the decisions pubs.services.suggestions."""

from __future__ import annotations

from contextvars import ContextVar

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import SimpleTemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pubs.models import Paper, Suggestion, SuggestionStatus, Venue
from pubs.permissions import request_scope
from pubs.services.suggestions import (
    SuggestionRefused,
    suggestion_accept,
    suggestion_dismiss,
    suggestion_undo,
)

DECISIONS = {"accept": suggestion_accept, "dismiss": suggestion_dismiss, "undo": suggestion_undo}

#: The venues' names by id, read once for a list of suggestions (changes name venues by id).
_VENUE_NAMES: ContextVar[dict[int, str] | None] = ContextVar("venue_names", default=None)


@admin.register(Suggestion)
class SuggestionAdmin(admin.ModelAdmin):
    list_display = [
        "summary",
        "paper_link",
        "changes_list",
        "source",
        "status",
        "decision",
        "created",
        "buttons",
    ]
    list_filter = ["status", "source"]
    list_select_related = ["paper", "decided_by"]
    search_fields = ["summary", "paper__title"]
    actions = ["accept_selected", "dismiss_selected"]
    list_display_links = None

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        return request.user.has_perm("pubs.change_paper")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def get_queryset(self, request: HttpRequest):
        """The suggestions for the papers the user may edit (pubs.permissions)."""
        queryset = super().get_queryset(request)
        scope = request_scope(request)
        if scope.everything:
            return queryset
        return queryset.filter(paper__in=Paper.objects.filter(scope.rows(Paper)))

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path(
                "<int:pk>/decide/<str:decision>/",
                wrap(self.decide_view),
                name="pubs_suggestion_decide",
            ),
            *super().get_urls(),
        ]

    def changelist_view(self, request: HttpRequest, extra_context=None):
        if "status__exact" not in request.GET and not request.GET.get("q"):
            query = request.GET.copy()
            query["status__exact"] = SuggestionStatus.OPEN  # the ones to decide, first
            request.GET = query
            request.META["QUERY_STRING"] = query.urlencode()
        names = {
            pk: abbreviation or name
            for pk, abbreviation, name in Venue.objects.values_list("pk", "abbreviation", "name")
        }
        token = _VENUE_NAMES.set(names)
        try:
            response = super().changelist_view(request, extra_context)
            # The list's columns read the venues' names while it renders, so it renders here;
            # an action answers with a redirect, which has nothing to render.
            if isinstance(response, SimpleTemplateResponse):
                response.render()
            return response
        finally:
            _VENUE_NAMES.reset(token)

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        """Suggestions come from the sources: the list of them."""
        return HttpResponseRedirect(reverse("admin:pubs_suggestion_changelist"))

    # -- columns ---------------------------------------------------------------------------

    @admin.display(description=gettext_lazy("paper"), ordering="paper__title")
    def paper_link(self, suggestion: Suggestion) -> str:
        return render_to_string(
            "admin/pubs/suggestion/paper_link.html",
            {
                "paper": suggestion.paper,
                "url": reverse("admin:pubs_paper_change", args=[suggestion.paper_id]),
            },
        )

    @admin.display(description=gettext_lazy("changes"))
    def changes_list(self, suggestion: Suggestion) -> str:
        rows = []
        venues = _VENUE_NAMES.get() or {}
        for name, value in suggestion.changes.items():
            before = (
                suggestion.previous.get(name)
                if suggestion.previous
                else _current(suggestion.paper, name)
            )
            rows.append(
                {
                    "name": name,
                    "before": _shown(name, before, venues),
                    "after": _shown(name, value, venues),
                }
            )
        return render_to_string("admin/pubs/suggestion/changes.html", {"rows": rows})

    @admin.display(description=gettext_lazy("decision"), ordering="decided")
    def decision(self, suggestion: Suggestion) -> str:
        """Who decided, and when; "automatically" for a kind of finding that applies without
        review (LABPUBS_AUTO_APPLY, pubs.services.auto_apply)."""
        if suggestion.decided is None:
            return "—"
        when = date_format(timezone.localtime(suggestion.decided), "SHORT_DATETIME_FORMAT")
        if suggestion.decided_by is None:
            return _("automatically, %(when)s") % {"when": when}
        return _("%(who)s, %(when)s") % {"who": suggestion.decided_by.get_username(), "when": when}

    @admin.display(description=gettext_lazy("decide"))
    def buttons(self, suggestion: Suggestion) -> str:
        decisions = {
            SuggestionStatus.OPEN: [("accept", _("Accept")), ("dismiss", _("Dismiss"))],
            SuggestionStatus.ACCEPTED: [("undo", _("Undo"))],
        }.get(suggestion.status, [])
        return render_to_string(
            "admin/pubs/suggestion/buttons.html",
            {
                "buttons": [
                    (
                        reverse("admin:pubs_suggestion_decide", args=[suggestion.pk, name]),
                        label,
                        name,
                    )
                    for name, label in decisions
                ]
            },
        )

    # -- deciding --------------------------------------------------------------------------

    def decide_view(self, request: HttpRequest, pk: int, decision: str) -> HttpResponse:
        if request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        if decision not in DECISIONS:
            raise PermissionDenied
        suggestion = get_object_or_404(self.get_queryset(request), pk=pk)
        self._decide(request, suggestion, decision)
        return HttpResponseRedirect(
            request.META.get("HTTP_REFERER") or reverse("admin:pubs_suggestion_changelist")
        )

    @admin.action(description=gettext_lazy("Accept the selected suggestions"))
    def accept_selected(self, request: HttpRequest, queryset) -> None:
        for suggestion in queryset.filter(status=SuggestionStatus.OPEN):
            self._decide(request, suggestion, "accept")

    @admin.action(description=gettext_lazy("Dismiss the selected suggestions"))
    def dismiss_selected(self, request: HttpRequest, queryset) -> None:
        for suggestion in queryset.filter(status=SuggestionStatus.OPEN):
            self._decide(request, suggestion, "dismiss")

    def _decide(self, request: HttpRequest, suggestion: Suggestion, decision: str) -> None:
        if not request.user.has_perm("pubs.change_paper") or not request_scope(request).allows(
            suggestion.paper
        ):
            raise PermissionDenied
        try:
            DECISIONS[decision](suggestion=suggestion, user=request.user)
        except SuggestionRefused as exc:
            messages.error(
                request, _("%(summary)s: %(why)s.") % {"summary": suggestion.summary, "why": exc}
            )
        else:
            done = {"accept": _("Accepted"), "dismiss": _("Dismissed"), "undo": _("Undone")}[
                decision
            ]
            messages.success(request, f"{done}: {suggestion.summary}")


def _current(paper: Paper, name: str):
    return paper.venue_id if name == "venue" else getattr(paper, name)


def _shown(name: str, value, venues: dict[int, str]) -> str:
    if value in (None, ""):
        return "—"
    if name == "venue":
        return venues.get(value, str(value))
    text = str(value)
    return text if len(text) <= 120 else text[:117] + "…"
