"""The admin action "Merge the selected people into one", with its confirmation page."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.admin import helpers
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from people.models import Person
from pubs.models import Paper
from pubs.permissions import request_scope
from pubs.services.people_merge import MergeRefused, merge_plan_for, people_merge


@admin.action(
    description=gettext_lazy("Merge the selected people into one"), permissions=["delete"]
)
def merge_people(
    modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet
) -> HttpResponse | None:
    """Confirm first (which person to keep, what happens to shared papers), then merge.

    The people come from the person changelist, which counts their papers: the one with the
    most is offered as the one to keep.
    """
    people = sorted(queryset, key=lambda p: (-p.paper_count, p.pk))
    if len(people) < 2:
        modeladmin.message_user(request, _("Select two people or more to merge."), messages.ERROR)
        return None
    if not all(modeladmin.has_delete_permission(request, person) for person in people):
        modeladmin.message_user(
            request, _("You may merge only people you may edit and delete."), messages.ERROR
        )
        return None
    by_pk = {str(person.pk): person for person in people}
    into = by_pk.get(request.POST.get("into", ""), people[0])
    others = [person for person in people if person.pk != into.pk]
    if request.POST.get("post") == "yes" and request.POST.get("into") in by_pk:
        try:
            plan = people_merge(into=into, others=others)
        except MergeRefused as exc:
            modeladmin.message_user(
                request, _("Not merged: %(why)s.") % {"why": exc}, messages.ERROR
            )
            return None
        modeladmin.message_user(
            request,
            _("%(count)d people merged into %(person)s (%(shared)d papers both authored).")
            % {"count": len(others), "person": into, "shared": len(plan.shared_papers)},
            messages.SUCCESS,
        )
        return HttpResponseRedirect(reverse("admin:people_person_change", args=[into.pk]))
    plan = merge_plan_for(into, others)
    # The papers the user may not open are named only if their public page names them.
    scope = request_scope(request)
    shown = Paper.objects.filter(Q(is_public=True) | scope.rows(Paper))
    titles = shown.in_bulk([shared.paper_id for shared in plan.shared_papers])
    context = {
        **modeladmin.admin_site.each_context(request),
        "title": _("Merge people"),
        "opts": Person._meta,
        "people": people,
        "into": into,
        "plan": plan,
        "shared_papers": [(titles.get(s.paper_id), s) for s in plan.shared_papers],
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
    }
    return TemplateResponse(request, "admin/people/person/merge.html", context)
