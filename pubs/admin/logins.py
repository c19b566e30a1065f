"""The logins (Django's User) with their roles named as roles: Django calls a login's roles
its "groups", which in this site are the lab's research groups (people.Group)."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.filters import RelatedFieldListFilter
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.db.models import ManyToManyField
from django.forms import ModelMultipleChoiceField
from django.http import HttpRequest
from django.utils.translation import pgettext_lazy

ROLES = pgettext_lazy("login roles", "roles")


class RoleFilter(RelatedFieldListFilter):
    """The user list's filter by role, titled as a role."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.title = ROLES


admin.site.unregister(User)


@admin.register(User)
class LoginAdmin(UserAdmin):
    list_filter = ("is_staff", "is_superuser", "is_active", ("groups", RoleFilter))

    def formfield_for_manytomany(
        self, db_field: ManyToManyField, request: HttpRequest, **kwargs
    ) -> ModelMultipleChoiceField | None:
        if db_field.name == "groups":
            kwargs["label"] = ROLES
            kwargs["help_text"] = pgettext_lazy(
                "login roles",
                "The roles this login has: a login gets all permissions of each of its roles.",
            )
        return super().formfield_for_manytomany(db_field, request, **kwargs)
