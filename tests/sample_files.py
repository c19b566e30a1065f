"""Small files of each type a paper's link may hold, and the hostile ones it must refuse,
written as their formats lay them out (a PDF's objects, a PNG's chunks, a PPTX's and an ODP's
zip container with its manifest)."""

from __future__ import annotations

import io
import struct
import zipfile
import zlib

#: A one-page PDF (1.1: objects, cross-reference table, trailer).
PDF = b"""%PDF-1.1
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >> endobj
trailer << /Root 1 0 R >>
%%EOF
"""

#: What the hostile files' script does: it marks the page, and reads the admin's user list as
#: the attack did (a request whose URL says the script ran).
SCRIPT = b'window.ranScript = true; document.title = "ran"; fetch("/admin/auth/user/?ran-script");'

#: A page whose script proves it ran.
HTML = (
    b"""<!DOCTYPE html>
<html><head><title>slides</title></head>
<body><script>%s</script></body></html>
"""
    % SCRIPT
)

#: An SVG image with a script in it (browsers run it when they show the SVG as a page).
SVG = (
    b"""<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
<script>%s</script>
<rect width="10" height="10"/></svg>
"""
    % SCRIPT
)


def png(width: int = 2, height: int = 2) -> bytes:
    """A grey PNG image of ``width`` × ``height`` pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


PNG = png()
#: The start of a JPEG (JFIF) file: start of image, then the APP0 segment.
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
#: A 1 × 1 GIF.
GIF = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"


def riff(form: bytes, chunk: bytes, data: bytes) -> bytes:
    """A RIFF file of ``form`` (WEBP, WAVE, …) holding one chunk."""
    body = form + chunk + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


#: A 1 × 1 lossless WebP image.
WEBP = riff(b"WEBP", b"VP8L", b"\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")

PPTX_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/ppt/presentation.xml" ContentType="{main}"/>'
    "</Types>"
)
PPTX_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"


def zipped(*members: tuple[str, bytes | str], stored_first: bool = False) -> bytes:
    """A zip of ``members`` in order (the first stored uncompressed if ``stored_first``)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for index, (name, data) in enumerate(members):
            compression = zipfile.ZIP_STORED if stored_first and index == 0 else None
            archive.writestr(name, data, compress_type=compression)
    return buffer.getvalue()


def pptx(main: str = PPTX_MAIN) -> bytes:
    """An Office Open XML package as PowerPoint lays one out, whose main part is ``main``."""
    return zipped(
        ("[Content_Types].xml", PPTX_CONTENT_TYPES.format(main=main)),
        ("_rels/.rels", '<?xml version="1.0"?><Relationships/>'),
        ("ppt/presentation.xml", '<?xml version="1.0"?><p:presentation/>'),
    )


def odp(mimetype: str = "application/vnd.oasis.opendocument.presentation") -> bytes:
    """An OpenDocument package: the mimetype first and uncompressed, then the manifest."""
    return zipped(
        ("mimetype", mimetype),
        ("META-INF/manifest.xml", '<?xml version="1.0"?><manifest:manifest/>'),
        ("content.xml", '<?xml version="1.0"?><office:document-content/>'),
        stored_first=True,
    )


PPTX = pptx()
ODP = odp()
