"""Invitations to log in: a one-time link, signed and expiring, that a group editor gives a
person of their group, by e-mail where the site sends e-mail and otherwise to copy.

The link carries the invitation's id signed with the site's key and the time it was made
(Django's signing); the invitation's row says whether it was used or revoked, so that the link
works once, until it expires, and not after it is revoked or a newer one is made. Using it the
person sets their own password: the editor never knows it. Who may invite whom, and the roles
a login is given, are pubs.permissions' to say.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core import signing
from django.core.mail import send_mail
from django.db import transaction
from django.forms import Form
from django.template.loader import render_to_string
from django.utils import timezone

from people.models import Invitation, Person

#: How long a link works.
LIFETIME = timedelta(days=7)
_SALT = "people.invitation"


class InvitationUnusable(Exception):
    """The link names no invitation that may be used; ``state`` says why."""

    def __init__(self, state: str) -> None:
        super().__init__(state)
        self.state = state


def invitation_create(*, person: Person, created_by, email: str = "") -> tuple[Invitation, str]:
    """Invite ``person`` to log in; an earlier invitation of theirs still usable is revoked.
    Returns the invitation and the token of its link (shown once: it is not stored)."""
    now = timezone.now()
    with transaction.atomic():
        Invitation.objects.filter(person=person).usable().update(revoked=now)
        invitation = Invitation(
            person=person, created_by=created_by, email=email, expires=now + LIFETIME
        )
        invitation.full_clean()
        invitation.save()
    return invitation, signing.dumps(invitation.pk, salt=_SALT)


def invitation_revoke(*, invitation: Invitation) -> bool:
    """Revoke ``invitation`` if its link still works; returns whether it did."""
    return bool(Invitation.objects.filter(pk=invitation.pk).usable().update(revoked=timezone.now()))


def invitation_for_token(token: str) -> Invitation:
    """The invitation a link names, if it may be used; raises :class:`InvitationUnusable`
    with the state ("invalid", "expired", "used", "revoked") otherwise."""
    try:
        pk = signing.loads(token, salt=_SALT, max_age=LIFETIME)
    except signing.SignatureExpired:
        raise InvitationUnusable("expired") from None
    except signing.BadSignature:
        raise InvitationUnusable("invalid") from None
    invitation = Invitation.objects.select_related("person__user").filter(pk=pk).first()
    if invitation is None:
        raise InvitationUnusable("invalid")
    if not invitation.is_usable:
        raise InvitationUnusable(invitation.state)
    return invitation


def invitation_accept(*, invitation: Invitation, login_form: Form) -> AbstractBaseUser:
    """Use ``invitation``: save the login the person filled in (a new one, or their own with
    a new password), link it to them and mark the invitation used, at most once.

    ``login_form`` is a valid form whose ``save()`` returns the login. The caller gives it its
    role in the same transaction.
    """
    with transaction.atomic():
        locked = Invitation.objects.select_for_update().get(pk=invitation.pk)
        if not locked.is_usable:
            raise InvitationUnusable(locked.state)
        user = login_form.save()
        person = Person.objects.select_for_update().get(pk=locked.person_id)
        if person.user_id != user.pk:
            person.user = user
            person.save(update_fields=["user", "modified"])
        if person.email and not user.email:
            user.email = person.email
            user.save(update_fields=["email"])
        locked.used = timezone.now()
        locked.save(update_fields=["used"])
    return user


def sends_email() -> bool:
    """Whether the site sends e-mail (``EMAIL_HOST`` is set): otherwise the editor passes the
    link on."""
    return bool(settings.EMAIL_HOST)


def invitation_send(*, invitation: Invitation, link: str, site_name: str) -> None:
    """E-mail the link to the address of ``invitation``."""
    context = {"invitation": invitation, "link": link, "site_name": site_name}
    subject = render_to_string("admin/people/invitation/email_subject.txt", context)
    body = render_to_string("admin/people/invitation/email.txt", context)
    send_mail(" ".join(subject.split()), body, None, [invitation.email])
