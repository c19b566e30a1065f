"""Consent across groups in the admin: what someone of another group added naming one's
people (an author of their paper, a student or an advisor), waiting for the person or their
group's editor to accept it.

- :func:`consent_settle_rows` decides, as a row is added, whether it holds at once or is a
  request (pubs.permissions.consent_settle), and sends the request: by e-mail to the person
  and their group's editors where the site sends e-mail, otherwise as a link the adding
  editor passes on (:func:`announce`);
- :func:`consent_view`, the page "Waiting for you" (``admin:consent_requests``), lists what
  the user may accept or decline and does it (pubs.services.consent.consent_decide);
- :func:`waiting_for_you` is what the admin index lists under the same title.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.contrib import admin, messages
from django.core.mail import send_mail
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext as _

from people.invitations import sends_email
from people.models import Advising, Consent, Consented, Group, Person
from pubs.models import Authorship, BibtexImport
from pubs.permissions import (
    ConsentContext,
    Scope,
    consent_candidates,
    consent_decision,
    consent_settle,
    request_scope,
)
from pubs.services.consent import consent_decide

#: The kinds of rows asked across groups, by the name the page posts.
KINDS: dict[str, type[Consented]] = {"authorship": Authorship, "advising": Advising}

#: What each kind reads besides itself.
RELATED = {
    "authorship": ("paper", "person", "requested_by"),
    "advising": ("student", "advisor", "requested_by"),
}


def consent_settle_rows(request: HttpRequest, rows: Sequence[Consented]) -> None:
    """Decide the consent of ``rows`` the user adds (not saved yet); then, once saved by the
    caller, the requests go out through :func:`announce`, which the caller calls."""
    request._consent_requests = [
        *getattr(request, "_consent_requests", []),
        *consent_settle(request_scope(request), rows),
    ]


#: The fields naming people, by kind of row: a row given another person is asked again.
NAMING_FIELDS = ("person", "student", "advisor")


def named_anew(formset) -> list[Consented]:
    """The rows of an inline ``formset`` that name people anew (added, or given another
    person): their consent is decided again."""
    return [
        form.instance
        for form in formset.forms
        if getattr(form, "cleaned_data", None)
        and not formset._should_delete_form(form)
        and form.has_changed()
        and None not in form.instance.named_ids
        and (form.instance.pk is None or set(NAMING_FIELDS) & set(form.changed_data))
    ]


def announce(request: HttpRequest, rows: Iterable[Consented] | None = None) -> None:
    """Send the requests :func:`consent_settle_rows` made in this request, once saved (or
    ``rows``, the requests an import made): an e-mail to each person asked and their
    groups' editors where the site sends e-mail, and the link to "Waiting for you" for the
    user to pass on otherwise."""
    if rows is None:
        rows = getattr(request, "_consent_requests", [])
        request._consent_requests = []
    requests = [row for row in rows if row.pk is not None]
    if not requests:
        return
    link = request.build_absolute_uri(reverse("admin:consent_requests"))
    context = ConsentContext.of(requests)
    sent = set()
    if sends_email():
        for row in requests:
            recipients = _recipients(row, context)
            if recipients:
                _send(row, link, recipients)
                sent.add(row.pk)
    for row in requests:
        values = {"row": _described(row), "link": link}
        if row.pk in sent:
            text = _(
                "%(row)s names a member of another group: it shows on their pages and their "
                "group's once they or their group's editor accept it. They were sent the "
                "request by e-mail, with this link: %(link)s"
            )
        else:
            text = _(
                "%(row)s names a member of another group: it shows on their pages and their "
                "group's once they or their group's editor accept it. Pass them this link: "
                "%(link)s"
            )
        messages.warning(request, text % values)


def announce_import(request: HttpRequest, record: BibtexImport) -> None:
    """Send the requests an import made (its authors of other groups than the importing
    user's), as :func:`announce` does."""
    asked = record.changes.get("consent_requests", [])
    announce(
        request, Authorship.objects.filter(pk__in=asked).select_related(*RELATED["authorship"])
    )


def _recipients(row: Consented, context: ConsentContext) -> list[str]:
    """The addresses of the people ``row`` asked and of the editors of the groups it asked."""
    people, groups = context.asked(row)
    addresses = set(
        Person.objects.filter(pk__in=people).exclude(email="").values_list("email", flat=True)
    )
    editors = Group.editors.through.objects.filter(group_id__in=groups)
    addresses |= set(
        editors.exclude(user__email="").values_list("user__email", flat=True).distinct()
    )
    return sorted(addresses)


def _send(row: Consented, link: str, recipients: list[str]) -> None:
    context = {"row": _described(row), "asker": row.requested_by, "link": link}
    context["site_name"] = str(admin.site.site_header)
    subject = render_to_string("admin/pubs/consent/email_subject.txt", context)
    body = render_to_string("admin/pubs/consent/email.txt", context)
    send_mail(" ".join(subject.split()), body, None, recipients)


def _described(row: Consented) -> str:
    if isinstance(row, Authorship):
        return _("“%(paper)s” (author: %(person)s)") % {
            "paper": row.paper.title,
            "person": row.person,
        }
    return _("Advising “%(advisor)s → %(student)s”") % {
        "advisor": row.advisor,
        "student": row.student,
    }


def decidable(scope: Scope, *, waiting_only: bool = False) -> dict[str, list[Consented]]:
    """The rows of each kind that ``scope``'s user may accept or decline (only those waiting,
    with ``waiting_only``), oldest first: three queries, and two per kind."""
    rows: dict[str, list[Consented]] = {}
    for kind, model in KINDS.items():
        candidates: QuerySet = consent_candidates(scope, model).select_related(*RELATED[kind])
        if waiting_only:
            candidates = candidates.filter(consent=Consent.REQUESTED)
        rows[kind] = list(candidates.order_by("consent", "pk")[:200])
    context = ConsentContext.of(row for kind_rows in rows.values() for row in kind_rows)
    return {
        kind: [row for row in kind_rows if consent_decision(scope, row, context).allowed]
        for kind, kind_rows in rows.items()
    }


def waiting_for_you(request: HttpRequest) -> list[Consented]:
    """What waits for the user's acceptance, for the admin index."""
    rows = decidable(request_scope(request), waiting_only=True)
    return [*rows["authorship"], *rows["advising"]]


def consent_view(admin_site: admin.AdminSite, request: HttpRequest) -> HttpResponse:
    """The page "Waiting for you": the rows naming the user's people that others added, to
    accept or decline (those accepted across groups may still be declined)."""
    scope = request_scope(request)
    if request.method == "POST":
        _decide(request, scope)
        return HttpResponseRedirect(request.path)
    rows = decidable(scope)
    context = {
        **admin_site.each_context(request),
        "title": _("Waiting for you"),
        "authorships": rows["authorship"],
        "advising": rows["advising"],
        "requested": Consent.REQUESTED,
    }
    return TemplateResponse(request, "admin/pubs/consent/requests.html", context)


def _decide(request: HttpRequest, scope: Scope) -> None:
    kind, pk = request.POST.get("kind", ""), request.POST.get("pk", "")
    decision = request.POST.get("decision", "")
    rows: Iterable[Consented] = []
    if kind in KINDS and pk.isdecimal() and decision in ("accept", "decline"):
        rows = consent_candidates(scope, KINDS[kind]).filter(pk=int(pk))
        rows = list(rows.select_related(*RELATED[kind]))
    decided = consent_decide(scope=scope, rows=rows, accept=decision == "accept") if rows else []
    if not decided:
        messages.warning(request, _("Nothing was decided: it is not yours to decide, or no more."))
        return
    text = _("%(row)s accepted: the pages of its people and their groups show it.")
    if decision == "decline":
        text = _("%(row)s declined: the pages of its people and their groups do not show it.")
    messages.success(request, text % {"row": _described(decided[0])})
