"""The lab's name and look on the public pages: the settings ``SITE_*`` (config/settings.py,
docs/deploy.md).

Read from the settings alone, with no database and no request, so that the page of a server
error carries them too. The colours reach the pages as a small stylesheet of their own
(:func:`theme_css`): the Content-Security-Policy lets pages load the site's stylesheets, not
styles written into them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

#: The text of the header band on a dark colour, and on a light one.
LIGHT_TEXT, DARK_TEXT = "#ffffff", "#1d1d1f"
#: How long a browser keeps the theme's stylesheet (its URL changes with the colours).
THEME_MAX_AGE = 365 * 24 * 3600


@dataclass(frozen=True)
class Site:
    """What the pages show of the lab, in the language of the page."""

    name: str
    footer: str
    logo: str  # a static file's name, or ""
    favicon: str  # a static file's name
    version: str  # changes with any of the settings: the theme's URL and the page cache


def current() -> Site:
    """The lab's name, footer, logo and favicon in the active language: the Chinese ones on
    Chinese pages where they are set, else the English ones, else "Lab publications"."""
    chinese = (get_language() or "").startswith("zh")
    name = (chinese and settings.SITE_NAME_ZH) or settings.SITE_NAME or _("Lab publications")
    footer = (chinese and settings.SITE_FOOTER_ZH) or settings.SITE_FOOTER
    return Site(name, footer, settings.SITE_LOGO, settings.SITE_FAVICON, version())


def version() -> str:
    """A digest of the SITE_* settings: a page cached under another name is not served."""
    values = (
        settings.SITE_NAME,
        settings.SITE_NAME_ZH,
        settings.SITE_FOOTER,
        settings.SITE_FOOTER_ZH,
        settings.SITE_LOGO,
        settings.SITE_FAVICON,
        settings.SITE_ACCENT_COLOUR,
        settings.SITE_HEADER_COLOUR,
    )
    return hashlib.sha256("\n".join(values).encode()).hexdigest()[:12]


def text_on(colour: str) -> str:
    """The text colour that reads on a background of ``colour`` (#rgb or #rrggbb): white on
    a dark colour, near-black on a light one (WCAG relative luminance)."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    channels = [int(digits[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    # White wins when its contrast, 1.05 / (L + 0.05), beats near-black's (L + 0.05) / 0.06.
    return LIGHT_TEXT if 1.05 / (luminance + 0.05) > (luminance + 0.05) / 0.063 else DARK_TEXT


@require_GET
def theme_css(request: HttpRequest) -> HttpResponse:
    """The site's colours as CSS custom properties, which static/css/site.css reads."""
    accent, header = settings.SITE_ACCENT_COLOUR, settings.SITE_HEADER_COLOUR
    header_text = text_on(header)
    header_link = accent if header_text == DARK_TEXT else header_text
    css = (
        f":root {{ --accent: {accent}; --header-bg: {header}; "
        f"--header-fg: {header_text}; --header-link: {header_link}; }}\n"
    )
    response = HttpResponse(css, content_type="text/css; charset=utf-8")
    response["Cache-Control"] = f"public, max-age={THEME_MAX_AGE}, immutable"
    return response
