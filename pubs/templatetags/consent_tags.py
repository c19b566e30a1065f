"""The admin index's "Waiting for you": the requests across groups the user may decide."""

from django import template

from pubs.admin.consent import waiting_for_you as waiting

register = template.Library()


@register.simple_tag(takes_context=True)
def waiting_for_you(context: template.Context) -> list:
    """What waits for the acceptance of the request's user (pubs.admin.consent)."""
    return waiting(context["request"])
