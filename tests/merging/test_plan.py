"""The plan of a merge (people.merging): plain data in, what becomes of every row out."""

from datetime import date

from people.merging import (
    AdvisingRecord,
    AuthorshipRecord,
    MembershipRecord,
    PersonRecord,
    SharedPaper,
    plan_merge,
)

GONGMING = PersonRecord(
    pk=1, given_name="Gongming", family_name="Zhao", slug="gongming-zhao", variants=("G. Zhao",)
)
GONGMIN = PersonRecord(
    pk=2,
    given_name="Gongmin",
    family_name="Zhao",
    slug="gongmin-zhao",
    native_name="赵功名",
    variants=("Zhao, Gongmin", "G. Zhao"),
)


def authorship(pk, paper, person, position, **fields) -> AuthorshipRecord:
    return AuthorshipRecord(pk=pk, paper_id=paper, person_id=person, position=position, **fields)


def test_the_other_names_become_variants_once_each():
    plan = plan_merge(GONGMING, [GONGMIN])
    assert plan.person_changes["variants"] == ["G. Zhao", "Gongmin Zhao", "Zhao, Gongmin"]


def test_the_kept_person_takes_the_fields_it_lacks_and_keeps_its_own():
    kept = PersonRecord(1, "Gongming", "Zhao", "gz", profile={"homepage": "https://a.example"})
    other = PersonRecord(
        2,
        "Gongmin",
        "Zhao",
        "gz2",
        native_name="赵功名",
        profile={"homepage": "https://b.example", "github": "https://github.com/gz"},
        email="gz@example.org",
        email_public=True,
    )
    changes = plan_merge(kept, [other]).person_changes
    assert "homepage" not in changes
    assert changes["github"] == "https://github.com/gz"
    assert changes["native_name"] == "赵功名"
    assert (changes["email"], changes["email_public"]) == ("gz@example.org", True)
    assert "赵功名" not in changes["variants"]


def test_the_others_authorships_move_to_the_kept_person_with_their_printed_names():
    plan = plan_merge(
        GONGMING,
        [GONGMIN],
        authorships=[authorship(10, 100, 2, 3, printed_name="Gongmin Zhao")],
    )
    assert plan.authorship_changes == {10: {"person_id": 1}}
    assert not plan.authorship_deletes


def test_a_paper_both_authored_keeps_the_earlier_position_and_closes_the_gap():
    rows = [
        authorship(10, 100, 9, 1),
        authorship(11, 100, 2, 2, printed_name="G. Zhao", corresponding=True),
        authorship(12, 100, 8, 3),
        authorship(13, 100, 1, 4, printed_name="Gongming Zhao", equal_contribution=True),
        authorship(14, 100, 7, 6),  # position 5 was never recorded: that gap stays
    ]
    plan = plan_merge(GONGMING, [GONGMIN], authorships=rows)
    assert plan.authorship_deletes == [13]
    assert plan.authorship_changes == {
        11: {"person_id": 1, "equal_contribution": True},
        14: {"position": 5},
    }
    assert plan.shared_papers == [SharedPaper(100, kept_position=2, dropped_positions=(4,))]
    assert "Gongming Zhao" not in plan.person_changes["variants"]  # the kept person's name


def test_the_dropped_authorships_printed_name_is_kept_as_a_variant():
    rows = [authorship(10, 100, 1, 1), authorship(11, 100, 2, 2, printed_name="G. M. Zhao")]
    plan = plan_merge(GONGMING, [GONGMIN], authorships=rows)
    assert "G. M. Zhao" in plan.person_changes["variants"]


def test_three_people_on_one_paper_leave_one_author_and_no_duplicate_position():
    third = PersonRecord(3, "G.", "Zhao", "g-zhao")
    rows = [authorship(pk, 100, person, pk - 9) for pk, person in ((10, 3), (11, 2), (12, 1))]
    rows.append(authorship(13, 100, 6, 4))
    plan = plan_merge(GONGMING, [GONGMIN, third], authorships=rows)
    assert sorted(plan.authorship_deletes) == [11, 12]
    assert plan.authorship_changes == {10: {"person_id": 1}, 13: {"position": 2}}


def test_memberships_move_and_a_duplicate_is_dropped():
    memberships = [
        MembershipRecord(1, person_id=1, group_id=5, role="phd", start=date(2020, 9, 1)),
        MembershipRecord(2, person_id=2, group_id=5, role="phd", start=date(2020, 9, 1)),
        MembershipRecord(3, person_id=2, group_id=6, role="visitor"),
    ]
    plan = plan_merge(GONGMING, [GONGMIN], memberships=memberships)
    assert plan.membership_deletes == [2]
    assert plan.membership_moves == [3]


def test_advising_moves_and_never_makes_someone_their_own_advisor():
    advising = [
        AdvisingRecord(1, student_id=2, advisor_id=9),
        AdvisingRecord(2, student_id=1, advisor_id=9),  # the same pair once merged
        AdvisingRecord(3, student_id=2, advisor_id=1),  # would advise themselves
        AdvisingRecord(4, student_id=8, advisor_id=2),
    ]
    plan = plan_merge(GONGMING, [GONGMIN], advising=advising)
    assert sorted(plan.advising_deletes) == [1, 3]
    assert plan.advising_changes == {4: {"student_id": 8, "advisor_id": 1}}


def test_people_with_different_orcids_are_not_merged():
    kept = PersonRecord(1, "A", "Zhao", "a", profile={"orcid": "0000-0002-1825-0097"})
    other = PersonRecord(2, "A", "Zhao", "b", profile={"orcid": "0000-0001-5109-3700"})
    plan = plan_merge(kept, [other])
    assert not plan.allowed
    assert "different ORCID" in plan.refusals[0]


def test_two_logins_are_not_merged():
    kept = PersonRecord(1, "A", "Zhao", "a", user_id=1)
    other = PersonRecord(2, "A", "Zhao", "b", user_id=2)
    assert "login" in plan_merge(kept, [other]).refusals[0]


def test_the_kept_person_takes_the_others_login():
    other = PersonRecord(2, "A", "Zhao", "b", user_id=7)
    assert plan_merge(GONGMING, [other]).person_changes["user_id"] == 7


def test_internal_notes_are_joined():
    kept = PersonRecord(1, "A", "Zhao", "a", internal_note="Moved to Tencent.")
    other = PersonRecord(2, "A", "Zhao", "b", internal_note="Same as a?")
    assert (
        plan_merge(kept, [other]).person_changes["internal_note"]
        == "Moved to Tencent.\n\nSame as a?"
    )
