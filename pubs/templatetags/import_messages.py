"""``translated_message``: an import's reason or problem in the reader's language
(pubs.imports.messages), for the preview's template."""

from django import template

from pubs.imports.messages import translated_message

register = template.Library()
register.filter("translated_message", translated_message)
