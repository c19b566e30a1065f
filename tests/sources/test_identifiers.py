"""Which source a pasted identifier goes to."""

import pytest

from pubs.sources.identifiers import (
    ARXIV,
    DBLP_PERSON,
    DBLP_RECORD,
    DOI,
    read_identifier,
    read_identifiers,
)


@pytest.mark.parametrize(
    "text, kind, value",
    [
        ("10.1145/3600006.3613165", DOI, "10.1145/3600006.3613165"),
        ("https://doi.org/10.1109/TNET.2024.3387948", DOI, "10.1109/tnet.2024.3387948"),
        ("doi:10.1126/science.169.3946.635", DOI, "10.1126/science.169.3946.635"),
        ("2405.07719", ARXIV, "2405.07719"),
        ("arXiv:2405.07719v2", ARXIV, "2405.07719"),
        ("https://arxiv.org/abs/1111.2011v2", ARXIV, "1111.2011"),
        ("https://arxiv.org/pdf/2405.07719.pdf", ARXIV, "2405.07719"),
        ("10.48550/arXiv.2405.07719", ARXIV, "2405.07719"),
        ("hep-th/9901001", ARXIV, "hep-th/9901001"),
        ("https://dblp.org/pid/74/10201.html", DBLP_PERSON, "74/10201"),
        ("https://dblp.org/rec/conf/nsdi/ZhangLW24.html", DBLP_RECORD, "conf/nsdi/ZhangLW24"),
        ("DBLP:journals/ton/FangZXYSX24", DBLP_RECORD, "journals/ton/FangZXYSX24"),
        ("74/10201", DBLP_PERSON, "74/10201"),
    ],
)
def test_an_identifier_names_its_source(text, kind, value):
    identifier = read_identifier(text)
    assert (identifier.kind, identifier.value) == (kind, value)


def test_a_paste_gives_each_identifier_once_and_what_is_none():
    found, unknown = read_identifiers(
        "10.1145/3600006.3613165, https://doi.org/10.1145/3600006.3613165\n"
        "arXiv:2405.07719; Parcae https://dblp.org/pid/74/10201.html"
    )
    assert [(i.kind, i.value) for i in found] == [
        (DOI, "10.1145/3600006.3613165"),
        (ARXIV, "2405.07719"),
        (DBLP_PERSON, "74/10201"),
    ]
    assert unknown == ["Parcae"]
