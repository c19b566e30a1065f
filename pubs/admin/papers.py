"""Admin for venues, papers, their authors and links: the lab admin's daily tool."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin.views.main import ORDER_VAR
from django.db import transaction
from django.db.models import Count, Exists, OuterRef, QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from simple_history.utils import bulk_update_with_history

from people.admin import CheckedIds
from people.models import Group, Person
from pubs.admin.consent import announce, consent_settle_rows, consent_view, named_anew
from pubs.admin.history import RecordedAdmin
from pubs.admin.imports import WaitingForReviewFilter, papers_imported_for_review
from pubs.admin.venue_search import search_words, venue_search
from pubs.admin.version_links import find_versions
from pubs.history import (
    authors_as_of,
    authors_described,
    history_baseline,
    paper_author_changes,
    paper_history_baseline,
    paper_imports,
    paper_restore_authors,
    version_end,
)
from pubs.identifiers import normalize_arxiv_id, normalize_doi
from pubs.models import (
    MAX_POSITION,
    Authorship,
    BibtexImport,
    Link,
    Paper,
    PaperKind,
    Tag,
    Venue,
    VenueRank,
)
from pubs.permissions import (
    ScopedAdmin,
    attachable_groups,
    editable_papers,
    import_for_review,
    paper_editable_after,
    request_scope,
)
from pubs.queries.exporting import export_papers
from pubs.queries.exporting import render as render_export
from pubs.queries.selectors import in_groups
from pubs.search import search_text_refresh
from pubs.services import public_version, rendering
from pubs.services.papers import authorships_make_room, papers_match_venues, venue_index
from pubs.services.versions import paper_versions_refold
from pubs.services.work_counts import counted_write, work_counts_kept
from pubs.uploads import check_link_file
from pubs.venues import ccf


def papers_overview(obj: Person | Venue, filter_param: str, papers: QuerySet[Paper]) -> str:
    """A count linking to the paper changelist filtered to ``obj``, then its latest papers.

    ``papers`` are those the user may open: another group's hidden papers are not named.
    """
    if obj.pk is None:
        return "—"
    summary = format_html(
        '<a href="{}?{}={}">{}</a>',
        reverse("admin:pubs_paper_changelist"),
        filter_param,
        obj.pk,
        _("All %(count)d papers →") % {"count": papers.count()},
    )
    latest = format_html_join(
        "",
        '<li><a href="{}">{}</a> ({})</li>',
        (
            (reverse("admin:pubs_paper_change", args=[paper.pk]), paper.title, paper.year or "—")
            for paper in papers[:10]
        ),
    )
    return format_html("{}<ul>{}</ul>", summary, latest)


class SelectedObjectFilter(admin.SimpleListFilter):
    """Filters papers by one related object given by id in the URL (from "All papers →").

    It offers no list of choices (there may be thousands) and only shows while in use.
    """

    model: type[Person] | type[Venue]
    lookup: str

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        value = self.value()
        if not value or not value.isdecimal():
            return []
        obj = self.model.objects.filter(pk=value).first()
        return [(value, str(obj))] if obj else []

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if value and value.isdecimal():
            return queryset.filter(**{self.lookup: value})
        return queryset


class ReviewFilter(admin.SimpleListFilter):
    """Papers with an author whose person an import could not decide."""

    title = _("authors to review")
    parameter_name = "review"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        return [("yes", _("Some author to review"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        if self.value() == "yes":
            flagged = Authorship.objects.filter(paper=OuterRef("pk")).exclude(review_note="")
            return queryset.filter(Exists(flagged))
        return queryset


class GroupFilter(admin.SimpleListFilter):
    """A group's papers: those its members wrote while members, and those given the group
    (``in_groups``, as the group's public page lists them)."""

    title = _("group")
    parameter_name = "group"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        return list(Group.objects.order_by("name").values_list("pk", "name"))

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        value = self.value()
        if value and value.isdecimal():
            return queryset.filter(in_groups([int(value)]))
        return queryset


class AuthorFilter(SelectedObjectFilter):
    title = _("author")
    parameter_name = "author"
    model = Person
    lookup = "authorships__person"


class VenueFilter(SelectedObjectFilter):
    title = _("venue")
    parameter_name = "venue"
    model = Venue
    lookup = "venue"


def ccf_rank_filter(edition: int) -> type[admin.SimpleListFilter]:
    """A changelist filter by the venue's rank in one CCF edition."""

    class CCFRankFilter(admin.SimpleListFilter):
        title = format_lazy("{} ({})", _("CCF rank"), edition)
        parameter_name = f"ccf{edition}"

        def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
            return [(rank, f"CCF {rank}") for rank in ccf.RANKS] + [("none", _("Unranked"))]

        def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
            value = self.value()
            if value in ccf.RANKS:
                return queryset.ranked(value, edition)
            if value == "none":
                return queryset.ranked("", edition)
            return queryset

    return CCFRankFilter


class AuthorshipInlineForm(forms.ModelForm):
    position = forms.IntegerField(
        label=_("position"),
        min_value=1,
        max_value=MAX_POSITION,
        required=False,
        help_text=_("Leave empty to add at the end."),
    )

    def _get_validation_exclusions(self) -> set[str]:
        # Position and person are unique within a paper. The formset checks that across the
        # whole author list; checking one row against the database would refuse a plain
        # reordering (author 2 to 1 and 1 to 2) for the clash half-way through it.
        return super()._get_validation_exclusions() | {"position", "person"}


class AuthorshipFormSet(BaseInlineFormSet):
    """The ordered author list: blank positions go to the end, repeats are refused.

    Saving never meets the unique (paper, position) and (paper, person) constraints half-way:
    removed rows go first, rows that now name another person are replaced (another person
    is another authorship), and rows that move are shifted out of the way before they land.

    ``stays_editable``, given the person ids of the list as saved, says whether the user may
    still edit the paper then (a member who leaves their own paper's author list could not).
    """

    def __init__(self, *args, stays_editable=None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.stays_editable = stays_editable

    def clean(self) -> None:
        super().clean()
        rows = [
            form
            for form in self.forms
            if (form.has_changed() or form.instance.pk)
            and not self._should_delete_form(form)
            and form.cleaned_data
        ]
        next_position = max((f.cleaned_data.get("position") or 0 for f in rows), default=0) + 1
        positions: set[int] = set()
        people: dict[int, int] = {}
        errors = []
        for form in rows:
            position = form.cleaned_data.get("position")
            if not position:
                position = next_position
                next_position += 1
                form.cleaned_data["position"] = form.instance.position = position
            if position > MAX_POSITION:
                errors.append(
                    _("An author list holds at most %(max)d positions.") % {"max": MAX_POSITION}
                )
            if position in positions:
                errors.append(_("Two authors have position %(position)d.") % {"position": position})
            positions.add(position)
            person = form.cleaned_data.get("person")
            if person is not None:
                if person.pk in people:
                    errors.append(
                        _("%(person)s is listed twice (positions %(first)d and %(second)d).")
                        % {"person": person.name, "first": people[person.pk], "second": position}
                    )
                people[person.pk] = position
        if not errors and self.stays_editable and not self.stays_editable(set(people)):
            errors.append(
                _(
                    "You could not edit this paper any more: list yourself as an author or "
                    "give it one of the groups you edit."
                )
            )
        if errors:
            raise forms.ValidationError(errors)

    def save_existing_objects(self, commit: bool = True) -> list[Authorship]:
        if not commit:
            return super().save_existing_objects(commit)
        self.changed_objects, self.deleted_objects = [], []
        changed = []
        for form in self.initial_forms:
            if form.instance.pk is None:
                continue
            if self._should_delete_form(form):
                self.deleted_objects.append(form.instance)
                self.delete_existing(form.instance, commit=True)
            elif form.has_changed():
                changed.append(form)
        replaced = [form for form in changed if "person" in form.changed_data]
        Authorship.objects.filter(pk__in=[form.instance.pk for form in replaced]).delete()
        authorships_make_room(
            authorship_ids=[
                form.instance.pk
                for form in changed
                if form not in replaced and "position" in form.changed_data
            ]
        )
        saved = []
        for form in changed:
            if form in replaced:
                form.instance.pk = None
                form.instance._state.adding = True
            self.changed_objects.append((form.instance, form.changed_data))
            saved.append(self.save_existing(form, form.instance, commit=True))
        return saved


class AuthorshipInline(CheckedIds, admin.TabularInline):
    model = Authorship
    form = AuthorshipInlineForm
    formset = AuthorshipFormSet
    extra = 1
    autocomplete_fields = ["person"]
    fields = [
        "position",
        "person",
        "printed_name",
        "equal_contribution",
        "corresponding",
        "affiliation",
        "review_note",
        "consent",
    ]
    readonly_fields = ["consent"]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).select_related("person").order_by("position")


class LinkForm(forms.ModelForm):
    """A link: a file uploaded, or kept under another kind, must be of a type that kind
    takes, judged by its content (pubs.uploads)."""

    def clean_file(self):
        file = self.cleaned_data.get("file")
        if file and {"kind", "file"} & set(self.changed_data):
            file = check_link_file(file, self.cleaned_data.get("kind"))
        return file


class LinkInline(admin.TabularInline):
    model = Link
    form = LinkForm
    extra = 0
    fields = ["kind", "url", "file", "label"]


class PaperRowForm(forms.ModelForm):
    """A row of the paper list: each editable column's checkbox is named by its column and
    the row's paper ("Public: The paper's title (2024)"), as a screen reader says it. The
    row shows no help text, so the checkbox points to none."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.help_text = ""
            field.widget.attrs["aria-label"] = _("%(column)s: %(paper)s") % {
                "column": field.label,
                "paper": self.instance,
            }


#: The field of a printed venue an import would read for a paper of each kind (either, else).
PRINTED_KINDS = {PaperKind.JOURNAL: "journal", PaperKind.CONFERENCE: "conference"}


@admin.register(Paper)
class PaperAdmin(ScopedAdmin, CheckedIds, RecordedAdmin):
    list_display = [
        "title",
        "author_list",
        "venue_display",
        "year",
        "kind",
        "status",
        "ccf_badge",
        "selected",
        "is_public",
    ]
    list_filter = [
        "year",
        "kind",
        "status",
        *[ccf_rank_filter(edition) for edition in reversed(ccf.EDITIONS)],
        GroupFilter,
        "selected",
        "is_public",
        WaitingForReviewFilter,
        ReviewFilter,
        AuthorFilter,
        VenueFilter,
    ]
    list_editable = ["selected", "is_public"]
    list_per_page = 50
    search_fields = [
        "title",
        "authorships__person__family_name",
        "authorships__person__given_name",
        "authorships__person__native_name",
        "authorships__person__variants",
        "authorships__printed_name",
        "venue__abbreviation",
        "venue__name",
        "container_title",
        "doi",
        "arxiv_id",
        "citation_key",
    ]
    search_help_text = _("Title, author name or variant, venue, DOI, arXiv id or citation key.")
    autocomplete_fields = ["venue", "tags", "groups", "versions"]
    prepopulated_fields = {"slug": ("title",)}
    readonly_fields = ["created", "modified"]
    inlines = [AuthorshipInline, LinkInline]
    save_on_top = True
    object_history_template = "admin/pubs/paper/object_history.html"
    object_history_form_template = "admin/pubs/paper/object_history_form.html"
    actions = [
        "export_bibtex",
        "match_venues",
        "mark_selected",
        "unmark_selected",
        "make_public",
        "make_private",
        find_versions,
    ]
    fieldsets = [
        (
            None,
            {"fields": ["title", "slug", ("kind", "status"), ("year", "month"), "more_authors"]},
        ),
        (
            _("Venue"),
            {
                "fields": [
                    "venue",
                    "container_title",
                    ("volume", "number", "pages"),
                    ("publisher", "address"),
                    "editor",
                    "series",
                    ("institution", "thesis_type"),
                ]
            },
        ),
        (_("Identifiers"), {"fields": [("doi", "arxiv_id"), "url", "citation_key", "versions"]}),
        (
            _("Presentation"),
            {"fields": ["abstract", "tags", "groups", "awards", ("selected", "is_public")]},
        ),
        (_("Private"), {"fields": ["internal_note"]}),
        (
            _("Other BibTeX fields"),
            {"fields": ["extra_fields", "created", "modified"], "classes": ["collapse"]},
        ),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).with_venue().with_authors()

    def get_changelist_form(self, request: HttpRequest, **kwargs):
        return super().get_changelist_form(request, form=PaperRowForm, **kwargs)

    def get_urls(self):
        consent_page = self.admin_site.admin_view(self.consent_view)
        return [path("consent/", consent_page, name="consent_requests"), *super().get_urls()]

    def consent_view(self, request: HttpRequest) -> HttpResponse:
        return consent_view(self.admin_site, request)

    def get_ordering(self, request: HttpRequest):
        # A user with a profile finds their own papers first (a column's sort overrides it).
        ordering = super().get_ordering(request) or Paper._meta.ordering
        person_id = self.scope(request).person_id
        if person_id is None:
            return ordering
        own = Authorship.objects.filter(paper=OuterRef("pk"), person_id=person_id)
        return [Exists(own).desc(), *ordering]

    def get_form(self, request: HttpRequest, obj=None, change: bool = False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        versions = form.base_fields.get("versions")
        if obj is not None and versions is not None:  # a paper is no version of itself
            versions.queryset = versions.queryset.exclude(pk=obj.pk)
        return form

    # -- roles: a restricted user attaches papers to their own groups and keeps them editable

    def scoped_choices(self) -> dict:
        return {"groups": attachable_groups}

    def waiting_for_review(self, request: HttpRequest) -> set[int]:
        """The papers a member's import created, which a member may not publish (an editor
        of their group reviews them): none for the others."""
        if not import_for_review(self.scope(request)):
            return set()
        return papers_imported_for_review()

    def get_readonly_fields(self, request: HttpRequest, obj=None):
        fields = super().get_readonly_fields(request, obj)
        if obj is not None and not obj.is_public and obj.pk in self.waiting_for_review(request):
            return [*fields, "is_public"]
        return fields

    def save_form(self, request: HttpRequest, form, change: bool) -> Paper:
        paper = super().save_form(request, form, change)
        if paper.is_public and paper.pk in self.waiting_for_review(request):
            paper.is_public = False  # from the list's checkbox: the editor publishes it
        scope = self.scope(request)
        if "groups" in form.cleaned_data and not scope.everything:
            # The form offers only the user's groups: the others the paper has stay.
            kept = paper.groups.exclude(pk__in=scope.attachable_group_ids) if change else []
            form.cleaned_data["groups"] = [*form.cleaned_data["groups"], *kept]
        return paper

    def get_formset_kwargs(self, request: HttpRequest, obj, inline, prefix: str) -> dict:
        kwargs = super().get_formset_kwargs(request, obj, inline, prefix)
        scope = self.scope(request)
        if isinstance(inline, AuthorshipInline) and not scope.everything:
            # The groups chosen in the form decide: the paper's other groups stay, but the
            # user edits none of them (the form offers every group the user edits). A choice
            # the form refuses is its own error.
            chosen = {int(pk) for pk in request.POST.getlist("groups") if pk.isdecimal()}
            year = request.POST.get("year", "")
            year = int(year) if year.isdecimal() else None

            def stays_editable(author_ids: set[int]) -> bool:
                return paper_editable_after(
                    scope, author_ids=author_ids, group_ids=chosen, year=year
                )

            kwargs["stays_editable"] = stays_editable
        return kwargs

    # -- history: a revert restores the authors too

    def save_model(self, request: HttpRequest, obj: Paper, form, change: bool) -> None:
        if obj.venue_id is None and obj.container_title.strip():
            self.venue_from_printed(request, obj)
        if change:
            paper_history_baseline(obj)
        super().save_model(request, obj, form, change)

    @counted_write()  # save_model and save_related keep the counts
    def changeform_view(self, *args, **kwargs) -> HttpResponse:
        return super().changeform_view(*args, **kwargs)

    def delete_model(self, request: HttpRequest, obj: Paper) -> None:
        with work_counts_kept(papers=[obj.pk]):
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet) -> None:
        with work_counts_kept(papers=list(queryset.values_list("pk", flat=True))):
            super().delete_queryset(request, queryset)

    def venue_from_printed(self, request: HttpRequest, paper: Paper) -> None:
        """Give a paper saved without a venue the venue its "venue as printed" names, read as
        an import reads it (and its year, when it has none); say what was found, or why not."""
        printed = paper.container_title.strip()
        reading = venue_index().read(
            printed,
            kind=PRINTED_KINDS.get(paper.kind, ""),
            series=paper.series,
            publisher=paper.publisher,
            doi=paper.doi,
        )
        venue = Venue.objects.filter(pk=reading.venue.key).first() if reading.venue else None
        if venue is None:
            message = _(
                "No venue matches the venue as printed “%(printed)s” (%(reason)s): the paper "
                "is saved without a venue. Choose one under Venue, or add the venue."
            )
            reason = reading.resolution.reason or _("no known venue matches")
            message %= {"printed": printed, "reason": reason}
            self.message_user(request, message, messages.WARNING)
            return
        paper.venue = venue
        found = _("Venue “%(venue)s” found from the venue as printed “%(printed)s”.")
        self.message_user(request, found % {"venue": venue, "printed": printed}, messages.INFO)
        if paper.year is None and reading.year:
            paper.year = reading.year
            taken = _("Year %(year)d taken from the venue as printed.")
            self.message_user(request, taken % {"year": reading.year}, messages.INFO)

    def save_formset(self, request: HttpRequest, form, formset, change: bool) -> None:
        if formset.model is Authorship:
            consent_settle_rows(request, named_anew(formset))
        super().save_formset(request, form, formset, change)

    def save_related(self, request: HttpRequest, form, formsets, change: bool) -> None:
        versions_before = list(form.instance.versions.values_list("pk", flat=True))
        with work_counts_kept(papers=[form.instance.pk, *versions_before]):
            super().save_related(request, form, formsets, change)
            announce(request)
            search_text_refresh([form.instance.pk])  # with its authors as saved
            paper_versions_refold(paper_ids=[form.instance.pk, *versions_before])

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context=None
    ) -> HttpResponse:
        version = None
        if object_id.isdecimal() and version_id.isdecimal():
            version = Paper.history.filter(id=object_id, history_id=version_id).first()
        if version is None:
            return super().history_form_view(request, object_id, version_id, extra_context)
        context = {
            **(extra_context or {}),
            "authors_then": authors_described(
                authors_as_of(version.id, version_end(version)).values()
            ),
        }
        with transaction.atomic(), work_counts_kept(papers=[version.id]):
            response = super().history_form_view(request, object_id, version_id, context)
            if request.method == "POST" and isinstance(response, HttpResponseRedirect):
                # The paper's fields are reverted: its authors follow, and its versions'
                # folding (the record's is that of its day).
                self.revert_authors(request, version)
                paper_versions_refold(paper_ids=[version.id])
        return response

    def revert_authors(self, request: HttpRequest, version) -> None:
        """Make the paper's authors those of its ``version`` (a record of its history)."""
        authors = authors_as_of(version.id, version_end(version))
        restored = paper_restore_authors(paper=version.instance, authors=authors)
        search_text_refresh([version.id])
        self.message_user(
            request,
            _("Authors restored as they were then (%(count)d).") % {"count": len(authors)},
        )
        if restored.missing_people:
            self.message_user(
                request,
                _(
                    "%(count)d authors could not be restored: their person no longer "
                    "exists (merged or deleted). Add them again by hand."
                )
                % {"count": len(restored.missing_people)},
                messages.WARNING,
            )

    def history_view(self, request: HttpRequest, object_id: str, extra_context=None):
        changes = paper_author_changes(object_id) if object_id.isdecimal() else []
        imports = paper_imports(int(object_id)) if object_id.isdecimal() else []
        shown = self.admin_site._registry[BibtexImport].get_queryset(request)  # the user's scope
        shown = shown.filter(pk__in=[found.record.pk for found in imports])
        context = {
            "author_changes": changes,
            "imports": imports,
            "imports_shown": set(shown.values_list("pk", flat=True)),
            **(extra_context or {}),
        }
        return super().history_view(request, object_id, context)

    def get_search_results(self, request: HttpRequest, queryset: QuerySet, search_term: str):
        # A pasted DOI or arXiv URL finds its paper whatever form it is written in.
        term = search_term.strip()
        for field, normalize in (("doi", normalize_doi), ("arxiv_id", normalize_arxiv_id)):
            try:
                value = normalize(term)
            except ValueError:
                continue
            if value:
                return queryset.filter(**{field: value}), False
        return super().get_search_results(request, queryset, search_term)

    @admin.display(description=_("authors"))
    def author_list(self, paper: Paper) -> str:
        names = [a.person.short_name for a in paper.authorships.all()]
        shown = ", ".join(names[:6])
        if len(names) > 6 or paper.more_authors:
            shown += ", …"
        return shown

    @admin.display(description=_("venue"), ordering="venue__abbreviation")
    def venue_display(self, paper: Paper) -> str:
        return paper.venue.short_name if paper.venue else paper.container_title

    @admin.display(description=_("CCF"))
    def ccf_badge(self, paper: Paper) -> str:
        return paper.ccf_label or "—"

    def _update(self, request: HttpRequest, queryset: QuerySet, message: str, **values) -> None:
        papers = list(Paper.objects.filter(pk__in=queryset.values("pk")))
        history_baseline(Paper, [paper.pk for paper in papers])
        for paper in papers:
            for name, value in values.items():
                setattr(paper, name, value)
        with work_counts_kept(papers=[paper.pk for paper in papers]):
            bulk_update_with_history(papers, Paper, list(values), default_user=request.user)
            rendering.entries_forget(paper_ids=[paper.pk for paper in papers])
            paper_versions_refold(paper_ids=[paper.pk for paper in papers])  # shown, hidden
        public_version.bump()  # bulk updates send no signals
        self.message_user(request, message % {"count": len(papers)}, messages.SUCCESS)

    @admin.action(description=_("Export as BibTeX"), permissions=["view"])
    def export_bibtex(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse:
        """The selected papers, public or not, as the BibTeX the import reads back."""
        exported = export_papers(queryset.order_by(), absolute_url=request.build_absolute_uri)
        text, content_type = render_export(exported, "bib")
        response = HttpResponse(text, content_type=content_type)
        response["Content-Disposition"] = 'attachment; filename="papers.bib"'
        return response

    @admin.action(description=_("Find the venue from the venue as printed"), permissions=["change"])
    def match_venues(self, request: HttpRequest, queryset: QuerySet) -> None:
        report = papers_match_venues(papers=queryset)
        matched = len(report.matched)
        self.message_user(request, _("%(count)d papers given a venue.") % {"count": matched})
        for paper, reason in report.missed[:10]:
            message = _("No venue for “%(paper)s”: %(reason)s.")
            self.message_user(
                request, message % {"paper": paper, "reason": reason}, messages.WARNING
            )
        if len(report.missed) > 10:
            more = _("… and %(count)d more without a venue.") % {"count": len(report.missed) - 10}
            self.message_user(request, more, messages.WARNING)

    @admin.action(description=_("Mark as selected"), permissions=["change"])
    def mark_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._update(request, queryset, _("%(count)d papers marked as selected."), selected=True)

    @admin.action(description=_("Unmark as selected"), permissions=["change"])
    def unmark_selected(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._update(request, queryset, _("%(count)d papers unmarked."), selected=False)

    @admin.action(description=_("Show on public pages"), permissions=["change"])
    def make_public(self, request: HttpRequest, queryset: QuerySet) -> None:
        queryset = queryset.exclude(pk__in=self.waiting_for_review(request))
        self._update(request, queryset, _("%(count)d papers made public."), is_public=True)

    @admin.action(description=_("Hide from public pages"), permissions=["change"])
    def make_private(self, request: HttpRequest, queryset: QuerySet) -> None:
        self._update(request, queryset, _("%(count)d papers hidden."), is_public=False)


class VenueRankInline(admin.TabularInline):
    model = VenueRank
    extra = 0
    fields = ["ranking", "edition", "rank", "field"]


class CurrentRankFilter(admin.SimpleListFilter):
    title = _("current CCF rank")
    parameter_name = "rank"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple]:
        return [(rank, f"CCF {rank}") for rank in ccf.RANKS] + [("none", _("Unranked"))]

    def queryset(self, request: HttpRequest, queryset: QuerySet) -> QuerySet:
        current = {"ranks__ranking": ccf.RANKING, "ranks__edition": settings.CCF_CURRENT_EDITION}
        value = self.value()
        if value in ccf.RANKS:
            return queryset.filter(**current, ranks__rank=value).distinct()
        if value == "none":
            return queryset.exclude(
                pk__in=VenueRank.objects.filter(
                    ranking=ccf.RANKING, edition=settings.CCF_CURRENT_EDITION
                ).values("venue")
            )
        return queryset


@admin.register(Venue)
class VenueAdmin(CheckedIds, RecordedAdmin):
    list_display = [
        "abbreviation",
        "name",
        "kind",
        *[f"rank_{e}" for e in ccf.EDITIONS],
        "paper_count",
    ]
    list_display_links = ["abbreviation", "name"]
    list_filter = ["kind", CurrentRankFilter, "ranks__field", "publisher"]
    search_fields = ["abbreviation", "name", "aliases", "dblp_key", "slug"]
    search_help_text = _(
        "Abbreviation, name, alias or DBLP key, also as papers print them: SC'23, NSDI '24, "
        "Proc. of …"
    )
    prepopulated_fields = {"slug": ("abbreviation",)}
    readonly_fields = ["papers"]
    inlines = [VenueRankInline]
    fields = [
        "abbreviation",
        "name",
        "kind",
        "publisher",
        "dblp_key",
        "aliases",
        "url",
        "slug",
        "papers",
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return (
            super()
            .get_queryset(request)
            .annotate(paper_count=Count("papers", distinct=True))
            .order_by(*Venue._meta.ordering, "pk")  # a count drops it; autocompletes page
            .prefetch_related("ranks")
        )

    def get_search_results(self, request: HttpRequest, queryset: QuerySet, search_term: str):
        """A typed venue ("SC'23", "NSDI '24", "Proc. of ...") finds the venue it names first,
        then exact abbreviations, exact names or aliases, prefixes, the rest (the paper form's
        and the import preview's pickers, and the list unless a column orders it)."""
        term = search_term.strip()
        if not term:
            return super().get_search_results(request, queryset, search_term)
        matched, _ = super().get_search_results(request, Venue.objects.all(), search_words(term))
        found = venue_search(queryset, term, matched)
        if ORDER_VAR not in request.GET:
            found = found.order_by("search_rank", *Venue._meta.ordering, "pk")
        return found, False

    def get_object(self, request: HttpRequest, object_id: str, from_field=None):
        venue = super().get_object(request, object_id, from_field)
        if venue is not None:
            # The papers shown on the page: those the user may open (a readonly field is
            # given the object alone, not the request).
            venue.papers_shown = editable_papers(request_scope(request))
        return venue

    def save_model(self, request: HttpRequest, obj: Venue, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        search_text_refresh(obj.papers.values_list("pk", flat=True))  # a venue renamed

    @admin.display(description=_("papers"), ordering="paper_count")
    def paper_count(self, venue: Venue) -> int:
        return venue.paper_count

    @admin.display(description=_("papers"))
    def papers(self, venue: Venue) -> str:
        shown = getattr(venue, "papers_shown", None)
        if shown is None:  # a new venue, or a past version on its history page
            return "—"
        return papers_overview(venue, "venue", shown.filter(venue=venue))


def _rank_column(edition: int):
    @admin.display(description=f"CCF {edition}")
    def column(self: VenueAdmin, venue: Venue) -> str:
        return venue.rank_in(edition) or "—"

    return column


for _edition in ccf.EDITIONS:
    setattr(VenueAdmin, f"rank_{_edition}", _rank_column(_edition))


@admin.register(Tag)
class TagAdmin(CheckedIds, admin.ModelAdmin):
    list_display = ["name", "paper_count"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ("name",)}

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        # Ordered again: a count drops the model's ordering, which the autocomplete's pages need.
        return (
            super()
            .get_queryset(request)
            .annotate(paper_count=Count("papers"))
            .order_by(*Tag._meta.ordering, "pk")
        )

    @admin.display(description=_("papers"), ordering="paper_count")
    def paper_count(self, tag: Tag) -> int:
        return tag.paper_count
