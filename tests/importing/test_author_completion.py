"""A shortened author list is completed from the entry that names all the authors: the
demo's Triton-distributed paper (5 of its 22 authors, as Jin Fang's CV prints it) and the
paper's own BibTeX."""

import pytest
from django.utils import translation

from pubs.admin import imports
from pubs.bibtex.plan import INCONSISTENT_AUTHORS, Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Authorship, Paper
from tests.database_state import snapshot
from tests.importing.test_admin_import import preview_url, upload

pytestmark = pytest.mark.usefixtures("catalogue")

AUTHORS = [
    "Size Zheng", "Wenlei Bao", "Qi Hou", "Xuegui Zheng", "Jin Fang", "Chenhui Huang",
    "Tianqi Li", "Haojie Duanmu", "Renze Chen", "Ruifan Xu", "Yifan Guo", "Ningxin Zheng",
    "Ziheng Jiang", "Xinyi Di", "Dongyang Wang", "Jianxi Ye", "Haibin Lin", "Li{-}Wen Chang",
    "Liqiang Lu", "Yun Liang", "Jidong Zhai", "Xin Liu",
]  # fmt: skip
#: The first five, as the demo stores them.
STORED = ["Size Zheng", "Wenlei Bao", "Qi Hou", "Xuegui Zheng", "Jin Fang"]


def triton_entry(authors: list[str] = AUTHORS, key: str = "DBLP:journals/corr/abs-2504-19442"):
    """The paper's DBLP entry, its authors one a line as DBLP writes them."""
    names = " and\n                  ".join(authors)
    return f"""
@article{{{key},
  author       = {{{names}}},
  title        = {{Triton-distributed: Programming Overlapping Kernels on Distributed
                  {{AI}} Systems with the Triton Compiler}},
  journal      = {{CoRR}},
  volume       = {{abs/2504.19442}},
  year         = {{2025}},
  url          = {{https://doi.org/10.48550/arXiv.2504.19442}},
  doi          = {{10.48550/ARXIV.2504.19442}},
  eprinttype   = {{arXiv}},
  eprint       = {{2504.19442}},
  bibsource    = {{dblp computer science bibliography, https://dblp.org}}
}}
"""


def triton() -> Paper:
    return Paper.objects.get(title__startswith="Triton-distributed")


def author_names(paper: Paper) -> list[str]:
    return [a.person.name for a in paper.authorships.order_by("position")]


def plan_of(text: str):
    return bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True)).plan


def run(text: str):
    planned = bibtex_import_plan(text=text, decisions=Decisions(allow_ambiguous=True))
    return bibtex_import_apply(planned=planned, file_name="triton.bib", source="test")


def test_the_demo_stores_a_shortened_list():
    assert author_names(triton()) == STORED and triton().more_authors


def test_the_full_entry_completes_the_shortened_author_list_in_order():
    kept = list(triton().authorships.order_by("position").values_list("pk", flat=True))
    run(triton_entry())
    assert author_names(triton()) == [name.replace("{-}", "-") for name in AUTHORS]
    assert list(triton().authorships.order_by("position").values_list("pk", flat=True))[:5] == kept


def test_the_completed_list_is_no_longer_marked_shortened():
    run(triton_entry())
    assert not triton().more_authors


def test_an_entry_itself_ending_in_others_completes_the_list_and_keeps_the_mark():
    run(triton_entry([*AUTHORS[:10], "others"]))
    assert len(author_names(triton())) == 10 and triton().more_authors


def test_the_plan_adds_the_17_missing_authors():
    plan = plan_of(triton_entry())
    assert plan.summary()["authors_added"] == 17 and plan.summary()["updated"] == 1
    assert [a.position for a in plan.entries[0].added_authors] == list(range(6, 23))


def test_the_preview_says_how_many_authors_the_entry_adds(admin_client):
    response = admin_client.get(preview_url(upload(admin_client, triton_entry())))
    assert "adds 17 authors" in response.content.decode()


def test_the_preview_says_it_in_chinese(admin_client):
    url = preview_url(upload(admin_client, triton_entry()))
    with translation.override("zh-hans"):
        response = admin_client.get(url, headers={"accept-language": "zh-CN"})
    assert "补充 17 位作者" in response.content.decode()


def test_the_preview_says_the_list_is_then_complete_and_names_the_fields_it_fills_in(
    admin_client,
):
    page = admin_client.get(preview_url(upload(admin_client, triton_entry()))).content.decode()
    assert "its author list is then complete" in page and "more_authors" not in page
    assert "fills in: arXiv id" in page


def test_a_large_file_s_preview_shows_the_entry_that_adds_authors(admin_client, monkeypatch):
    monkeypatch.setattr(imports, "PREVIEW_ROWS", 2)
    others = "".join(
        f"@misc{{other{n}, title={{Another Paper {n}}}, author={{Ada Lovelace}}, year=2020}}\n"
        for n in range(3)
    )
    page = admin_client.get(preview_url(upload(admin_client, others + triton_entry())))
    assert "adds 17 authors" in page.content.decode()
    assert "Another Paper 2" not in page.content.decode()


def test_stored_authors_in_the_middle_of_the_list_move_to_their_places():
    paper = triton()
    paper.authorships.exclude(position__in=(1, 5)).delete()
    jin_fang = paper.authorships.get(position=5)
    jin_fang.position = 2  # stored as "Size Zheng, Jin Fang, et al."
    jin_fang.save()
    run(triton_entry())
    assert paper.authorships.get(pk=jin_fang.pk).position == 5
    assert author_names(paper) == [name.replace("{-}", "-") for name in AUTHORS]


def test_undo_restores_the_shortened_list_and_its_mark_exactly():
    before = snapshot()
    record = run(triton_entry())
    bibtex_import_undo(record=record)
    assert snapshot() == before


def test_importing_the_full_entry_again_changes_nothing():
    run(triton_entry())
    before = snapshot()
    plan = run(triton_entry()).counts
    assert (plan["updated"], plan["authors_added"]) == (0, 0)
    assert snapshot() == before


def test_a_list_in_another_order_is_not_rewritten_and_the_plan_warns():
    swapped = [AUTHORS[1], AUTHORS[0], *AUTHORS[2:]]
    plan = plan_of(triton_entry(swapped))
    assert plan.entries[0].added_authors == []
    assert INCONSISTENT_AUTHORS in [p.message for p in plan.warnings]
    run(triton_entry(swapped))
    assert author_names(triton()) == STORED


def test_a_stored_list_naming_someone_the_entry_lacks_is_not_rewritten():
    plan = plan_of(triton_entry([name for name in AUTHORS if name != "Qi Hou"]))
    assert plan.entries[0].added_authors == []
    assert INCONSISTENT_AUTHORS in [p.message for p in plan.warnings]


def test_a_shorter_entry_leaves_a_longer_stored_list_as_it_is_without_a_warning():
    run(triton_entry())
    plan = plan_of(triton_entry([*AUTHORS[:3], "others"], key="zheng2025triton"))
    assert plan.summary()["updated"] == 0 and plan.warnings == []


def test_two_entries_of_one_new_paper_give_it_the_longer_list():
    Paper.objects.filter(pk=triton().pk).delete()
    short = triton_entry([*AUTHORS[:5], "others"], key="zheng2025triton")
    run(short + triton_entry())
    assert len(author_names(triton())) == 22 and not triton().more_authors
    assert Authorship.objects.filter(paper=triton()).count() == 22


def test_an_entry_of_another_title_matched_by_its_identifier_alone_adds_no_authors():
    Paper.objects.filter(pk=triton().pk).update(arxiv_id="2504.19442")
    renamed = triton_entry().replace("Triton-distributed: Programming", "Programming")
    plan = plan_of(renamed)
    assert plan.entries[0].action == "duplicate" and plan.entries[0].added_authors == []
