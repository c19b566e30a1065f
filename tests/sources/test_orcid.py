"""A person's works from ORCID's public API, on recorded answers (tests/data/sources/orcid:
dissemin's recordings of API v2.1, rorcid's cassettes of API v3.0); the field by field
reading of each recorded work is in recorded_records.py. The answers of failures (a 404, a
work in full that does not come back) are written here."""

import json

import httpx
import pytest

from people.orcid import annotated_orcids
from pubs.bibtex.normalize import parse_and_normalize
from pubs.services.sources import identifiers_bibtex
from pubs.sources import orcid
from pubs.sources.http import BadAnswer, NotFound
from pubs.sources.identifiers import read_identifiers
from tests.sources.orcid_answers import DELPEUCH, DELPEUCH_WORKS, serve_delpeuch, work_in_full
from tests.sources.recorded_records import GUNJAL_WORKS
from tests.sources.replay import DATA, Route, cassette_interactions

CHAMBERLAIN = "0000-0003-1444-9135"
NGO_WORKS = "orcid/0000-0002-1909-134X-works-27359862,27359867,27359865,27359868.json"
NGO = orcid.Owner("0000-0002-1909-134X", "Trung", "Ngo")


@pytest.fixture
def delpeuch(replay):
    serve_delpeuch(replay)
    return replay


def test_a_record_is_asked_for_its_owner_its_works_and_their_details_in_one_batch(http, delpeuch):
    orcid.person_works(http, DELPEUCH)
    assert [request.url.path for request in delpeuch.requests] == [
        f"/v3.0/{DELPEUCH}/person",
        f"/v3.0/{DELPEUCH}/works",
        f"/v3.0/{DELPEUCH}/works/45993824,47337044,47337045,46050270,15894056,16667185",
    ]
    assert {request.url.host for request in delpeuch.requests} == {"pub.orcid.org"}
    assert {request.headers["Accept"] for request in delpeuch.requests} == {"application/json"}


def test_each_group_of_a_record_is_one_work_in_orcids_order(http, delpeuch):
    works = orcid.person_works(http, DELPEUCH)
    assert [work.kind for work in works] == [
        "preprint", "other", "other", "thesis", "journal", "conference",
    ]  # fmt: skip


def test_the_owner_named_by_a_work_carries_their_id_and_coauthors_none(http, delpeuch):
    eacl = orcid.person_works(http, DELPEUCH)[5]  # its authors: from the BibTeX citation
    assert [(a.name, a.orcid) for a in eacl.authors] == [
        ("Antonin Delpeuch", DELPEUCH),
        ("Anne Preller", ""),
    ]


def test_the_contributor_with_the_owners_id_is_the_owner_and_others_keep_their_ids():
    work = orcid.read_work(work_in_full(NGO_WORKS, 27359865), NGO)
    assert [(a.name, a.orcid) for a in work.authors] == [
        ("Gregory Been", ""),
        ("Trung Thanh Ngo", "0000-0002-1909-134X"),
        ("Steven Miller", ""),
        ("Paul B Fitzgerald", "0000-0003-4217-8096"),
    ]


def test_the_owner_is_found_by_family_name_and_initial():
    gunjal = orcid.Owner("0000-0002-9658-1473", "Bhojaraju", "Gunjal")
    chapter = orcid.read_work(work_in_full(GUNJAL_WORKS, 36669784), gunjal)
    assert [(a.name, a.orcid) for a in chapter.authors] == [
        ("B Gunjal", "0000-0002-9658-1473"),
        ("P Gaitanou", ""),
    ]


def test_a_namesake_with_another_given_name_is_not_the_owner(http, delpeuch):
    someone = orcid.Owner("0000-0002-1825-0097", "Pierre", "Delpeuch")
    eacl = work_in_full(DELPEUCH_WORKS, 16667185)
    assert [a.orcid for a in orcid.read_work(eacl, someone).authors] == ["", ""]


def test_a_work_that_names_no_author_lists_the_owner_alone():
    boersch_supan = orcid.Owner("0000-0001-6723-6833", "Philipp", "Boersch-Supan")
    thesis = orcid.read_work(
        work_in_full("orcid/0000-0001-6723-6833-works-36115041.json", 36115041), boersch_supan
    )
    assert [(a.name, a.orcid) for a in thesis.authors] == [
        ("Philipp Boersch-Supan", "0000-0001-6723-6833")
    ]
    assert (thesis.kind, thesis.container, thesis.publisher) == (
        "thesis",
        "",
        "University of St Andrews",
    )


def test_api_v3_answers_give_the_owner_and_one_summary_per_group():
    person, works = (
        json.loads(i["response"]["body"]["string"])
        for i in cassette_interactions("orcid/works.yml")[2:4]
    )
    owner = orcid.read_owner(CHAMBERLAIN, person)
    summaries = orcid.read_summaries(works)
    assert (owner.given, owner.family, owner.credit) == (
        "Scott",
        "Chamberlain",
        "Scott A Chamberlain",
    )
    assert len(summaries) == len(works["group"]) == 111
    assert summaries[0][0] == 44924450


class EveryBatch(Route):
    """Answers every request for works in full of a record (a path that starts so)."""

    def answers(self, request: httpx.Request) -> bool:
        return request.url.host == self.host and request.url.path.startswith(self.path)


def test_a_work_in_full_that_does_not_come_back_is_read_from_its_summary(http, replay):
    for interaction in cassette_interactions("orcid/works.yml")[2:4]:
        replay.route(interaction["request"]["uri"], interaction["response"]["body"]["string"])
    # Written here: an answer in which no work comes back.
    replay.routes.append(
        EveryBatch("pub.orcid.org", f"/v3.0/{CHAMBERLAIN}/works/", 200, '{"bulk": []}')
    )
    works = orcid.person_works(http, CHAMBERLAIN)
    assert len(works) == 111
    assert (works[0].title, works[0].doi) == (
        "Phylogeny Based Biodiversity Data Queries",
        "10.3897/biss.2.25589",
    )
    assert [(a.name, a.orcid) for a in works[0].authors] == [("Scott A Chamberlain", CHAMBERLAIN)]


def test_works_in_full_are_asked_at_most_a_hundred_a_request(http, replay):
    for interaction in cassette_interactions("orcid/works.yml")[2:4]:
        replay.route(interaction["request"]["uri"], interaction["response"]["body"]["string"])
    replay.routes.append(
        EveryBatch("pub.orcid.org", f"/v3.0/{CHAMBERLAIN}/works/", 200, '{"bulk": []}')
    )
    orcid.person_works(http, CHAMBERLAIN)
    batches = [request.url.path.rsplit("/", 1)[1] for request in replay.requests[2:]]
    assert [len(batch.split(",")) for batch in batches] == [100, 11]


def test_an_unknown_id_is_not_found(http, replay):
    replay.route(f"{orcid.API}0000-0002-1825-0097/person", "{}", status=404)
    with pytest.raises(NotFound):
        orcid.person_works(http, "0000-0002-1825-0097")


def test_an_answer_without_works_is_a_bad_answer():
    with pytest.raises(BadAnswer):
        orcid.read_summaries({"error": "not a list of works"})


def test_a_pasted_orcid_id_becomes_the_bibtex_of_the_persons_works(http, delpeuch):
    identifiers, _ = read_identifiers(f"https://orcid.org/{DELPEUCH}")
    text, problems = identifiers_bibtex(identifiers=identifiers, http=http)
    records = parse_and_normalize(text)[1]
    assert problems == [] and len(records) == 6
    preprint = next(record for record in records if record.kind == "preprint")
    assert preprint.arxiv_id == "1804.07832"
    assert annotated_orcids(preprint.extra["author+an:orcid"]) == {1: DELPEUCH}


def test_the_summary_standing_for_a_group_is_the_one_its_owner_prefers():
    record = json.loads((DATA / "orcid/0000-0002-9658-1473.json").read_text(encoding="utf-8"))
    works = record["activities-summary"]["works"]
    summaries = dict(orcid.read_summaries(works))
    group = next(g for g in works["group"] if len(g["work-summary"]) == 5)
    assert [s["display-index"] for s in group["work-summary"]] == ["15", "14", "13", "12", "11"]
    assert 12862778 in summaries
    assert not {33744574, 33744550, 33744937, 36669780} & set(summaries)
