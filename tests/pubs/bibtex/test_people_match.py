"""Who an author is: each rule, and that two people are never merged silently."""

import pytest

from pubs.bibtex.names import parse_name
from pubs.bibtex.people_match import (
    MAX_CANDIDATES,
    MAX_CLOSE_NAMES,
    PeopleIndex,
    PersonRecord,
    given_names_agree,
    initial_first_agrees,
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
    assert (found.kind, found.person) == ("exact", "j-fang")


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


def test_a_name_in_chinese_order_is_a_suggestion_co_authors_may_confirm(index):
    assert match(index, "Xu Hongli").confirmable
    assert match(index, "Geoffrey Hinton").confirmable
    assert not match(index, "Gongmin Zhao").confirmable


def confirm(index, name, *papers):
    """Whether the file's ``name`` (the person "form" meanwhile), who wrote ``papers`` (each
    a tuple of co-authors), is confirmed as the person its suggestion names."""
    author = parse_name(name)
    for coauthors in papers:
        index.link_all(("form", *coauthors))
    return index.confirm({"form": (author, index.match(author))}).get("form")


def test_a_middle_name_on_one_side_with_a_co_author_few_share_is_the_same_person(index):
    found = confirm(index, "Geoffrey Hinton", ("bengio",))
    assert (found.kind, found.person) == ("middle", "hinton")
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
