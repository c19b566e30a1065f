"""The BibTeX import inside the admin: upload, preview with choices, confirm, undo.

Thin views over pubs.imports (plan, apply, undo); the forms are in pubs.admin.import_forms.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from people.admin import CheckedIds
from people.history import bulk_history
from people.models import Group
from pubs.admin.consent import announce_import
from pubs.admin.import_forms import (
    OTHER_VENUE_CHOICES,
    UploadForm,
    decisions_from_post,
    group_picker,
    venue_picker,
)
from pubs.admin.jobs import preview_in_background
from pubs.bibtex.parse import BibtexError
from pubs.bibtex.plan import NEW, AuthorPlan, EntryPlan
from pubs.history import import_papers
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.decisions import decisions_from_options
from pubs.imports.errors import ImportBlocked, UndoRefused
from pubs.imports.messages import translated_message
from pubs.imports.plan import OutOfScope, bibtex_import_plan, plan_people_names
from pubs.imports.undo import bibtex_import_undo
from pubs.models import BibtexImport, ImportStatus, Paper, Venue
from pubs.permissions import (
    Scope,
    ScopedAdmin,
    edited_groups,
    import_for_review,
    import_group_allowed,
    import_undo_allowed,
    request_scope,
)

#: Entries shown in full in a preview; beyond it only those that need a look.
PREVIEW_ROWS = 200

FOR_REVIEW = _(
    "The papers you imported stay hidden until an editor of your group reviews and publishes them."
)


@admin.register(BibtexImport)
class BibtexImportAdmin(ScopedAdmin, CheckedIds, admin.ModelAdmin):
    list_display = ["file_name", "created", "created_by", "status", "summary"]
    list_filter = ["status", "source"]
    list_select_related = ["created_by"]
    search_fields = ["file_name", "sha256"]
    readonly_fields = [
        "file_name",
        "created",
        "created_by",
        "source",
        "status",
        "sha256",
        "summary",
        "undone",
        "undone_by",
        "papers_html",
        "actions_html",
    ]
    fields = readonly_fields
    change_form_template = "admin/pubs/bibteximport/change_form.html"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("pubs.add_bibteximport")

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False if obj is not None else super().has_change_permission(request, obj)

    def get_object(self, request: HttpRequest, object_id: str, from_field=None):
        record = super().get_object(request, object_id, from_field)
        if record is not None:  # for the link to undo it (a readonly field sees no request)
            record.undo_allowed = import_undo_allowed(request_scope(request), record)
        return record

    def add_view(self, request: HttpRequest, form_url: str = "", extra_context=None):
        return HttpResponseRedirect(reverse("admin:pubs_bibteximport_upload"))

    def get_urls(self):
        wrap = self.admin_site.admin_view
        return [
            path("upload/", wrap(self.upload_view), name="pubs_bibteximport_upload"),
            path("<int:pk>/preview/", wrap(self.preview_view), name="pubs_bibteximport_preview"),
            path("<int:pk>/undo/", wrap(self.undo_view), name="pubs_bibteximport_undo"),
            *super().get_urls(),
        ]

    @admin.display(description=_("what it did"))
    def summary(self, record: BibtexImport) -> str:
        counts = record.counts or {}
        if not counts:
            return "—"
        if "version_links" in counts:  # versions found among stored papers
            return _("%(links)s pairs linked as versions") % {"links": counts["version_links"]}
        return _(
            "%(created)s created, %(duplicates)s already there (%(updated)s filled in), "
            "%(people)s new people"
        ) % {
            "created": counts.get("created", 0),
            "duplicates": counts.get("duplicates", 0),
            "updated": counts.get("updated", 0),
            "people": counts.get("people_new", 0),
        }

    @admin.display(description=_("papers"))
    def papers_html(self, record: BibtexImport) -> str:
        return render_to_string("admin/pubs/bibteximport/papers.html", import_papers(record))

    @admin.display(description=_("actions"))
    def actions_html(self, record: BibtexImport) -> str:
        if record.status == ImportStatus.PREVIEW:
            url = reverse("admin:pubs_bibteximport_preview", args=[record.pk])
            return format_html('<a href="{}">{}</a>', url, _("Back to the preview"))
        if record.status == ImportStatus.APPLIED and getattr(record, "undo_allowed", False):
            url = reverse("admin:pubs_bibteximport_undo", args=[record.pk])
            return format_html('<a class="deletelink" href="{}">{}</a>', url, _("Undo this import"))
        return "—"

    # -- the views -----------------------------------------------------------------------------

    def _require(self, request: HttpRequest) -> None:
        if not request.user.has_perm("pubs.add_bibteximport"):
            raise PermissionDenied

    def upload_view(self, request: HttpRequest) -> HttpResponse:
        self._require(request)
        form = UploadForm(request.POST or None, request.FILES or None)
        scope = request_scope(request)
        for_review = import_for_review(scope)
        if for_review:  # a member imports their own papers, for their group to review
            del form.fields["group"]
        elif not scope.everything:  # a group editor imports for one of their groups
            form.fields["group"].queryset = edited_groups(scope)
            form.fields["group"].required = True
        else:  # any group: found with the admin's autocomplete
            group = form.fields["group"]
            group.widget = group_picker(self.admin_site)
            group.widget.choices = group.choices
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            group = data.get("group")
            record = BibtexImport.objects.create(
                created_by=request.user,
                file_name=data["file_name"][:255],
                sha256="",
                source="admin",
                text=data["bibtex"],
                options={
                    "group": group.slug if group else "",
                    "link_base": data.get("link_base") or "",
                    "decode_warnings": [str(p) for p in data["warnings"]],
                },
            )
            return HttpResponseRedirect(
                reverse("admin:pubs_bibteximport_preview", args=[record.pk])
            )
        context = {
            **self.admin_site.each_context(request),
            "title": _("Import BibTeX"),
            "form": form,
            "for_review": for_review,
            "media": self.media + form.media,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/pubs/bibteximport/upload.html", context)

    def _previews(self, request: HttpRequest):
        """The previews the user may open: their own (a preview is planned in its uploader's
        scope, a large file's by a job that keeps the plan), or any, for an admin."""
        previews = self.get_queryset(request).filter(status=ImportStatus.PREVIEW)
        if request_scope(request).everything:
            return previews
        return previews.filter(created_by=request.user)

    def preview_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._require(request)
        record = get_object_or_404(self._previews(request), pk=pk)
        if request.method == "POST":
            record.options = decisions_from_post(request.POST, record.options)
            record.save(update_fields=["options"])
        background = preview_in_background(request, record)  # a large file: planned by a job
        if isinstance(background, HttpResponse):
            return background
        venue_ids = dict(Venue.objects.values_list("slug", "pk"))
        decisions = decisions_from_options(record.options, venue_ids)
        try:
            planned = background or bibtex_import_plan(
                text=record.text,
                decisions=decisions,
                link_base=record.options.get("link_base", ""),
                max_entries=settings.IMPORT_MAX_ENTRIES,
                scope=request_scope(request),
                seconds=settings.IMPORT_PREVIEW_SECONDS,
            )
        except BibtexError as exc:
            record.delete()  # a preview of a file that cannot be imported is not kept
            messages.error(request, translated_message(exc.problem))
            return HttpResponseRedirect(reverse("admin:pubs_bibteximport_upload"))
        if request.method == "POST" and "confirm" in request.POST:
            group = Group.objects.filter(slug=record.options.get("group")).first()
            if not import_group_allowed(request_scope(request), group):
                raise PermissionDenied
            try:
                applied = bibtex_import_apply(
                    planned=planned,
                    file_name=record.file_name,
                    user=request.user,
                    group=group,
                    record=record,
                )
            except ImportBlocked as exc:
                messages.error(
                    request, _("Nothing was imported: %(why)s.") % {"why": translated_message(exc)}
                )
            else:
                messages.success(
                    request, _("Imported: %(summary)s.") % {"summary": self.summary(applied)}
                )
                if import_for_review(request_scope(request)):
                    messages.info(request, FOR_REVIEW)
                announce_import(request, applied)
                return HttpResponseRedirect(
                    reverse("admin:pubs_bibteximport_change", args=[applied.pk])
                )
        scope = request_scope(request)
        rows = _rows(planned.plan, record.options.get("venues", {}), planned.outside, scope)
        picker = venue_picker(self.admin_site)
        for index, row in enumerate(rows):
            if row["venue_unmatched"]:
                row["venue_widget"] = picker.widget.render(
                    row["venue_field"],
                    venue_ids.get(row["venue_choice"]),
                    attrs={"id": f"id_venue_{index}", "aria-label": _("Venue")},
                )
        context = {
            **self.admin_site.each_context(request),
            "title": _("Preview of %(file)s") % {"file": record.file_name},
            "opts": self.model._meta,
            "record": record,
            "plan": planned.plan,
            "counts": planned.plan.summary(),
            "rows": rows,
            "outside": _outside_counts(planned.outside),
            "venue_media": picker.widget.media,
            # A member's import creates no venue.
            "other_venue_choices": [
                (value, label)
                for value, label in OTHER_VENUE_CHOICES
                if value != NEW or not import_for_review(scope)
            ],
            "decode_warnings": record.options.get("decode_warnings", []),
            "for_review": import_for_review(scope),
            "NEW": NEW,
        }
        return TemplateResponse(request, "admin/pubs/bibteximport/preview.html", context)

    def undo_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        self._require(request)
        record = get_object_or_404(self.get_queryset(request), pk=pk)
        if not import_undo_allowed(request_scope(request), record):
            raise PermissionDenied
        if request.method == "POST":
            try:
                with bulk_history():  # thousands of deleted rows: their records in bulk
                    notes = bibtex_import_undo(record=record, user=request.user)
            except UndoRefused as exc:
                messages.error(request, str(exc))
            else:
                messages.success(request, _("The import was undone."))
                for note in notes:
                    messages.warning(request, note)
            return HttpResponseRedirect(reverse("admin:pubs_bibteximport_change", args=[pk]))
        context = {
            **self.admin_site.each_context(request),
            "title": _("Undo this import?"),
            "opts": self.model._meta,
            "record": record,
        }
        return TemplateResponse(request, "admin/pubs/bibteximport/undo.html", context)


def _rows(
    plan, chosen_venues: dict[str, str], outside: dict[str, OutOfScope], scope: Scope
) -> list[dict]:
    """What the preview table shows: every entry of a small file, and of a large one those
    that need a look (errors, choices, unmatched venues, conflicts, entries held back) or
    change more than a field of a paper (authors added, versions linked). Of a paper outside
    the user's scope it shows what its public page shows, or nothing."""
    shown = [
        entry
        for index, entry in enumerate(plan.entries)
        if index < PREVIEW_ROWS
        or _needs_attention(entry)
        or entry.key in outside
        or entry.added_authors
        or entry.versions
    ]
    names = plan_people_names(plan=plan, entries=shown)
    return [
        {
            "entry": entry,
            "attention": _needs_attention(entry),
            "authors": [_author_row(entry, author, names, scope) for author in entry.authors],
            "venue_field": f"venue:{entry.venue.text}" if entry.venue else "",
            "venue_choice": chosen_venues.get(entry.venue.text, "") if entry.venue else "",
            "venue_unmatched": _venue_unmatched(entry),
            "fills": [_field_label(name) for name in entry.fill if name != "more_authors"],
            "completes_list": entry.fill.get("more_authors") is False,
            "conflicts": [
                (_field_label(name), old, new) for name, (old, new) in entry.conflicts.items()
            ],
            "overwrite": plan.decisions.overwrite.get(entry.key, False),
            "outside": outside.get(entry.key),
            "public_url": _public_url(outside.get(entry.key)),
        }
        for entry in shown
    ]


def _public_url(paper: OutOfScope | None) -> str:
    return reverse("pubs:paper-detail", args=[paper.slug]) if paper and paper.slug else ""


def _outside_counts(outside: dict[str, OutOfScope]) -> dict[str, int]:
    """How many entries match a paper of another group, and how many a hidden one."""
    hidden = sum(1 for paper in outside.values() if not paper.slug)
    return {"public": len(outside) - hidden, "hidden": hidden}


def _venue_unmatched(entry: EntryPlan) -> bool:
    """Whether the preview asks which venue the entry's is: it writes one no venue matched."""
    venue = entry.venue
    return bool(
        venue is not None and entry.writes_venue and not (venue.venue and venue.resolution.venue)
    )


def _field_label(name: str) -> str:
    """A paper field as the paper form names it ("venue", "DOI", "pages")."""
    return Paper._meta.get_field(name).verbose_name


def _needs_attention(entry: EntryPlan) -> bool:
    if entry.action == "invalid" or entry.conflicts:
        return True
    if entry.writes_venue and entry.venue is not None and not entry.venue.resolved:
        return True
    return entry.action == "create" and any(
        a.match.kind in ("ambiguous", "suggestion") for a in entry.authors
    )


def _author_row(entry: EntryPlan, author: AuthorPlan, names: dict, scope: Scope) -> dict:
    key = f"{entry.key}#{author.position}"
    choosable = entry.action == "create" and (
        author.match.kind in ("ambiguous", "suggestion") or author.decided
    )
    # A member's entry skipped for want of them among its authors, where a name could be
    # theirs: choosing themselves imports it.
    choosable = choosable or (
        entry.action == "skipped" and scope.person_id in author.match.candidates
    )
    return {
        "plan": author,
        "field": f"author:{key}",
        "choosable": choosable,
        "options": [
            (candidate, names.get(candidate, str(candidate)))
            for candidate in author.match.candidates
            if not isinstance(candidate, str)
        ],
        "current": author.person if not author.is_new else NEW,
        "name": names.get(author.person, "") if author.person is not None else "",
    }


class WaitingForReviewFilter(admin.SimpleListFilter):
    """Papers a member imported, hidden until an editor of their group publishes them."""

    title = _("review")
    parameter_name = "imported_for_review"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        return [("yes", _("Imported by a member, waiting for review"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            return queryset.filter(pk__in=papers_imported_for_review(), is_public=False)
        return queryset


def papers_imported_for_review() -> set[int]:
    """The ids of the papers members' imports created (still hidden or not)."""
    imports = BibtexImport.objects.filter(status=ImportStatus.APPLIED, options__review=True)
    created = imports.values_list("changes__papers", flat=True)
    return {pk for papers in created for pk in papers or ()}
