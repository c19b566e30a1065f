"""The admin of people, groups, memberships and advising: the one place that registers them.

people.admin says how each page looks; here each is registered with the roles applied
(pubs.permissions), its history kept (pubs.admin.history) and, for people, their papers.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from people import admin as base
from people.models import Advising, Group, Membership, Person
from pubs.admin.history import RecordedAdmin
from pubs.admin.merge import merge_people
from pubs.admin.papers import papers_overview
from pubs.models import Paper
from pubs.permissions import ScopedAdmin, ScopedInline, edited_groups
from pubs.search import search_text_refresh


class PersonMembershipInline(ScopedInline, base.PersonMembershipInline):
    """On a person's page a group editor sees and edits the memberships of their groups."""

    def scoped_choices(self) -> dict:
        return {"group": edited_groups}


@admin.register(Person)
class PersonAdmin(ScopedAdmin, RecordedAdmin, base.PersonAdmin):
    """People, with their papers: a count in the list and the latest on their page.

    Everyone with the admin views every person (they are on the public pages); private
    fields only on the rows one may edit.
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
        return (
            super().get_queryset(request).annotate(paper_count=Count("authorships", distinct=True))
        )

    def save_model(self, request: HttpRequest, obj: Person, form, change: bool) -> None:
        super().save_model(request, obj, form, change)
        search_text_refresh(obj.authorships.values_list("paper_id", flat=True))  # renamed

    @admin.display(description=_("papers"), ordering="paper_count")
    def paper_count(self, person: Person) -> int:
        return person.paper_count

    @admin.display(description=_("papers"))
    def papers(self, person: Person) -> str:
        papers = (
            Paper.objects.filter(authorships__person=person) if person.pk else Paper.objects.none()
        )
        return papers_overview(person, "author", papers)


@admin.register(Group)
class GroupAdmin(ScopedAdmin, base.GroupAdmin):
    """Everyone views the groups (they are public); an editor edits their own."""

    view_everything = True
    superuser_fields = ("editors",)


@admin.register(Membership)
class MembershipAdmin(ScopedAdmin, RecordedAdmin, base.MembershipAdmin):
    def scoped_choices(self) -> dict:
        return {"group": edited_groups}


@admin.register(Advising)
class AdvisingAdmin(ScopedAdmin, base.AdvisingAdmin):
    pass
