"""The health page, ``/health/``, for a load balancer or a monitor: whether the database and
the page cache answer, as a small JSON.

It answers 200 while the database answers, whether the cache does or not (the pages are then
rendered without it: ``pubs.web.cache``), and 503 when the database does not. It costs one
``SELECT 1`` and one write of a small key to the cache, is never cached, and says nothing
but "ok" or "down" of each.
"""

from __future__ import annotations

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from pubs.services.shared_cache import cache_answers


def database_answers() -> bool:
    """Whether the database answers a query now."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return False
    return True


@never_cache
@require_safe
def health(request: HttpRequest) -> JsonResponse:
    """``{"database": "ok", "cache": "ok"}``, each "ok" or "down"; 503 when the database is
    down."""
    database = database_answers()
    state = {
        "database": "ok" if database else "down",
        "cache": "ok" if cache_answers() else "down",
    }
    return JsonResponse(state, status=200 if database else 503)
