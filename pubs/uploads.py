"""Files uploaded to a paper's links: each kind of link takes the types of file it names,
judged by the file's content (pubs.filetypes), never by its name or the type the browser
sent. An accepted file is stored under the extension of the type it is, which is what the
files are then served as (pubs.web.media)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.files.uploadedfile import UploadedFile
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from pubs import filetypes
from pubs.filetypes import FileType
from pubs.models import LinkKind


@dataclass(frozen=True)
class Accepted:
    """The file types a kind of link takes, and how an error message names them."""

    types: tuple[FileType, ...]
    description: str | Promise


#: A paper's PDF is a PDF, its slides a PDF or a presentation, its poster a PDF or an image.
LINK_FILES: dict[str, Accepted] = {
    LinkKind.PDF: Accepted((filetypes.PDF,), _("a PDF")),
    LinkKind.SLIDES: Accepted(
        (filetypes.PDF, *filetypes.PRESENTATIONS), _("a PDF or a PPTX or ODP presentation")
    ),
    LinkKind.POSTER: Accepted(
        (filetypes.PDF, *filetypes.IMAGES), _("a PDF or a PNG, JPEG, GIF or WebP image")
    ),
}
#: What a file of any other kind of link may be.
ANY_FILE = Accepted(
    filetypes.ALL, _("a PDF, a PNG, JPEG, GIF or WebP image, or a PPTX or ODP presentation")
)


def link_file_accepted(kind: str | None) -> Accepted:
    """The file types a link of ``kind`` takes."""
    return LINK_FILES.get(kind or "", ANY_FILE)


def check_link_file(file: File, kind: str | None) -> File:
    """``file`` if a link of ``kind`` may hold it, else a ValidationError saying what it
    takes. A new upload is judged by its content and renamed to its type's extension
    ("paper" → "paper.pdf"); a file stored before, by its stored extension."""
    accepted = link_file_accepted(kind)
    params = {"name": file.name.rsplit("/", 1)[-1], "accepted": accepted.description}
    if not isinstance(file, UploadedFile):
        if filetypes.by_name(file.name) not in accepted.types:
            raise ValidationError(
                _("“%(name)s” is not %(accepted)s: upload one, or choose the kind that fits."),
                code="file_type",
                params=params,
            )
        return file
    filetype = filetypes.detect(file)
    if filetype not in accepted.types:
        raise ValidationError(
            _("“%(name)s” is not %(accepted)s (judged by its content, whatever its name says)."),
            code="file_type",
            params=params,
        )
    file.name = filetypes.stored_name(file.name, filetype)
    return file
