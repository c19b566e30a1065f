"""Context every public page needs: the links to the page in each language."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_from_path


def languages(request: HttpRequest) -> dict:
    return {"language_links": language_links(request.get_full_path())}


def language_links(path: str) -> list[dict]:
    """The links to ``path`` in each language, the current one and the default one (the
    site's language, its paths without a prefix) marked."""
    current = get_language()
    return [
        {
            "code": code,
            "name": name,
            "url": in_language(path, code),
            "current": code == current,
            "default": code == settings.LANGUAGE_CODE,
        }
        for code, name in settings.LANGUAGES
    ]


def in_language(path: str, code: str) -> str:
    """``path`` in the language ``code``: its URL pattern's translation, or, for a path no
    page answers (a 404 page's), the same path under the other language's prefix."""
    url = translate_url(path, code)
    if url != path:
        return url
    prefix = get_language_from_path(path)
    rest = path[len(prefix) + 1 :] if prefix else path
    return rest if code == settings.LANGUAGE_CODE else f"/{code}{rest}"
