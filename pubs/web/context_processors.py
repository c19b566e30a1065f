"""Context every public page needs: the links to the page in each language."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language


def languages(request: HttpRequest) -> dict:
    return {"language_links": language_links(request.get_full_path())}


def language_links(path: str) -> list[dict]:
    """The links to ``path`` in each language, the current one marked."""
    current = get_language()
    return [
        {
            "code": code,
            "name": name,
            "url": translate_url(path, code),
            "current": code == current,
        }
        for code, name in settings.LANGUAGES
    ]
