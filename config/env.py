"""Reading settings from the environment, with the parsing rules in one place."""

import os
import re

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """Return the boolean value of environment variable ``name``."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no).")


def env_list(name: str, default: list[str]) -> list[str]:
    """Return the comma-separated environment variable ``name`` as a list of non-empty items."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


#: A CSS colour the site's stylesheet takes as it is: #rgb or #rrggbb.
_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def env_colour(name: str, default: str) -> str:
    """Return the colour in environment variable ``name`` (``#0b57d0``), or ``default``."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    if not _COLOUR.fullmatch(raw):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a colour (write it #rrggbb).")
    return raw.lower()
