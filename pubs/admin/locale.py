"""The admin in the visitor's language.

The public site's English pages have no language prefix (``prefix_default_language=False``), so
Django's LocaleMiddleware reads every path without one, /admin/ included, as English. The admin
has no prefix and no English URL to keep: it follows the language the visitor chose with the
switcher in its header (Django's ``set_language``, a cookie) or else their browser's
Accept-Language.
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation


class AdminLanguageMiddleware:
    """After LocaleMiddleware: an admin page in the visitor's language, not the default one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path_info.startswith(reverse("admin:index")):
            language = translation.get_language_from_request(request, check_path=False)
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
