"""Adding papers by identifier in the admin: DOIs, arXiv ids, ISBNs, PMIDs, DBLP profiles or
records, ORCID iDs (a person's works), pasted (or, from a person's page, their iD given in
the page's address). The worker fetches their BibTeX from the sources (pubs.jobs.imports);
then they go through the import's preview like any file, and nothing is written before it is
confirmed.

The same identifiers sent again while their job waits or runs lead to that job; past
JOBS_PER_USER jobs of one person waiting or running, the form is refused saying so. While no
worker is alive, the page says so before anything is pasted."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from people.models import Group
from pubs.admin.import_forms import group_picker
from pubs.jobs.imports import TooManyJobs, identical_fetch, import_job_fetch
from pubs.jobs.worker import no_worker_message
from pubs.models import BibtexImport, ImportJob
from pubs.permissions import edited_groups, request_scope
from pubs.sources.identifiers import MAX_IDENTIFIERS, read_identifiers


class IdentifiersForm(forms.Form):
    identifiers = forms.CharField(
        label=_("DOIs, arXiv ids, ISBNs, PMIDs, DBLP profiles or ORCID iDs"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_(
            "One or more, separated by spaces or lines: 10.1145/3600006.3613165, "
            "arXiv:2405.07719, https://arxiv.org/abs/2405.07719, 978-0-262-03384-8, "
            "PMID: 31452104, https://dblp.org/pid/74/10201.html, "
            "https://dblp.org/rec/conf/nsdi/ZhangLW24, https://orcid.org/0000-0002-1825-0097 "
            "(every work of that person's public ORCID record)."
        ),
    )
    group = forms.ModelChoiceField(
        Group.objects.all(), required=False, label=_("Add the papers to the group")
    )

    def clean_identifiers(self) -> list[str]:
        found, unknown = read_identifiers(self.cleaned_data["identifiers"])
        if unknown:
            raise forms.ValidationError(
                _(
                    "Not a DOI, an arXiv id, an ISBN, a PMID, a DBLP profile or record or an "
                    "ORCID iD: %(texts)s"
                )
                % {"texts": ", ".join(unknown[:10])}
            )
        if not found:
            raise forms.ValidationError(_("Paste at least one identifier."))
        if len(found) > MAX_IDENTIFIERS:
            raise forms.ValidationError(
                _("At most %(n)s identifiers at once.") % {"n": MAX_IDENTIFIERS}
            )
        return [identifier.text for identifier in found]


def identifiers_view(model_admin, request: HttpRequest) -> HttpResponse:
    """The page to paste identifiers on; its import is fetched and planned by the worker."""
    if not request.user.has_perm("pubs.add_bibteximport"):
        raise PermissionDenied
    # A person's page links here with their ORCID iD given (?identifiers=…), to be sent.
    form = IdentifiersForm(
        request.POST or None, initial={"identifiers": request.GET.get("identifiers", "")}
    )
    scope = request_scope(request)
    if not scope.everything:  # a group editor imports for one of their groups
        form.fields["group"].queryset = edited_groups(scope)
        form.fields["group"].required = True
    else:  # any group: found with the admin's autocomplete, as on the upload page
        group = form.fields["group"]
        group.widget = group_picker(model_admin.admin_site)
        group.widget.choices = group.choices
    if request.method == "POST" and form.is_valid():
        try:
            job = _fetch_job(request, form.cleaned_data)
        except TooManyJobs as exc:
            form.add_error(None, str(exc))
        else:
            return HttpResponseRedirect(reverse("admin:pubs_importjob_progress", args=[job.pk]))
    elif notice := no_worker_message(admin=scope.everything):
        messages.warning(request, notice)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": _("Add papers by identifier"),
        "form": form,
        "media": model_admin.media + form.media,
        "opts": BibtexImport._meta,
    }
    return TemplateResponse(request, "admin/pubs/bibteximport/identifiers.html", context)


def _fetch_job(request: HttpRequest, data: dict[str, Any]) -> ImportJob:
    """The job fetching the identifiers: the one already waiting for them, or a new one."""
    group = data.get("group")
    slug = group.slug if group else ""
    with transaction.atomic():  # a refused job leaves no import behind
        job = identical_fetch(user=request.user, identifiers=data["identifiers"], group=slug)
        return job or import_job_fetch(record=_record(request, data), user=request.user)


def _record(request: HttpRequest, data: dict[str, Any]) -> BibtexImport:
    identifiers = data["identifiers"]
    more = f" (+{len(identifiers) - 1})" if len(identifiers) > 1 else ""
    group = data.get("group")
    return BibtexImport.objects.create(
        created_by=request.user,
        file_name=f"{identifiers[0]}{more}"[:255],
        sha256="",
        source="identifiers",
        text="",
        options={"group": group.slug if group else "", "link_base": "", "identifiers": identifiers},
    )
