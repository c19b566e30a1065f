"""Venue resolution on real-world venue strings (tests/data/venue_strings.csv) against the
whole CCF catalogue: DBLP, IEEE, ACM, Springer, Google Scholar, al-folio, hand-written and
Chinese forms, and strings that must stay unresolved (workshops, look-alikes, vague text)."""

import csv
from pathlib import Path

import pytest

from pubs.venues.catalogue import load_catalogue
from pubs.venues.resolution import VenueIndex

DATA = Path(__file__).resolve().parents[2] / "data"
#: The set collected while the resolver was written, and one collected apart from it.
DATA_SETS = ["venue_strings.csv", "venue_strings_holdout.csv"]


@pytest.fixture(scope="module")
def index() -> VenueIndex:
    venues, _ = load_catalogue()
    return VenueIndex(venue.as_record() for venue in venues)


@pytest.fixture(scope="module", params=DATA_SETS)
def outcomes(request, index: VenueIndex) -> list[tuple[dict, str, str]]:
    with (DATA / request.param).open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    results = []
    for row in rows:
        resolution = index.resolve(**{row["bibtex_field"]: row["string"]})
        got = resolution.venue.dblp_key if resolution.venue else ""
        results.append((row, got, resolution.reason))
    return results


def test_the_data_set_is_large_and_varied(outcomes):
    resolvable = [row for row, _, _ in outcomes if row["expected_dblp_key"]]
    assert len(resolvable) >= 110
    assert len(outcomes) - len(resolvable) >= 30
    sources = {row["source"] for row, _, _ in outcomes}
    assert {"dblp", "ieee", "acm", "springer", "scholar", "handwritten", "chinese"} <= sources


def test_at_least_95_percent_of_venue_strings_resolve_right(outcomes):
    resolvable = [(row, got) for row, got, _ in outcomes if row["expected_dblp_key"]]
    right = sum(1 for row, got in resolvable if got == row["expected_dblp_key"])
    assert right / len(resolvable) >= 0.95


def test_no_string_resolves_to_a_wrong_venue(outcomes):
    wrong = [
        (row["string"], row["expected_dblp_key"], got, reason)
        for row, got, reason in outcomes
        if got and got != row["expected_dblp_key"]
    ]
    assert wrong == []


def test_strings_that_name_no_ranked_venue_stay_unresolved(outcomes):
    guessed = [
        (row["string"], got, reason)
        for row, got, reason in outcomes
        if not row["expected_dblp_key"] and got
    ]
    assert guessed == []


@pytest.mark.parametrize(
    ("field", "text", "slug"),
    [
        ("booktitle", "IEEE International Conference on Network Protocols", "icnp"),
        ("journal", "IEEE/ACM Transactions on Networking", "ton"),
        ("booktitle", "IEEE/ACM International Symposium on Quality of Service", "iwqos"),
        ("journal", "Computer Networks", "cn"),
        ("booktitle", "International World Wide Web Conferences", "www"),
        ("booktitle", "MLSys'25", "mlsys"),
        ("journal", "Arxiv", "arxiv"),
        ("booktitle", "The 2024 International Conference on Learning Representations", "iclr"),
        (
            "booktitle",
            "Proceedings of the 29th ACM SIGPLAN Annual Symposium on Principles and "
            "Practice of Parallel Programming",
            "ppopp",
        ),
        (
            "booktitle",
            "Proceedings of the 52nd International Conference on Parallel Processing",
            "icpp",
        ),
        ("journal", "IEEE Transactions on Parallel and Distributed Systems", "tpds"),
        (
            "booktitle",
            "Proceedings of the 60th Annual Meeting of the Association for Computational "
            "Linguistics",
            "acl",
        ),
        ("journal", "Journal of Parallel and Distributed Computing", "jpdc"),
        ("booktitle", "IEEE Cluster", "cluster"),
        ("journal", "ACM Transactions on Architecture and Code Optimization", "taco"),
        (
            "booktitle",
            "2017 IEEE International Parallel and Distributed Processing Symposium",
            "ipdps",
        ),
        (
            "booktitle",
            "IEEE 23rd International Conference on High-Performance Computing, Data, and Analytics",
            "hipc",
        ),
        (
            "booktitle",
            "IEEE 21st International Conference on Parallel and Distributed Systems",
            "icpads",
        ),
        ("booktitle", "ASPLOS '24", "asplos"),
        ("booktitle", "NSDI '24", "nsdi"),
    ],
)
def test_every_venue_the_seeds_print_resolves(index, field, text, slug):
    assert index.resolve(**{field: text}).venue.key == slug
