"""What every response of the API shares.

- Its query string is checked with the URL's query form before the view runs: a query the
  API cannot honour is a 400 whose JSON names each wrong parameter; the view sees only the
  canonical query.
- It is cached as the public pages are (``pubs.web.cache.cached_page``: until anything public
  changes), under the same key.
- It carries an ETag (the digest of that key: the public data's version, the URL, the
  canonical query, the language) and a Last-Modified (when the public data last changed, as
  the site saw it), so a browser or a static-site build revalidates for a 304 without the
  list being read again.
- Any origin may read it (CORS, no credentials): the data is public, and only GET, HEAD and
  the preflight of OPTIONS are answered.

Embedded lists (``embed_view``) share all of it, and any site may frame them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.utils import timezone, translation
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.http import condition
from redis.exceptions import RedisError

from pubs.services import public_version
from pubs.web.cache import bad_query, cached_page, page_key
from pubs.web.query import PublicQuery
from pubs.web.security import content_security_policy

View = Callable[..., HttpResponseBase]

#: On every response: any origin may read it, and its ETag (Last-Modified is readable as is).
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag",
}
#: The answer to a preflight: reading, with a revalidation's headers, for a day.
PREFLIGHT_HEADERS = {
    "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
    "Access-Control-Allow-Headers": "If-None-Match, If-Modified-Since",
    "Access-Control-Max-Age": "86400",
}
READ_METHODS = ("GET", "HEAD")
#: The policy of an embedded list: the public pages', but any site may frame it.
EMBED_POLICY = content_security_policy(settings.STATIC_URL).replace(
    "frame-ancestors 'none'", "frame-ancestors *"
)
#: Where the cache keeps the public version last seen and since when.
SEEN_KEY = "api-public-version-seen"


def api_view(query: Callable[..., PublicQuery]) -> Callable[[View], View]:
    """A view of the API: ``query`` checks its query string (a form built from the query and
    the URL's arguments; a query refused is a JSON 400); then the page cache, ETag and
    Last-Modified, and CORS."""
    return _read_only(query, _json_refusal)


def embed_view(query: Callable[..., PublicQuery]) -> Callable[[View], View]:
    """An embedded list (``pubs.api.embeds``): as ``api_view``, a query refused being the
    site's 400 page, in the visitor's language (cached per language); any site may frame it
    (its own ``frame-ancestors``, no X-Frame-Options), every other page keeping the site's
    policy."""
    read = _read_only(query, bad_query)

    def decorator(view: View) -> View:
        served = read(view)

        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            language = visitors_language(request)
            with translation.override(language):
                response = served(request, *args, **kwargs)
            response["Content-Language"] = language
            response["Content-Security-Policy"] = EMBED_POLICY
            return response

        return xframe_options_exempt(wrapper)

    return decorator


def visitors_language(request: HttpRequest) -> str:
    """The language of an embedded list: the ``lang`` the host gave, else the visitor's
    browser's (its Accept-Language; the site's own unprefixed URLs are English)."""
    given = request.GET.get("lang", "")
    if given in dict(settings.LANGUAGES):
        return given
    return translation.get_language_from_request(request)


def _read_only(
    query: Callable[..., PublicQuery], refuse: Callable[[HttpRequest, PublicQuery], HttpResponse]
) -> Callable[[View], View]:
    def decorator(view: View) -> View:
        revalidated = condition(etag_func=etag, last_modified_func=last_modified)(
            cached_page(query)(view)
        )

        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
            if request.method == "OPTIONS":
                response: HttpResponseBase = HttpResponse(status=204)
                _set(response, PREFLIGHT_HEADERS)
            elif request.method not in READ_METHODS:
                response = JsonResponse({"detail": "Read only."}, status=405)
                response["Allow"] = ", ".join((*READ_METHODS, "OPTIONS"))
            else:
                form = query(request.GET, **kwargs)
                if form.is_valid():
                    request.GET = form.canonical()
                    response = revalidated(request, *args, **kwargs)
                else:
                    response = refuse(request, form)
            _set(response, CORS_HEADERS)
            return response

        return wrapper

    return decorator


def _json_refusal(request: HttpRequest, form: PublicQuery) -> HttpResponse:
    return JsonResponse({"errors": query_errors(form)}, status=400)


def _set(response: HttpResponseBase, headers: dict[str, str]) -> None:
    for name, value in headers.items():
        response[name] = value


def query_errors(form: PublicQuery) -> dict[str, list[str]]:
    """Parameter -> what is wrong with it."""
    return {name: [str(error) for error in errors] for name, errors in form.errors.items()}


def etag(request: HttpRequest, *args, **kwargs) -> str:
    """The ETag of a response: the digest of its cache key (``page_key``), which changes
    whenever what the response shows may have."""
    return hashlib.sha256(page_key(request).encode()).hexdigest()[:32]


def last_modified(request: HttpRequest, *args, **kwargs) -> datetime | None:
    return changed_at(public_version.version())


def changed_at(version: int) -> datetime | None:
    """When the public data became ``version``, as the site first saw it: kept in the cache
    with the version, to the whole second after (HTTP dates have no fractions), and always a
    second after the time of the version before, so that two changes within a second never
    share a date. A cache emptied gives a later date: a revalidation then answers in full.
    None while the cache (Redis) fails: the answer then has no Last-Modified, and its ETag
    alone revalidates."""
    try:
        seen = cache.get(SEEN_KEY)
        if seen is not None and seen[0] == version:
            return seen[1]
        stamp = timezone.now().replace(microsecond=0) + timedelta(seconds=1)
        if seen is not None and stamp <= seen[1]:
            stamp = seen[1] + timedelta(seconds=1)
        cache.set(SEEN_KEY, (version, stamp), None)
    except RedisError:
        return None
    return stamp
