"""One paper per publication, against the database: a workshop version and the full version
of one title are two papers, linked as versions, and neither takes the other's fields, then
or on re-import; a preprint and its published version are one paper, also when their titles
differ but an identifier ties them."""

import pytest

from people.models import Group
from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.imports.undo import bibtex_import_undo
from pubs.models import Paper
from pubs.permissions import Scope
from tests.database_state import snapshot
from tests.importing.test_admin_import import preview_url, upload

pytestmark = pytest.mark.usefixtures("catalogue")

AUTHORS = "Ariel Felner and Robert C. Holte and Nathan R. Sturtevant"
WORKSHOP = f"""
@inproceedings{{felner2016hsdip,
  title = {{Bidirectional Search That Is Guaranteed to Meet in the Middle}},
  author = {{{AUTHORS}}},
  booktitle = {{ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning}},
  pages = {{1--9}}, year = {{2016}}
}}
"""
CONFERENCE = f"""
@inproceedings{{holte2016aaai,
  title = {{Bidirectional Search That Is Guaranteed to Meet in the Middle}},
  author = {{{AUTHORS}}},
  booktitle = {{Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence}},
  pages = {{3411--3417}}, year = {{2016}}
}}
"""
SECOND_WORKSHOP = (
    WORKSHOP.replace("felner2016hsdip", "felner2016socs")
    .replace(
        "ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning",
        "IJCAI 2016 Workshop on Search Strategies and Non-standard Objectives",
    )
    .replace("1--9", "21--29")
)


def run(text: str, **decisions):
    planned = bibtex_import_plan(
        text=text, decisions=Decisions(allow_ambiguous=True, skip_invalid=True, **decisions)
    )
    bibtex_import_apply(planned=planned, file_name="versions.bib", source="test")
    return planned.plan


def titled():
    return Paper.objects.filter(title__startswith="Bidirectional Search That Is Guaranteed")


@pytest.mark.parametrize("create_venues", [False, True])
def test_a_workshop_version_and_the_conference_version_are_two_papers(create_venues):
    run(CONFERENCE, create_venues=create_venues)
    run(WORKSHOP + CONFERENCE, create_venues=create_venues)
    pages = dict(titled().values_list("container_title", "pages"))
    assert pages == {
        "Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence": "3411--3417",
        "ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning": "1--9",
    }
    assert titled().get(pages="3411--3417").venue.abbreviation == "AAAI"


@pytest.mark.parametrize("create_venues", [False, True])
def test_two_workshop_versions_keep_their_own_pages_when_imported_again(create_venues):
    text = WORKSHOP + SECOND_WORKSHOP + CONFERENCE
    run(text, create_venues=create_venues)
    assert sorted(titled().values_list("pages", flat=True)) == ["1--9", "21--29", "3411--3417"]
    before = snapshot()
    plan = run(text, create_venues=create_venues, overwrite_all=True)
    assert plan.summary()["created"] == plan.summary()["updated"] == 0
    assert snapshot() == before


# -- versions linked ----------------------------------------------------------------------------


def versions_of(paper: Paper) -> set[str]:
    return set(paper.versions.values_list("container_title", flat=True))


def test_a_workshop_version_and_the_conference_version_in_one_file_are_linked_as_versions():
    run(WORKSHOP + CONFERENCE)
    conference = titled().get(pages="3411--3417")
    assert versions_of(conference) == {
        "ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning"
    }
    assert list(titled().get(pages="1--9").versions.all()) == [conference]


def test_a_workshop_version_links_to_the_conference_version_already_there():
    run(CONFERENCE)
    run(WORKSHOP)
    assert versions_of(titled().get(pages="3411--3417")) == {
        "ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning"
    }


def test_the_plan_names_the_paper_an_entry_links_as_a_version():
    run(CONFERENCE)
    entry = bibtex_import_plan(text=WORKSHOP).plan.entries[0]
    assert [(v.id, v.container) for v in entry.versions] == [
        (
            titled().get().pk,
            "Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence",
        )
    ]


def test_each_workshop_version_links_to_the_full_version_not_to_each_other():
    run(WORKSHOP + SECOND_WORKSHOP + CONFERENCE)
    assert titled().get(pages="3411--3417").versions.count() == 2
    assert titled().get(pages="1--9").versions.count() == 1


def test_importing_the_versions_again_links_nothing_new():
    run(WORKSHOP + CONFERENCE)
    links = list(Paper.versions.through.objects.values_list())
    plan = run(WORKSHOP + CONFERENCE)
    assert plan.summary()["linked"] == 0
    assert list(Paper.versions.through.objects.values_list()) == links


@pytest.mark.parametrize(
    "twice", ["Jiannan Wang and WANG Jiannan", "徐宏力 and Hongli Xu", "Gongming Zhao and G. Zhao"]
)
def test_an_author_listed_twice_is_one_author_when_versions_are_compared(twice):
    """Stored once, the workshop paper has one author, whom the full paper has too: linked
    in the file as when the file is imported again."""
    one = twice.split(" and ")[-1]
    workshop = WORKSHOP.replace(AUTHORS, twice)
    conference = CONFERENCE.replace(AUTHORS, rf"Jin Fang and Tom\'{{a}}s de la Rosa and {one}")
    assert run(conference + workshop).summary()["linked"] == 1
    assert run(conference + workshop).summary()["linked"] == 0


def test_undoing_the_import_takes_off_the_links_it_made_and_only_those():
    run(CONFERENCE)
    conference = titled().get()
    kept = Paper.objects.exclude(pk=conference.pk).first()
    conference.versions.add(kept)  # linked by hand: the undo keeps it
    planned = bibtex_import_plan(text=WORKSHOP, decisions=Decisions(allow_ambiguous=True))
    record = bibtex_import_apply(planned=planned, file_name="versions.bib", source="test")
    assert conference.versions.count() == 2
    bibtex_import_undo(record=record)
    assert list(conference.versions.all()) == [kept]


def test_a_technical_report_of_the_same_title_is_no_version_of_the_workshop_paper():
    run(WORKSHOP)
    report = CONFERENCE.replace("@inproceedings{holte2016aaai", "@techreport{holte2016tr").replace(
        "booktitle = {Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence}",
        "institution = {University of Alberta}",
    )
    assert bibtex_import_plan(text=report).plan.entries[0].versions == []


def test_a_paper_of_the_same_title_by_other_people_is_no_version():
    run(CONFERENCE)
    other = WORKSHOP.replace(AUTHORS, "Ada Lovelace and Charles Babbage")
    assert bibtex_import_plan(text=other).plan.entries[0].versions == []


def test_an_import_links_no_version_the_importing_user_may_not_edit():
    run(CONFERENCE)  # no group's paper: a group editor does not edit it
    group = Group.objects.get(slug="ustc-int")
    scope = Scope(user_id=1, edited_group_ids=frozenset({group.pk}))
    assert bibtex_import_plan(text=WORKSHOP, scope=scope).plan.entries[0].versions == []


# -- a preprint and its published version: one paper --------------------------------------------

#: PatrickStar's arXiv version as a reference manager exports it once published: the arXiv id
#: and the journal's DOI, under the preprint's own title.
PATRICKSTAR_ARXIV = r"""
@article{fang2021patrickstar,
  title = {{PatrickStar}: Parallel Training of Pre-trained Models via Chunk-based Memory Management},
  author = {Fang, Jiarui and Zhu, Zilin and Li, Shenggui and Su, Hui and Yu, Yang and Zhou, Jie and You, Yang},
  journal = {arXiv preprint arXiv:2108.05818},
  year = {2021},
  eprint = {2108.05818}, archivePrefix = {arXiv},
  doi = {10.1109/TPDS.2022.3219819}
}
"""
PATRICKSTAR_TPDS = r"""
@article{DBLP:journals/tpds/FangZLSYZY23,
  author       = {Jiarui Fang and Zilin Zhu and Shenggui Li and Hui Su and Yang Yu and
                  Jie Zhou and Yang You},
  title        = {Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory
                  Management},
  journal      = {{IEEE} Trans. Parallel Distributed Syst.},
  volume       = {34}, number = {1}, pages = {304--315}, year = {2023},
  url          = {https://doi.org/10.1109/TPDS.2022.3219819},
  doi          = {10.1109/TPDS.2022.3219819},
  bibsource    = {dblp computer science bibliography, https://dblp.org}
}
"""
PIPEFUSION_ARXIV = r"""
@article{DBLP:journals/corr/abs-2405-14430,
  author       = {Jiannan Wang and Jiarui Fang and Aoyu Li and PengCheng Yang},
  title        = {PipeFusion: Displaced Patch Pipeline Parallelism for Inference of Diffusion
                  Transformer Models},
  journal      = {CoRR}, volume = {abs/2405.14430}, year = {2024},
  doi          = {10.48550/ARXIV.2405.14430},
  eprinttype   = {arXiv}, eprint = {2405.14430}
}
"""
#: The conference version under its new title, carrying the preprint's arXiv id.
PIPEFUSION_NEURIPS = r"""
@inproceedings{wang2025pipefusion,
  title = {PipeFusion: Patch-level Pipeline Parallelism for Diffusion Transformers Inference},
  author = {Wang, Jiannan and Fang, Jiarui and Li, Aoyu and Yang, PengCheng},
  booktitle = {Advances in Neural Information Processing Systems},
  year = {2025},
  eprint = {2405.14430}, archivePrefix = {arXiv}
}
"""


def titles(*words: str) -> list[str]:
    return [t for t in Paper.objects.values_list("title", flat=True) if all(w in t for w in words)]


@pytest.mark.parametrize("order", ["preprint first", "published first"])
def test_a_preprint_and_its_journal_version_of_another_title_are_one_paper_by_the_doi(order):
    files = [PATRICKSTAR_ARXIV, PATRICKSTAR_TPDS]
    if order == "published first":
        files.reverse()
    Paper.objects.filter(title__contains="Chunk-based Dynamic Memory").delete()  # the demo's
    for text in files:
        run(text)
    assert len(titles("Chunk-", "Memory Management")) == 1
    paper = Paper.objects.get(doi="10.1109/tpds.2022.3219819")
    assert (paper.arxiv_id, paper.kind, paper.venue.abbreviation) == (
        "2108.05818",
        "journal",
        "TPDS",
    )


def test_the_arxiv_version_of_a_journal_paper_there_gives_it_its_arxiv_id():
    run(PATRICKSTAR_TPDS)  # the demo's paper, which gets its DOI
    run(PATRICKSTAR_ARXIV)
    assert len(titles("Chunk-", "Memory Management")) == 1
    assert Paper.objects.get(doi="10.1109/tpds.2022.3219819").arxiv_id == "2108.05818"


@pytest.mark.parametrize("text", [PIPEFUSION_NEURIPS, PIPEFUSION_ARXIV + PIPEFUSION_NEURIPS])
def test_a_conference_entry_of_another_title_carrying_the_preprints_arxiv_id_is_that_paper(text):
    plan = run(text)
    assert plan.summary()["created"] == 0
    assert len(titles("PipeFusion")) == 1
    paper = Paper.objects.get(arxiv_id="2405.14430")
    assert (paper.kind, paper.status, paper.year) == ("conference", "published", 2025)


# -- chapters of one book -----------------------------------------------------------------------


def test_two_chapters_of_one_book_with_a_doi_are_two_papers():
    run(
        "@incollection{FeuHut2019hpo, author={Matthias Feurer and Frank Hutter},"
        " title={Hyperparameter Optimization}, pages={3--33}, crossref={automl}}\n"
        "@incollection{FeuKle2019autosklearn, author={Matthias Feurer and Aaron Klein},"
        " title={Auto-sklearn: Efficient and Robust Automated Machine Learning},"
        " pages={113--134}, crossref={automl}}\n"
        "@book{automl, editor={Frank Hutter and Lars Kotthoff and Joaquin Vanschoren},"
        " title={Automated Machine Learning: Methods, Systems, Challenges}, year=2019,"
        " publisher={Springer}, doi={10.1007/978-3-030-05318-5}}\n"
    )
    chapters = Paper.objects.filter(container_title__startswith="Automated Machine Learning")
    assert sorted(chapters.values_list("pages", "doi")) == [("113--134", ""), ("3--33", "")]


BIDIRECTIONAL_ARXIV = r"""
@misc{holte2015arxiv, title = {Bidirectional Search That Is Guaranteed to Meet in the Middle},
  author = {Robert C. Holte and Ariel Felner}, year = {2015}, journal = {CoRR},
  eprint = {1505.00001}, archivePrefix = {arXiv}}
"""
BIDIRECTIONAL_AAAI = r"""
@inproceedings{holte2016aaai, title = {Bidirectional Search That Is Guaranteed to Meet in the
  Middle}, author = {Robert C. Holte and Ariel Felner}, year = {2016},
  booktitle = {Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence},
  note = {%s}}
"""
BIDIRECTIONAL_JOURNAL = r"""
@article{holte2017aij, title = {Bidirectional Search That Is Guaranteed to Meet in the Middle},
  author = {Robert C. Holte and Ariel Felner}, year = {2017},
  journal = {Artificial Intelligence}, volume = {252}, pages = {232--266}}
"""


def test_an_accepted_version_promotes_its_preprint():
    run(BIDIRECTIONAL_ARXIV + BIDIRECTIONAL_AAAI % "To appear")
    paper = Paper.objects.get(arxiv_id="1505.00001")
    assert (paper.kind, paper.status, paper.year) == ("conference", "accepted", 2016)


@pytest.mark.parametrize("note", ["To appear", "Under review"])
def test_a_preprint_its_conference_version_and_its_journal_version_import_again_unchanged(note):
    """The conference entry, accepted or under review, is the preprint's paper; the journal
    version, after it, is another paper (accepted) or what the submission became (under
    review): the next import finds the same."""
    text = BIDIRECTIONAL_ARXIV + BIDIRECTIONAL_AAAI % note + BIDIRECTIONAL_JOURNAL
    run(text)
    before = snapshot()
    again = run(text).summary()
    assert (again["created"], again["updated"], again["linked"]) == (0, 0, 0)
    assert snapshot() == before


def test_a_preprint_published_at_a_venue_not_known_is_no_longer_at_arxiv():
    aaai = BIDIRECTIONAL_AAAI.replace("Thirtieth AAAI", "Obscure").replace("note = {%s}", "")
    run(BIDIRECTIONAL_ARXIV + aaai)
    paper = Paper.objects.get(arxiv_id="1505.00001")
    assert (paper.status, paper.venue) == ("published", None)
    run(BIDIRECTIONAL_ARXIV)  # the arXiv entry again: arXiv is no venue of the published paper
    assert Paper.objects.get(arxiv_id="1505.00001").venue is None


def test_an_arxiv_entry_to_appear_promotes_no_preprint_and_gives_no_paper_arxiv_as_venue():
    arxiv_to_appear = BIDIRECTIONAL_ARXIV.replace(
        "journal = {CoRR},", "journal = {CoRR}, note = {To appear},"
    )
    aaai = BIDIRECTIONAL_AAAI.replace("Thirtieth AAAI", "Obscure").replace("note = {%s}", "")
    run(BIDIRECTIONAL_ARXIV + arxiv_to_appear.replace("holte2015arxiv", "holte2015again"))
    assert Paper.objects.get(arxiv_id="1505.00001").status == "preprint"
    run(aaai + arxiv_to_appear)
    assert Paper.objects.get(arxiv_id="1505.00001").venue is None


def test_the_full_version_found_by_the_workshop_version_s_doi_fills_in_nothing_of_it():
    run(WORKSHOP.replace("pages = {1--9},", "doi = {10.1000/hsdip.16},"))
    plan = run(CONFERENCE.replace("pages = {3411--3417},", "doi = {10.1000/hsdip.16},"))
    assert plan.summary()["updated"] == 0
    workshop = titled().get()
    assert (workshop.pages, workshop.venue) == ("", None)
    assert "another version of this paper" in str(plan.warnings[0])


# -- the pairs: rules named in the plan -------------------------------------------------

KNAPSACK = (
    "@article{a,author={Ana Ruiz and Piet Hein},title={Exact Solvers for Knapsack},"
    "journal={arXiv preprint arXiv:2301.01234},year=2023}\n"
    "@article{b,author={Ana Ruiz and Piet Hein},title={Exact Solvers for Knapsack},"
    "journal={INFORMS Journal on Computing},year=2026}\n"
)
HEURISTICS_REPORT = (
    "@techreport{t1,author={Ana Ruiz},title={Automatic Design of Heuristics},"
    "institution={ULB},year=2014}\n"
    "@article{t2,author={Ana Ruiz},title={Automatic Design of Heuristics},"
    "journal={IEEE Transactions on Evolutionary Computation},year=2016}\n"
)
ONE_ARXIV_ID = (
    "@article{m1,author={Ulla Stern},title={A Tutorial on Bayesian Things},"
    "journal={arXiv preprint arXiv:1807.00001},year=2018}\n"
    "@article{m2,author={Piet Hein},title={On Evaluating Language Models},"
    "journal={arXiv preprint arXiv:1807.00001},year=2017}\n"
)


@pytest.mark.parametrize("text", [KNAPSACK, "".join(reversed(KNAPSACK.splitlines(True)))])
def test_a_preprint_published_three_years_later_is_folded_into_its_published_version(text):
    plan = run(text)
    assert [e.duplicate.rule for e in plan.entries if e.duplicate] == ["preprint_then_published"]
    paper = Paper.objects.get(title="Exact Solvers for Knapsack")
    assert (paper.year, paper.kind, paper.arxiv_id) == (2026, "journal", "2301.01234")


def test_a_technical_report_and_its_journal_paper_years_later_are_two_papers_linked():
    plan = run(HEURISTICS_REPORT)
    assert [e.action for e in plan.entries] == ["create", "create"]
    report, journal = Paper.objects.filter(title="Automatic Design of Heuristics").order_by("year")
    assert list(journal.versions.all()) == [report]
    assert run(HEURISTICS_REPORT).summary()["linked"] == 0


def test_one_arxiv_id_on_two_works_is_a_conflict_naming_both_entries_never_a_merge():
    """The earlier paper (2017), planned first wherever the file lists it, keeps the id."""
    plan = run(ONE_ARXIV_ID)
    assert [e.action for e in plan.entries] == ["create", "create"]
    [warning] = [p for p in plan.entries[0].record.problems if "conflict" in p.message]
    assert (warning.key, warning.line) == ("m1", 1)
    assert "entry m2 (line 2)" in warning.message
    assert "identifier_titles_disagree" in warning.message
    titles = ("A Tutorial on Bayesian Things", "On Evaluating Language Models")
    stored = dict(Paper.objects.filter(title__in=titles).values_list("title", "arxiv_id"))
    assert stored == dict(zip(titles, ("", "1807.00001"), strict=True))


def test_the_preview_names_the_rule_that_matched_each_entry(admin_client):
    run(KNAPSACK.splitlines(True)[0])
    response = admin_client.get(preview_url(upload(admin_client, KNAPSACK)))
    assert "<code>preprint_then_published</code>" in response.content.decode()


JOURNAL_EXTENSION = f"""
@article{{holte2018jair,
  title = {{Bidirectional Search That Is Guaranteed to Meet in the Middle}},
  author = {{{AUTHORS}}},
  journal = {{Artificial Intelligence}}, volume = {{252}}, pages = {{232--266}}, year = {{2017}}
}}
"""
PREPRINT = f"""
@misc{{felner2015arxiv,
  title = {{Bidirectional Search That Is Guaranteed to Meet in the Middle}},
  author = {{{AUTHORS}}},
  year = {{2015}}, eprint = {{1511.00001}}, archiveprefix = {{arXiv}}
}}
"""


@pytest.mark.parametrize("order", ["preprint-first", "preprint-last"])
def test_a_preprint_of_a_conference_and_a_journal_version_joins_one_and_merges_neither(order):
    """The preprint is one work with each of the two, but the two are two papers (a journal
    extension): one work is not a relation that carries over, so the preprint is folded into
    one paper (the likeliest: the nearest year) and the two stay two papers, linked."""
    text = PREPRINT + CONFERENCE + JOURNAL_EXTENSION
    if order == "preprint-last":
        text = CONFERENCE + JOURNAL_EXTENSION + PREPRINT
    run(text)
    conference, journal = titled().order_by("year")
    assert (conference.kind, conference.arxiv_id) == ("conference", "1511.00001")
    assert journal.kind == "journal" and list(conference.versions.all()) == [journal]
