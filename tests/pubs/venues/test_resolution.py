"""Venue resolution on a small hand-made catalogue: each rule, one behaviour per test."""

import pytest

from pubs.venues.resolution import (
    VenueIndex,
    VenueRecord,
    abbreviated_match,
    is_track,
    name_key,
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
