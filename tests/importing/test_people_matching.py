"""People in an import, against the database: one person per human however the files write
their name, and a name remembered only on the person it was linked to."""

import pytest

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan

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
    assert holte.match.kind == "middle" and "Ariel Felner" in holte.match.reason
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
    assert plan.entries[1].authors[1].match.kind == "middle"
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
