"""OpenAlex by DOI and by title, against its recorded answers."""

import json

import pytest

from pubs.sources import openalex
from pubs.sources.http import BadAnswer
from tests.sources.replay import DATA

WORKS = "https://api.openalex.org/works"
DOI = "10.34133/2020/8086309"


def test_dois_give_their_citation_counts(http, replay):
    replay.recorded(WORKS, "openalex/work_by_doi.json", filter=DOI)
    found = openalex.by_dois(http, [f"https://doi.org/{DOI}"])
    work = found[DOI]
    assert work.cited_by == 14 and work.openalex_id == "W3018513801" and work.year == 2020
    [request] = replay.requests
    assert request.url.params["filter"] == f"doi:{DOI}"
    assert request.url.params["mailto"] == "pubs-admin@lab.example.edu"


def test_a_title_gives_the_one_work_of_that_title(http, replay):
    replay.recorded(WORKS, "openalex/work_by_doi.json", filter="title.search")
    work = openalex.by_title(
        http, "Evaluating and mapping grape color using image-based phenotyping", 2020
    )
    assert work is not None and work.doi == DOI
    assert "publication_year:2020" in replay.requests[0].url.params["filter"]


def test_a_work_found_says_which_version_it_is(http, replay):
    replay.recorded(WORKS, "openalex/work_by_doi.json", filter="title.search")
    work = openalex.by_title(
        http, "Evaluating and mapping grape color using image-based phenotyping", 2020
    )
    assert (work.kind, work.container, work.volume, work.issue, work.pages) == (
        "journal-article",
        "Plant phenomics",
        "2020",
        "",
        "",
    )
    assert (work.year, work.month) == (2020, None)  # "2020-01-01": the year alone


def test_a_title_that_is_not_the_work_found_gives_none(http, replay):
    replay.recorded(WORKS, "openalex/work_by_doi.json", filter="title.search")
    assert openalex.by_title(http, "Evaluating Grape Color") is None


def test_an_answer_without_results_is_a_bad_answer():
    with pytest.raises(BadAnswer):
        openalex.read_works({"error": "Invalid query parameters error."})


def recorded_work() -> dict:
    """The one work of the recorded list answer."""
    answer = json.loads((DATA / "openalex/work_by_doi.json").read_text(encoding="utf-8"))
    [work] = answer["results"]
    return work


@pytest.mark.parametrize("count", [2**31, 10**7, -5, True, "14", 14.0, None])
def test_a_citation_count_that_is_not_one_is_unknown(count):
    [work] = openalex.read_works({"results": [{**recorded_work(), "cited_by_count": count}]})
    assert work.cited_by is None and work.doi == DOI


def test_a_work_with_a_count_that_is_not_one_leaves_the_others_counted():
    other = {**recorded_work(), "id": "https://openalex.org/W1", "doi": "10.1/other"}
    works = openalex.read_works({"results": [{**recorded_work(), "cited_by_count": 2**31}, other]})
    assert [work.cited_by for work in works] == [None, 14]


def test_a_result_without_an_id_is_left_out_and_the_others_kept():
    works = openalex.read_works({"results": [{"cited_by_count": 3}, recorded_work()]})
    assert [work.openalex_id for work in works] == ["W3018513801"]
