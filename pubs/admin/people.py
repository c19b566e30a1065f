"""The admin of groups, memberships and advising with the roles applied (pubs.permissions).

people.admin defines these pages; here they are registered again with each user's scope, as
pubs.admin.papers does for people (people never imports pubs).
"""

from __future__ import annotations

from django.contrib import admin

from people import admin as base
from people.models import Advising, Group, Membership
from pubs.admin.history import RecordedAdmin
from pubs.permissions import ScopedAdmin, ScopedInline, edited_groups


class PersonMembershipInline(ScopedInline, base.PersonMembershipInline):
    """On a person's page a group editor sees and edits the memberships of their groups."""

    def scoped_choices(self) -> dict:
        return {"group": edited_groups}


for model in (Group, Membership, Advising):
    admin.site.unregister(model)


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
