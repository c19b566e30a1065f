"""Stored papers shaped like the issue's: PatrickStar's preprint and its retitled TPDS
version, a report and the journal paper of its title, a conference paper and its journal
extension of one title, two unrelated preprints sharing one wrong arXiv id."""

from __future__ import annotations

import pytest

from pubs.models import Paper, PaperKind
from tests.factories import PersonFactory, paper_with_authors

PATRICKSTAR_PREPRINT = (
    "PatrickStar: Parallel Training of Pre-trained Models via a Chunk-based Memory Management"
)
PATRICKSTAR_TPDS = (
    "Parallel Training of Pre-Trained Models via Chunk-Based Dynamic Memory Management"
)


@pytest.fixture
def patrickstar() -> tuple[Paper, Paper]:
    """The arXiv preprint (2021) and its retitled TPDS version (2022), one author list."""
    authors = [
        PersonFactory(given_name=given, family_name=family)
        for given, family in (("Jiarui", "Fang"), ("Zilin", "Zhu"), ("Shenggui", "Li"))
    ]
    preprint = paper_with_authors(
        *authors, title=PATRICKSTAR_PREPRINT, year=2021, kind=PaperKind.PREPRINT, venue=None
    )
    journal = paper_with_authors(
        *authors, title=PATRICKSTAR_TPDS, year=2022, kind=PaperKind.JOURNAL
    )
    return preprint, journal


@pytest.fixture
def ruiz():
    return PersonFactory(given_name="Ana", family_name="Ruiz")


@pytest.fixture
def report_and_journal(ruiz) -> tuple[Paper, Paper]:
    """A technical report (2014) and the journal paper it became (2016), one title."""
    return (
        paper_with_authors(
            ruiz,
            title="Automatic Design of Heuristics",
            year=2014,
            kind=PaperKind.OTHER,
            venue=None,
        ),
        paper_with_authors(
            ruiz, title="Automatic Design of Heuristics", year=2016, kind=PaperKind.JOURNAL
        ),
    )


@pytest.fixture
def journal_then_conference(ruiz) -> tuple[Paper, Paper]:
    """A journal paper (2015) and a conference paper of its title a year later: perhaps
    two records of one paper, perhaps two papers, by one title and one author only."""
    return tuple(
        paper_with_authors(ruiz, title="Ablation Analysis", year=year, kind=kind)
        for year, kind in ((2015, PaperKind.JOURNAL), (2016, PaperKind.CONFERENCE))
    )


@pytest.fixture
def conference_and_extension(ruiz) -> tuple[Paper, Paper]:
    """A conference paper (2015) and its journal extension of one title (2017)."""
    return tuple(
        paper_with_authors(ruiz, title="Ablation Analysis", year=year, kind=kind)
        for year, kind in ((2015, PaperKind.CONFERENCE), (2017, PaperKind.JOURNAL))
    )


@pytest.fixture
def wrong_arxiv_id() -> tuple[Paper, Paper]:
    """Two unrelated preprints carrying one (wrong) arXiv id, as an id and as arXiv's DOI
    (the database holds an arXiv id once)."""
    return (
        paper_with_authors(
            PersonFactory(given_name="Ulla", family_name="Stern"),
            title="A Tutorial on Bayesian Things",
            year=2018,
            kind=PaperKind.PREPRINT,
            venue=None,
            arxiv_id="1807.00001",
        ),
        paper_with_authors(
            PersonFactory(given_name="Piet", family_name="Hein"),
            title="On Evaluating Language Models",
            year=2017,
            kind=PaperKind.PREPRINT,
            venue=None,
            doi="10.48550/arxiv.1807.00001",  # arXiv's own DOI: the same id
        ),
    )
