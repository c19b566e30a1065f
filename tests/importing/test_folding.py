"""The import folds the versions it links, and its undo unfolds them: the version that
stands for a work is the one the public lists show."""

import pytest

from pubs.imports.undo import bibtex_import_undo
from pubs.models import BibtexImport, Paper
from tests.importing.test_paper_versions import AUTHORS, CONFERENCE, WORKSHOP, run

pytestmark = pytest.mark.usefixtures("catalogue")

JOURNAL = f"""
@article{{holte2017aij,
  title = {{Bidirectional Search That Is Guaranteed to Meet in the Middle}},
  author = {{{AUTHORS}}},
  journal = {{Artificial Intelligence}},
  volume = {{252}}, pages = {{232--266}}, year = {{2017}}
}}
"""


def folding() -> dict[str, str | None]:
    """Venue as printed -> that of the version it is folded into."""
    rows = Paper.objects.values_list("container_title", "folded_into__container_title")
    return dict(rows)


def test_a_workshop_version_imported_with_the_full_paper_is_folded_into_it():
    run(WORKSHOP + CONFERENCE)
    workshop = Paper.objects.get(container_title__contains="Workshop")
    assert workshop.folded_into == Paper.objects.get(container_title__contains="AAAI")


def test_a_journal_version_imported_later_stands_for_the_work():
    run(WORKSHOP + CONFERENCE)
    run(JOURNAL)
    folded = folding()
    assert folded["Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence"] == (
        "Artificial Intelligence"
    )
    assert folded["Artificial Intelligence"] is None


def test_undoing_the_import_of_the_version_that_stood_folds_the_others_as_before():
    run(WORKSHOP + CONFERENCE)
    before = folding()
    run(JOURNAL)
    bibtex_import_undo(record=BibtexImport.objects.latest("pk"))
    assert folding() == before
    workshop = "ICAPS 2016 Workshop on Heuristics and Search for Domain-independent Planning"
    assert (
        before[workshop]
        == "Proceedings of the Thirtieth AAAI Conference on Artificial Intelligence"
    )
