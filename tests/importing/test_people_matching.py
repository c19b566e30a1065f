"""People in an import, against the database: one person per human however the files write
their name, and a name remembered only on the person it was linked to."""

from pathlib import Path

import pytest

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Authorship

pytestmark = pytest.mark.usefixtures("demo")

HOLTE = r"""
@inproceedings{felner2007,
  title = {Compressed Pattern Databases},
  author = {Ariel Felner and Richard E. Korf and Ram Meshulam and Robert Holte},
  journal = {Journal of Artificial Intelligence Research}, year = {2007}
}
"""


def run(text: str, **decisions):
    planned = bibtex_import_plan(text=text, decisions=Decisions(**decisions))
    bibtex_import_apply(planned=planned, file_name="people.bib", source="test")
    return planned.plan


def test_a_middle_name_on_one_side_is_a_suggestion_in_the_preview():
    run(HOLTE)
    plan = bibtex_import_plan(
        text="@misc{dahl, title={Other Work}, year=2012, author={Robert C. Holte}}"
    ).plan
    [(_, author)] = plan.suggested
    assert "may be Robert Holte" in author.match.reason


def test_a_middle_name_on_one_side_with_co_authors_few_share_is_the_person():
    run(HOLTE)
    plan = run(
        "@inproceedings{b, title={Partial Pattern Databases}, year=2007, booktitle={SARA},"
        " author={Kenneth Anderson and Robert C. Holte and Jonathan Schaeffer and Ariel Felner}}"
    )
    holte = plan.entries[0].authors[1]
    assert holte.match.kind == "middle_one_side" and "Ariel Felner" in holte.match.reason
    robert = Person.objects.get(family_name="Holte")
    assert robert.authorships.count() == 2 and "Robert C. Holte" in robert.variants


# The IRIDIA bibliography's own case: one file, the name with and without its middle initial.
HYDE = r"""
@inproceedings{BurHydKen2010,
  title = {A Classification of Hyper-heuristic Approaches}, year = 2010,
  booktitle = {Handbook of Metaheuristics},
  author = {Edmund K. Burke and Matthew R. Hyde and Graham Kendall and Gabriela Ochoa}
}
@inproceedings{OchHydCur2012evocop,
  title = {{HyFlex}: A Benchmark Framework for Cross-domain Heuristic Search}, year = 2012,
  booktitle = {EvoCOP},
  author = {Gabriela Ochoa and Matthew Hyde and Tim Curtois and Edmund K. Burke}
}
"""


def test_a_middle_name_on_one_side_is_linked_within_one_file():
    plan = run(HYDE)
    assert plan.entries[1].authors[1].match.kind == "middle_one_side"
    assert Person.objects.filter(family_name="Hyde").count() == 1


def test_a_middle_name_on_one_side_in_one_author_list_is_two_people():
    run(
        "@misc{a, title={Father and Son}, year=2001,"
        " author={Matthew R. Hyde and Gabriela Ochoa and Matthew Hyde}}"
        "\n@misc{b, title={Again}, year=2002, author={Matthew Hyde and Gabriela Ochoa}}"
    )
    assert Person.objects.filter(family_name="Hyde").count() == 2


def test_a_particle_braced_or_not_is_one_person():
    run(
        r"@inproceedings{a, title={Planning with Macros}, year=2006, booktitle={ICAPS},"
        r" author={Tom\'{a}s de la Rosa and Daniel Borrajo}}"
        "\n"
        r"@inproceedings{b, title={Learning Control Knowledge}, year=2008, booktitle={ICAPS},"
        r" author={Tom\'{a}s {de la Rosa} and Daniel Borrajo}}"
    )
    rosa = Person.objects.get(given_name="Tomás")
    assert rosa.family_name == "de la Rosa" and rosa.authorships.count() == 2


def test_a_family_name_in_capitals_first_is_the_person_of_that_name():
    run("@misc{a, title={Data Cleaning at Scale}, year=2020, author={Jiannan Wang}}")
    run("@misc{b, title={Sample Clean}, year=2021, author={WANG Jiannan}}")
    jiannan = Person.objects.get(given_name="Jiannan")
    assert jiannan.family_name == "Wang"
    assert jiannan.authorships.filter(paper__title="Sample Clean").exists()


def test_initials_linked_by_co_authors_are_remembered_on_no_one():
    jiarui = Person.objects.get(slug="jiarui-fang")
    plan = run("@misc{a, title={Yet Another Study}, year=2025, author={J. Fang and Haohuan Fu}}")
    assert plan.entries[0].authors[0].match.kind == "coauthors"
    assert plan.entries[0].authors[0].person == jiarui.pk
    jiarui.refresh_from_db()
    assert "J. Fang" not in jiarui.variants
    assert Person.objects.get(slug="jin-fang").variants == ["J. Fang"]


def test_names_in_chinese_order_that_wrote_together_are_the_people_of_that_order():
    """The issue's case: Yang You and Jiarui Fang are stored and wrote together ("Fang
    Jiarui" is a variant the demo records)."""
    plan = run(
        "@misc{a, title={Sequence Parallelism at Scale}, year=2025,"
        " author={Fang Jiarui and You Yang}}"
    )
    fang, you = plan.entries[0].authors
    assert you.match.kind == "chinese_order" and "Jiarui Fang" in you.match.reason
    assert fang.person == Person.objects.get(slug="jiarui-fang").pk
    assert you.person == Person.objects.get(slug="yang-you").pk
    assert not Person.objects.filter(slug="you-yang").exists()


def test_a_name_spelt_out_in_ascii_is_the_person_with_its_letters():
    run("@misc{a, title={Verified Compilers}, year=2019, author={Jürgen Müller}}")
    plan = run("@misc{b, title={Verified Linkers}, year=2021, author={Juergen Mueller}}")
    assert plan.entries[0].authors[0].match.kind == "folded"
    juergen = Person.objects.get(family_name="Müller")
    assert juergen.authorships.count() == 2 and "Juergen Mueller" in juergen.variants


NAMESAKES = Path(__file__).resolve().parent.parent / "data" / "bibtex" / "people" / "namesakes.bib"
#: Four pairs of different people in namesakes.bib, one name pattern each.
PAIRS = [
    ("Ryan Carter", "Ryan P. Carter"),
    ("Lin Yan", "Yan Lin"),
    ("Jon Brandt", "Jonathan Brandt"),
    ("Xiaoming Chen", "Xiaomeng Chen"),
]


@pytest.mark.parametrize("pair", PAIRS, ids=" / ".join)
def test_namesakes_whose_co_authors_come_from_one_pool_stay_apart(pair):
    run(NAMESAKES.read_text(encoding="utf-8"))
    people = [
        set(Authorship.objects.filter(printed_name=name).values_list("person", flat=True))
        for name in pair
    ]
    assert [len(found) for found in people] == [1, 1]
    assert people[0] != people[1]
