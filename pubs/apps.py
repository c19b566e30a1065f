from django.apps import AppConfig, apps
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class PubsConfig(AppConfig):
    name = "pubs"
    verbose_name = _("Publications")

    def ready(self) -> None:
        from django.contrib.auth.models import Group as LoginRole
        from django_tasks_db.models import DBTaskResult

        from pubs import checks, signals  # noqa: F401 (checks registers itself)

        signals.connect()
        # The libraries' sections of the admin, named in the reader's language.
        apps.get_app_config("django_tasks_database").verbose_name = _("Background jobs")
        apps.get_app_config("axes").verbose_name = _("Login attempts")
        # Django's auth groups are the logins' roles (pubs.permissions), not the lab's
        # research groups (people.Group): a word of their own, so that the admin never shows
        # two entries of one name. Only the names shown change (no migration).
        LoginRole._meta.verbose_name = pgettext_lazy("login roles", "role")
        LoginRole._meta.verbose_name_plural = pgettext_lazy("login roles", "roles")
        # The queue's jobs have no name of their own ("DBTaskResult object (…)"): a job is
        # named by its task.
        DBTaskResult.__str__ = lambda result: f"{result.task_name} ({result.id})"
