"""bench/identity_bench.py's measures, on records written here and on a tiny file imported
through the command, so that the benchmark keeps measuring what it says."""

import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import identity_bench

KNAPSACK = "Exact Solvers for Knapsack"

TINY = r"""
@article{a1, author={Ana Ruiz and Piet Hein}, title={Exact Solvers for {Knapsack}},
  journal={Journal of Heuristics}, year=2020, doi={10.1000/knapsack.a}}
@article{a2, author={Ruiz, Ana}, title={Exact solvers for knapsack},
  journal={Operations Research}, year=2022, doi={10.1000/knapsack.b}}
@article{b1, author={Ulla Stern}, title={A Tutorial on Bayesian Things},
  journal={Statistics Surveys}, year=2018, doi={10.1000/bayes}}
@article{b2, author={Ulla Stern}, title={A Tutorial on Bayesian Things},
  journal={Statistics Surveys}, year=2018, doi={10.1000/bayes}}
"""


def test_titles_alike_but_for_case_accents_and_punctuation_fold_to_one():
    assert identity_bench.fold_title("Exact Sólvers: for {Knapsack}!") == (
        identity_bench.fold_title("exact solvers for knapsack")
    )


def test_very_similar_titles_with_a_family_name_in_common_are_listed_twice():
    titles = {1: KNAPSACK, 2: "Exact solvers for the knapsack", 3: "On Evaluating Models"}
    families = {1: {"ruiz"}, 2: {"ruiz", "hein"}, 3: {"ruiz"}}

    assert identity_bench.listed_twice(titles, families, links=[]) == [(1, 2)]


def test_similar_titles_without_a_family_name_in_common_are_not_listed_twice():
    titles = {1: KNAPSACK, 2: KNAPSACK}

    assert identity_bench.listed_twice(titles, {1: {"ruiz"}, 2: {"hein"}}, links=[]) == []


def test_papers_linked_as_versions_through_another_are_not_listed_twice():
    titles = {1: KNAPSACK, 2: "Unrelated Middle Version", 3: KNAPSACK}
    families = {1: {"ruiz"}, 2: {"ruiz"}, 3: {"ruiz"}}

    assert identity_bench.listed_twice(titles, families, links=[(1, 2), (2, 3)]) == []


REPORT = """refs.bib: 3 entries
  papers:  2 to create, 1 already there (0 to fill in), 0 invalid; ...
  entries:
    line 1, m1: create “A Tutorial on Bayesian Things”
    line 2, m2: the same paper as m1 in this file
    line 3, k: create “Exact Solvers for Knapsack”
"""
ENTRIES = {"m1": "A Tutorial on Bayesian Things", "m2": "On Evaluating Language Models"}


def test_an_entry_joined_to_a_paper_of_another_title_without_a_warning_is_a_silent_merge():
    report = identity_bench.read_report(REPORT, ENTRIES)

    merges, untraced = identity_bench.silent_merges(ENTRIES, report, {"m1": ENTRIES["m1"]})

    assert merges == [("m2", ENTRIES["m2"], ENTRIES["m1"])]
    assert untraced == 0


def test_a_merge_a_warning_names_is_not_silent():
    warned = REPORT + "  warnings:\n    line 2, entry m2: arXiv id shared with m1 (line 1).\n"
    report = identity_bench.read_report(warned, ENTRIES)

    assert identity_bench.silent_merges(ENTRIES, report, {"m1": ENTRIES["m1"]}) == ([], 0)


@pytest.mark.django_db
def test_a_tiny_file_imported_by_the_command_is_measured(tmp_path):
    path = tmp_path / "tiny.bib"
    path.write_text(TINY, encoding="utf-8")
    out = StringIO()
    call_command(
        "import_bibtex", str(path), "--create-venues", "--skip-invalid", verbosity=2, stdout=out
    )

    figures = identity_bench.measure_database(path, out.getvalue())

    assert (figures.entries, figures.papers) == (4, 3)
    # Two DOIs are two papers: linked as versions, or else listed twice.
    assert figures.listed_twice + figures.versions_linked == 1
    assert (figures.silent_merges, figures.untraced) == (0, 0)
    assert figures.lookalike_people == 0
    assert figures.lookalike_papers is not None
