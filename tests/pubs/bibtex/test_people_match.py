"""Who an author is: each rule, and that two people are never merged silently."""

from collections.abc import Callable, Hashable
from operator import attrgetter

import pytest

from pubs.bibtex.names import parse_name
from pubs.bibtex.people_match import (
    HUB_MIN_PEOPLE,
    MAX_CANDIDATES,
    MAX_CLOSE_NAMES,
    RULES,
    PeopleIndex,
    PersonMatch,
    PersonRecord,
    given_names_agree,
    initial_first_agrees,
    short_given_agrees,
)

PEOPLE = [
    PersonRecord("jin", "Jin", "Fang", variants=("J. Fang",)),
    PersonRecord("jiarui", "Jiarui", "Fang", native="方佳瑞", variants=("Jiarui, Fang",)),
    PersonRecord("gongming", "Gongming", "Zhao", native="赵功名"),
    PersonRecord("hongli", "Hongli", "Xu", native="徐宏力"),
    PersonRecord("haohuan", "Haohuan", "Fu"),
    PersonRecord("guangwen", "Guangwen", "Yang"),
    PersonRecord("liwen", "Li-Wen", "Chang"),
    PersonRecord("hinton", "Geoffrey E.", "Hinton"),
    PersonRecord("bengio", "Yoshua", "Bengio"),
    PersonRecord("wang-a", "Wei", "Wang"),
    PersonRecord("wang-b", "Wei", "Wang"),
    PersonRecord("czeslaw", "Czesław", "Smutnicki"),
]
COAUTHORS = [
    ("jin", "gongming"),
    ("jin", "hongli"),
    ("jiarui", "haohuan"),
    ("jiarui", "guangwen"),
    ("haohuan", "guangwen"),
    ("wang-a", "hongli"),
    ("hinton", "bengio"),
]


@pytest.fixture
def index() -> PeopleIndex:
    return PeopleIndex(PEOPLE, COAUTHORS)


def match(index, name, *coauthors):
    return index.match(parse_name(name), coauthors)


@pytest.mark.parametrize("name", ["Jin Fang", "Fang, Jin", "Jin  Fang"])
def test_the_same_name(index, name):
    assert (match(index, name).kind, match(index, name).person) == ("exact", "jin")


def test_a_name_in_capitals(index):
    assert match(index, "FANG, JIN").person == "jin"


def test_a_recorded_variant(index):
    assert match(index, "Fang Jiarui").person == "jiarui"


@pytest.mark.parametrize(("name", "person"), [("徐宏力", "hongli"), ("方佳瑞", "jiarui")])
def test_a_chinese_script_name(index, name, person):
    result = match(index, name)
    assert (result.kind, result.person) == ("native", person)


def test_accents_and_special_letters_do_not_matter(index):
    assert match(index, "Czeslaw Smutnicki").person == "czeslaw"


def test_hyphens_do_not_matter(index):
    assert match(index, "Li Wen Chang").person == "liwen"


def test_initials_that_fit_one_person(index):
    result = match(index, "G. Zhao")
    assert (result.kind, result.person) == ("initials", "gongming")


def test_initials_that_fit_two_people_are_ambiguous_without_evidence(index):
    result = match(index, "J. Fang")
    assert result.kind == "ambiguous" and result.person is None
    assert set(result.candidates) == {"jin", "jiarui"}


@pytest.mark.parametrize(
    ("coauthors", "person"), [(("gongming", "hongli"), "jin"), (("haohuan",), "jiarui")]
)
def test_co_authors_decide_between_people_the_initials_fit(index, coauthors, person):
    result = match(index, "J. Fang", *coauthors)
    assert (result.kind, result.person) == ("coauthors", person)


def test_a_paper_is_no_evidence_of_who_its_own_authors_are(index):
    """Once "J. Fang" of a paper with Gongming Zhao is Jiarui Fang's, imported, that paper
    no longer makes him "the Fang who wrote with Gongming Zhao" when it is read again."""
    index.link_all(("jiarui", "gongming"), "their-paper")
    assert match(index, "J. Fang", "gongming").kind == "ambiguous"
    found = index.match(parse_name("J. Fang"), {"gongming"}, "their-paper")
    assert (found.kind, found.person) == ("coauthors", "jin")


def test_a_person_known_by_initials_alone_has_the_name_only_when_the_others_tie(index):
    """ "J. Fang", a person made for a name that could be Jin Fang or Jiarui Fang, is no
    third candidate beside them: co-authors decide between the two, and when they cannot,
    the name is that person's."""
    index.add(PersonRecord("j-fang", "J.", "Fang"))
    index.link_all(("j-fang", "gongming", "haohuan"))
    assert match(index, "J. Fang", "haohuan").person == "jiarui"
    found = match(index, "J. Fang")
    assert (found.kind, found.person) == ("kept_for_several", "j-fang")


def test_initials_with_a_middle_initial_someone_lacks_are_a_suggestion(index):
    result = match(index, "G. M. Zhao")
    assert (result.kind, result.person, result.candidates) == ("suggestion", None, ("gongming",))
    assert "with a middle initial" in result.reason


def test_two_people_of_one_name_are_told_apart_by_co_authors(index):
    assert match(index, "Wei Wang").kind == "ambiguous"
    assert match(index, "Wei Wang", "hongli").person == "wang-a"


def test_a_misspelling_is_a_suggestion_never_a_match(index):
    result = match(index, "Gongmin Zhao")
    assert (result.kind, result.person, result.candidates) == ("suggestion", None, ("gongming",))


def test_a_wrong_family_name_with_shared_co_authors_is_a_suggestion(index):
    result = match(index, "Haohuan Fang", "jiarui", "guangwen")
    assert result.kind == "suggestion" and result.candidates == ("haohuan",)


def test_a_middle_name_written_out_or_as_an_initial_is_the_same_person(index):
    result = match(index, "Geoffrey Everest Hinton")
    assert (result.kind, result.person) == ("middle", "hinton")


def test_a_middle_name_on_one_side_only_is_a_suggestion(index):
    result = match(index, "Geoffrey Hinton")
    assert (result.kind, result.person, result.candidates) == ("suggestion", None, ("hinton",))


@pytest.mark.parametrize(
    ("name", "families"),
    [
        ("Hongli Xu", {"Xu"}),
        ("Xu Hongli", {"Xu"}),
        ("Fang Jiarui", {"Fang"}),
        ("Ada Lovelace", set()),
    ],
)
def test_the_family_names_of_the_people_a_name_is_written_as(index, name, families):
    assert index.families_named(parse_name(name)) == families


def test_a_name_in_chinese_order_is_a_suggestion(index):
    result = match(index, "Xu Hongli")
    assert (result.kind, result.candidates) == ("suggestion", ("hongli",))


def test_a_name_written_another_way_is_a_suggestion_co_authors_may_confirm(index):
    assert match(index, "Xu Hongli").confirmable
    assert match(index, "Geoffrey Hinton").confirmable
    assert match(index, "Gongmin Zhao").confirmable
    assert not match(index, "G. M. Zhao").confirmable


def confirm(index, name, *papers):
    """Whether the file's ``name`` (the person "form" meanwhile), who wrote ``papers`` (each
    a tuple of co-authors), is confirmed as the person its suggestion names."""
    author = parse_name(name)
    for coauthors in papers:
        index.link_all(("form", *coauthors))
    return index.confirm({"form": (author, index.match(author))}).get("form")


def test_a_middle_name_on_one_side_with_a_co_author_few_share_is_the_same_person(index):
    found = confirm(index, "Geoffrey Hinton", ("bengio",))
    assert (found.kind, found.person) == ("middle_one_side", "hinton")
    assert "Yoshua Bengio" in found.reason


def test_a_name_in_chinese_order_with_a_co_author_few_share_is_the_same_person(index):
    found = confirm(index, "Xu Hongli", ("jin", "wang-a"))
    assert (found.kind, found.person) == ("chinese_order", "hongli")


def test_a_name_confirmed_brings_its_co_authors_to_the_person(index):
    confirm(index, "Geoffrey Hinton", ("bengio", "ada"))
    assert index.coauthors("hinton") == {"bengio", "ada"}


def test_a_middle_name_on_one_side_without_a_co_author_in_common_stays_a_suggestion(index):
    assert confirm(index, "Geoffrey Hinton", ("haohuan",)) is None


def test_two_names_of_one_author_list_are_two_people(index):
    assert confirm(index, "Geoffrey Hinton", ("bengio", "hinton")) is None


def test_a_co_author_everyone_shares_confirms_nothing(index):
    for number in range(30):
        index.add(PersonRecord(f"student{number}", f"Student{number}", "Doe"))
        index.link(f"student{number}", "bengio")
    assert confirm(index, "Geoffrey Hinton", ("bengio",)) is None


def lab(index, head: tuple[str, ...], members: int) -> None:
    """A lab: ``members`` students, each of whom wrote with every one of ``head``."""
    for number in range(members):
        student = f"student{number}"
        index.add(PersonRecord(student, f"Student{number}", "Doe"))
        index.link_all((student, *head))


def test_a_middle_name_on_one_side_with_the_same_co_authors_is_the_same_person(index):
    """Kevin Murphy and Kevin P. Murphy of one lab: every co-author of each is the other's,
    however many students wrote with the same three."""
    heads = ("hutter", "lindauer", "feurer")
    lab(index, heads, members=30)
    index.add(PersonRecord("murphy", "Kevin", "Murphy"))
    index.link_all(("murphy", *heads))
    found = confirm(index, "Kevin P. Murphy", heads)
    assert (found.kind, found.person) == ("middle_one_side", "murphy")


def test_a_middle_name_on_one_side_sharing_few_of_a_prolific_person_s_co_authors_stays_a_suggestion(
    index,
):
    """Two of a name's three co-authors are among the forty of a prolific person of that
    name but for a middle initial, and many others wrote with those two: not enough."""
    heads = ("kenji", "ulla")
    lab(index, heads, members=30)
    index.add(PersonRecord("nair", "Samantha", "Nair"))
    for number in range(40):
        index.link("nair", f"student{number % 30}" if number < 30 else f"peer{number}")
    index.link_all(("nair", *heads))
    assert confirm(index, "Samantha P. Nair", (*heads, "ada")) is None


def department(people: int = HUB_MIN_PEOPLE) -> PeopleIndex:
    """A department of ``people`` who wrote with someone: each wrote a paper with the two
    who wrote with everyone ("hub1", "hub2") and one with their group of thirty, and Lin
    Yan, Ryan Carter, Zachary Popov and Jonathan Smith wrote with those two and "p1"."""
    index = PeopleIndex()
    for number in range(people):
        index.add(PersonRecord(f"p{number}", f"Member{number}", "Staff"))
        index.link_all((f"p{number}", "hub1", "hub2"))
    for first in range(0, people, 30):
        index.link_all(f"p{number}" for number in range(first, min(first + 30, people)))
    index.add(PersonRecord("hub1", "Wei", "Shi"))
    for key, given, family in (
        ("linyan", "Lin", "Yan"),
        ("carter", "Ryan", "Carter"),
        ("popov", "Zachary", "Popov"),
        ("smith", "Jonathan", "Smith"),
    ):
        index.add(PersonRecord(key, given, family))
        index.link_all((key, "hub1", "hub2", "p1"))
    return index


#: Names written another way, one per rule weighing co-authors, and the person each may be.
WRITTEN_OTHERWISE = {
    "chinese_order": ("Yan Lin", "linyan"),
    "middle_one_side": ("Ryan P. Carter", "carter"),
    "misspelling": ("Zachry Popov", "popov"),
    "short_given": ("Jon Smith", "smith"),
}


@pytest.mark.parametrize("rule", list(WRITTEN_OTHERWISE))
def test_in_a_department_co_authors_who_wrote_with_everyone_confirm_nothing(rule):
    """ "Lin Yan" and Yan Lin, both of whom wrote with the two everyone wrote with: two
    people (before, most of the name's co-authors being the person's was enough)."""
    name, person = WRITTEN_OTHERWISE[rule]
    index = department()
    assert index.match(parse_name(name)).candidates == (person,)
    assert confirm(index, name, ("hub1", "hub2")) is None


@pytest.mark.parametrize("rule", list(WRITTEN_OTHERWISE))
def test_in_a_department_a_co_author_few_share_still_confirms(rule):
    name, person = WRITTEN_OTHERWISE[rule]
    index = department()
    index.link_all((person, "hub1", "p200", "p400"))
    found = confirm(index, name, ("hub1", "hub2", "p1", "p200", "p400"))
    assert (found.kind, found.person) == (rule, person)


def test_most_of_a_name_s_co_authors_being_those_of_someone_who_wrote_with_everyone_is_no_evidence():
    """ "Shi Wei", whose co-authors all wrote with Wei Shi, as everyone did."""
    index = department()
    assert confirm(index, "Shi Wei", ("p5", "p6", "p7")) is None


def test_in_a_smaller_database_the_one_everyone_wrote_with_counts():
    """A lab of fewer than HUB_MIN_PEOPLE: its head is evidence, as before."""
    index = department(people=HUB_MIN_PEOPLE - 10)
    found = confirm(index, "Yan Lin", ("hub1", "hub2"))
    assert (found.kind, found.person) == ("chinese_order", "linyan")


def test_a_name_that_may_be_another_person_s_stays_a_suggestion(index):
    index.add(PersonRecord("hinton-b", "Geoffrey", "Hinton"))
    index.link("hinton-b", "bengio")
    assert confirm(index, "Geoffrey Everest Hinton", ("bengio",)) is None


def test_a_person_two_names_of_the_file_fit_is_neither_s(index):
    index.link_all(("form-2", "bengio"))
    forms = {
        form: (parse_name(name), index.match(parse_name(name)))
        for form, name in (("form", "Geoffrey Hinton"), ("form-2", "Geoffrey Hinton"))
    }
    index.link_all(("form", "bengio"))
    assert index.confirm(forms) == {}


def test_someone_unknown_is_new(index):
    assert match(index, "Ada Lovelace").kind == "new"


def test_people_added_later_are_found(index):
    index.add(PersonRecord("new:size", "Size", "Zheng"))
    assert match(index, "S. Zheng").person == "new:size"


@pytest.mark.parametrize(
    ("first", "second", "agree"),
    [
        ("Geoffrey", "Geoffrey E.", True),
        ("Martin W. P.", "Martin", True),
        ("Francisco J.", "Francisco B.", False),
        ("Jin", "Jiarui", False),
        ("J.", "Jin", False),
    ],
)
def test_given_names_agree(first, second, agree):
    assert given_names_agree(first, second) is agree


@pytest.fixture
def many_wangs() -> PeopleIndex:
    """5,000 people called J… Wang, and one of them wrote with Hongli Xu."""
    wangs = [PersonRecord(f"wang{n}", f"J{n}x", "Wang") for n in range(5000)]
    return PeopleIndex([*wangs, PersonRecord("hongli", "Hongli", "Xu")], [("wang4321", "hongli")])


def test_a_name_fitting_thousands_keeps_the_likeliest_and_says_how_many_more(many_wangs):
    found = match(many_wangs, "J. Wang")
    assert found.kind == "ambiguous"
    assert len(found.candidates) == MAX_CANDIDATES
    assert found.reason.endswith(f"(or {5000 - MAX_CANDIDATES:,} more)")


def test_the_one_who_wrote_with_the_entry_s_authors_is_found_among_thousands(many_wangs):
    found = match(many_wangs, "J. Wang", "hongli")
    assert (found.kind, found.person) == ("coauthors", "wang4321")


def test_initials_longer_than_those_indexed_fit_exactly():
    people = PeopleIndex(
        [
            PersonRecord("long", "A B C D E F G H I J", "Kay"),
            PersonRecord("other", "A B C D E F G H X", "Kay"),
        ]
    )
    found = match(people, "A. B. C. D. E. F. G. H. I. Kay")
    assert (found.kind, found.person) == ("initials", "long")


def test_a_close_name_is_compared_with_the_first_people_of_its_family_name():
    fillers = [PersonRecord(f"zhao{n}", f"Filler{n}", "Zhao") for n in range(MAX_CLOSE_NAMES)]
    first, last = PersonRecord("gongming", "Gongming", "Zhao"), PersonRecord("hl", "Hongli", "Zhao")
    people = PeopleIndex([first, *fillers, last])
    assert match(people, "Gongmin Zhao").candidates == ("gongming",)
    assert match(people, "Honglj Zhao").kind == "new"  # Hongli Zhao came after the first 5,000


def test_weighing_the_file_s_names_stops_when_time_is_up(index):
    author = parse_name("Geoffrey Hinton")
    index.link_all(("form", "bengio"))

    def time_is_up():
        raise TimeoutError

    with pytest.raises(TimeoutError):
        index.confirm({"form": (author, index.match(author))}, time_is_up)


@pytest.mark.parametrize(
    ("name", "known"), [("M. Fatih", "Mehmet Fatih"), ("Mehmet Fatih", "M. Fatih")]
)
def test_a_first_given_name_as_its_initial_before_one_written_out_is_the_same_person(name, known):
    index = PeopleIndex([PersonRecord("fatih", known, "Tasgetiren")])
    found = index.match(parse_name(f"{name} Tasgetiren"))
    assert (found.kind, found.person) == ("middle", "fatih")


@pytest.mark.parametrize(
    ("first", "second", "agree"),
    [
        ("M. Fatih", "Mehmet Fatih", True),
        ("J. Michael", "John Michael", True),
        ("J. Michael", "John M.", False),
        ("M. Fatih", "Mehmet Ali", False),
        ("M. F.", "Mehmet Fatih", False),
        ("Mehmet Fatih", "Mustafa Fatih", False),
    ],
)
def test_initial_first_agrees(first, second, agree):
    assert initial_first_agrees(first, second) is agree


# -- one case per rule -----------------------------------------------------------------------

#: For each rule's name: a case it decides, given the index, as (match, the person expected).
RULE_CASES: dict[str, Callable[[PeopleIndex], tuple[PersonMatch, Hashable | None]]] = {}


def rule_case(name: str):
    def register(case):
        RULE_CASES[name] = case
        return case

    return register


#: A valid ORCID iD (ORCID's own example) and another.
ORCID = "0000-0002-1825-0097"
OTHER_ORCID = "0000-0001-5109-3700"


@rule_case("orcid")
def the_orcid_id_of_one_person_whatever_the_name(index):
    index.add(PersonRecord("ruiz", "Ana", "Ruiz", orcid=ORCID))
    return index.match(parse_name("A. Ruiz-Garcia"), orcid=ORCID), "ruiz"


@rule_case("other_orcid")
def the_name_of_one_person_with_another_orcid_id(index):
    index.add(PersonRecord("ruiz", "Ana", "Ruiz", orcid=ORCID))
    return index.match(parse_name("Ana Ruiz"), orcid=OTHER_ORCID), None


@rule_case("other_suffix")
def the_name_of_one_person_with_another_suffix(index):
    index.add(PersonRecord("doe-sr", "John", "Doe", suffix="Sr."))
    return match(index, "Doe, Jr., John"), None


@rule_case("native")
def a_chinese_script_name(index):
    return match(index, "徐宏力"), "hongli"


@rule_case("exact")
def the_same_name(index):
    return match(index, "Fang, Jiarui"), "jiarui"


@rule_case("variant")
def a_recorded_variant(index):
    return match(index, "Fang Jiarui"), "jiarui"


@rule_case("folded")
def umlauts_spelt_out(index):
    index.add(PersonRecord("mueller", "Jürgen", "Müller"))
    return match(index, "Juergen Mueller"), "mueller"


@rule_case("middle")
def a_middle_name_written_out_and_as_an_initial(index):
    return match(index, "Geoffrey Everest Hinton"), "hinton"


@rule_case("initials")
def initials_of_one_person(index):
    return match(index, "G. Zhao"), "gongming"


@rule_case("coauthors")
def initials_of_two_people_and_a_co_author_of_one(index):
    return match(index, "J. Fang", "haohuan"), "jiarui"


@rule_case("ambiguous")
def initials_of_two_people_alone(index):
    return match(index, "J. Fang"), None


@rule_case("kept_for_several")
def initials_of_two_people_alone_and_the_person_made_for_them(index):
    index.add(PersonRecord("j-fang", "J.", "Fang"))
    return match(index, "J. Fang"), "j-fang"


@rule_case("middle_one_side")
def a_middle_initial_on_one_side_and_a_co_author_in_common(index):
    index.add(PersonRecord("nair", "Samantha", "Nair"))
    index.link("nair", "kenji")
    return confirm(index, "Samantha P. Nair", ("kenji",)), "nair"


@rule_case("short_given")
def a_given_name_written_short_and_a_co_author_in_common(index):
    index.add(PersonRecord("brandt", "Jonathan", "Brandt"))
    index.link("brandt", "ulla")
    return confirm(index, "Jon Brandt", ("ulla",)), "brandt"


@rule_case("misspelling")
def a_given_name_one_letter_short_and_two_co_authors_in_common(index):
    index.link_all(("gongming", "jin", "hongli"))
    return confirm(index, "Gongmin Zhao", ("jin", "hongli")), "gongming"


@rule_case("chinese_order")
def a_name_in_chinese_order_and_a_co_author_in_common(index):
    return confirm(index, "Xu Hongli", ("jin", "wang-a")), "hongli"


@rule_case("suggestion")
def a_wrong_family_name_with_co_authors_in_common(index):
    return match(index, "Haohuan Fang", "jiarui", "guangwen"), None


@rule_case("new")
def someone_unknown(index):
    return match(index, "Ada Lovelace"), None


@pytest.mark.parametrize("rule", RULES, ids=attrgetter("name"))
def test_each_rule_decides_its_own_case(index, rule):
    found, person = RULE_CASES[rule.name](index)
    assert (found.rule, found.person, found.linked) == (rule, person, rule.links)


def test_a_suffix_written_on_one_side_only_leaves_the_name_to_the_other_rules(index):
    index.add(PersonRecord("doe-jr", "John", "Doe", suffix="Jr."))
    assert (match(index, "John Doe").person, match(index, "John Doe Jr").person) == (
        "doe-jr",
        "doe-jr",
    )


def test_every_rule_has_a_case_and_every_case_a_rule():
    assert list(RULE_CASES) == [rule.name for rule in RULES]


def test_a_linked_name_written_another_way_says_the_rule_and_the_co_authors(index):
    index.link_all(("gongming", "jin", "hongli"))
    found = confirm(index, "Gongmin Zhao", ("jin", "hongli"))
    assert found.reason == (
        "Gongmin Zhao is Gongming Zhao misspelt: both wrote with Hongli Xu, Jin Fang,"
        " and few others did"
    )


# -- letters spelt out -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "known"),
    [
        ("Juergen Mueller", "Jürgen Müller"),
        ("Jürgen Müller", "Juergen Mueller"),
        ("Soeren Lund", "Søren Lund"),
        ("Søren Lund", "Soeren Lund"),
        ("Jan Aagaard", "Jan Ågaard"),
    ],
)
def test_a_name_spelt_out_in_ascii_is_the_one_person_spelt_so(name, known):
    given, family = known.split()
    index = PeopleIndex([PersonRecord("them", given, family)])
    found = index.match(parse_name(name))
    assert (found.kind, found.person) == ("folded", "them")


def test_a_spelling_two_people_share_is_ambiguous():
    index = PeopleIndex(
        [PersonRecord("a", "Jürgen", "Müller"), PersonRecord("b", "Jürgen", "Mueller")]
    )
    found = index.match(parse_name("Juergen Mueller"))
    assert found.kind == "ambiguous" and set(found.candidates) == {"a", "b"}


def test_a_name_spelt_out_gives_the_family_name_of_the_person_spelt_so():
    index = PeopleIndex([PersonRecord("them", "Jürgen", "Müller")])
    assert index.families_named(parse_name("Juergen Mueller")) == {"Müller"}


# -- weak evidence stays a suggestion ------------------------------------------------------------


def test_a_short_given_name_without_a_co_author_in_common_stays_a_suggestion(index):
    index.add(PersonRecord("brandt", "Jonathan", "Brandt"))
    index.link("brandt", "ulla")
    assert confirm(index, "Jon Brandt", ("piet",)) is None
    assert match(index, "Jon Brandt").candidates == ("brandt",)


def test_a_misspelling_with_one_co_author_in_common_stays_a_suggestion(index):
    assert confirm(index, "Gongmin Zhao", ("jin", "haohuan")) is None


@pytest.mark.parametrize(("name", "known"), [("Yan Su", "Yang Su"), ("Marie Berg", "Maria Berg")])
def test_a_short_given_name_a_letter_away_is_another_name(name, known):
    given, family = known.split()
    index = PeopleIndex([PersonRecord("them", given, family)], [("them", "ulla"), ("them", "piet")])
    assert confirm(index, name, ("ulla", "piet")) is None


def test_a_name_in_chinese_order_without_a_co_author_in_common_stays_a_suggestion(index):
    assert confirm(index, "Xu Hongli", ("haohuan",)) is None


def test_a_name_in_chinese_order_is_whoever_has_it_in_the_order_written(index):
    index.add(PersonRecord("hongli-xu-2", "Xu", "Hongli"))
    assert match(index, "Xu Hongli").person == "hongli-xu-2"


def test_names_in_chinese_order_vouch_for_each_other():
    """The issue's "Fang Jiarui and You Yang": each is the other's co-author in common."""
    index = PeopleIndex(
        [PersonRecord("jiarui", "Jiarui", "Fang"), PersonRecord("yang", "Yang", "You")],
        [("jiarui", "yang")],
    )
    fang, you = parse_name("Fang Jiarui"), parse_name("You Yang")
    index.link_all(("form-fang", "form-you"))
    found = index.confirm(
        {"form-fang": (fang, index.match(fang)), "form-you": (you, index.match(you))}
    )
    assert {form: m.person for form, m in found.items()} == {
        "form-fang": "jiarui",
        "form-you": "yang",
    }
    assert {m.kind for m in found.values()} == {"chinese_order"}


@pytest.mark.parametrize(
    ("first", "second", "agree"),
    [
        ("Jon", "Jonathan", True),
        ("Christopher J.", "Chris", True),
        ("Hao", "Haoran", False),  # two Chinese names
        ("Mark", "Markus", False),  # two names
        ("Paul", "Paula", False),
        ("Jo", "Jonathan", False),
        ("Jon A.", "Jonathan B.", False),
    ],
)
def test_short_given_agrees(first, second, agree):
    assert short_given_agrees(first, second) is agree


# -- ORCID iDs ---------------------------------------------------------------------------------


def test_an_orcid_id_tells_apart_initials_that_fit_two_people(index):
    index.add(PersonRecord("jiarui-orcid", "Jiarui", "Fang-Orcid", orcid=ORCID))
    index.add(PersonRecord("jin-orcid", "Jin", "Fang-Orcid"))
    found = index.match(parse_name("J. Fang-Orcid"), orcid=ORCID)
    assert (found.kind, found.person) == ("orcid", "jiarui-orcid")


def test_a_name_of_a_person_without_an_orcid_id_is_theirs_whatever_the_record_gives(index):
    found = index.match(parse_name("Jin Fang"), orcid=ORCID)
    assert (found.kind, found.person) == ("exact", "jin")


ORGANISATIONS = PeopleIndex(
    [
        PersonRecord("committee", "", "Example Standards Committee"),
        PersonRecord("institute", "", "北京市示例研究院"),
        PersonRecord("human", "E. S.", "Committee"),
    ]
)


@pytest.mark.parametrize(
    ("name", "person"),
    [("{Example Standards Committee}", "committee"), ("{北京市示例研究院}", "institute")],
)
def test_an_organisation_is_the_one_of_exactly_its_name(name, person):
    found = ORGANISATIONS.match(parse_name(name))
    assert (found.kind, found.person) == ("exact", person)


@pytest.mark.parametrize(
    "name", ["{Example standards committee}", "{Example Standards Committees}", "{Committee}"]
)
def test_an_organisation_written_otherwise_is_a_new_one(name):
    assert ORGANISATIONS.match(parse_name(name)).kind == "new"


def test_a_person_is_never_an_organisation_nor_an_organisation_a_person():
    assert ORGANISATIONS.match(parse_name("E. S. Committee")).person == "human"
    assert ORGANISATIONS.match(parse_name("Example Standards Committee")).person is None
    assert ORGANISATIONS.match(parse_name("{E. S. Committee Inc.}")).kind == "new"
