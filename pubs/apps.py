from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PubsConfig(AppConfig):
    name = "pubs"
    verbose_name = _("Publications")

    def ready(self) -> None:
        from pubs import checks, signals  # noqa: F401 (checks registers itself)

        signals.connect()
