"""What a file is, judged by its content: the types a paper's files may be, and nothing else."""

import io
import zipfile

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pubs import filetypes
from tests import sample_files


def detect(data: bytes) -> filetypes.FileType | None:
    return filetypes.detect(io.BytesIO(data))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (sample_files.PDF, filetypes.PDF),
        (sample_files.PNG, filetypes.PNG),
        (sample_files.JPEG, filetypes.JPEG),
        (sample_files.GIF, filetypes.GIF),
        (b"GIF87a\x01\x00\x01\x00\x00\x00\x00;", filetypes.GIF),
        (sample_files.WEBP, filetypes.WEBP),
        (sample_files.PPTX, filetypes.PPTX),
        (sample_files.ODP, filetypes.ODP),
    ],
    ids=["pdf", "png", "jpeg", "gif89a", "gif87a", "webp", "pptx", "odp"],
)
def test_each_accepted_type_is_recognised_by_its_content(data, expected):
    assert detect(data) == expected


@pytest.mark.parametrize(
    "data",
    [
        sample_files.HTML,
        sample_files.SVG,
        b"<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>",
        b"  %PDF-1.4 after spaces is not where a PDF starts",
        b"<html>%PDF-1.4</html>",
        b"",
        b"%PD",
        sample_files.riff(b"WAVE", b"fmt ", b"\x00" * 16),
    ],
    ids=["html", "svg", "svg-onload", "pdf-not-first", "html-quoting-pdf", "empty", "short", "wav"],
)
def test_text_and_other_files_are_none_of_the_types(data):
    assert detect(data) is None


def test_a_zip_is_a_presentation_only_by_its_manifest():
    assert detect(sample_files.zipped(("ppt/slides/slide1.xml", "<p:sld/>"))) is None
    assert detect(sample_files.zipped(("index.html", sample_files.HTML))) is None


def test_other_office_documents_are_not_presentations():
    assert detect(sample_files.pptx(main=sample_files.DOCX_MAIN)) is None
    assert detect(sample_files.odp(mimetype="application/vnd.oasis.opendocument.text")) is None


def test_a_macro_enabled_presentation_is_not_a_pptx():
    macro = "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml"
    assert detect(sample_files.pptx(main=macro)) is None


def test_an_odp_without_its_manifest_is_not_one():
    data = sample_files.zipped(
        ("mimetype", "application/vnd.oasis.opendocument.presentation"), stored_first=True
    )
    assert detect(data) is None


def test_a_truncated_presentation_is_none_of_the_types():
    assert detect(sample_files.PPTX[: len(sample_files.PPTX) // 2]) is None


def test_a_zip_with_a_huge_directory_is_refused_without_reading_it():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("[Content_Types].xml", sample_files.PPTX_CONTENT_TYPES)
        for index in range(filetypes.DIRECTORY_MAX_BYTES // 40):
            archive.writestr(f"{index:x}", b"")
    assert detect(buffer.getvalue()) is None


def test_an_oversized_manifest_is_not_read_whole():
    padding = " " * (filetypes.MANIFEST_MAX_BYTES + 1)
    main = sample_files.PPTX_MAIN
    data = sample_files.zipped(
        ("[Content_Types].xml", padding + sample_files.PPTX_CONTENT_TYPES.format(main=main)),
        ("_rels/.rels", "<Relationships/>"),
    )
    assert detect(data) is None


def test_detection_leaves_the_file_at_its_start():
    file = io.BytesIO(sample_files.PPTX)
    file.seek(7)
    filetypes.detect(file)
    assert file.tell() == 0


@given(st.binary(max_size=512))
def test_any_bytes_are_a_type_or_none_never_an_error(data):
    assert detect(data) in (None, *filetypes.ALL)


@given(st.integers(min_value=0), st.binary(min_size=1, max_size=64))
def test_a_damaged_presentation_is_a_type_or_none_never_an_error(position, damage):
    data = bytearray(sample_files.PPTX)
    position %= len(data)
    data[position : position + len(damage)] = damage
    assert detect(bytes(data)) in (None, filetypes.PPTX)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("papers/pdf/paper.pdf", filetypes.PDF),
        ("SCAN.JPEG", filetypes.JPEG),
        ("deck.pptx", filetypes.PPTX),
        ("poster.svg", None),
        ("page.html", None),
        ("README", None),
    ],
)
def test_a_stored_name_names_its_type_by_its_extension(name, expected):
    assert filetypes.by_name(name) == expected


@pytest.mark.parametrize(
    ("name", "filetype", "stored"),
    [
        ("paper.pdf", filetypes.PDF, "paper.pdf"),
        ("Paper.PDF", filetypes.PDF, "Paper.pdf"),
        ("scan.jpeg", filetypes.JPEG, "scan.jpeg"),
        ("poster.png", filetypes.JPEG, "poster.jpg"),
        ("paper.html", filetypes.PDF, "paper.pdf"),
        ("slides", filetypes.PDF, "slides.pdf"),
        ("talk.v2.odp", filetypes.PPTX, "talk.v2.pptx"),
    ],
)
def test_the_stored_name_carries_the_extension_of_the_detected_type(name, filetype, stored):
    assert filetypes.stored_name(name, filetype) == stored
