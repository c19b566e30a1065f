"""The lab's name and look in templates (pubs.web.site): no database, no request needed."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, SafeString, mark_safe

from pubs.web import site

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
