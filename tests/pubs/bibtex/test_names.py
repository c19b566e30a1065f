import pytest
from bibtexparser.middlewares.names import parse_single_name_into_parts

from pubs.bibtex.names import MAX_AUTHORS, TooManyAuthors, parse_authors, parse_name
from pubs.models import MAX_POSITION


@pytest.mark.parametrize(
    ("raw", "given", "family"),
    [
        ("Fang, Jin", "Jin", "Fang"),
        ("Jiarui Fang", "Jiarui", "Fang"),
        ("van Dijk, Jan", "Jan", "Dijk"),
        ("Li-Wen Chang", "Li-Wen", "Chang"),
        ("J. R. R. Tolkien", "J. R. R.", "Tolkien"),
        (r"M{\"u}ller, J{\"o}rg", "Jörg", "Müller"),
        ("{Jiarui Fang}", "Jiarui", "Fang"),
    ],
)
def test_name_parts(raw, given, family):
    author = parse_name(raw)
    assert (author.given, author.family) == (given, family)


def test_von_and_jr_parts():
    assert parse_name("van Dijk, Jan").von == "van"
    assert parse_name("Smith, Jr., John").jr == "Jr."


@pytest.mark.parametrize(
    ("raw", "given", "family"),
    [("WANG Jiannan", "Jiannan", "Wang"), ("LI Wei", "Wei", "Li"), ("OUYANG Xiu", "Xiu", "Ouyang")],
)
def test_a_family_name_in_capitals_first_is_the_family_name(raw, given, family):
    author = parse_name(raw)
    assert (author.given, author.family, author.printed) == (given, family, f"{given} {family}")


@pytest.mark.parametrize("raw", ["JR Smith", "ED Smith", "Jiannan WANG"])
def test_capitals_that_are_not_a_chinese_family_name_first_stay_as_written(raw):
    author = parse_name(raw)
    assert author.printed == raw


def test_a_particle_braced_or_not_gives_one_surname():
    assert parse_name(r"Tom\'{a}s de la Rosa").surname == "de la Rosa"
    assert parse_name(r"Tom\'{a}s {de la Rosa}").surname == "de la Rosa"


def test_printed_name_is_in_reading_order():
    assert parse_name("Fang, Jin").printed == "Jin Fang"


@pytest.mark.parametrize(
    ("raw", "given", "family"),
    [
        ("徐宏力", "Hongli", "Xu"),
        ("方佳瑞", "Jiarui", "Fang"),
        ("曾志", "Zhi", "Zeng"),
        ("欧阳修", "Xiu", "Ouyang"),
    ],
)
def test_chinese_script_names_are_romanised_and_kept(raw, given, family):
    author = parse_name(raw)
    assert (author.given, author.family, author.native) == (given, family, raw)


@pytest.mark.parametrize(
    "raw",
    [
        "Miao*, Xupeng",
        "Xupeng Miao*",
        r"Xupeng Miao$^*$",
        r"Xupeng Miao\textsuperscript{*}",
        r"Xupeng Miao$^{*}$",
    ],
)
def test_equal_contribution_marks(raw):
    author = parse_name(raw)
    assert author.equal and author.full == "Xupeng Miao"


@pytest.mark.parametrize(
    ("raw", "initials"),
    [
        ("J. Fang", True),
        ("L.-W. Chang", True),
        ("JR Smith", True),
        ("Li Wang", False),
        ("Jin Fang", False),
    ],
)
def test_initials_only(raw, initials):
    assert parse_name(raw).is_initials is initials


def test_and_others_ends_the_list():
    authors, more = parse_authors("Zheng, Size and Bao, Wenlei and others")
    assert [a.full for a in authors] == ["Size Zheng", "Wenlei Bao"] and more


def test_and_inside_braces_is_not_a_separator():
    authors, _ = parse_authors("{Barnes and Noble} and Jin Fang")
    assert len(authors) == 2


def test_an_accent_opening_a_name_is_kept_in_a_list_with_braces():
    authors, _ = parse_authors(
        "Felipe Campelo and \\'Athila R. Trindade and Manuel L{\\'o}pez-Ib{\\'a}{\\~n}ez"
    )
    assert [a.full for a in authors] == [
        "Felipe Campelo",
        "Áthila R. Trindade",
        "Manuel López-Ibáñez",
    ]


def test_an_escaped_brace_does_not_hide_the_next_separator():
    authors, _ = parse_authors("Ann \\{Lee and Bo Chen")
    assert len(authors) == 2 and authors[1].full == "Bo Chen"


@pytest.mark.parametrize(
    "name",
    [
        "Jiarui Fang",
        "Fang, Jiarui",
        "Donald E. Knuth",
        "Brinch Hansen, Per",
        "Li-Wen Chang",
        "J.-P. Serre",
        "O'Neil, Cathy",
        "Smith, Jr., John",
        "Öztürk, Meltem",
    ],
)
def test_names_split_as_bibtexparser_splits_them(name):
    found = parse_single_name_into_parts(name, strict=False)
    author = parse_name(name)
    parts = (found.first, found.von, found.last, found.jr)
    assert (author.given, author.von, author.family, author.jr) == tuple(map(" ".join, parts))


@pytest.mark.parametrize(
    ("name", "given", "family", "suffix"),
    [
        ("John Smith Jr.", "John", "Smith", "Jr."),
        ("John A. Doe Jr.", "John A.", "Doe", "Jr."),
        ("Henry Ford II", "Henry", "Ford", "II"),
    ],
)
def test_a_suffix_written_without_a_comma_is_a_suffix_not_the_family_name(
    name, given, family, suffix
):
    # BibTeX reads "John Smith Jr." as a family name "Jr."; the printed name the import
    # stores ("John A. Doe Jr." for "Doe, Jr., John A.") is read back so.
    author = parse_name(name)
    assert (author.given, author.family, author.jr, author.printed) == (
        given,
        family,
        suffix,
        name,
    )


@pytest.mark.parametrize(
    ("name", "given", "family"),
    [
        ("Sabyasachi Sen", "Sabyasachi", "Sen"),
        ("Amartya Sen", "Amartya", "Sen"),
        ("Wang Jun", "Wang", "Jun"),
    ],
)
def test_sen_and_jun_without_a_full_stop_are_family_names(name, given, family):
    author = parse_name(name)
    assert (author.given, author.family, author.jr) == (given, family, "")


def test_the_most_authors_an_entry_may_have_are_the_positions_an_authorship_takes():
    assert MAX_AUTHORS == MAX_POSITION


def test_an_author_list_longer_than_the_limit_is_refused_unparsed():
    names = " and ".join(f"A{n} B{n}" for n in range(MAX_AUTHORS + 1))
    with pytest.raises(TooManyAuthors, match="it has 10,000 authors; the limit is 9,999"):
        parse_authors(names)
    authors, more = parse_authors(f"{names} and others".replace("A0 B0 and ", "", 1))
    assert len(authors) == MAX_AUTHORS and more


def test_a_long_braced_author_list_is_split_at_each_separator():
    names = " and ".join(f"{{A{n}}} B{n}" for n in range(3000))
    authors, _ = parse_authors(names)
    assert len(authors) == 3000 and authors[-1].family == "B2999"


@pytest.mark.parametrize(
    ("raw", "given", "family"),
    [
        ("Lauren Van Alsenoy", "Lauren", "Van Alsenoy"),
        ("Greet Vanden Berghe", "Greet", "Vanden Berghe"),
        ("Javier Del Ser", "Javier", "Del Ser"),
        ("Cécile Van Den Avenne", "Cécile", "Van Den Avenne"),
        ("Sylvie NOUGUIER VOISIN", "Sylvie", "NOUGUIER VOISIN"),
    ],
)
def test_family_name_words_written_last_among_the_given_names_are_the_family_name(
    raw, given, family
):
    author = parse_name(raw)
    assert (author.given, author.family) == (given, family)


@pytest.mark.parametrize(("raw", "other"), [("Greet Vanden Berghe", "Vanden Berghe, Greet")])
def test_a_capitalised_particle_written_either_way_gives_one_surname(raw, other):
    assert parse_name(raw).surname == parse_name(other).surname


@pytest.mark.parametrize("raw", ["Ming De Wang", "Jiannan WANG", "JR Smith", "Jean Van"])
def test_words_that_may_be_given_names_stay_given_names(raw):
    assert parse_name(raw).printed == raw


@pytest.mark.parametrize("anonymous", ["Anon", "Anonymous", "anonyme", "N.N."])
def test_an_anonymous_author_is_no_one(anonymous):
    authors, _ = parse_authors(f"{anonymous} and Jo Smith")
    assert [author.printed for author in authors] == ["Jo Smith"]


@pytest.mark.parametrize(
    "name",
    [
        "{Example Standards Committee}",
        "{Barnes and Noble, Inc.}",
        "{Google}",
        "{R Core Team}",
        "{北京市示例研究院}",
        "北京市示例研究院",
        "清华大学",
        "科技部",
    ],
)
def test_an_organisation_is_one_name_written_whole(name):
    author = parse_name(name)
    assert author.organisation
    assert (author.given, author.native) == ("", "")
    assert author.family == author.printed == name.strip("{}")


@pytest.mark.parametrize(
    "name",
    [
        "{\\'E}mile Zola",
        "{Jiarui Fang}",
        "{Jean de La Fontaine}",
        "Example Standards Committee",
        "徐宏力",
        "欧阳娜娜",
        "王中心",
        "Doe, Jr., John A.",
    ],
)
def test_a_person_is_never_an_organisation(name):
    assert not parse_name(name).organisation
