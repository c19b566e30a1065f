"""Uploaded files (a paper's PDF, slides, poster), served so that none of them can run in the
site's origin, and those of hidden papers only to the people who may edit those papers.

Every file goes through this view (docs/deploy.md, "Uploaded files"): it decides who may have
the file and how a browser is to treat it, then hands the bytes to nginx
(``MEDIA_ACCEL_REDIRECT``, an internal location) or, without nginx, sends them itself.

- A PDF or a raster image (by its stored extension, which the upload checks against the
  content: pubs.uploads) is shown in place; anything else is a download.
- Every response carries ``X-Content-Type-Options: nosniff`` and a policy that loads and runs
  nothing, in a sandbox: even a file that slipped past the upload check (written straight
  to the disk, uploaded before the check) runs no script, in an origin of its own.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import quote

from django.conf import settings
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.utils.http import content_disposition_header
from django.views.decorators.http import require_safe

from pubs import filetypes
from pubs.models import Paper
from pubs.permissions import request_scope

#: The Content-Security-Policy of every served file: it may load nothing and run nothing,
#: and a sandbox (no ``allow-*``) gives it an opaque origin of its own.
FILE_POLICY = "default-src 'none'; sandbox"
#: The type of a file whose extension names none of the accepted types.
UNKNOWN_TYPE = "application/octet-stream"


@require_safe
def serve(request: HttpRequest, name: str) -> HttpResponse:
    """The stored file ``name`` of a paper's link; 404 when no paper the user may see has it."""
    papers = Paper.objects.filter(links__file=name)
    hidden = not papers.public().exists()
    if hidden and not _may_see_hidden(request, papers):
        raise Http404
    filetype = filetypes.by_name(name)
    content_type = filetype.media_type if filetype else UNKNOWN_TYPE
    if settings.MEDIA_ACCEL_REDIRECT:
        response = HttpResponse(content_type=content_type)
        response["X-Accel-Redirect"] = settings.MEDIA_ACCEL_REDIRECT + quote(name)
    else:
        try:
            response = FileResponse(default_storage.open(name), content_type=content_type)
        except FileNotFoundError:
            raise Http404 from None
    inline = filetype is not None and filetype.inline
    response["Content-Disposition"] = content_disposition_header(
        not inline, PurePosixPath(name).name
    )
    response["Content-Security-Policy"] = FILE_POLICY
    response["X-Content-Type-Options"] = "nosniff"
    if hidden:
        patch_cache_control(response, private=True)
    return response


def _may_see_hidden(request: HttpRequest, papers) -> bool:
    """Whether the user may edit one of ``papers`` (as the admin lets them see it)."""
    user = request.user
    if not user.is_authenticated or not user.has_perm("pubs.view_paper"):
        return False
    return papers.filter(request_scope(request).rows(Paper)).exists()
