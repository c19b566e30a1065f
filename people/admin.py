"""The admin pages of people, groups, memberships and advising, registered by pubs.admin.people.

These classes say how each model looks in the admin (columns, search, fieldsets, inlines).
They register nothing: pubs.admin.people registers them once, with the roles' scopes and each
person's papers added (people never imports pubs).
"""

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.contrib.admin.widgets import AutocompleteSelect, AutocompleteSelectMultiple
from django.core.exceptions import BadRequest, ValidationError
from django.db.models import Count, Field, Prefetch, QuerySet
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from people.fields import PeriodEndField, PeriodStartField
from people.models import Advising, Group, Membership, Person

# -- ids in hand-made posts ----------------------------------------------------------------


def is_id(field: Field, value: object) -> bool:
    """Whether ``value`` can be a value of ``field`` (an id posted as "abc" cannot)."""
    try:
        field.to_python(value)
    except ValidationError:
        return False
    return True


class _AutocompleteOfIds:
    """An autocomplete that shows again, in a form refused, only the posted values that can
    be ids: Django would look the others up and fail with a server error."""

    def optgroups(self, name: str, value: list, attr=None) -> list:
        opts = self.field.remote_field.model._meta
        target = opts.get_field(getattr(self.field.remote_field, "field_name", opts.pk.attname))
        return super().optgroups(name, [v for v in value if is_id(target, v)], attr)


class CheckedAutocompleteSelect(_AutocompleteOfIds, AutocompleteSelect):
    pass


class CheckedAutocompleteSelectMultiple(_AutocompleteOfIds, AutocompleteSelectMultiple):
    pass


class CheckedIds:
    """ModelAdmin and inline mixin: ids in a hand-made POST that cannot be ids are an error of
    the form (its autocompletes show them no more) or, for an action, a bad request; never a
    server error."""

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = CheckedAutocompleteSelect(
                db_field, self.admin_site, using=kwargs.get("using")
            )
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request: HttpRequest, **kwargs):
        if "widget" not in kwargs and db_field.name in self.get_autocomplete_fields(request):
            kwargs["widget"] = CheckedAutocompleteSelectMultiple(
                db_field, self.admin_site, using=kwargs.get("using")
            )
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def response_action(self, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
        selected = request.POST.getlist(helpers.ACTION_CHECKBOX_NAME)
        if not all(is_id(self.model._meta.pk, value) for value in selected):
            raise BadRequest("The selected rows are named by ids that are no ids.")
        return super().response_action(request, queryset)


# -- memberships and advising ----------------------------------------------------------------


class MembershipForm(forms.ModelForm):
    """A membership's dates may be a month or a year: a lab often knows no more."""

    class Meta:
        field_classes = {"start": PeriodStartField, "end": PeriodEndField}
        help_texts = {
            "start": _("A date, a month (2025-03) or a year (2025), from its first day."),
            "end": _(
                "A date, a month (2025-03) or a year (2025), to its last day. Empty while current."
            ),
        }


class MembershipFormSet(BaseInlineFormSet):
    """Memberships inline, a role held twice undated refused on its row.

    Django leaves the inline's own foreign key (the page's group or person) out of each row's
    checks, and a formset checks no conditional constraint between its rows, so without this
    ``membership_unique_undated`` would fail only in the database.
    """

    def clean(self) -> None:
        super().clean()
        own_rows = [form.instance.pk for form in self.initial_forms]
        seen: set[tuple] = set()
        for form in self.forms:
            membership = form.instance
            if form.errors or self._should_delete_form(form) or membership.person_id is None:
                continue
            if membership.start is not None or not membership.role:
                continue
            key = (membership.person_id, membership.group_id, membership.role)
            names = {
                "person": membership.person,
                "role": membership.get_role_display(),
                "group": membership.group,
            }
            if key in seen:
                form.add_error(
                    None,
                    _(
                        "%(person)s is given the role %(role)s in %(group)s twice, undated: "
                        "keep one of the rows."
                    )
                    % names,
                )
            elif self._held_elsewhere(membership, own_rows):
                form.add_error(
                    None,
                    _("%(person)s already has the role %(role)s in %(group)s, undated.") % names,
                )
            seen.add(key)

    @staticmethod
    def _held_elsewhere(membership: Membership, own_rows: list) -> bool:
        """Whether a membership not on this page holds the role undated already."""
        if membership.group_id is None:  # a group being added has no memberships yet
            return False
        return (
            Membership.objects.filter(
                person_id=membership.person_id,
                group_id=membership.group_id,
                role=membership.role,
                start__isnull=True,
            )
            .exclude(pk__in=own_rows)
            .exists()
        )


def years_covered(membership: Membership) -> str:
    """The years of papers a membership makes its group's, as the confirm step shows them."""
    if membership.covers_no_year:
        return _("none until it has a start")
    if membership.start is None and membership.end is None:
        return _("every year")
    if membership.start is None:
        return _("every year to %(end)d") % {"end": membership.end.year}
    if membership.end is None:
        return _("from %(start)d") % {"start": membership.start.year}
    if membership.start.year == membership.end.year:
        return str(membership.start.year)
    return f"{membership.start.year}–{membership.end.year}"


class MembershipInline(CheckedIds, admin.TabularInline):
    model = Membership
    form = MembershipForm
    formset = MembershipFormSet
    extra = 0
    autocomplete_fields = ["person", "group"]
    fields = ["group", "person", "role", "start", "end", "note", "confirmed"]


class PersonMembershipInline(MembershipInline):
    fk_name = "person"
    fields = ["group", "role", "start", "end", "note", "confirmed"]


class GroupMembershipInline(MembershipInline):
    fk_name = "group"
    fields = ["person", "role", "start", "end", "note", "confirmed"]


class AdvisorInline(CheckedIds, admin.TabularInline):
    model = Advising
    fk_name = "student"
    extra = 0
    autocomplete_fields = ["advisor"]
    fields = ["advisor", "role", "context"]
    verbose_name = _("advisor")
    verbose_name_plural = _("advisors")


class StudentInline(CheckedIds, admin.TabularInline):
    model = Advising
    fk_name = "advisor"
    extra = 0
    autocomplete_fields = ["student"]
    fields = ["student", "role", "context"]
    verbose_name = _("student")
    verbose_name_plural = _("students")


class PersonAdmin(CheckedIds, admin.ModelAdmin):
    list_display = ["name_display", "native_name", "affiliation", "group_list"]
    list_display_links = ["name_display"]
    list_filter = ["memberships__group", "memberships__role"]
    search_fields = ["family_name", "given_name", "native_name", "variants", "slug", "orcid"]
    prepopulated_fields = {"slug": ("given_name", "family_name")}
    autocomplete_fields = ["user"]
    readonly_fields = ["created", "modified"]
    inlines = [PersonMembershipInline, AdvisorInline, StudentInline]
    fieldsets = [
        (
            None,
            {"fields": ["given_name", "family_name", "suffix", "native_name", "slug", "variants"]},
        ),
        (
            _("Profile"),
            {
                "fields": [
                    "affiliation",
                    "bio",
                    "homepage",
                    "github",
                    "google_scholar",
                    "dblp",
                    "orcid",
                ]
            },
        ),
        (_("Private"), {"fields": ["email", "email_public", "internal_note"]}),
        (_("Login"), {"fields": ["user"]}),
        (_("Record"), {"fields": ["created", "modified"]}),
    ]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        memberships = Membership.objects.confirmed().select_related("group").order_by("group__name")
        return (
            super()
            .get_queryset(request)
            .prefetch_related(Prefetch("memberships", queryset=memberships))
        )

    @admin.display(description=_("name"), ordering="family_name")
    def name_display(self, person: Person) -> str:
        return person.name

    @admin.display(description=_("groups"))
    def group_list(self, person: Person) -> str:
        return ", ".join(
            sorted({m.group.short_name or m.group.name for m in person.memberships.all()})
        )


class GroupAdmin(CheckedIds, admin.ModelAdmin):
    list_display = ["name", "short_name", "institution", "member_count", "parent"]
    search_fields = ["name", "short_name", "native_name", "institution", "slug"]
    prepopulated_fields = {"slug": ("name",)}
    autocomplete_fields = ["parent", "editors"]
    inlines = [GroupMembershipInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return (
            super()
            .get_queryset(request)
            .select_related("parent")
            .annotate(member_count=Count("memberships__person", distinct=True))
            .order_by(*Group._meta.ordering, "pk")  # a count drops it; autocompletes page
        )

    @admin.display(description=_("members"), ordering="member_count")
    def member_count(self, group: Group) -> int:
        return group.member_count


class MembershipAdmin(CheckedIds, admin.ModelAdmin):
    form = MembershipForm
    list_display = ["person", "group", "role", "start", "end", "years", "confirmed"]
    list_filter = ["confirmed", "group", "role"]
    list_select_related = ["person", "group"]
    search_fields = [
        "person__family_name",
        "person__given_name",
        "person__native_name",
        "group__name",
    ]
    autocomplete_fields = ["person", "group"]
    date_hierarchy = "start"

    @admin.display(description=_("years of papers covered"))
    def years(self, membership: Membership) -> str:
        return years_covered(membership)


class AdvisingAdmin(CheckedIds, admin.ModelAdmin):
    list_display = ["student", "advisor", "role", "context"]
    list_filter = ["role"]
    list_select_related = ["student", "advisor"]
    search_fields = [
        "student__family_name",
        "student__given_name",
        "advisor__family_name",
        "advisor__given_name",
    ]
    autocomplete_fields = ["student", "advisor"]
