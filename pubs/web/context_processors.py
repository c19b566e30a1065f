"""Context every public page needs: the links to the page in each language."""

from django.conf import settings
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language


def languages(request: HttpRequest) -> dict:
    current = get_language()
    return {
        "language_links": [
            {
                "code": code,
                "name": name,
                "url": translate_url(request.get_full_path(), code),
                "current": code == current,
            }
            for code, name in settings.LANGUAGES
        ]
    }
