"""The admin action "Find versions of the selected papers": a preview of the links,
suggestions and conflicts the identity rules find for the selected papers among all the
stored ones (pubs.services.version_links), and an Apply button that links the pairs ticked.

Only pairs whose two papers the user may change are shown and linked: a group editor does
not link another group's paper, nor learn its title here.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from pubs.imports.errors import ImportBlocked
from pubs.permissions import request_scope
from pubs.services.version_links import (
    VersionLinkRefused,
    VersionsPlan,
    paper_versions_link,
    paper_versions_plan,
)


class VersionLinksForm(forms.Form):
    """The pairs to link, chosen among those the plan offers: its links, ticked, and its
    suggestions, not ticked (a pair it does not offer is no choice)."""

    links = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, plan: VersionsPlan, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.pairs = {pair.key: pair for pair in plan.offered()}
        self.fields["links"].choices = [(key, key) for key in self.pairs]
        self.fields["links"].initial = [pair.key for pair in plan.links]

    def ticked(self) -> set[str]:
        """The keys of the pairs ticked: as posted, or as offered before a post."""
        if self.is_bound:
            return set(self.data.getlist("links"))
        return set(self.fields["links"].initial)

    def chosen_pairs(self) -> list[tuple[int, int]]:
        return [self.pairs[key].ids for key in self.cleaned_data["links"]]


@admin.action(
    description=gettext_lazy("Find versions of the selected papers"), permissions=["change"]
)
def find_versions(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
) -> HttpResponse | None:
    """Preview the versions the rules find for the selected papers; link those ticked."""
    paper_ids = list(queryset.order_by().values_list("pk", flat=True))
    plan = paper_versions_plan(paper_ids=paper_ids, scope=request_scope(request))
    if request.POST.get("post") == "yes":
        form = VersionLinksForm(request.POST, plan=plan)
        if form.is_valid():
            _link(modeladmin, request, form.chosen_pairs())
            return None
    else:
        form = VersionLinksForm(plan=plan)
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": _("Versions of the selected papers"),
        "opts": modeladmin.model._meta,
        "plan": plan,
        "form": form,
        "ticked": form.ticked(),
        # All the papers the changelist's filters select: said so again, not by their ids
        # (thousands of fields are more than a post may hold).
        "select_across": request.POST.get("select_across") == "1",
        "paper_ids": paper_ids,
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/pubs/paper/find_versions.html", context)


def _link(modeladmin: admin.ModelAdmin, request: HttpRequest, pairs: list) -> None:
    try:
        record = paper_versions_link(pairs=pairs, user=request.user) if pairs else None
    except VersionLinkRefused:
        modeladmin.message_user(
            request, _("Not linked: you may change only some of these papers."), messages.ERROR
        )
        return
    except ImportBlocked as exc:
        modeladmin.message_user(request, _("Not linked: %(why)s.") % {"why": exc}, messages.ERROR)
        return
    if record is None:
        modeladmin.message_user(request, _("Nothing new was linked."), messages.WARNING)
        return
    url = reverse("admin:pubs_bibteximport_change", args=[record.pk])
    count = len(record.changes["version_links"])
    modeladmin.message_user(
        request,
        format_html(
            _('{count} pairs linked as versions of one work (<a href="{url}">undo</a>).'),
            count=count,
            url=url,
        ),
        messages.SUCCESS,
    )
