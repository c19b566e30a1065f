"""The admin of people, groups, memberships and advising: the one place that registers them.

people.admin says how each page looks; here each is registered with the roles applied
(pubs.permissions), its history kept (pubs.admin.history) and, for people, their papers.

A membership that a group editor adds for someone they may not edit yet is a request
(``Membership.confirmed`` off): the person, an editor of one of their groups or an admin
confirms it with the action "Confirm the selected requests" on the list of memberships.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from people import admin as base
from people.models import Advising, Group, Membership, Person
from pubs.admin.consent import NAMING_FIELDS, announce, consent_settle_rows, named_anew
from pubs.admin.history import RecordedAdmin
from pubs.admin.invitations import person_login_view
from pubs.admin.merge import merge_people
from pubs.admin.papers import papers_overview
from pubs.permissions import (
    Scope,
    ScopedAdmin,
    ScopedInline,
    editable_papers,
    edited_groups,
    login_decision,
    membership_holds,
    membership_reach,
    membership_requests,
    person_deletable,
    request_scope,
)
from pubs.search import search_text_refresh
from pubs.services.work_counts import counted_write, work_counts_refresh


class ConfirmedByAdmins:
    """Whether a membership is confirmed is set by an admin, and otherwise follows from who
    added it: others see it without changing it."""

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if request_scope(request).everything:
            return fields
        return [*fields, "confirmed"]


class PersonMembershipInline(ConfirmedByAdmins, ScopedInline, base.PersonMembershipInline):
    """On a person's page a group editor sees and edits the memberships of their groups."""

    def scoped_choices(self) -> dict:
        return {"group": edited_groups}


class GroupMembershipInline(ConfirmedByAdmins, base.GroupMembershipInline):
    """On a group's page, its members (the page is open to those who edit the group), each
    with a link to their "Login and roles" page, where their editor invites them."""

    fields = [*base.GroupMembershipInline.fields, "login_link"]
    readonly_fields = ["login_link"]

    @admin.display(description=_("login"))
    def login_link(self, membership: Membership) -> str:
        if membership.pk is None or not membership.confirmed:
            return "—"
        url = reverse("admin:people_person_login", args=[membership.person_id])
        return format_html('<a href="{}">{}</a>', url, _("Login and roles"))


class SettlesMemberships:
    """ModelAdmin mixin for pages with memberships inline: a membership a restricted user adds
    (or gives to another person) holds when they may edit the person already, and is a
    request otherwise (pubs.permissions.membership_holds). Advising rows inline naming a
    member of another group wait for their acceptance (pubs.admin.consent)."""

    @counted_write()  # save_formset keeps the counts
    def changeform_view(self, *args, **kwargs) -> HttpResponse:
        return super().changeform_view(*args, **kwargs)

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        if formset.model is Advising:
            consent_settle_rows(request, named_anew(formset))
        if formset.model is not Membership:
            super().save_formset(request, form, formset, change)
            return
        settle_memberships(request_scope(request), formset)
        stored = [f.instance.pk for f in formset.forms if f.instance.pk is not None]
        groups = set(Membership.objects.filter(pk__in=stored).values_list("group_id", flat=True))
        super().save_formset(request, form, formset, change)
        groups |= {f.instance.group_id for f in formset.forms if f.instance.group_id is not None}
        work_counts_refresh(groups=groups)  # a group's papers follow its members' years

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        announce(request)  # the advising rows asked across groups


def settle_memberships(scope: Scope, formset) -> None:
    """Decide, before any is saved, which of the formset's new or moved memberships hold (a
    person added twice in one form is decided once, as they were before it)."""
    if scope.everything:
        return
    decided: dict[int, bool] = {}
    for form in formset.forms:
        data = getattr(form, "cleaned_data", None)
        if not data or data.get("DELETE") or not form.has_changed():
            continue
        if form.instance.pk is not None and "person" not in form.changed_data:
            if redated_request(form.instance, form.changed_data):
                form.instance.confirmed = False
            continue
        person = formset.instance if formset.fk.name == "person" else data.get("person")
        if person is None:
            continue
        if person.pk not in decided:
            decided[person.pk] = membership_holds(scope, person)
        form.instance.confirmed = decided[person.pk]
        form.instance.requested = not decided[person.pk]


def redated_request(membership: Membership, changed: list[str]) -> bool:
    """Whether a restricted user changed the dates of a membership added as a request: the
    years it covers were confirmed, so new dates are asked again."""
    return membership.requested and bool({"start", "end"} & set(changed))


@admin.register(Person)
class PersonAdmin(SettlesMemberships, ScopedAdmin, RecordedAdmin, base.PersonAdmin):
    """People, with their papers: a count in the list and the latest on their page.

    Everyone with the admin views every person (they are on the public pages); private
    fields only on the rows one may edit. A person is deleted (or merged into another) only
    by a user who edits every group they belong to.
    """

    view_everything = True
    private_fields = ("email", "email_public", "internal_note")
    superuser_fields = ("user",)
    inlines = [PersonMembershipInline, base.AdvisorInline, base.StudentInline]
    actions = [merge_people]
    delete_confirmation_template = "admin/people/person/delete_confirmation.html"
    delete_selected_confirmation_template = "admin/people/person/delete_selected_confirmation.html"
    list_display = [*base.PersonAdmin.list_display, "paper_count"]
    readonly_fields = ["papers", *base.PersonAdmin.readonly_fields]
    fieldsets = [
        *base.PersonAdmin.fieldsets,
        (_("Publications"), {"fields": ["papers"]}),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        # distinct: a group filter joins memberships, which would multiply the count.
        # Ordered again: a count drops the model's ordering, which the autocomplete's pages need.
        return (
            super()
            .get_queryset(request)
            .annotate(paper_count=Count("authorships", distinct=True))
            .order_by(*Person._meta.ordering, "pk")
        )

    def get_object(self, request: HttpRequest, object_id: str, from_field=None):
        person = super().get_object(request, object_id, from_field)
        if person is not None:
            # The papers shown on the page: those the user may open (a readonly field is
            # given the object alone, not the request).
            person.papers_shown = editable_papers(request_scope(request))
        return person

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or person_deletable(request_scope(request), obj))

    def get_urls(self):
        login_page = self.admin_site.admin_view(self.login_view)
        return [
            path("<path:object_id>/login/", login_page, name="people_person_login"),
            *super().get_urls(),
        ]

    def login_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        return person_login_view(self, request, object_id)

    def change_view(self, request: HttpRequest, object_id: str, form_url="", extra_context=None):
        # The page's "Login and roles" button, for those who run the person's login.
        person = self.get_object(request, object_id)
        runs_login = person is not None and login_decision(request_scope(request), person).allowed
        # "Import works from ORCID": the add-by-identifier page, given the person's iD.
        orcid_import = ""
        if person is not None and person.orcid and request.user.has_perm("pubs.add_bibteximport"):
            query = urlencode({"identifiers": person.orcid})
            orcid_import = f"{reverse('admin:pubs_bibteximport_identifiers')}?{query}"
        extra_context = {
            **(extra_context or {}),
            "runs_login": runs_login,
            "orcid_import": orcid_import,
        }
        return super().change_view(request, object_id, form_url, extra_context)

    def save_model(self, request: HttpRequest, obj: Person, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        search_text_refresh(obj.authorships.values_list("paper_id", flat=True))  # renamed

    @admin.display(description=_("papers"), ordering="paper_count")
    def paper_count(self, person: Person) -> int:
        return person.paper_count

    @admin.display(description=_("papers"))
    def papers(self, person: Person) -> str:
        shown = getattr(person, "papers_shown", None)
        if shown is None:  # a past version, on its history page
            return "—"
        return papers_overview(person, "author", shown.filter(authorships__person=person))


@admin.register(Group)
class GroupAdmin(SettlesMemberships, ScopedAdmin, base.GroupAdmin):
    """Everyone views the groups (they are public); an editor edits their own. Who edits a
    group and which group it is part of are an admin's to say."""

    view_everything = True
    superuser_fields = ("editors", "parent")
    autocomplete_fields = [*base.GroupAdmin.autocomplete_fields, "trusts"]
    inlines = [GroupMembershipInline]


@admin.register(Membership)
class MembershipAdmin(ConfirmedByAdmins, ScopedAdmin, RecordedAdmin, base.MembershipAdmin):
    """The memberships of the groups one edits, and the requests one may confirm: those for
    the people one may edit (for a member, themselves). A request one may confirm can also
    be turned down, by deleting it."""

    actions = ["confirm_requests"]

    def scoped_choices(self) -> dict:
        return {"group": edited_groups}

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        scope = request_scope(request)
        memberships = super(ScopedAdmin, self).get_queryset(request)
        if scope.everything:
            return memberships
        return memberships.filter(scope.rows(Membership) | membership_requests(scope))

    def has_view_permission(self, request: HttpRequest, obj=None) -> bool:
        if super().has_view_permission(request, obj):
            return True
        allowed = super(ScopedAdmin, self).has_view_permission(request, obj)
        return allowed and obj is not None and self._is_request_for(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj=None) -> bool:
        if super().has_delete_permission(request, obj):
            return True
        allowed = super(ScopedAdmin, self).has_delete_permission(request, obj)
        return allowed and obj is not None and self._is_request_for(request, obj)

    def has_confirm_permission(self, request: HttpRequest) -> bool:
        return self.has_view_permission(request)

    def _is_request_for(self, request: HttpRequest, membership: Membership) -> bool:
        """Whether ``membership`` is a request the user may confirm or turn down."""
        requests = membership_requests(request_scope(request))
        return Membership.objects.filter(requests, pk=membership.pk).exists()

    def save_model(self, request: HttpRequest, obj: Membership, form, change: bool) -> None:
        scope = request_scope(request)
        if not scope.everything and (not change or "person" in form.changed_data):
            obj.confirmed = membership_holds(scope, obj.person)
            obj.requested = not obj.confirmed
        elif not scope.everything and redated_request(obj, form.changed_data):
            obj.confirmed = False
        before = Membership.objects.filter(pk=obj.pk).values_list("group_id", flat=True)
        groups = {*before, obj.group_id}
        super().save_model(request, obj, form, change)
        work_counts_refresh(groups=groups)  # a group's papers follow its members' years
        if not obj.confirmed and not scope.everything:
            self.message_user(
                request,
                _(
                    "%(person)s is not in your care yet: the membership is a request until "
                    "they, an editor of one of their groups or an admin confirms it."
                )
                % {"person": obj.person},
                messages.WARNING,
            )
            self.message_user(
                request,
                _("Years of papers it covers once confirmed: %(years)s.")
                % {"years": base.years_covered(obj)},
                messages.WARNING,
            )

    @counted_write()  # save_model keeps the counts
    def changeform_view(self, *args, **kwargs) -> HttpResponse:
        return super().changeform_view(*args, **kwargs)

    @counted_write()
    def delete_model(self, request: HttpRequest, obj: Membership) -> None:
        super().delete_model(request, obj)
        work_counts_refresh(groups=[obj.group_id])

    @counted_write()
    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        groups = set(queryset.values_list("group_id", flat=True))
        super().delete_queryset(request, queryset)
        work_counts_refresh(groups=groups)

    @admin.action(description=_("Confirm the selected requests"), permissions=["confirm"])
    @counted_write()
    def confirm_requests(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        """Show what the selected requests would reach (the years each covers and the papers
        it gives its group), then confirm those the user may confirm; say how many others."""
        # Counted first: a request confirmed may leave the user's list (and so ``queryset``).
        selected = queryset.count()
        requests = list(
            queryset.filter(membership_requests(request_scope(request))).select_related(
                "person", "group"
            )
        )
        if requests and request.POST.get("post") != "yes":
            reach = [
                (membership, base.years_covered(membership), membership_reach(membership)[:20])
                for membership in requests
            ]
            context = {
                **self.admin_site.each_context(request),
                "opts": self.model._meta,
                "title": _("Confirm the requests?"),
                "reach": reach,
                "others": selected - len(requests),
                "queryset": requests,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            }
            return TemplateResponse(
                request, "admin/people/membership/confirm_requests.html", context
            )
        for membership in requests:
            membership.confirmed = True
            membership.save(update_fields=["confirmed"])  # one history record each
        work_counts_refresh(groups={membership.group_id for membership in requests})
        self.message_user(
            request,
            ngettext("%(count)d request confirmed.", "%(count)d requests confirmed.", len(requests))
            % {"count": len(requests)},
            messages.SUCCESS if requests else messages.WARNING,
        )
        others = selected - len(requests)
        if others:
            self.message_user(
                request,
                ngettext(
                    "%(count)d selected membership is no request of yours to confirm.",
                    "%(count)d selected memberships are no requests of yours to confirm.",
                    others,
                )
                % {"count": others},
                messages.WARNING,
            )
        return None


@admin.register(Advising)
class AdvisingAdmin(ScopedAdmin, base.AdvisingAdmin):
    """Advising rows; one naming a member of another group waits for their acceptance
    (pubs.admin.consent)."""

    list_display = [*base.AdvisingAdmin.list_display, "consent"]

    def save_model(self, request: HttpRequest, obj: Advising, form, change: bool) -> None:
        if not change or set(NAMING_FIELDS) & set(form.changed_data):
            consent_settle_rows(request, [obj])
        super().save_model(request, obj, form, change)
        announce(request)
