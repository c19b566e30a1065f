"""manage.py setup_roles — create the role groups "Group editor" and "Member"."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from pubs.permissions import roles_install


class Command(BaseCommand):
    help = (
        "Create (or bring up to date) the auth groups of the roles, each with exactly its model "
        "permissions. Running it again changes nothing."
    )

    def handle(self, *args, **options) -> None:
        try:
            counts = roles_install()
        except LookupError as exc:
            raise CommandError(f"{exc}: run manage.py migrate first.") from exc
        for role, count in counts.items():
            self.stdout.write(f"{role}: {count} permissions.")
