from pubs.bibtex.paper_match import PaperIndex, PaperRecord, title_key

GOAT = PaperRecord(
    1,
    "GOAT: Gradient Scheduling with Collaborative In-Network Aggregation",
    2023,
    doi="10.1109/iwqos.1",
    kind="conference",
)
USP = PaperRecord(
    2, "USP: A Unified Sequence Parallelism Approach", 2024, arxiv_id="2405.07719", kind="preprint"
)


def index() -> PaperIndex:
    return PaperIndex([GOAT, USP])


def test_same_doi():
    assert index().find(title="Other", year=2000, doi="10.1109/iwqos.1").how == "doi"


def test_same_arxiv_id():
    assert index().find(title="Other", year=2000, arxiv_id="2405.07719").how == "arxiv"


def test_same_title_whatever_the_case_and_punctuation():
    found = index().find(
        title="goat - gradient scheduling with collaborative in network aggregation", year=2023
    )
    assert found.paper is GOAT


def test_same_title_a_year_apart():
    assert index().find(title=GOAT.title, year=2024) is not None


def test_same_title_years_apart_is_another_paper():
    assert index().find(title=GOAT.title, year=2020) is None


def test_a_preprint_published_two_years_later_is_the_same_paper():
    assert index().find(title=USP.title, year=2026, kind="conference").paper is USP


def test_same_title_with_another_doi_is_another_paper():
    assert index().find(title=GOAT.title, year=2023, doi="10.1145/other") is None


def test_title_key():
    assert title_key("Naïve  Bayes: A {Study}") == title_key("naive bayes a study")
