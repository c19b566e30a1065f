"""A file plans alike in any order of its entries: which entries are one paper, and which
entry creates it, do not depend on where the file lists them (generated files of the
re-import law's shapes, their entries shuffled)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pubs.bibtex.plan import Decisions, ImportPlan
from pubs.imports.plan import bibtex_import_plan
from tests.importing.conftest import ENTRY_START
from tests.importing.test_reimport_law import entries
from tests.shared_data import shared_data

pytestmark = pytest.mark.usefixtures("catalogue")


def papers(plan: ImportPlan) -> dict[str, object]:
    """Each valid entry's paper: the key of the entry creating it, or a stored paper's id."""
    return {
        e.key: e.same_as_entry or (e.duplicate.paper.id if e.duplicate else e.key)
        for e in plan.to_write
    }


@st.composite
def shuffled_files(draw) -> tuple[str, str]:
    listed = [draw(entries(index)) for index in range(draw(st.integers(2, 6)))]
    return "\n".join(listed), "\n".join(draw(st.permutations(listed)))


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(files=shuffled_files())
def test_a_file_s_entries_shuffled_are_the_same_papers(files):
    decisions = Decisions(skip_invalid=True, allow_ambiguous=True)
    planned = [bibtex_import_plan(text=text, decisions=decisions).plan for text in files]
    assert papers(planned[0]) == papers(planned[1])


def test_three_entries_a_year_apart_each_are_grouped_from_the_earliest_in_any_order():
    """2018 and 2019 are one paper, 2019 and 2020 could be: the earliest is planned first."""
    listed = [
        f"@inproceedings{{e{index}, title={{Scheduling Collectives on {{GPU}} Clusters}},"
        f" author={{Jin Fang}}, year={year},"
        " booktitle={Proceedings of the AAAI Conference on Artificial Intelligence}}\n"
        for index, year in enumerate((2018, 2019, 2020))
    ]
    decisions = Decisions(skip_invalid=True, allow_ambiguous=True)
    plan = bibtex_import_plan(text="".join(reversed(listed)), decisions=decisions).plan
    assert papers(plan) == {"e0": "e0", "e1": "e0", "e2": "e2"}


def test_the_iridia_file_s_entries_in_reverse_order_are_the_same_papers():
    """A real bibliography of preprints, reports and their published versions."""
    text = shared_data("iridia-references.bib").read_text(encoding="utf-8")
    starts = [match.start() for match in ENTRY_START.finditer(text)]
    listed = [text[start:end] for start, end in zip(starts, [*starts[1:], len(text)], strict=True)]
    reversed_text = text[: starts[0]] + "".join(reversed(listed))
    decisions = Decisions(skip_invalid=True, allow_ambiguous=True, create_venues=True)
    planned = [
        bibtex_import_plan(text=each, decisions=decisions).plan for each in (text, reversed_text)
    ]
    assert papers(planned[0]) == papers(planned[1])
    assert sum(e.action == "duplicate" for e in planned[0].entries) > 10
