"""The seeds' systems as their READMEs cite them (tests/data/bibtex/readmes/), imported into
the demo database: a preprint and its published version under another title are one work on
Jiarui Fang's page, folded by a named rule of pubs.bibtex.identity."""

from pathlib import Path

import pytest

from people.models import Person
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Paper
from pubs.queries.selectors import person_papers

READMES = Path(__file__).resolve().parent.parent / "data" / "bibtex" / "readmes"

pytestmark = pytest.mark.usefixtures("catalogue")


def planned(name: str):
    text = (READMES / name).read_text(encoding="utf-8")
    return bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True))


def plan_of(name: str):
    return planned(name).plan


def imported(name: str):
    return bibtex_import_apply(planned=planned(name), file_name=name, source="test")


def entry(plan, key: str):
    return next(e for e in plan.entries if e.key == key)


def jiarui_fang_titles(word: str) -> list[str]:
    papers = person_papers(Person.objects.get(slug="jiarui-fang"))
    return [title for title in papers.values_list("title", flat=True) if word in title.casefold()]


def test_patrickstar_s_preprint_is_folded_into_its_tpds_paper_of_another_title():
    preprint = entry(plan_of("patrickstar.bib"), "fang2021patrickstar")
    assert preprint.action == "duplicate"
    assert preprint.duplicate.rule == "retitled_close_titles_same_authors"
    assert preprint.duplicate.paper.year == 2022


def test_pipefusion_s_neurips_paper_is_the_preprint_there_of_another_title():
    published = entry(plan_of("xdit.bib"), "fang2025pipefusion")
    assert published.action == "duplicate"
    assert published.duplicate.rule == "retitled_same_system_name"
    assert published.duplicate.paper.title.startswith("PipeFusion: Displaced Patch")


def test_jiarui_fang_s_page_lists_patrickstar_once_after_the_readme_is_imported():
    imported("patrickstar.bib")
    assert jiarui_fang_titles("chunk-based") == [
        "Parallel Training of Pre-trained Models via Chunk-based Dynamic Memory Management"
    ]


def test_jiarui_fang_s_page_lists_pipefusion_once_as_its_neurips_paper():
    imported("xdit.bib")
    assert jiarui_fang_titles("pipefusion") == [
        "PipeFusion: Patch-level Pipeline Parallelism for Diffusion Transformers Inference"
    ]


@pytest.mark.parametrize("name", ["patrickstar.bib", "xdit.bib"])
def test_a_readme_imported_again_changes_nothing(name):
    imported(name)
    assert {e.action for e in plan_of(name).entries} == {"duplicate"}


def test_undoing_the_readme_s_import_gives_pipefusion_back_its_preprint_title():
    bibtex_import_undo(record=imported("xdit.bib"))
    assert jiarui_fang_titles("pipefusion") == [
        "PipeFusion: Displaced Patch Pipeline Parallelism for Inference of Diffusion Transformer "
        "Models"
    ]


def test_patrickstar_s_two_entries_are_one_paper_where_neither_was_there():
    Paper.objects.filter(title__startswith="Parallel Training of Pre-trained Models").delete()
    imported("patrickstar.bib")
    assert jiarui_fang_titles("chunk-based") == [
        "Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management"
    ]
    assert {e.action for e in plan_of("patrickstar.bib").entries} == {"duplicate"}
