"""What the site does against hostile visitors: a Content-Security-Policy on the public
pages, and admin logins refused for a while after repeated failures.

The public pages run no script of their own (the JSON-LD block is data, not script), so the
policy lets a page load its stylesheet, images and fonts from the site and nothing else.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import ngettext

logger = logging.getLogger(__name__)

# -- Content-Security-Policy ------------------------------------------------------------------

#: The policy of the public pages, directive by directive.
PUBLIC_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}
#: The directives that name where static files come from.
STATIC_DIRECTIVES = ("script-src", "style-src", "img-src", "font-src")


def content_security_policy(static_url: str = "") -> str:
    """The header's value; a ``static_url`` on another host (a CDN) is allowed to serve
    the stylesheet, images and fonts."""
    policy = {name: list(sources) for name, sources in PUBLIC_POLICY.items()}
    parts = urlsplit(static_url)
    if parts.scheme in ("http", "https") and parts.netloc:
        for name in STATIC_DIRECTIVES:
            policy[name].append(f"{parts.scheme}://{parts.netloc}")
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in policy.items())


class ContentSecurityPolicyMiddleware:
    """Adds the Content-Security-Policy header to every response outside the admin (whose
    pages bring scripts of their own)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = content_security_policy(settings.STATIC_URL)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not request.path.startswith(reverse("admin:index")):
            response.headers.setdefault("Content-Security-Policy", self.header)
        return response


# -- login throttling -------------------------------------------------------------------------


def now() -> float:
    """The time, in seconds (a function of its own, so that tests can move it on)."""
    return time.time()


@dataclass(frozen=True)
class LoginThrottle:
    """At most ``limit`` failed logins for one username from one address within ``window``
    seconds; then that username is refused from that address for ``lock_seconds``, however
    right the password. Other usernames, and the same one from other addresses, are not.

    Kept in Django's cache (shared between processes when the cache is Redis).
    """

    limit: int = 5
    window: int = 15 * 60
    lock_seconds: int = 15 * 60

    @classmethod
    def from_settings(cls) -> LoginThrottle:
        return cls(
            settings.LOGIN_FAILURE_LIMIT, settings.LOGIN_FAILURE_WINDOW, settings.LOGIN_LOCK_SECONDS
        )

    def locked_for(self, username: str, address: str) -> int:
        """Seconds before ``username`` may try again from ``address`` (0: it may now)."""
        until = cache.get(self._key("lock", username, address))
        return max(0, math.ceil(until - now())) if until else 0

    def failed(self, username: str, address: str) -> None:
        """Count a failed login; the ``limit``-th within the window locks."""
        key = self._key("failures", username, address)
        cache.add(key, 0, self.window)
        try:
            failures = cache.incr(key)
        except ValueError:  # expired between add() and incr()
            cache.set(key, 1, self.window)
            failures = 1
        if failures >= self.limit:
            lock = self._key("lock", username, address)
            cache.set(lock, now() + self.lock_seconds, self.lock_seconds)
            cache.delete(key)
            logger.warning(
                "Logins of %r from %s refused after %d failures", username, address, failures
            )

    def succeeded(self, username: str, address: str) -> None:
        """A successful login forgets the failures."""
        cache.delete_many([self._key(kind, username, address) for kind in ("failures", "lock")])

    @staticmethod
    def _key(kind: str, username: str, address: str) -> str:
        digest = hashlib.sha256(f"{username.casefold()}\0{address}".encode()).hexdigest()
        return f"login-{kind}:{digest}"


def client_address(request: HttpRequest | None) -> str:
    """The address a request came from, as the server saw it."""
    return request.META.get("REMOTE_ADDR", "") if request is not None else ""


class ThrottledAdminAuthenticationForm(AdminAuthenticationForm):
    """The admin's login form, refusing a username for a while after repeated failures from
    one address (``LoginThrottle``), with a message that says so and for how long."""

    def clean(self) -> dict:
        username = self.cleaned_data.get("username") or ""
        address = client_address(self.request)
        throttle = LoginThrottle.from_settings()
        wait = throttle.locked_for(username, address)
        if wait:
            minutes = math.ceil(wait / 60)
            message = ngettext(
                "Too many failed logins for this account from your address. "
                "Try again in %(minutes)d minute.",
                "Too many failed logins for this account from your address. "
                "Try again in %(minutes)d minutes.",
                minutes,
            )
            raise ValidationError(message, code="throttled", params={"minutes": minutes})
        try:
            cleaned = super().clean()
        except ValidationError as error:
            if error.code == "invalid_login":
                throttle.failed(username, address)
            raise
        if self.user_cache is not None:
            throttle.succeeded(username, address)
        return cleaned
