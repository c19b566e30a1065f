"""The admin pages of people, groups, memberships and advising, registered by pubs.admin.people.

These classes say how each model looks in the admin (columns, search, fieldsets, inlines).
They register nothing: pubs.admin.people registers them once, with the roles' scopes and each
person's papers added (people never imports pubs).
"""

from django.contrib import admin
from django.db.models import Count, Prefetch, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from people.models import Advising, Group, Membership, Person


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["person", "group"]
    fields = ["group", "person", "role", "start", "end", "note"]


class PersonMembershipInline(MembershipInline):
    fk_name = "person"
    fields = ["group", "role", "start", "end", "note"]


class GroupMembershipInline(MembershipInline):
    fk_name = "group"
    fields = ["person", "role", "start", "end", "note"]


class AdvisorInline(admin.TabularInline):
    model = Advising
    fk_name = "student"
    extra = 0
    autocomplete_fields = ["advisor"]
    fields = ["advisor", "role", "context"]
    verbose_name = _("advisor")
    verbose_name_plural = _("advisors")


class StudentInline(admin.TabularInline):
    model = Advising
    fk_name = "advisor"
    extra = 0
    autocomplete_fields = ["student"]
    fields = ["student", "role", "context"]
    verbose_name = _("student")
    verbose_name_plural = _("students")


class PersonAdmin(admin.ModelAdmin):
    list_display = ["name_display", "native_name", "affiliation", "group_list"]
    list_display_links = ["name_display"]
    list_filter = ["memberships__group", "memberships__role"]
    search_fields = ["family_name", "given_name", "native_name", "variants", "slug", "orcid"]
    prepopulated_fields = {"slug": ("given_name", "family_name")}
    autocomplete_fields = ["user"]
    readonly_fields = ["created", "modified"]
    inlines = [PersonMembershipInline, AdvisorInline, StudentInline]
    fieldsets = [
        (None, {"fields": ["given_name", "family_name", "native_name", "slug", "variants"]}),
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
        memberships = Membership.objects.select_related("group").order_by("group__name")
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


class GroupAdmin(admin.ModelAdmin):
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
        )

    @admin.display(description=_("members"), ordering="member_count")
    def member_count(self, group: Group) -> int:
        return group.member_count


class MembershipAdmin(admin.ModelAdmin):
    list_display = ["person", "group", "role", "start", "end"]
    list_filter = ["group", "role"]
    list_select_related = ["person", "group"]
    search_fields = [
        "person__family_name",
        "person__given_name",
        "person__native_name",
        "group__name",
    ]
    autocomplete_fields = ["person", "group"]
    date_hierarchy = "start"


class AdvisingAdmin(admin.ModelAdmin):
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
