"""System checks of the site's configuration (``manage.py check``, ``check --deploy``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Tags, Warning, register

#: The check that a production site gives the outside sources an address to write to.
NO_SOURCES_CONTACT = "labpubs.W001"


@register(Tags.compatibility)
def sources_contact_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Warn when a production site (DEBUG off) has no SOURCES_CONTACT: Crossref and OpenAlex
    serve a client that gives no contact address from their public pool, which they slow
    down or refuse first when they are busy, instead of their "polite" pool."""
    if settings.DEBUG or settings.SOURCES_CONTACT:
        return []
    return [
        Warning(
            "SOURCES_CONTACT is not set: Crossref's and OpenAlex's polite pools need a contact "
            "address, and without one their answers come from the public pool, slower and "
            "the first refused.",
            hint=(
                "Set the SOURCES_CONTACT environment variable to an address the site's admins "
                "read (e.g. SOURCES_CONTACT=pubs-admin@lab.example.edu) and restart the site "
                "and the worker."
            ),
            id=NO_SOURCES_CONTACT,
        )
    ]
