"""The lab's name and look in templates (pubs.web.site): no database, no request needed."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, SafeString, mark_safe
from django.utils.translation import get_language

from pubs.web import site
from pubs.web.presentation import written_language

register = template.Library()


@register.simple_tag
def site_brand() -> site.Site:
    """``{% site_brand as site %}``: the lab's name, footer, logo and favicon."""
    return site.current()


@register.filter(is_safe=True)
def page_title(name: str) -> SafeString:
    """A page's ``<title>``: "page name · lab name", or the lab's name alone."""
    lab = conditional_escape(site.current().name)
    words = " ".join(str(name).split())  # a block's text comes escaped: keep it as it is
    name = words if isinstance(name, SafeData) else conditional_escape(words)
    return mark_safe(f"{name} · {lab}" if name else lab)


@register.simple_tag(takes_context=True)
def absolute_url(context, path: str) -> str:
    """``path`` as a whole address on the requested host (an hreflang link's), or as it is on
    a page rendered without a request (the 500 page) or for a host the site does not serve
    (the 400 page that refuses it)."""
    request = context.get("request")
    if request is None:
        return path
    try:
        return request.build_absolute_uri(path)
    except DisallowedHost:
        return path


@register.filter(is_safe=True)
def lang(text: object) -> SafeString:
    """`` lang="…"`` for a name or title in another language than the page's, told by its
    script (pubs.text): a Chinese name or title on an English page is "zh-Hans", a title in
    Latin letters on a Chinese page "en"; nothing when it is in the page's language."""
    written = written_language(str(text or ""), page_language())
    return mark_safe(f' lang="{written}"' if written else "")


def page_language() -> str:
    """The language the page is rendered in ("en", "zh-hans")."""
    return get_language() or settings.LANGUAGE_CODE
