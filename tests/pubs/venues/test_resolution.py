"""Venue resolution on a small hand-made catalogue: each rule, one behaviour per test."""

import pytest

from pubs.venues.resolution import (
    VenueIndex,
    VenueRecord,
    abbreviated_match,
    abbreviations,
    entry_dblp_key,
    is_track,
    name_key,
    venue_name,
    without_sig,
)

VENUES = [
    VenueRecord(
        "icnp",
        "IEEE International Conference on Network Protocols",
        "conference",
        "ICNP",
        "conf/icnp",
        "IEEE",
    ),
    VenueRecord(
        "ton",
        "IEEE/ACM Transactions on Networking",
        "journal",
        "ToN",
        "journals/ton",
        "IEEE",
        ("IEEE Transactions on Networking",),
    ),
    VenueRecord("cn", "Computer Networks", "journal", "CN", "journals/cn", "Elsevier", ("ComNet",)),
    VenueRecord(
        "www", "International World Wide Web Conference", "conference", "WWW", "conf/www", "ACM"
    ),
    VenueRecord("www-journal", "World Wide Web", "journal", "WWW", "journals/www", "Springer"),
    VenueRecord(
        "fse-sigsoft",
        "ACM International Conference on the Foundations of Software Engineering",
        "conference",
        "FSE",
        "conf/sigsoft",
        "ACM",
    ),
    VenueRecord("fse", "Fast Software Encryption", "conference", "FSE", "conf/fse", "Springer"),
    VenueRecord(
        "tpds",
        "IEEE Transactions on Parallel and Distributed Systems",
        "journal",
        "TPDS",
        "journals/tpds",
        "IEEE",
    ),
    VenueRecord(
        "eccv",
        "European Conference on Computer Vision",
        "conference",
        "ECCV",
        "conf/eccv",
        "Springer",
    ),
    VenueRecord(
        "hotnets",
        "ACM Workshop on Hot Topics in Networks",
        "conference",
        "HotNets",
        "conf/hotnets",
        "ACM",
    ),
    VenueRecord(
        "sigcomm",
        "ACM International Conference on Applications, Technologies, "
        "Architectures, and Protocols for Computer Communication",
        "conference",
        "SIGCOMM",
        "conf/sigcomm",
        "ACM",
    ),
    VenueRecord(
        "cluster",
        "IEEE International Conference on Cluster Computing",
        "conference",
        "CLUSTER",
        "conf/cluster",
        "IEEE",
    ),
    VenueRecord(
        "cluster-journal", "Cluster Computing", "journal", "", "journals/cluster", "Springer"
    ),
    VenueRecord("arxiv", "arXiv", "preprint_server", "arXiv", "journals/corr", "Cornell"),
]


@pytest.fixture(scope="module")
def index() -> VenueIndex:
    return VenueIndex(VENUES)


def resolved(index: VenueIndex, **fields) -> str | None:
    result = index.resolve(**fields)
    return result.venue.key if result.venue else None


@pytest.mark.parametrize(
    "booktitle",
    [
        "IEEE International Conference on Network Protocols",
        "2024 IEEE 32nd International Conference on Network Protocols (ICNP)",
        "Proceedings of the Thirty-Second IEEE International Conference on Network Protocols",
        "Proceedings of the Thirty-second IEEE International Conference on Network Protocols",
        "The Thirty Second IEEE International Conference on Network Protocols",
        "Thirteenth IEEE International Conference on Network Protocols",
        "ICNP'24",
        "ICNP 2024",
        "（ICNP’24）",
        "IEEE ICNP",
    ],
)
def test_years_ordinals_sponsors_and_marks_do_not_matter(index, booktitle):
    assert resolved(index, booktitle=booktitle) == "icnp"


def test_full_name_has_high_confidence_and_says_so(index):
    result = index.resolve(booktitle="IEEE International Conference on Network Protocols")
    assert (result.confidence, result.reason) == (0.95, "full name")


@pytest.mark.parametrize(
    ("journal", "key"),
    [
        ("IEEE/ACM Trans. Netw.", "ton"),
        ("IEEE Trans. Parallel Distributed Syst.", "tpds"),
        ("IEEE Trans. Parallel Distrib. Syst.", "tpds"),
        ("Comput. Networks", "cn"),
    ],
)
def test_abbreviated_journal_names(index, journal, key):
    assert resolved(index, journal=journal) == key


def test_a_former_name_is_an_alias(index):
    assert resolved(index, journal="IEEE Transactions on Networking") == "ton"


def test_a_one_word_alias_is_an_abbreviation(index):
    assert resolved(index, journal="ComNet") == "cn"


def test_the_bibtex_field_decides_between_a_conference_and_a_journal(index):
    assert resolved(index, booktitle="WWW") == "www"
    assert resolved(index, journal="WWW") == "www-journal"


def test_two_conferences_sharing_an_abbreviation_stay_unresolved(index):
    result = index.resolve(booktitle="FSE")
    assert result.venue is None
    assert result.reason.startswith("ambiguous")
    assert {v.key for v in result.candidates} == {"fse", "fse-sigsoft"}


def test_the_publisher_tells_two_venues_apart(index):
    assert resolved(index, booktitle="FSE", publisher="Springer") == "fse"
    assert resolved(index, booktitle="FSE", publisher="ACM") == "fse-sigsoft"


def test_a_doi_prefix_tells_the_publisher(index):
    assert resolved(index, booktitle="FSE", doi="10.1145/3611643.3616250") == "fse-sigsoft"


def test_a_dblp_key_decides(index):
    result = index.resolve(booktitle="ICNP", dblp_key="DBLP:conf/icnp/FangZXLYX24")
    assert (result.venue.key, result.confidence) == ("icnp", 1.0)


@pytest.mark.parametrize(
    "booktitle",
    [
        "Proceedings of the ACM SIGCOMM 2023 Workshop on Networks for AI Computing",
        "SIGCOMM '23 Posters and Demos",
        "Companion Proceedings of the ACM Web Conference 2023",
        "ICNP Workshops",
    ],
)
def test_a_track_of_a_conference_is_not_the_conference(index, booktitle):
    result = index.resolve(booktitle=booktitle)
    assert result.venue is None
    assert "track" in result.reason


def test_a_track_keeps_its_venue_even_with_a_dblp_key(index):
    result = index.resolve(
        booktitle="SIGCOMM '23 Posters and Demos", dblp_key="DBLP:conf/sigcomm/2023p"
    )
    assert result.venue is None


def test_a_venue_whose_name_is_a_workshop_is_found_by_name(index):
    assert (
        resolved(index, booktitle="Proceedings of the 22nd ACM Workshop on Hot Topics in Networks")
        == "hotnets"
    )


def test_an_abbreviation_inside_a_long_springer_title(index):
    title = (
        "Computer Vision -- {ECCV} 2022 - 17th European Conference, Tel Aviv, Israel, "
        "October 23-27, 2022, Proceedings, Part {XV}"
    )
    assert resolved(index, booktitle=title) == "eccv"


def test_a_journal_named_like_a_conference_abbreviation(index):
    assert resolved(index, booktitle="IEEE Cluster") == "cluster"
    assert resolved(index, journal="Cluster Computing") == "cluster-journal"


@pytest.mark.parametrize(
    "journal",
    [
        "arXiv preprint arXiv:2405.07719",
        "CoRR",
        "ArXiv",
        "preprint arXiv:2212.05339",
    ],
)
def test_arxiv_and_corr_are_the_preprint_server(index, journal):
    assert resolved(index, journal=journal) == "arxiv"


def test_an_arxiv_doi_is_the_preprint_server(index):
    assert resolved(index, journal="", booktitle="", doi="10.48550/arXiv.2405.07719") is None
    assert resolved(index, journal="Unknown", doi="10.48550/arXiv.2405.07719") == "arxiv"


@pytest.mark.parametrize(
    "text",
    [
        "International Conference on Network Protocols and Algorithms",
        "IEEE Transactions on Network and Service Management",
        "Proceedings",
        "IEEE",
        "Journal",
        "MLSys'25",
    ],
)
def test_no_wild_guesses(index, text):
    assert index.resolve(booktitle=text).venue is None
    assert index.resolve(journal=text).venue is None


def test_a_small_typo_in_a_long_name_is_forgiven_with_lower_confidence(index):
    result = index.resolve(booktitle="IEEE International Conference on Network Protocolls")
    assert result.venue.key == "icnp"
    assert result.confidence < 0.9


def test_no_fields_is_a_miss_with_a_reason(index):
    assert index.resolve().reason == "no booktitle, journal or series"


def test_scholar_puts_proceedings_in_the_journal_field(index):
    assert (
        resolved(
            index, journal="2024 IEEE 32nd International Conference on Network Protocols (ICNP)"
        )
        == "icnp"
    )


def test_name_key_drops_dates_sponsors_and_stop_words():
    assert name_key(
        "Proceedings of the 29th ACM SIGPLAN Annual Symposium on Principles and "
        "Practice of Parallel Programming"
    ) == ("sigplan", "conference", "principles", "practice", "parallel", "programming")


def test_without_sig_drops_special_interest_groups():
    assert without_sig(("sigplan", "conference", "signal")) == ("conference", "signal")


def test_abbreviated_match_needs_every_word():
    assert abbreviated_match(("comput.", "networks"), ("computer", "networks"))
    assert not abbreviated_match(("comput.",), ("computer", "networks"))


@pytest.mark.parametrize(
    ("text", "track"),
    [
        ("Workshop on Hot Topics in Networks", True),
        ("Findings of the Association for Computational Linguistics", True),
        ("Extended Abstracts of the CHI Conference", True),
        ("International Conference on Learning Representations", False),
    ],
)
def test_is_track(text, track):
    assert is_track(text) is track


def test_a_known_look_alike_is_not_the_venue():
    fcs = VenueRecord(
        "fcs",
        "Frontiers of Computer Science",
        "journal",
        "FCS",
        "journals/fcsc",
        "Springer",
        ("!Frontiers in Computer Science",),
    )
    index = VenueIndex([fcs])
    assert index.resolve(journal="Frontiers of Computer Science").venue == fcs
    assert index.resolve(journal="Frontiers in Computer Science").venue is None


def test_an_abbreviation_between_chinese_words():
    assert (
        VenueIndex(VENUES).resolve(booktitle="第32届国际网络协议会议ICNP（CCF B类）").venue.key
        == "icnp"
    )


def test_a_chinese_title_with_the_english_name_in_parentheses():
    title = (
        "第 32 届 IEEE 网络协议国际会议(IEEE International Conference on Network Protocols, ICNP)"
    )
    assert VenueIndex(VENUES).resolve(booktitle=title).venue.key == "icnp"


# -- DBLP keys --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("citation_key", "biburl", "bibsource", "dblp_key"),
    [
        ("DBLP:conf/nsdi/ZhangLW24", "", "", "conf/nsdi"),
        ("dblp:journals/tpds/FangZXY24", "", "", "journals/tpds"),
        ("conf/nsdi/ZhangLW24", "", "", "conf/nsdi"),
        ("zhang2024nsdi", "https://dblp.org/rec/conf/nsdi/ZhangLW24.bib", "", "conf/nsdi"),
        (
            "DibangoyeBC14",
            "http://dblp.uni-trier.de/rec/bib/conf/pkdd/DibangoyeBC14",
            "dblp computer science bibliography, http://dblp.org",
            "conf/pkdd",
        ),
        ("zhang2024nsdi", "", "", ""),
        ("journals/tpds", "", "", ""),
        ("zhang2024", "https://example.org/conf/nsdi/paper.bib", "", ""),
    ],
)
def test_the_dblp_key_of_an_entry_is_in_its_citation_key_or_biburl(
    citation_key, biburl, bibsource, dblp_key
):
    assert entry_dblp_key(citation_key, biburl, bibsource) == dblp_key


def test_a_dblp_key_resolves_before_the_text(index):
    result = index.resolve(booktitle="Proc. of the Networking Conference", dblp_key="conf/icnp")
    assert (result.venue.key, result.reason) == ("icnp", "DBLP key conf/icnp")


def test_another_dblp_key_of_a_venue_is_listed_among_its_aliases():
    ecml = VenueRecord(
        "ecml-pkdd",
        "European Conference on Machine Learning and Principles and Practice of Knowledge "
        "Discovery in Databases",
        "conference",
        "ECML-PKDD",
        "conf/ecml",
        aliases=("conf/pkdd", "ECML"),
    )
    index = VenueIndex([ecml])
    assert index.resolve(booktitle="Machine Learning", dblp_key="conf/pkdd").venue == ecml
    assert abbreviations(ecml) == {"ecmlpkdd", "ecml"}


# -- workshops and books ----------------------------------------------------------------------

SPIN = VenueRecord(
    "spin",
    "International SPIN Workshop on Model Checking of Software",
    "conference",
    "SPIN",
    "conf/spin",
    "Springer",
    catalogued=True,
)
SAT = VenueRecord(
    "sat",
    "International Conference on Theory and Applications of Satisfiability Testing",
    "conference",
    "SAT",
    "conf/sat",
    "Springer",
    catalogued=True,
)


def test_the_workshop_rule_yields_to_a_venue_whose_official_name_is_a_workshop():
    index = VenueIndex([SPIN])
    assert index.resolve(booktitle="8th International SPIN Workshop (SPIN 2001)").venue == SPIN


def test_an_abbreviation_in_the_title_of_a_book_is_a_word_of_the_title():
    index = VenueIndex([SAT])
    title = "SAT2000: Highlights of Satisfiability Research in the Year 2000"
    assert index.resolve(booktitle=title, book=True).venue is None
    assert index.resolve(booktitle=title).venue == SAT  # the proceedings of an @inproceedings


@pytest.mark.parametrize(
    "title",
    [
        "Theory and Applications of Satisfiability Testing -- SAT 2012",
        "Proceedings of SAT 2004, Seventh International Conference on Theory and Applications",
        "SAT 2012",
    ],
)
def test_a_book_of_a_conference_s_proceedings_is_the_conference(title):
    assert VenueIndex([SAT]).resolve(booktitle=title, book=True).venue == SAT


def test_a_venue_named_after_its_sponsor_is_found_by_its_abbreviation():
    aaai = VenueRecord(
        "aaai", "AAAI Conference on Artificial Intelligence", "conference", "AAAI", "conf/aaai"
    )
    index = VenueIndex([aaai])
    assert index.resolve(booktitle="AAAI").venue == aaai
    assert index.resolve(booktitle="Proc. AAAI'08").venue == aaai


# -- the catalogue and the venues the lab added ----------------------------------------------

PRL = VenueRecord(
    "prl", "Pattern Recognition Letters", "journal", "PRL", "journals/prl", catalogued=True
)
CREATED_SPIN = VenueRecord("spin-workshop", "International SPIN Workshop", "conference", "SPIN")
CREATED_PRL = VenueRecord(
    "prl-workshop",
    "ICAPS Workshop on Bridging the Gap Between AI Planning and Reinforcement Learning",
    "conference",
    "PRL",
)


@pytest.fixture(scope="module")
def tiers() -> VenueIndex:
    return VenueIndex([SPIN, PRL, CREATED_SPIN, CREATED_PRL])


@pytest.mark.parametrize(
    ("fields", "venue"),
    [
        ({"booktitle": "SPIN"}, SPIN),
        ({"booktitle": "Model Checking Software, SPIN 2008"}, SPIN),
        ({"journal": "PRL"}, PRL),
        ({"booktitle": "International SPIN Workshop"}, CREATED_SPIN),
    ],
)
def test_the_catalogue_answers_before_the_venues_the_lab_added(tiers, fields, venue):
    assert tiers.resolve(**fields).venue == venue


def test_a_venue_the_lab_added_answers_what_the_catalogue_leaves_unresolved(tiers):
    text = "ICAPS Workshop on Bridging the Gap Between AI Planning and Reinforcement Learning"
    assert tiers.resolve(booktitle=f"{text} (PRL)").venue == CREATED_PRL
    assert tiers.resolve(booktitle="PRL").venue == CREATED_PRL  # PRL, the CCF's, is a journal


def test_a_text_given_to_a_venue_the_lab_added_goes_there_before_the_catalogue():
    book = VenueRecord(
        "sat2000",
        "SAT: Highlights of Satisfiability Research in the Year",
        "conference",
        aliases=("SAT2000: Highlights of Satisfiability Research in the Year 2000",),
    )
    index = VenueIndex([SAT, book])
    title = "SAT2000: Highlights of Satisfiability Research in the Year 2000"
    assert index.resolve(booktitle=title).venue == book
    assert index.resolve(booktitle="SAT 2004").venue == SAT


def test_venue_name_drops_the_edition_and_keeps_the_punctuation_tidy():
    assert venue_name("SAT2000: Highlights of Satisfiability Research in the Year 2000") == (
        "SAT: Highlights of Satisfiability Research in the Year",
        "",
    )
    assert venue_name(
        "Model Checking Software, 12th International SPIN Workshop, San Francisco, CA, USA, "
        "August 22-24, 2005, Proceedings"
    ) == (
        "Model Checking Software, International SPIN Workshop, San Francisco, CA, USA, "
        "August 22-24, Proceedings",
        "",
    )
