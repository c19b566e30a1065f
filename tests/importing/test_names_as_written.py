"""Names keep what the record writes: a suffix (Jr.), particles (van, de la), initials
written without spaces, and organisations written whole, through the real import and every
export (BibTeX, RIS, CSL-JSON, the five styles)."""

from __future__ import annotations

import json

import pytest

from people.models import Person
from pubs.export import citations
from pubs.export.styles.names import initials
from pubs.models import Authorship, Paper
from pubs.queries.exporting import export_papers, render
from tests.exporting.helpers import import_text
from tests.public.html import json_ld, meta

pytestmark = pytest.mark.django_db

SUFFIX = """@article{doe1978,
  author = {Doe, Jr., John A.},
  title = {Counting Sheep},
  journal = {Journal of Tests},
  year = {1978},
}"""

PARTICLES = """@article{waals1910,
  author = {Ludwig van Beethoven and de la Rosa, Tom\\'as},
  title = {Three Particles},
  journal = {Journal of Tests},
  year = {1910},
}"""

ORGANISATIONS = """@techreport{std2001,
  author = {{Example Standards Committee} and {北京市示例研究院} and {Barnes and Noble, Inc.}},
  title = {A Standard},
  institution = {Example Institute},
  year = {2001},
}"""

DROPPING = """@article{beethoven1810,
  author = {Beethoven, Ludwig van and {vom Brocke}, Jan},
  title = {Dropping Particles},
  journal = {Journal of Tests},
  year = {1810},
}"""

INITIALS = """@article{smith2001,
  author = {T.L. Smith and Shin-ichi Tanaka and T.-L. Wong},
  title = {Initials},
  journal = {Journal of Tests},
  year = {2001},
}"""


def exported(fmt: str) -> str:
    return render(export_papers(Paper.objects.all()), fmt)[0]


def csl_authors() -> list[dict[str, str]]:
    (item,) = json.loads(exported("json"))
    return item["author"]


def styled(style: str) -> str:
    (paper,) = export_papers(Paper.objects.all())
    return citations.cite(paper, style)


def test_a_suffix_is_stored_with_the_printed_name_and_as_the_person_s_suffix():
    import_text(SUFFIX)
    person = Person.objects.get()
    assert (person.given_name, person.family_name, person.suffix) == ("John A.", "Doe", "Jr.")
    assert Authorship.objects.get().printed_name == "John A. Doe Jr."


def test_a_person_s_suffix_is_shown_on_their_page(client, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    import_text(SUFFIX)
    html = client.get(Person.objects.get().get_absolute_url()).content.decode()
    assert "<span>John A. Doe Jr.</span>" in html


def test_a_suffix_is_exported_as_csl_suffix_bibtex_and_ris_suffix():
    import_text(SUFFIX)
    assert csl_authors() == [{"family": "Doe", "given": "John A.", "suffix": "Jr."}]
    assert "author = {Doe, Jr., John A.}" in exported("bib")
    assert "AU  - Doe, John A., Jr.\r\n" in exported("ris")


def test_a_suffix_is_cited_after_the_family_name_in_every_style():
    import_text(SUFFIX)
    assert styled("ieee").startswith("J. A. Doe Jr.,")
    assert styled("acm").startswith("John A. Doe Jr.")
    assert styled("apa").startswith("Doe, J. A., Jr. (1978).")
    assert styled("chicago").startswith("Doe, John A., Jr. 1978.")
    assert styled("gbt7714").startswith("DOE J A Jr.")


def test_particles_are_exported_as_csl_particles():
    import_text(PARTICLES)
    assert csl_authors() == [
        {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
        {"family": "Rosa", "given": "Tomás", "non-dropping-particle": "de la"},
    ]


def test_particles_are_kept_in_bibtex_and_ris():
    import_text(PARTICLES)
    bib = exported("bib")
    assert "van Beethoven, Ludwig and de la Rosa, Tom{\\'a}s}" in bib
    assert "AU  - de la Rosa, Tomás\r\n" in exported("ris")


def test_particles_are_printed_as_citeproc_js_prints_them():
    import_text(PARTICLES)
    assert styled("ieee").startswith("L. van Beethoven and T. de la Rosa,")
    assert styled("apa").startswith("van Beethoven, L., & de la Rosa, T. (1910).")
    assert styled("chicago").startswith("Beethoven, Ludwig van, and Tomás de la Rosa. 1910.")


def test_a_particle_written_with_the_given_names_is_exported_as_a_dropping_particle():
    import_text(DROPPING)
    assert csl_authors() == [
        {"family": "Beethoven", "given": "Ludwig", "dropping-particle": "van"},
        {"family": "Brocke", "given": "Jan", "non-dropping-particle": "vom"},
    ]


def test_a_dropping_particle_is_written_back_where_it_came_in():
    import_text(DROPPING)
    assert "author = {Beethoven, Ludwig van and vom Brocke, Jan}" in exported("bib")
    assert "AU  - Beethoven, Ludwig van\r\n" in exported("ris")


def test_a_dropping_particle_is_printed_after_the_given_names():
    import_text(DROPPING)
    assert styled("apa").startswith("Beethoven, L. van, & vom Brocke, J. (1810).")
    assert styled("chicago").startswith("Beethoven, Ludwig van, and Jan vom Brocke. 1810.")


def test_organisations_are_stored_whole_and_never_romanised():
    import_text(ORGANISATIONS)
    stored = set(Person.objects.values_list("given_name", "family_name", "native_name"))
    assert stored == {
        ("", "Example Standards Committee", ""),
        ("", "北京市示例研究院", ""),
        ("", "Barnes and Noble, Inc.", ""),
    }
    assert [p.name for p in Person.objects.order_by("family_name")] == [
        "Barnes and Noble, Inc.",
        "Example Standards Committee",
        "北京市示例研究院",
    ]


def test_a_chinese_organisation_gets_a_slug_in_pinyin():
    import_text(ORGANISATIONS)
    assert Person.objects.get(family_name="北京市示例研究院").slug == "beijingshishiliyanjiuyuan"


def test_organisations_are_exported_whole():
    import_text(ORGANISATIONS)
    assert csl_authors() == [
        {"literal": "Example Standards Committee"},
        {"literal": "北京市示例研究院"},
        {"literal": "Barnes and Noble, Inc."},
    ]
    assert (
        "author = {{Example Standards Committee} and 北京市示例研究院 and "
        "{Barnes and Noble, Inc.}}" in exported("bib")
    )
    ris = exported("ris")
    assert "AU  - Example Standards Committee\r\n" in ris
    assert "AU  - 北京市示例研究院\r\n" in ris


def test_organisations_are_printed_whole_in_every_style():
    import_text(ORGANISATIONS)
    whole = "Example Standards Committee"
    assert styled("ieee").startswith(f"{whole}, 北京市示例研究院, and Barnes and Noble, Inc.,")
    assert styled("gbt7714").startswith(
        f"{whole.upper()}, 北京市示例研究院, BARNES AND NOBLE, INC."
    )
    for style in ("acm", "apa", "chicago"):
        assert styled(style).startswith(whole), style


def test_organisations_are_shown_whole_on_the_paper_page(client, settings):
    settings.PUBLIC_CACHE_SECONDS = 0
    import_text(ORGANISATIONS)
    html = client.get(Paper.objects.get().get_absolute_url()).content.decode()
    assert meta(html, "citation_author") == [
        "Example Standards Committee",
        "北京市示例研究院",
        "Barnes and Noble, Inc.",
    ]
    assert "Jingshi" not in html
    authors = json_ld(html)["author"]
    assert [(a["@type"], a["name"]) for a in authors] == [
        ("Organization", "Example Standards Committee"),
        ("Organization", "北京市示例研究院"),
        ("Organization", "Barnes and Noble, Inc."),
    ]


def test_an_organisation_is_matched_again_by_its_exact_name_only():
    import_text(ORGANISATIONS)
    import_text(ORGANISATIONS.replace("std2001", "std2002").replace("A Standard", "Another"))
    assert Person.objects.count() == 3
    import_text(
        "@article{x, author = {E. S. Committee and {Example standards committee}},"
        " title = {Not the Committee}, journal = {J}, year = 2003}"
    )
    committee = Person.objects.get(family_name="Example Standards Committee")
    assert committee.authorships.count() == 2
    assert Person.objects.count() == 5


def test_initials_written_without_spaces_keep_their_letters():
    import_text(INITIALS)
    assert styled("ieee").startswith("T. L. Smith, S. Tanaka, and T.-L. Wong,")
    assert styled("apa").startswith("Smith, T. L., Tanaka, S., & Wong, T.-L. (2001).")


@pytest.mark.parametrize(
    ("given", "expected"),
    [("T.L.", "T. L."), ("Shin-ichi", "S."), ("Cho-Jui", "C.-J."), ("S R", "S. R."), ("JR", "J.")],
)
def test_initials_are_made_as_citeproc_js_makes_them(given, expected):
    assert initials(given, ". ") == expected
