"""One paper per publication, against the database: a workshop version and the full version
of one title are two papers, and neither takes the other's fields, then or on re-import."""

import pytest

from pubs.bibtex.plan import Decisions
from pubs.imports.apply import bibtex_import_apply
from pubs.imports.plan import bibtex_import_plan
from pubs.models import Paper
from tests.database_state import snapshot

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
