"""The import plan, without a database: what each entry, author and venue would become."""

import pytest

from pubs.bibtex.normalize import normalize
from pubs.bibtex.paper_match import PaperIndex
from pubs.bibtex.paper_records import PaperRecord
from pubs.bibtex.parse import parse
from pubs.bibtex.people_match import PeopleIndex, PersonRecord
from pubs.bibtex.plan import NEW, UNDECIDED_AUTHORS, Decisions, NewVenue, build_plan
from pubs.bibtex.report import report_lines
from pubs.venues.resolution import VenueIndex, VenueRecord

PEOPLE = [
    PersonRecord(1, "Jin", "Fang"),
    PersonRecord(2, "Jiarui", "Fang"),
    PersonRecord(3, "Gongming", "Zhao"),
    PersonRecord(4, "Hongli", "Xu"),
    PersonRecord(5, "Liguang", "Xie"),
    PersonRecord(6, "Harry", "Xu"),
]
COAUTHORS = [(1, 3), (1, 4), (1, 5), (3, 4), (3, 5), (4, 5)]
VENUES = [
    VenueRecord(10, "IEEE International Conference on Network Protocols", "conference", "ICNP"),
    VenueRecord(11, "IEEE/ACM Transactions on Networking", "journal", "ToN"),
    VenueRecord(12, "Conference on Machine Learning and Systems", "conference", "MLSys"),
    VenueRecord(13, "arXiv", "preprint_server", "arXiv", "journals/corr"),
]
PREPRINT = PaperRecord(
    100,
    "USP: A Unified Sequence Parallelism Approach",
    2024,
    arxiv_id="2405.07719",
    kind="preprint",
)
EXISTING = {
    100: {
        "status": "preprint",
        "kind": "preprint",
        "year": 2024,
        "venue": 13,
        "container_title": "arXiv",
        "arxiv_id": "2405.07719",
        "doi": "",
        "pages": "",
    }
}


def plan_of(text: str, decisions: Decisions | None = None, counted=None, existing=None):
    parsed = parse(text)
    return build_plan(
        parsed,
        [normalize(entry) for entry in parsed.entries],
        people=PeopleIndex(PEOPLE, COAUTHORS),
        papers=PaperIndex([PREPRINT]),
        venues=VenueIndex(VENUES),
        existing=EXISTING if existing is None else existing,
        decisions=decisions,
        counted=counted,
    )


def persons(plan, entry=0):
    return [a.person for a in plan.entries[entry].authors]


def test_a_new_paper_is_created_with_its_people_and_venue():
    plan = plan_of(
        "@inproceedings{a, title={Titan}, year=2024, booktitle={ICNP'24}, "
        "author={Jin Fang and Gongming Zhao and Ada Lovelace}}"
    )
    (entry,) = plan.entries
    assert entry.action == "create" and entry.venue.venue == 10
    assert persons(plan)[:2] == [1, 3] and entry.authors[2].is_new
    assert plan.summary()["people_new"] == 1


def test_initials_are_decided_by_the_others_on_the_entry_round_by_round():
    plan = plan_of(
        "@article{a, title={T}, year=2024, journal={IEEE/ACM Transactions on Networking}, "
        "author={J. Fang and G. Zhao and H. Xu and L. Xie}}"
    )
    assert persons(plan) == [1, 3, 4, 5]
    assert [a.match.kind for a in plan.entries[0].authors] == [
        "coauthors",
        "initials",
        "coauthors",
        "initials",
    ]


def test_initials_without_evidence_block_the_import():
    plan = plan_of("@misc{a, title={T}, year=2024, author={J. Fang and Ada Lovelace}}")
    assert not plan.ready
    assert "J. Fang" in plan.blockers[0]


def test_a_choice_settles_an_ambiguous_name():
    plan = plan_of(
        "@misc{a, title={T}, year=2024, author={J. Fang and Ada Lovelace}}",
        Decisions(people={"J. Fang": 2}),
    )
    assert plan.ready and persons(plan)[0] == 2


def test_allowing_ambiguous_names_gives_them_a_flagged_person_of_their_own():
    plan = plan_of(
        "@misc{a, title={T}, year=2024, author={J. Fang}}", Decisions(allow_ambiguous=True)
    )
    (author,) = plan.entries[0].authors
    assert author.is_new and "could be" in author.note
    assert plan.ready


def test_an_ambiguous_name_s_flagged_person_completes_no_author_list():
    """Made only because "J. Fang" is ambiguous, the person may be another once the file is
    imported: the later entry leaves the list of the paper of its title as the first gives it."""
    plan = plan_of(
        "@misc{a, title={Titan}, year=2024, author={Harry Xu}}\n"
        "@misc{b, title={Titan}, year=2024, author={Harry Xu and J. Fang}}\n",
        Decisions(allow_ambiguous=True),
    )
    _, later = plan.entries
    assert later.same_as_entry == "a" and persons(plan) == [6]
    assert later.added_authors == [] and UNDECIDED_AUTHORS in str(later.record.problems)


def test_a_misspelling_becomes_a_new_person_unless_chosen():
    text = "@misc{a, title={T}, year=2024, author={Jin Fang and Gongmin Zhao}}"
    plan = plan_of(text)
    assert plan.entries[0].authors[1].is_new and len(plan.suggested) == 1
    assert persons(plan_of(text, Decisions(people={"Gongmin Zhao": 3})))[1] == 3


def test_a_full_name_elsewhere_in_the_file_is_found_for_initials():
    plan = plan_of(
        "@misc{a, title={A}, year=2024, author={Size Zheng and Jin Fang}}\n"
        "@misc{b, title={B}, year=2024, author={S. Zheng}}"
    )
    assert persons(plan, 1) == [persons(plan, 0)[0]]


def test_one_new_person_per_name_in_the_file():
    plan = plan_of(
        "@misc{a, title={A}, year=2024, author={Ada Lovelace}}\n"
        "@misc{b, title={B}, year=2024, author={Lovelace, Ada}}"
    )
    assert persons(plan, 0) == persons(plan, 1) and len(plan.new_people) == 1


def test_a_paper_twice_in_a_file_is_created_once():
    plan = plan_of(
        "@misc{a, title={Same Title}, year=2024}\n@misc{b, title={Same title.}, year=2024}"
    )
    assert [e.action for e in plan.entries] == ["create", "duplicate"]
    assert plan.entries[1].same_as_entry == "a"


def test_the_published_version_of_a_preprint_promotes_it():
    plan = plan_of(
        "@inproceedings{x, title={USP: A Unified Sequence Parallelism Approach}, "
        "year=2025, booktitle={MLSys'25}, pages={1--10}}"
    )
    (entry,) = plan.entries
    assert entry.action == "duplicate" and entry.promote
    assert entry.fill == {
        "kind": "conference",
        "status": "published",
        "year": 2025,
        "venue": 12,
        "container_title": "MLSys'25",
        "pages": "1--10",
    }


def test_a_preprint_whose_status_says_published_is_promoted_all_the_same():
    # A preprint entered with the form's default status is a preprint by its kind.
    existing = {100: {**EXISTING[100], "status": "published"}}
    plan = plan_of(
        "@inproceedings{x, title={USP: A Unified Sequence Parallelism Approach}, "
        "year=2025, booktitle={MLSys'25}}",
        existing=existing,
    )
    (entry,) = plan.entries
    assert entry.promote
    assert entry.fill["kind"] == "conference" and entry.fill["venue"] == 12


SCHEDULING_PREPRINT = (
    "@misc{pre, title={Scheduling Collectives Fast}, author={Jin Fang}, year=2024,"
    " eprint={2401.00001}, archivePrefix={arXiv}}\n"
)
SCHEDULING_PUBLISHED = (
    "@inproceedings{pub, title={Scheduling Collectives Fast}, author={Jin Fang}, year=2025,"
    " booktitle={%s}, doi={10.1109/x.1}, pages={1--9}}\n"
)


@pytest.mark.parametrize("preprint_first", [True, False])
def test_a_preprint_and_its_published_version_in_one_file_are_one_published_paper(preprint_first):
    """The published version is planned first wherever the file lists it: it creates the
    paper, and the preprint gives it its arXiv id."""
    published = SCHEDULING_PUBLISHED % "ICNP 2025"
    plan = plan_of(
        SCHEDULING_PREPRINT + published if preprint_first else published + SCHEDULING_PREPRINT
    )
    entries = {entry.key: entry for entry in plan.entries}
    assert entries["pre"].same_as_entry == "pub" and entries["pub"].action == "create"
    fields = {
        "kind": "conference",
        "status": "published",
        "year": 2025,
        "venue": 10,
        "container_title": "ICNP 2025",
        "arxiv_id": "2401.00001",
        "doi": "10.1109/x.1",
        "pages": "1--9",
    }
    assert {name: entries["pub"].values()[name] for name in fields} == fields
    assert plan.summary()["created"] == 1 and plan.summary()["updated"] == 0


def test_a_preprint_and_its_published_version_at_a_venue_to_create_are_a_paper_there():
    text = SCHEDULING_PREPRINT + SCHEDULING_PUBLISHED % "Workshop on Obscure Things"
    plan = plan_of(text, Decisions(create_venues=True))
    assert plan.entries[1].values()["venue"] == NewVenue("Workshop on Obscure Things")


def test_a_preprint_after_its_published_version_gives_it_its_arxiv_id_only():
    plan = plan_of(SCHEDULING_PUBLISHED % "ICNP 2025" + SCHEDULING_PREPRINT)
    first, later = plan.entries
    assert later.same_as_entry == "pub" and later.fill == {"arxiv_id": "2401.00001"}
    assert first.values()["kind"] == "conference" and first.values()["year"] == 2025


def test_an_entry_finds_the_paper_of_the_file_whose_identifier_it_gives():
    by_doi = "@article{third, title={Scheduling Collectives, Fast}, year=2025, doi={10.1109/x.1}}"
    plan = plan_of(SCHEDULING_PREPRINT + SCHEDULING_PUBLISHED % "ICNP 2025" + by_doi)
    assert plan.entries[2].same_as_entry == "pub"


def test_a_paper_titled_without_letters_takes_what_a_later_entry_adds():
    text = (
        "@misc{a, title={???}, year=2024, doi={10.1234/x}}\n"
        "@misc{b, title={???}, year=2024, doi={10.1234/x}, pages={1--2}}\n"
    )
    first, later = plan_of(text).entries
    assert later.same_as_entry == "a" and first.values()["pages"] == "1--2"


def test_the_unfound_venue_of_a_published_version_is_listed_for_a_choice():
    plan = plan_of(SCHEDULING_PREPRINT + SCHEDULING_PUBLISHED % "Workshop on Obscure Things")
    assert plan.unresolved_venues == {"Workshop on Obscure Things": ["pub"]}


def test_fields_already_set_are_kept_unless_overwriting_is_chosen():
    text = "@misc{x, title={USP: A Unified Sequence Parallelism Approach}, year=2024, eprint={2405.07719}, archivePrefix={arXiv}, doi={10.1145/1}}"
    kept = plan_of(text.replace("10.1145/1", "10.1145/1"))
    assert kept.entries[0].fill.get("doi") == "10.1145/1"  # empty before: filled in
    EXISTING[100]["doi"] = "10.1145/other"
    try:
        conflict = plan_of(text)
        assert "doi" in conflict.entries[0].conflicts and "doi" not in conflict.entries[0].fill
        chosen = plan_of(text, Decisions(overwrite={"x": True}))
        assert chosen.entries[0].fill["doi"] == "10.1145/1"
    finally:
        EXISTING[100]["doi"] = ""


USP = (
    "@misc{{{key}, title={{USP: A Unified Sequence Parallelism Approach}}, year=2024, "
    "eprint={{2405.07719}}, archivePrefix={{arXiv}}, pages={{{pages}}}}}\n"
)


def test_a_page_range_written_with_another_dash_is_no_difference():
    EXISTING[100]["pages"] = "1--10"
    try:
        plan = plan_of(USP.format(key="x", pages="1–10"), Decisions(overwrite_all=True))
        assert not plan.entries[0].conflicts and not plan.entries[0].fill
    finally:
        EXISTING[100]["pages"] = ""


def test_a_later_entry_of_the_file_never_overwrites_what_an_earlier_one_gave():
    plan = plan_of(
        USP.format(key="x", pages="1--10") + USP.format(key="y", pages="11--20"),
        Decisions(overwrite_all=True),
    )
    assert plan.entries[0].fill == {"pages": "1--10"}
    assert plan.entries[1].conflicts == {"pages": ("1--10", "11--20")}
    assert not plan.entries[1].fill


HOLTE = [
    PersonRecord(20, "Robert", "Holte"),
    PersonRecord(21, "Ariel", "Felner"),
    PersonRecord(22, "Jiannan", "Wang"),
]


def people_plan(text: str, coauthors=((20, 21),)):
    parsed = parse(text)
    return build_plan(
        parsed,
        [normalize(entry) for entry in parsed.entries],
        people=PeopleIndex(HOLTE, coauthors),
        papers=PaperIndex(),
        venues=VenueIndex(VENUES),
        existing={},
    )


def test_a_middle_name_on_one_side_is_a_suggestion_and_a_new_person():
    plan = people_plan(
        "@inproceedings{a, title={Partial Pattern Databases}, year=2007, "
        "author={Robert C. Holte and Ada Lovelace}}"
    )
    [(_, author)] = plan.suggested
    assert author.author.printed == "Robert C. Holte" and author.match.candidates == (20,)
    assert author.is_new


def test_a_particle_braced_or_not_is_one_new_person():
    plan = people_plan(
        r"@inproceedings{a, title={A}, year=2007, author={Tom\'{a}s de la Rosa}}"
        "\n"
        r"@inproceedings{b, title={B}, year=2008, author={Tom\'{a}s {de la Rosa}}}"
    )
    assert persons(plan, 0) == persons(plan, 1)
    assert plan.new_people[persons(plan, 0)[0]].family == "de la Rosa"


def test_a_family_name_in_capitals_first_finds_the_person():
    plan = people_plan("@misc{a, title={Data Cleaning}, year=2021, author={WANG Jiannan}}")
    assert persons(plan) == [22] and plan.entries[0].authors[0].match.kind == "exact"


def test_the_kind_follows_the_venue():
    plan = plan_of(
        "@article{a, title={TileLink}, year=2025, journal={Proceedings of Machine Learning and Systems}}"
    )
    assert plan.entries[0].kind == "conference"


def test_an_invalid_entry_blocks_the_import_unless_skipped():
    text = "@misc{a, title={T}, year=2024}\n@misc{b, year=2024}"
    assert not plan_of(text).ready
    plan = plan_of(text, Decisions(skip_invalid=True))
    assert plan.ready and [e.action for e in plan.entries] == ["create", "invalid"]


def test_an_unresolved_venue_is_listed_and_can_be_created():
    text = "@inproceedings{a, title={T}, year=2024, booktitle={Workshop on Obscure Things}}"
    assert plan_of(text).unresolved_venues == {"Workshop on Obscure Things": ["a"]}
    assert (
        plan_of(text, Decisions(venues={"Workshop on Obscure Things": NEW})).unresolved_venues == {}
    )


def test_the_paper_of_an_entry_s_doi_does_not_take_the_arxiv_id_of_another_paper():
    plan = plan_of(
        """@inproceedings{usp, title={Another Title}, author={Jin Fang}, year={2024},
  booktitle={ICNP}, doi={10.1109/ICNP.2024.1}}
@inproceedings{mixed, title={Another Title}, author={Jin Fang}, year={2025},
  booktitle={ICNP}, doi={10.1109/ICNP.2024.1}, eprint={2405.07719}, archiveprefix={arXiv}}
"""
    )
    mixed = plan.entries[1]
    assert mixed.duplicate.how == "doi" and "arxiv_id" not in mixed.fill
    assert plan.entries[0].values()["arxiv_id"] == ""
    assert any(
        "its arXiv id 2405.07719 is that of another paper (a paper already there)" in str(problem)
        for problem in plan.warnings
    ), plan.warnings


WORKSHOP_AND_FULL = (
    "@inproceedings{full, title={Scheduling Collectives}, year=2024,"
    " author={Jin Fang and Harry Xu and Gongming Zhao},"
    " booktitle={IEEE International Conference on Network Protocols}}\n"
    "@inproceedings{workshop, title={Scheduling Collectives}, year=2024,"
    " author={Gongming Zhao and G. Zhao},"
    " booktitle={ICNP Workshop on Obscure Engines}}\n"
)


def test_an_entry_listing_one_human_under_two_names_is_counted_as_stored():
    """ "G. Zhao" is Gongming Zhao, listed already: the workshop paper will have one author,
    not two, which the plan gives for planning the file again."""
    plan = plan_of(WORKSHOP_AND_FULL)
    assert plan.counted == {"workshop": (frozenset({"zhao"}),)}


def test_planned_again_with_its_authors_counted_as_stored_the_file_compares_as_imported():
    """Two authors, one in common with the full paper: no version of it; one, in common: a
    version, as the next import, comparing the stored papers, would find."""
    first = plan_of(WORKSHOP_AND_FULL)
    assert first.entries[1].versions == []
    again = plan_of(WORKSHOP_AND_FULL, counted=first.counted)
    assert [v.entry_key for v in again.entries[1].versions] == ["full"]
    assert again.counted == first.counted


def test_a_new_paper_takes_nothing_from_other_entries_unless_one_gives_it():
    """The verbose report says what a new paper takes from other entries: nothing, for an
    entry alone of its paper."""
    plan = plan_of(
        "@article{a, title={Exact Solvers for Knapsack}, author={Ana Ruiz},"
        " journal={INFORMS Journal on Computing}, year=2026}"
    )
    [entry] = plan.entries
    assert (
        entry.merged == {} and "other entries" not in report_lines("f.bib", plan, verbose=True)[5]
    )


def test_an_identifier_another_paper_holds_is_withheld_from_the_new_paper():
    plan = plan_of(
        "@article{m1, author={Ulla Stern}, title={A Tutorial on Bayesian Things},"
        " journal={arXiv preprint arXiv:1807.00001}, year=2018}\n"
        "@article{m2, author={Piet Hein}, title={On Evaluating Language Models},"
        " journal={arXiv preprint arXiv:1807.00001}, year=2017}"
    )
    first, second = plan.entries
    assert (first.withheld, second.withheld) == (["arxiv_id"], [])
    assert first.values()["arxiv_id"] == "" and first.merged == {}


def test_a_chapter_of_a_meeting_s_proceedings_is_a_conference_paper():
    plan = plan_of(
        "@incollection{c, author={Ana Ruiz}, title={Exact Solvers for Knapsack}, year=1995,"
        " booktitle={Proceedings of the 14th International Joint Conference on Artificial"
        " Intelligence (IJCAI-95)}}"
    )
    assert plan.entries[0].kind == "conference"


def test_a_chapter_of_a_book_stays_a_chapter():
    plan = plan_of(
        "@incollection{c, author={Ana Ruiz}, title={Iterated Local Search}, year=2010,"
        " booktitle={Handbook of Metaheuristics}}"
    )
    assert plan.entries[0].kind == "book"
