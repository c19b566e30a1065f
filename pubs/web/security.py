"""What the site does against hostile visitors: a Content-Security-Policy on the public
pages, and admin logins refused for a while after repeated failures (django-axes).

The public pages run no inline script (the JSON-LD block is data, not script) and one script
file of the site's (static/js/cite.js, the paper page's Copy button), so the policy lets a page
load its scripts, stylesheet, images and fonts from the site and nothing else.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from urllib.parse import urlsplit

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib import admin
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

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


# -- logins ----------------------------------------------------------------------------------
# Failed admin logins are counted, and a login locked, by django-axes (config/settings.py);
# here is where a request comes from, the password check, and the page of a locked login.


def client_address(request: HttpRequest) -> str:
    """The address ``request`` came from: with ``TRUSTED_PROXY_COUNT`` proxies in front, the
    address the outermost one saw (each appends the address it saw to X-Forwarded-For, so it
    is that many from the end: whatever a client wrote there itself comes before); without a
    proxy, the connection's."""
    count = settings.TRUSTED_PROXY_COUNT
    if count:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if len(hops) >= count:
            return hops[-count]
    return request.META.get("REMOTE_ADDR", "")


class PasswordUnlessLocked(ModelBackend):
    """Django's password check, refusing even the right password when the login got locked
    while it was being checked. The logins of a burst pass the lock's check together, and
    their failures are counted as each ends: the failures up to the limit are answered as
    such, every later try of the burst gets the locked page whatever its password. So a
    burst tells right from wrong for no more tries than one login after another."""

    def authenticate(self, request: HttpRequest | None, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        credentials = {"username": username}
        if user is not None and not AxesProxyHandler.is_allowed(request, credentials):
            raise PermissionDenied  # counted as a failure: the locked page
        return user


def login_locked(
    request: HttpRequest, response: HttpResponse | None = None, credentials: dict | None = None
) -> HttpResponse:
    """The admin's page for a login refused after too many failures: for how long (the lock
    ends LOGIN_LOCK_SECONDS after the last failure), with the status 429."""
    username = get_client_username(request, credentials)
    last = AccessAttempt.objects.filter(
        username=username, ip_address=request.axes_ip_address
    ).aggregate(last=Max("attempt_time"))["last"]
    remaining = settings.AXES_COOLOFF_TIME
    if last is not None:
        remaining = last + settings.AXES_COOLOFF_TIME - timezone.now()
    context = {
        **admin.site.each_context(request),
        "title": _("Log in"),
        "minutes": max(1, math.ceil(remaining.total_seconds() / 60)),
    }
    return render(request, "admin/login_locked.html", context, status=429)
