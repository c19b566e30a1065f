"""Logins run by a group editor: a person's "Login and roles" page (invite them to log in,
give or take the member role and the editor role of one's groups), the list of invitations,
and the page where the invited person sets their password with the link.

Who may do it is pubs.permissions.login_decision; the invitation's link and its one use are
people.invitations.
"""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.contrib.auth import login
from django.contrib.auth.forms import SetPasswordForm, UserCreationForm
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.debug import sensitive_post_parameters

from people.invitations import (
    LIFETIME,
    InvitationUnusable,
    invitation_accept,
    invitation_create,
    invitation_for_token,
    invitation_revoke,
    invitation_send,
    sends_email,
)
from people.models import Invitation, Person
from pubs.permissions import (
    MEMBER,
    ScopedAdmin,
    editor_groups_of,
    invitation_decision,
    login_decision,
    request_scope,
    role_editor_give,
    role_editor_take,
    role_member_give,
    role_member_take,
    scope_for,
)

#: What the invited person reads when a link does not work, by the invitation's state.
UNUSABLE = {
    "invalid": gettext_lazy("This link is not a valid invitation."),
    "expired": gettext_lazy("This invitation has expired."),
    "used": gettext_lazy("This invitation has been used already."),
    "revoked": gettext_lazy("This invitation was revoked."),
    "not_allowed": gettext_lazy("This invitation can no longer give a login."),
}

STATES = {
    "waiting": gettext_lazy("waiting"),
    "used": gettext_lazy("used"),
    "revoked": gettext_lazy("revoked"),
    "expired": gettext_lazy("expired"),
}


class InviteForm(forms.Form):
    email = forms.EmailField(
        label=gettext_lazy("E-mail address"),
        required=False,
        help_text=gettext_lazy("Where the link is sent. Empty: you copy the link and pass it on."),
    )


@admin.register(Invitation)
class InvitationAdmin(ScopedAdmin, admin.ModelAdmin):
    """The invitations one sent or that went to one's groups' people, to see and revoke."""

    list_display = ["person", "email", "created_by", "created", "expires", "state_display"]
    list_select_related = ["person", "created_by"]
    search_fields = ["person__family_name", "person__given_name", "person__native_name", "email"]
    readonly_fields = ["person", "email", "created_by", "created", "expires", "used", "revoked"]
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # one invites from the person's page

    def add_view(self, request: HttpRequest, form_url="", extra_context=None) -> HttpResponse:
        messages.info(request, _("Invite a person from their page: “Login and roles”."))
        return HttpResponseRedirect(reverse("admin:people_person_changelist"))

    @admin.display(description=gettext_lazy("state"))
    def state_display(self, invitation: Invitation) -> str:
        return STATES[invitation.state]

    @admin.action(
        description=gettext_lazy("Revoke the selected invitations"), permissions=["change"]
    )
    def revoke(self, request: HttpRequest, queryset: QuerySet) -> None:
        revoked = sum(invitation_revoke(invitation=invitation) for invitation in queryset)
        self.message_user(
            request,
            ngettext("%(count)d invitation revoked.", "%(count)d invitations revoked.", revoked)
            % {"count": revoked},
            messages.SUCCESS if revoked else messages.WARNING,
        )


def person_login_view(
    model_admin: admin.ModelAdmin, request: HttpRequest, object_id: str
) -> HttpResponse:
    """A person's "Login and roles" page, for an editor of their group or an admin."""
    person = get_object_or_404(Person.objects.select_related("user"), pk=object_id)
    scope = request_scope(request)
    decision = login_decision(scope, person)
    if not model_admin.has_change_permission(request, person):
        raise PermissionDenied
    new_link = ""
    form = InviteForm(initial={"email": person.email})
    if request.method == "POST":
        if not decision.allowed:
            raise PermissionDenied
        done = request.POST.get("do", "")
        if done == "invite":
            if not invitation_decision(scope, person).allowed:
                raise PermissionDenied
            form = InviteForm(request.POST)
            if form.is_valid():
                new_link = _invite(request, person, form.cleaned_data["email"])
                form = InviteForm(initial={"email": person.email})
        elif done.startswith("revoke:"):
            _revoke(request, person, done.removeprefix("revoke:"))
            return HttpResponseRedirect(request.path)
        else:
            _change_role(request, scope, person, done)
            return HttpResponseRedirect(request.path)
    user = person.user
    editor_groups = [
        (group, user is not None and group.editors.filter(pk=user.pk).exists())
        for group in editor_groups_of(scope, person)
    ]
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": _("Login and roles of %(person)s") % {"person": person},
        "person": person,
        "login": user,
        "is_member": user is not None and user.groups.filter(name=MEMBER).exists(),
        "editor_groups": editor_groups,
        "decision": decision,
        "form": form,
        "new_link": new_link,
        "days": LIFETIME.days,
        "sends_email": sends_email(),
        "invitations": person.invitations.select_related("created_by")[:10],
        "states": STATES,
        "invitation_decision": invitation_decision(scope, person),
        "can_invite": request.user.has_perm("people.add_invitation"),
    }
    return TemplateResponse(request, "admin/people/person/login.html", context)


def _invite(request: HttpRequest, person: Person, email: str) -> str:
    """Invite ``person``; return the link when the editor is to pass it on, else ''."""
    if not request.user.has_perm("people.add_invitation"):
        raise PermissionDenied
    by_email = bool(email) and sends_email()
    invitation, token = invitation_create(
        person=person, created_by=request.user, email=email if by_email else ""
    )
    link = request.build_absolute_uri(reverse("invitation-accept", args=[token]))
    if by_email:
        invitation_send(invitation=invitation, link=link, site_name=str(admin.site.site_header))
        messages.success(
            request,
            _("The invitation was sent to %(email)s; it works once, for %(days)d days.")
            % {"email": email, "days": LIFETIME.days},
        )
        return ""
    messages.success(
        request,
        _("Invitation made: copy the link below and pass it on; it works once, for %(days)d days.")
        % {"days": LIFETIME.days},
    )
    return link


def _revoke(request: HttpRequest, person: Person, invitation_id: str) -> None:
    if not request.user.has_perm("people.change_invitation") or not invitation_id.isdigit():
        raise PermissionDenied
    invitation = get_object_or_404(person.invitations, pk=int(invitation_id))
    if invitation_revoke(invitation=invitation):
        messages.success(request, _("The invitation was revoked: its link no longer works."))


def _change_role(request: HttpRequest, scope, person: Person, done: str) -> None:
    """Give or take the member role, or the editor role of one of the user's groups."""
    user = person.user
    if user is None:
        raise PermissionDenied  # a role needs a login: invite them first
    if done in ("member_give", "member_take"):
        with transaction.atomic():
            (role_member_give if done == "member_give" else role_member_take)(user)
        message = (
            _("%(person)s has the member role.")
            if done == "member_give"
            else _("%(person)s no longer has the member role.")
        )
        messages.success(request, message % {"person": person})
        return
    action, _sep, group_id = done.partition(":")
    if action not in ("editor_give", "editor_take") or not group_id.isdigit():
        raise PermissionDenied
    group = get_object_or_404(editor_groups_of(scope, person), pk=int(group_id))
    with transaction.atomic():
        (role_editor_give if action == "editor_give" else role_editor_take)(user, group)
    messages.success(
        request,
        (
            _("%(person)s edits %(group)s.")
            if action == "editor_give"
            else _("%(person)s no longer edits %(group)s.")
        )
        % {"person": person, "group": group},
    )


@never_cache
@sensitive_post_parameters("password1", "password2", "new_password1", "new_password2")
def invitation_accept_view(request: HttpRequest, token: str) -> HttpResponse:
    """The invited person's page: they choose their login (or, having one, a new password),
    are given the member role and logged in, and land on their profile."""
    try:
        invitation = invitation_for_token(token)
        person = invitation.person
        if not invitation_decision(scope_for(invitation.created_by), person).allowed:
            raise InvitationUnusable("not_allowed")
    except InvitationUnusable as unusable:
        return _unusable(request, unusable.state)
    data = request.POST if request.method == "POST" else None
    if person.user is not None:
        form = SetPasswordForm(person.user, data)
    else:
        form = UserCreationForm(data, initial={"username": person.slug})
    if data is not None and form.is_valid():
        try:
            with transaction.atomic():
                user = invitation_accept(invitation=invitation, login_form=form)
                role_member_give(user)
        except InvitationUnusable as unusable:
            return _unusable(request, unusable.state)
        # Logged in by the link, not a password: the backend that gives their permissions.
        login(request, user, backend="pubs.web.security.PasswordUnlessLocked")
        messages.success(request, _("Welcome! This is your profile: edit it and add your papers."))
        return HttpResponseRedirect(reverse("admin:people_person_change", args=[person.pk]))
    context = {
        **admin.site.each_context(request),
        "title": _("Log in to %(site)s") % {"site": admin.site.site_header},
        "person": person,
        "form": form,
        "new_login": person.user is None,
        "invitation": invitation,
    }
    return TemplateResponse(request, "admin/people/invitation/accept.html", context)


def _unusable(request: HttpRequest, state: str) -> HttpResponse:
    """The page of a link that does not work (410 Gone: asking again will not help)."""
    context = {
        **admin.site.each_context(request),
        "title": _("Invitation"),
        "unusable": UNUSABLE[state],
    }
    return TemplateResponse(request, "admin/people/invitation/accept.html", context, status=410)
