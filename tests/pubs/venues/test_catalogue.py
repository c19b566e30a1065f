"""Reading editions of the CCF list and merging them into venues (pure, no database)."""

import pytest

from pubs.venues.catalogue import (
    CatalogueError,
    VenueSpec,
    merge_edition,
    read_edition,
    venue_slug,
)

HEADER = "abbreviation,full_name,kind,rank,field,dblp_key,publisher\n"
EDITION_2022 = (
    HEADER
    + """\
HPDC,International Symposium on High-Performance Parallel and Distributed Computing,conference,B,arch,conf/hpdc,ACM
IJCAI,International Joint Conference on Artificial Intelligence,conference,A,ai,conf/ijcai,Morgan Kaufmann
USENIX ATC,USENIX Annual Technical Conference,conference,A,arch,conf/usenix,USENIX
ICVRV,International Conference on Virtual Reality and Visualization,conference,C,graphics,conf/icvrv,IEEE
WWW,International World Wide Web Conference,conference,A,cross,conf/www,ACM
WWW,World Wide Web,journal,B,database,journals/www,Springer
TOPS,ACM Transactions on Privacy and Security,journal,B,security,journals/tissec,ACM
,Bioinformatics,journal,B,cross,journals/bioinformatics,Oxford University Press
"""
)
EDITION_2026 = (
    HEADER
    + """\
HPDC,International Symposium on High-Performance Parallel and Distributed Computing,conference,A,arch,conf/hpdc,ACM
IJCAI,International Joint Conference on Artificial Intelligence,conference,B,ai,conf/ijcai,Morgan Kaufmann
ACM SIGOPS ATC,ACM SIGOPS Annual Technical Conference,conference,A,arch,conf/usenix,ACM
WWW,International World Wide Web Conference,conference,A,cross,conf/www,ACM
WWW,World Wide Web,journal,B,database,journals/www,Springer
TOPS,ACM Transactions on Privacy and Security,journal,B,security,journals/tissec,ACM
TOPS,ACM Transactions on Privacy and Security,journal,B,cross,journals/tissec,ACM
,Bioinformatics,journal,B,cross,journals/bioinformatics,Oxford University Press
ICLR,International Conference on Learning Representations,conference,A,ai,conf/iclr,
"""
)


def catalogue() -> tuple[list[VenueSpec], list]:
    venues: list[VenueSpec] = []
    reports = [
        merge_edition(venues, 2022, read_edition(EDITION_2022)),
        merge_edition(venues, 2026, read_edition(EDITION_2026)),
    ]
    return venues, reports


def venue(venues: list[VenueSpec], dblp_key: str) -> VenueSpec:
    return next(v for v in venues if v.dblp_key == dblp_key)


def test_each_edition_keeps_its_rank():
    venues, _ = catalogue()
    hpdc = venue(venues, "conf/hpdc")
    assert (hpdc.rank_in(2022), hpdc.rank_in(2026)) == ("B", "A")


def test_a_venue_dropped_from_the_list_keeps_its_old_rank_only():
    venues, _ = catalogue()
    icvrv = venue(venues, "conf/icvrv")
    assert (icvrv.rank_in(2022), icvrv.rank_in(2026)) == ("C", "")


def test_a_renamed_venue_takes_the_new_name_and_keeps_the_old_as_aliases():
    venues, _ = catalogue()
    atc = venue(venues, "conf/usenix")
    assert (atc.abbreviation, atc.name) == (
        "ACM SIGOPS ATC",
        "ACM SIGOPS Annual Technical Conference",
    )
    assert {"USENIX ATC", "USENIX Annual Technical Conference"} <= set(atc.aliases)
    assert atc.slug == "usenix-atc"


def test_a_journal_in_two_fields_is_one_venue_with_two_ranks():
    venues, _ = catalogue()
    tops = [v for v in venues if v.dblp_key == "journals/tissec"]
    assert len(tops) == 1
    assert tops[0].ranks == {(2022, "security"): "B", (2026, "security"): "B", (2026, "cross"): "B"}


def test_a_conference_and_a_journal_sharing_an_abbreviation_get_two_slugs():
    venues, _ = catalogue()
    assert venue(venues, "conf/www").slug == "www"
    assert venue(venues, "journals/www").slug == "www-journal"


def test_two_conferences_sharing_an_abbreviation_are_told_apart_by_dblp_key():
    venues: list[VenueSpec] = []
    merge_edition(
        venues,
        2022,
        read_edition(
            HEADER
            + (
                "FSE,ACM International Conference on the Foundations of Software Engineering,"
                "conference,A,software,conf/sigsoft,ACM\n"
                "FSE,Fast Software Encryption,conference,B,security,conf/fse,Springer\n"
            )
        ),
    )
    assert {v.dblp_key: v.slug for v in venues} == {
        "conf/sigsoft": "fse-sigsoft",
        "conf/fse": "fse",
    }


def test_a_venue_without_abbreviation_is_slugged_by_name():
    venues, _ = catalogue()
    assert venue(venues, "journals/bioinformatics").slug == "bioinformatics"


@pytest.mark.parametrize(
    ("abbreviation", "name", "slug"),
    [
        ("CCF THPC", "CCF Transactions on High Performance Computing", "ccf-thpc"),
        ("", "Bioinformatics", "bioinformatics"),
        ("", "计算机学报", "jisuanjixuebao"),
        ("", "CCF 高性能计算汇刊", "ccf-gaoxingnengjisuanhuikan"),
    ],
)
def test_a_venue_s_slug_is_its_abbreviation_else_its_name_in_pinyin(abbreviation, name, slug):
    assert venue_slug(abbreviation, name) == slug


def test_the_catalogue_s_venues_are_catalogued_for_the_resolver():
    venues, _ = catalogue()
    assert all(venue.as_record().catalogued for venue in venues)


def test_the_report_names_what_changed():
    _, (_, report) = catalogue()
    assert report.previous == 2022
    assert [v.abbreviation for v in report.added] == ["ICLR"]
    assert [v.abbreviation for v in report.removed] == ["ICVRV"]
    assert {(v.abbreviation, old, new) for v, old, new in report.rank_changed} == {
        ("HPDC", "B", "A"),
        ("IJCAI", "A", "B"),
    }
    assert [(old, new) for _, old, new in report.renamed] == [("USENIX ATC", "ACM SIGOPS ATC")]
    assert "  rank     HPDC: B -> A" in report.lines()


def test_merging_an_edition_twice_changes_nothing():
    venues, _ = catalogue()
    before = [(v.slug, v.name, sorted(v.ranks.items()), list(v.aliases)) for v in venues]
    report = merge_edition(venues, 2026, read_edition(EDITION_2026))
    assert [(v.slug, v.name, sorted(v.ranks.items()), list(v.aliases)) for v in venues] == before
    assert report.created == []


def test_an_older_edition_loaded_later_does_not_rename():
    venues: list[VenueSpec] = []
    merge_edition(venues, 2026, read_edition(EDITION_2026))
    merge_edition(venues, 2022, read_edition(EDITION_2022))
    atc = venue(venues, "conf/usenix")
    assert atc.abbreviation == "ACM SIGOPS ATC"
    assert "USENIX Annual Technical Conference" in atc.aliases


def test_headers_with_spaces_and_field_names_are_accepted():
    text = (
        "Abbreviation,Full Name,Kind,Rank,Field,DBLP key\n"
        "ICNP,IEEE International Conference on Network Protocols,Conference,b,"
        "计算机网络,conf/icnp\n"
    )
    (entry,) = read_edition(text)
    assert (entry.kind, entry.rank, entry.field) == ("conference", "B", "network")


@pytest.mark.parametrize(
    ("row", "message"),
    [
        (
            "ICNP,Name,meeting,B,network,conf/icnp",
            "line 2: kind 'meeting' is not conference or journal",
        ),
        ("ICNP,Name,conference,D,network,conf/icnp", "line 2: rank 'D' is not A, B or C"),
        ("ICNP,Name,conference,B,biology,conf/icnp", "line 2: field 'biology' is not one of"),
        ("ICNP,Name,conference,B,network,icnp", "line 2: DBLP key 'icnp' is not conf/"),
        (",,conference,B,network,conf/icnp", "line 2: no abbreviation and no full name"),
    ],
)
def test_a_bad_row_is_reported_with_its_line(row, message):
    with pytest.raises(CatalogueError, match=message):
        read_edition(HEADER + row + "\n", source="2030.csv")


def test_a_missing_column_is_reported():
    with pytest.raises(CatalogueError, match="missing column"):
        read_edition("abbreviation,full_name\nICNP,Name\n")


def test_an_empty_file_is_reported():
    with pytest.raises(CatalogueError, match="no entries"):
        read_edition(HEADER)
