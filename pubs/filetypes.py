"""What an uploaded file is, judged by its content: the few types a paper's files may be.

A paper's PDF, slides and poster are PDFs, raster images (PNG, JPEG, GIF, WebP) or
presentations (PowerPoint's PPTX, OpenDocument's ODP). Each is recognised by its own bytes:
the signature it starts with, or for the two presentation formats the zip container and the
manifest inside it. Neither the file's name nor the type a browser sent counts, and nothing
else is recognised (HTML, SVG, XML and script are text a browser would run, so they are never
one of these types).

Plain data in, plain data out: no Django.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import BinaryIO

#: How many bytes of a file's start the signatures are read from.
HEAD_BYTES = 16
#: The largest manifest of a presentation read (the real ones hold a few kilobytes).
MANIFEST_MAX_BYTES = 1024 * 1024
#: The largest directory of a zip container read: some 20,000 entries, where a deck of a
#: thousand slides has a few thousand. Reading a directory costs time and memory by the entry.
DIRECTORY_MAX_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class FileType:
    """One type of file: its name, its media type and the extensions its files carry (the
    first is the one given to a file stored under another)."""

    name: str
    media_type: str
    extensions: tuple[str, ...]
    #: Whether a browser may show it in place (a PDF, an image) rather than save it.
    inline: bool

    @property
    def extension(self) -> str:
        return self.extensions[0]


PDF = FileType("PDF", "application/pdf", (".pdf",), inline=True)
PNG = FileType("PNG", "image/png", (".png",), inline=True)
JPEG = FileType("JPEG", "image/jpeg", (".jpg", ".jpeg"), inline=True)
GIF = FileType("GIF", "image/gif", (".gif",), inline=True)
WEBP = FileType("WebP", "image/webp", (".webp",), inline=True)
PPTX = FileType(
    "PPTX",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    (".pptx",),
    inline=False,
)
ODP = FileType("ODP", "application/vnd.oasis.opendocument.presentation", (".odp",), inline=False)

IMAGES = (PNG, JPEG, GIF, WEBP)
PRESENTATIONS = (PPTX, ODP)
ALL = (PDF, *IMAGES, *PRESENTATIONS)

_SIGNATURES: tuple[tuple[bytes, FileType], ...] = (
    (b"%PDF-", PDF),
    (b"\x89PNG\r\n\x1a\n", PNG),
    (b"\xff\xd8\xff", JPEG),
    (b"GIF87a", GIF),
    (b"GIF89a", GIF),
)
_ZIP_SIGNATURE = b"PK\x03\x04"

#: The content type [Content_Types].xml gives the main part of a PowerPoint presentation
#: (ECMA-376 part 1, 13.3.6). A slide show (.ppsx), a template (.potx) or a macro-enabled
#: file (.pptm) has another, and is not a PPTX.
_PPTX_MAIN = b"application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"


def detect(file: BinaryIO) -> FileType | None:
    """The type of a seekable binary file's content, or None when it is none of ``ALL``.

    Reads the first bytes and, for a zip container, its directory and manifest (bounded:
    no member is decompressed but the small manifest). The position is left at the start.
    """
    try:
        file.seek(0)
        head = file.read(HEAD_BYTES)
        if head.startswith(_ZIP_SIGNATURE):
            return _presentation(file)
        return detect_head(head)
    finally:
        file.seek(0)


def detect_head(head: bytes) -> FileType | None:
    """The type named by a file's first bytes, for the types that have a signature."""
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return WEBP
    for signature, filetype in _SIGNATURES:
        if head.startswith(signature):
            return filetype
    return None


def _presentation(file: BinaryIO) -> FileType | None:
    """PPTX or ODP, read from the zip container's manifest; None for any other zip."""
    if not _directory_is_small(file):
        return None
    try:
        with zipfile.ZipFile(file) as archive:
            names = archive.namelist()
            if names and names[0] == "mimetype":
                mimetype = _member(archive, "mimetype")
                if mimetype == ODP.media_type.encode() and "META-INF/manifest.xml" in names:
                    return ODP
            if "[Content_Types].xml" in names and "_rels/.rels" in names:
                content_types = _member(archive, "[Content_Types].xml")
                if content_types is not None and _PPTX_MAIN in content_types:
                    return PPTX
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        zlib.error,
        EOFError,
        OSError,
        ValueError,
        RuntimeError,
        NotImplementedError,
    ):
        # Not a readable zip (truncated, encrypted, an unknown compression): not a
        # presentation either.
        return None
    return None


_END_OF_DIRECTORY = struct.Struct("<4s4H2LH")
_ZIP64_LOCATOR = b"PK\x06\x07"


def _directory_is_small(file: BinaryIO) -> bool:
    """Whether the zip's directory, as its end record gives it, is at most
    ``DIRECTORY_MAX_BYTES``. The end record is found as ``zipfile`` finds it (at the very end,
    else the last one within a comment's reach); a ZIP64 directory, never needed by a file of
    an upload's size, is refused."""
    size = file.seek(0, 2)
    # The end record, a comment of up to 64 KiB after it and a ZIP64 locator before it.
    tail_size = min(size, 20 + _END_OF_DIRECTORY.size + 0xFFFF)
    file.seek(size - tail_size)
    tail = file.read(tail_size)
    end = len(tail) - _END_OF_DIRECTORY.size
    if end < 0:
        return False
    if not tail[end:].startswith(b"PK\x05\x06"):
        end = tail.rfind(b"PK\x05\x06")
        if end < 0 or len(tail) - end < _END_OF_DIRECTORY.size:
            return False
    if tail[max(0, end - 20) : end].startswith(_ZIP64_LOCATOR):
        return False
    directory_size = _END_OF_DIRECTORY.unpack_from(tail, end)[5]
    return directory_size <= DIRECTORY_MAX_BYTES


def _member(archive: zipfile.ZipFile, name: str) -> bytes | None:
    """A small member's bytes; None when it claims to be larger than a manifest can be."""
    info = archive.getinfo(name)
    if info.file_size > MANIFEST_MAX_BYTES:
        return None
    with archive.open(info) as member:
        return member.read(MANIFEST_MAX_BYTES)


def by_name(name: str) -> FileType | None:
    """The type a stored file's extension names (case aside), or None for any other."""
    suffix = PurePosixPath(name).suffix.lower()
    return next((filetype for filetype in ALL if suffix in filetype.extensions), None)


def stored_name(name: str, filetype: FileType) -> str:
    """``name`` with the extension of ``filetype``: its own one lower-cased when it already
    names that type ("Scan.JPEG" → "Scan.jpeg"), else replaced ("poster.png" of a JPEG →
    "poster.jpg") or added ("slides" → "slides.pdf")."""
    path = PurePosixPath(name)
    stem = path.stem if path.suffix else path.name
    suffix = path.suffix.lower()
    if suffix in filetype.extensions:
        return f"{stem}{suffix}"
    return f"{stem}{filetype.extension}"
